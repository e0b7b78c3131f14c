// NVTX's C++ wrappers (nvtx3/nvtx3.hpp): scoped and unique ranges, start/end ranges, marks,
// domains, registered strings, named categories, colors, payloads, event attributes and the
// NVTX3_FUNC_RANGE macros compile as with NVTX's header and do nothing (no profiler attaches);
// the attribute objects read back what was set, and kernels between them run as usual.
// RUN: %cu2cc %s -o %t -lnvToolsExt && %t | FileCheck %s
// CHECK: sum 4950
// CHECK: nvtx3 ok
#include <nvtx3/nvtx3.hpp>
#include <cstdio>
#include <string>
#include <utility>
#include <cuda_runtime.h>

static int failures;
#define CHECK(...) do { if (!(__VA_ARGS__)) { printf("FAIL line %d: %s\n", __LINE__, #__VA_ARGS__); failures++; } } while (0)

struct my_domain { static constexpr char const *name{"cu2c test domain"}; };
struct my_message { static constexpr char const *message{"a registered message"}; };
struct my_category { static constexpr char const *name{"setup"}; static constexpr uint32_t id{7}; };

__global__ void add(const int *in, int *out) { atomicAdd(out, in[threadIdx.x]); }

static int work(bool traced) {
    NVTX3_FUNC_RANGE_IF(traced);
    return traced ? 1 : 2;
}

static void annotated() {
    NVTX3_FUNC_RANGE();
    nvtx3::mark("inside annotated");
}

static void in_domain() {
    NVTX3_FUNC_RANGE_IN(my_domain);
    auto const &msg = nvtx3::registered_string_in<my_domain>::get<my_message>();
    auto const &cat = nvtx3::named_category_in<my_domain>::get<my_category>();
    CHECK(cat.get_id() == 7);
    nvtx3::scoped_range_in<my_domain> r{msg, cat, nvtx3::rgb{10, 20, 30}};
    nvtx3::mark_in<my_domain>(nvtx3::message{msg}, nvtx3::payload{2.5});
    nvtx3::event_attributes a{msg};
    CHECK(a.get()->messageType == NVTX_MESSAGE_TYPE_REGISTERED);
}

int main() {
    nvtx3::scoped_range whole{"main"};
    annotated();
    in_domain();
    CHECK(work(true) == 1 && work(false) == 2);

    /* attributes: what was given, the first of each kind */
    nvtx3::event_attributes attr{nvtx3::category{3}, nvtx3::color{0xff00ff00u}, nvtx3::payload{int32_t(42)},
                                 "a message", nvtx3::category{9}};
    CHECK(attr.get()->version == NVTX_VERSION && attr.get()->size == NVTX_EVENT_ATTRIB_STRUCT_SIZE);
    CHECK(attr.get()->category == 3);
    CHECK(attr.get()->colorType == NVTX_COLOR_ARGB && attr.get()->color == 0xff00ff00u);
    CHECK(attr.get()->payloadType == NVTX_PAYLOAD_TYPE_INT32 && attr.get()->payload.iValue == 42);
    CHECK(attr.get()->messageType == NVTX_MESSAGE_TYPE_ASCII &&
          std::string(attr.get()->message.ascii) == "a message");
    CHECK(nvtx3::color{nvtx3::rgb{1, 2, 3}}.get_value() == 0xff010203u);
    CHECK(nvtx3::color{nvtx3::argb{4, 1, 2, 3}}.get_value() == 0x04010203u);
    CHECK(nvtx3::payload{2.5}.get_type() == NVTX_PAYLOAD_TYPE_DOUBLE && nvtx3::payload{2.5}.get_value().dValue == 2.5);
    nvtx3::event_attributes empty;
    CHECK(empty.get()->messageType == NVTX_MESSAGE_UNKNOWN && empty.get()->category == 0);

    std::string name = "a std::string message";
    nvtx3::mark(name);
    nvtx3::mark(nvtx3::message{L"wide"});
    nvtx3::range_handle h = nvtx3::start_range("start/end", nvtx3::rgb{255, 0, 0});
    nvtx3::end_range(h);
    nvtx3::range_handle none;
    CHECK(!none && none == nvtx3::range_handle{} && h.get_value() == 0);

    int *in, *out;
    cudaMallocManaged(&in, 100 * sizeof(int));
    cudaMallocManaged(&out, sizeof(int));
    for (int i = 0; i < 100; i++)
        in[i] = i;
    *out = 0;
    {
        nvtx3::unique_range kernel{"kernel"};
        nvtx3::unique_range moved = std::move(kernel);
        add<<<1, 100>>>(in, out);
        cudaDeviceSynchronize();
    }
    printf("sum %d\n", *out);
    CHECK(*out == 4950);
    cudaFree(in);
    cudaFree(out);
    if (failures)
        return 1;
    printf("nvtx3 ok\n");
    return 0;
}
