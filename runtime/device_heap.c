/* runtime/device_heap.c - where device and pinned allocations live. Not on the C heap: a
 * kernel writing past the end of a buffer (a bug a GPU does not report either) would
 * overwrite malloc's chunk headers beside it, and the next cudaFree would abort or spin.
 * Here buffers sit in mappings of their own with no bookkeeping between them (their sizes
 * are in memory.c's table; the free lists below are arrays in mappings of their own), so
 * such a write damages at most a neighbouring buffer, as on a GPU.
 *
 * Sizes up to 1 MiB are rounded up to a power of two from 256 bytes (CUDA's alignment) and
 * carved from 2 MiB slabs, freed blocks kept for reuse by size class; larger ones are
 * mappings of their own, those of 4 MiB or more aligned to a huge page and marked
 * MADV_HUGEPAGE (one fault per 2 MiB on first touch, see memory.c). Every slab and large
 * buffer has 2 MiB of mapped slack before and after it, never touched unless a kernel
 * reads or writes outside a buffer: a GPU hands out memory in 2 MiB pages next to each
 * other, so programs that read a row before the start or past the end of a buffer
 * (Rodinia's srad does both) run there without a fault, and must here too (address space
 * only: untouched pages cost nothing). Built with
 * AddressSanitizer (libcu2c-address.a) it is malloc again, so that ASan sees every buffer
 * with its redzones. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "internal.h"

#if defined(__SANITIZE_ADDRESS__)
#define RT_HEAP_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RT_HEAP_MALLOC 1
#endif
#endif

#define RT_HUGE_PAGE ((size_t)2 << 20)
#define RT_HUGE_MIN (2 * RT_HUGE_PAGE)

#ifdef RT_HEAP_MALLOC

void *rt_heap_alloc(size_t size)
{
    void *p = NULL;
    if (size < RT_HUGE_MIN)
        return posix_memalign(&p, RT_ALLOC_ALIGN, size) == 0 ? p : NULL;
    if (posix_memalign(&p, RT_HUGE_PAGE, size) != 0)
        return NULL;
    madvise(p, size, MADV_HUGEPAGE);
    return p;
}

void rt_heap_free(void *p, size_t size)
{
    (void)size;
    free(p);
}

#else

#define RT_MIN_CLASS 8               /* 256 bytes */
#define RT_MAX_CLASS 20              /* 1 MiB */
#define RT_SLAB RT_HUGE_PAGE
#define RT_SLACK RT_HUGE_PAGE        /* mapped before and after every slab and large buffer */

/* A stack of free blocks of one size class, in a mapping of its own. */
typedef struct rt_free_list {
    void **items;
    size_t len, cap;
} rt_free_list;

static pthread_mutex_t rt_heap_lock = PTHREAD_MUTEX_INITIALIZER;
static rt_free_list rt_free_lists[RT_MAX_CLASS + 1];

static size_t rt_page_round(size_t n)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (n + page - 1) / page * page;
}

static void *rt_map(size_t bytes)
{
    void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return m == MAP_FAILED ? NULL : m;
}

/* The class of a small size: log2 of the block size, RT_MIN_CLASS at least. */
static int rt_class_of(size_t size)
{
    int c = RT_MIN_CLASS;
    while (((size_t)1 << c) < size)
        c++;
    return c;
}

static int rt_push(rt_free_list *l, void *p)
{
    if (l->len == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        void **items = rt_map(rt_page_round(cap * sizeof *items));
        if (!items)
            return 0;
        if (l->items) {
            memcpy(items, l->items, l->len * sizeof *items);
            munmap(l->items, rt_page_round(l->cap * sizeof *items));
        }
        l->items = items;
        l->cap = cap;
    }
    l->items[l->len++] = p;
    return 1;
}

/* A block of class c: a freed one, else one of a new slab's (the others kept). Lock held. */
static void *rt_take_block(int c)
{
    rt_free_list *l = &rt_free_lists[c];
    if (!l->len) {
        char *slab = rt_map(RT_SLACK + RT_SLAB + RT_SLACK);
        if (!slab)
            return NULL;
        slab += RT_SLACK;
        size_t block = (size_t)1 << c;
        for (size_t off = RT_SLAB; off > 0; off -= block)   /* lowest address handed out first */
            if (!rt_push(l, slab + off - block))
                return l->len ? l->items[--l->len] : NULL;
    }
    return l->items[--l->len];
}

/* The bytes mapped for a large buffer of this size, slack on both sides included. */
static size_t rt_large_mapping(size_t size)
{
    return RT_SLACK + rt_page_round(size) + RT_SLACK;
}

/* A large buffer: a mapping of its own with the slack around it, huge-page aligned from
 * RT_HUGE_MIN on. */
static void *rt_map_large(size_t size)
{
    size_t bytes = rt_large_mapping(size);
    if (size < RT_HUGE_MIN) {
        char *m = rt_map(bytes);
        return m ? m + RT_SLACK : NULL;
    }
    char *m = rt_map(bytes + RT_HUGE_PAGE);
    if (!m)
        return NULL;
    char *start = (char *)(((uintptr_t)m + RT_HUGE_PAGE - 1) & ~(uintptr_t)(RT_HUGE_PAGE - 1));
    if (start > m)
        munmap(m, (size_t)(start - m));
    size_t tail = (size_t)(m + bytes + RT_HUGE_PAGE - (start + bytes));
    if (tail)
        munmap(start + bytes, tail);
    madvise(start, bytes, MADV_HUGEPAGE);   /* advice: without THP it fails, nothing changes */
    return start + RT_SLACK;
}

void *rt_heap_alloc(size_t size)
{
    if (size > ((size_t)1 << RT_MAX_CLASS))
        return rt_map_large(size);
    pthread_mutex_lock(&rt_heap_lock);
    void *p = rt_take_block(rt_class_of(size));
    pthread_mutex_unlock(&rt_heap_lock);
    return p;
}

void rt_heap_free(void *p, size_t size)
{
    if (!p)
        return;
    if (size > ((size_t)1 << RT_MAX_CLASS)) {
        munmap((char *)p - RT_SLACK, rt_large_mapping(size));
        return;
    }
    pthread_mutex_lock(&rt_heap_lock);
    rt_push(&rt_free_lists[rt_class_of(size)], p);   /* out of memory: the block is lost */
    pthread_mutex_unlock(&rt_heap_lock);
}

#endif
