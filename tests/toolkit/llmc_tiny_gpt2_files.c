// tools/llmc_tiny_gpt2.py writes a tiny GPT-2 in karpathy/llm.c's binary formats (the README's
// "llm.c end to end" runs llm.c's trainers on it). Read back here as llm.c reads them: the
// checkpoint headers (magic 20240326, version 3 FP32 / 5 BF16, maxT V L NH C Vp) and sizes
// (llm.c's 16 parameter tensors), the FP32 weights equal to the BF16 ones widened bit for
// bit, layer norms 1 and 0, the padded vocabulary rows 0, weights of std near 0.02; the token
// files (magic 20240520, version 1, uint16 tokens below V); the tokenizer (magic 20240328,
// version 2, end-of-text V-1, V length-prefixed strings); and the same bytes from a second run.
// RUN: rm -rf %t.d %t.e && python3 %root/tools/llmc_tiny_gpt2.py %t.d > /dev/null
// RUN: python3 %root/tools/llmc_tiny_gpt2.py %t.e > /dev/null && cmp %t.d/gpt2_124M_bf16.bin %t.e/gpt2_124M_bf16.bin
// RUN: cmp %t.d/dev/data/tinyshakespeare/tiny_shakespeare_train.bin %t.e/dev/data/tinyshakespeare/tiny_shakespeare_train.bin
// RUN: %rtcc %s -o %t -lm && %t %t.d
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define EXPECT(cond, ...)                                                                    \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            printf("line %d: %s: ", __LINE__, #cond);                                        \
            printf(__VA_ARGS__);                                                             \
            printf("\n");                                                                    \
            failures++;                                                                      \
        }                                                                                    \
    } while (0)

/* The whole file, or NULL; *size its length. */
static unsigned char *slurp(const char *dir, const char *name, long *size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("cannot open %s\n", path);
        failures++;
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc(*size);
    if (fread(data, 1, *size, f) != (size_t)*size)
        *size = -1;
    fclose(f);
    return data;
}

static float bf16_to_float(uint16_t b)
{
    uint32_t bits = (uint32_t)b << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static void check_tokens(const char *dir, const char *name, int V, long want_tokens)
{
    long size;
    unsigned char *data = slurp(dir, name, &size);
    if (!data)
        return;
    const int32_t *h = (const int32_t *)data;
    EXPECT(h[0] == 20240520 && h[1] == 1, "%s: header %d %d", name, h[0], h[1]);
    EXPECT(h[2] == want_tokens, "%s: %d tokens", name, h[2]);
    EXPECT(size == 1024 + 2L * h[2], "%s: %ld bytes", name, size);
    const uint16_t *tok = (const uint16_t *)(data + 1024);
    int bad = 0, distinct_successors = 0;
    for (long i = 0; i < h[2] && 1024 + 2 * (i + 1) <= size; i++) {
        bad += tok[i] >= V;
        distinct_successors += i > 0 && tok[i] != tok[i - 1];
    }
    EXPECT(bad == 0, "%s: %d tokens >= V", name, bad);
    EXPECT(distinct_successors > h[2] / 2, "%s: a constant stream", name);
    free(data);
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    const char *dir = argv[1];
    long size32, size16;
    unsigned char *m32 = slurp(dir, "gpt2_124M.bin", &size32);
    unsigned char *m16 = slurp(dir, "gpt2_124M_bf16.bin", &size16);
    if (!m32 || !m16)
        return 1;
    const int32_t *h = (const int32_t *)m32, *h16 = (const int32_t *)m16;
    EXPECT(h[0] == 20240326 && h[1] == 3, "FP32 header %d %d", h[0], h[1]);
    EXPECT(h16[0] == 20240326 && h16[1] == 5, "BF16 header %d %d", h16[0], h16[1]);
    EXPECT(memcmp(h + 2, h16 + 2, 254 * 4) == 0, "the two headers differ past the version");
    long maxT = h[2], V = h[3], L = h[4], NH = h[5], C = h[6], Vp = h[7];
    EXPECT(maxT == 64 && V == 8250 && L == 2 && NH == 4 && C == 128 && Vp == 8320,
           "config maxT %ld V %ld L %ld NH %ld C %ld Vp %ld", maxT, V, L, NH, C, Vp);
    /* llm.c's fill_in_parameter_sizes */
    long sizes[16] = {Vp * C, maxT * C, L * C, L * C, L * 3 * C * C, L * 3 * C, L * C * C, L * C,
                      L * C, L * C, L * 4 * C * C, L * 4 * C, L * C * 4 * C, L * C, C, C};
    long n = 0, offset[16];
    for (int i = 0; i < 16; i++) {
        offset[i] = n;
        n += sizes[i];
    }
    EXPECT(size32 == 1024 + 4 * n, "FP32 file %ld bytes for %ld parameters", size32, n);
    EXPECT(size16 == 1024 + 2 * n, "BF16 file %ld bytes for %ld parameters", size16, n);
    if (size32 != 1024 + 4 * n || size16 != 1024 + 2 * n)
        return 1;
    const float *p = (const float *)(m32 + 1024);
    const uint16_t *b = (const uint16_t *)(m16 + 1024);
    long differ = 0;
    for (long i = 0; i < n; i++)
        differ += memcmp(&p[i], &(float){bf16_to_float(b[i])}, 4) != 0;
    EXPECT(differ == 0, "%ld FP32 weights are not their BF16 weight widened", differ);

    /* ln1w ln2w lnfw are 1, their biases and every linear bias 0 */
    int ones[] = {2, 8, 14}, zeros[] = {3, 5, 7, 9, 11, 13, 15};
    for (int t = 0; t < 3; t++)
        for (long i = 0; i < sizes[ones[t]]; i++)
            if (p[offset[ones[t]] + i] != 1.0f) {
                EXPECT(0, "tensor %d element %ld is %g, not 1", ones[t], i, p[offset[ones[t]] + i]);
                break;
            }
    for (int t = 0; t < 7; t++)
        for (long i = 0; i < sizes[zeros[t]]; i++)
            if (p[offset[zeros[t]] + i] != 0.0f) {
                EXPECT(0, "tensor %d element %ld is %g, not 0", zeros[t], i, p[offset[zeros[t]] + i]);
                break;
            }
    /* wte: rows below V of std 0.02, padded rows 0 */
    double sum2 = 0;
    long padded_nonzero = 0;
    for (long i = 0; i < Vp * C; i++) {
        if (i < V * C)
            sum2 += (double)p[i] * p[i];
        else
            padded_nonzero += p[i] != 0.0f;
    }
    double std = sqrt(sum2 / (V * C));
    EXPECT(fabs(std - 0.02) < 0.001, "wte std %g", std);
    EXPECT(padded_nonzero == 0, "%ld padded wte weights are not 0", padded_nonzero);

    check_tokens(dir, "dev/data/tinyshakespeare/tiny_shakespeare_train.bin", V, 10 * 4 * 64 + 1);
    check_tokens(dir, "dev/data/tinyshakespeare/tiny_shakespeare_val.bin", V, 5 * 4 * 64 + 1);

    long tsize;
    unsigned char *tk = slurp(dir, "gpt2_tokenizer.bin", &tsize);
    if (tk) {
        const uint32_t *th = (const uint32_t *)tk;
        EXPECT(th[0] == 20240328 && th[1] == 2 && th[2] == (uint32_t)V && th[3] == (uint32_t)V - 1,
               "tokenizer header %u %u %u %u", th[0], th[1], th[2], th[3]);
        long at = 1024, count = 0;
        char want[32];
        while (at < tsize && count < V) {
            int len = tk[at];
            snprintf(want, sizeof want, "<%ld>", count);
            if (len == 0 || at + 1 + len > tsize || len != (int)strlen(want) ||
                memcmp(tk + at + 1, want, len) != 0) {
                EXPECT(0, "tokenizer entry %ld", count);
                break;
            }
            at += 1 + len;
            count++;
        }
        EXPECT(count == V && at == tsize, "tokenizer: %ld entries, %ld of %ld bytes", count, at, tsize);
    }
    if (failures == 0)
        printf("llm.c files OK: %ld parameters\n", n);
    return failures != 0;
}
