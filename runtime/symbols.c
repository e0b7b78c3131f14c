/* runtime/symbols.c - __device__ and __constant__ variables as the symbol calls see them
 * (cudaMemcpyToSymbol and its siblings, cudaGetSymbolAddress, cudaGetSymbolSize).
 *
 * In translated code such a variable is an ordinary global and the C signature's `symbol` is
 * its address. The translator registers every file-scope one with its size
 * (cu2c_register_symbol, from a constructor), so a symbol is looked up, never trusted: the
 * string a pre-CUDA-5 program passes (cudaMemcpyToSymbol("name", ...)), a heap or stack
 * pointer, are cudaErrorInvalidSymbol instead of a write into read-only memory, and offset +
 * count must fit the variable (cudaErrorInvalidValue). An address the translator did not
 * register but that lies in a writable segment of the program or of a library it loaded (a
 * global of code cu2c did not translate) is taken as a symbol of unknown size. */
#include <link.h>
#include <stdlib.h>
#include "internal.h"

typedef struct {
    const char *addr;
    size_t size;
} rt_symbol;

static pthread_mutex_t rt_symbols_lock = PTHREAD_MUTEX_INITIALIZER;
static rt_symbol *rt_symbols;     /* in registration order; programs have few */
static size_t rt_symbols_len, rt_symbols_cap;

void cu2c_register_symbol(const void *addr, size_t size)
{
    pthread_mutex_lock(&rt_symbols_lock);
    if (rt_symbols_len == rt_symbols_cap) {
        size_t cap = rt_symbols_cap ? 2 * rt_symbols_cap : 32;
        rt_symbol *s = realloc(rt_symbols, cap * sizeof *s);
        if (!s) {   /* unregistered, it is still found as a writable global */
            pthread_mutex_unlock(&rt_symbols_lock);
            return;
        }
        rt_symbols = s;
        rt_symbols_cap = cap;
    }
    rt_symbols[rt_symbols_len++] = (rt_symbol){ addr, size };
    pthread_mutex_unlock(&rt_symbols_lock);
}

static int rt_writable_visit(struct dl_phdr_info *info, size_t n, void *data)
{
    (void)n;
    uintptr_t p = (uintptr_t)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *h = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + h->p_vaddr;
        if (h->p_type == PT_LOAD && (h->p_flags & PF_W) && p >= lo && p - lo < h->p_memsz)
            return 1;
    }
    return 0;
}

int rt_in_variable(const void *p)
{
    int found = 0;
    pthread_mutex_lock(&rt_symbols_lock);
    for (size_t i = 0; i < rt_symbols_len && !found; i++)
        found = (const char *)p >= rt_symbols[i].addr && (size_t)((const char *)p - rt_symbols[i].addr) < rt_symbols[i].size;
    pthread_mutex_unlock(&rt_symbols_lock);
    return found || dl_iterate_phdr(rt_writable_visit, (void *)p);
}

/* Whether symbol names a variable: 1 with its size when registered, 1 with SIZE_MAX for a
 * writable global of unknown size, 0 otherwise. */
static int rt_symbol_find(const void *symbol, size_t *size)
{
    if (!symbol)
        return 0;
    int found = 0;
    pthread_mutex_lock(&rt_symbols_lock);
    for (size_t i = 0; i < rt_symbols_len && !found; i++)
        if (rt_symbols[i].addr == symbol) {
            *size = rt_symbols[i].size;
            found = 1;
        }
    pthread_mutex_unlock(&rt_symbols_lock);
    if (!found && dl_iterate_phdr(rt_writable_visit, (void *)symbol)) {
        *size = SIZE_MAX;
        found = 1;
    }
    return found;
}

/* The checks every symbol copy makes, in CUDA's order. */
static cudaError_t rt_symbol_check(const void *symbol, size_t count, size_t offset,
                                   enum cudaMemcpyKind kind, enum cudaMemcpyKind host_kind)
{
    size_t size;
    if (!rt_symbol_find(symbol, &size))
        return cudaErrorInvalidSymbol;
    if (kind != host_kind && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (offset > size || count > size - offset)
        return cudaErrorInvalidValue;
    return cudaSuccess;
}

static cudaError_t rt_to_symbol(const void *symbol, const void *src, size_t count,
                                size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream,
                                int async)
{
    cudaError_t e = rt_symbol_check(symbol, count, offset, kind, cudaMemcpyHostToDevice);
    if (e != cudaSuccess)
        return rt_error(e);
    return rt_memcpy((char *)symbol + offset, src, count, kind, stream, async);
}

static cudaError_t rt_from_symbol(void *dst, const void *symbol, size_t count, size_t offset,
                                  enum cudaMemcpyKind kind, cudaStream_t stream, int async)
{
    cudaError_t e = rt_symbol_check(symbol, count, offset, kind, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess)
        return rt_error(e);
    return rt_memcpy(dst, (const char *)symbol + offset, count, kind, stream, async);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    return rt_to_symbol(symbol, src, count, offset, kind, 0, 0);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    return rt_from_symbol(dst, symbol, count, offset, kind, 0, 0);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind,
                                    cudaStream_t stream)
{
    return rt_to_symbol(symbol, src, count, offset, kind, stream, 1);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream)
{
    return rt_from_symbol(dst, symbol, count, offset, kind, stream, 1);
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
    size_t size;
    if (!devPtr)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_symbol_find(symbol, &size))
        return rt_error(cudaErrorInvalidSymbol);
    *devPtr = (void *)symbol;
    return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    size_t s;
    if (!size)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_symbol_find(symbol, &s) || s == SIZE_MAX)
        return rt_error(cudaErrorInvalidSymbol);   /* an unregistered global: size unknown */
    *size = s;
    return cudaSuccess;
}
