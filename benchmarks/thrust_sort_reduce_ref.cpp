/* The reference for thrust_sort_reduce.cu: std::sort of the same 2^24 uint32 or float keys
 * (one thread: the standard library's sort), or an OpenMP reduction (`#pragma omp parallel
 * for reduction`) over the same 2^24 floats. Same timing, same output.
 * Usage: thrust_sort_reduce_ref sort_u32|sort_f32|reduce [reps] */
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <typename T> static T key(unsigned i);
template <> unsigned key<unsigned>(unsigned i) { return i * 2654435761u ^ (i >> 7); }
template <> float key<float>(unsigned i) { return (float)(key<unsigned>(i) % 1000003u) * 0.37f - 1e5f; }

template <typename T> static int time_sort(int n, int reps, std::vector<double> &ms) {
    std::vector<T> unsorted(n), d(n);
    for (int i = 0; i < n; i++)
        unsorted[i] = key<T>((unsigned)i);
    for (int r = 0; r <= reps; r++) {
        std::copy(unsorted.begin(), unsorted.end(), d.begin());
        double t0 = now_ms();
        std::sort(d.begin(), d.end());
        if (r > 0)
            ms.push_back(now_ms() - t0);
    }
    return std::is_sorted(d.begin(), d.end()) ? 0 : 1;
}

static float sum(const float *a, int n) {
    float s = 0.0f;
#pragma omp parallel for schedule(static) reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

static int time_reduce(int n, int reps, std::vector<double> &ms) {
    std::vector<float> h(n);
    double want = 0;
    for (int i = 0; i < n; i++)
        want += h[i] = (float)(i % 1000) * 0.001f;
    float s = 0;
    for (int r = 0; r <= reps; r++) {
        double t0 = now_ms();
        s = sum(h.data(), n);
        if (r > 0)
            ms.push_back(now_ms() - t0);
    }
    return std::fabs(s - want) > 1e-2 * want;
}

int main(int argc, char **argv) {
    const int n = 1 << 24;
    const char *what = argc > 1 ? argv[1] : "sort_u32";
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    std::vector<double> ms;
    int bad = strcmp(what, "sort_u32") == 0   ? time_sort<unsigned>(n, reps, ms)
              : strcmp(what, "sort_f32") == 0 ? time_sort<float>(n, reps, ms)
              : strcmp(what, "reduce") == 0   ? time_reduce(n, reps, ms)
                                              : 2;
    if (bad) {
        fprintf(stderr, "%s: %s\n", what, bad == 2 ? "unknown benchmark" : "wrong result");
        return 1;
    }
    std::sort(ms.begin(), ms.end());
    printf("%s n=%d median_ms=%.3f\n", what, n, ms[ms.size() / 2]);
    return 0;
}
