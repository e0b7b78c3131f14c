/* arena.c - the translator's allocator: one arena per file, freed once at the end, plus the
 * growable vectors and strings built on it. */
#include "cu2c.h"

#include <stdlib.h>
#include <string.h>

typedef struct Chunk {
    struct Chunk *next;
    size_t used, size;
    _Alignas(16) char data[];
} Chunk;

struct Arena {
    Chunk *head;
};

static void *xmalloc(size_t n) {
    void *p = malloc(n);
    if (!p)
        diag_fatal("out of memory");
    return p;
}

Arena *arena_new(void) {
    Arena *a = xmalloc(sizeof *a);
    a->head = NULL;
    return a;
}

void arena_free(Arena *a) {
    Chunk *c = a->head;
    while (c) {
        Chunk *next = c->next;
        free(c);
        c = next;
    }
    free(a);
}

void *arena_alloc(Arena *a, size_t size) {
    size = (size + 15) & ~(size_t)15;
    Chunk *c = a->head;
    if (!c || c->used + size > c->size) {
        size_t cap = size > 65536 ? size : 65536;
        c = xmalloc(sizeof *c + cap);
        c->size = cap;
        c->used = 0;
        c->next = a->head;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    return p;
}

char *arena_strdup(Arena *a, const char *s) {
    return arena_strndup(a, s, strlen(s));
}

char *arena_printf(Arena *a, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void vec_push(Arena *a, PtrVec *v, void *item) {
    if (v->len == v->cap) {
        int cap = v->cap ? v->cap * 2 : 8;
        void **items = arena_alloc(a, sizeof(void *) * (size_t)cap);
        if (v->len)
            memcpy(items, v->items, sizeof(void *) * (size_t)v->len);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = item;
}

bool vec_contains(const PtrVec *v, const void *item) {
    for (int i = 0; i < v->len; i++)
        if (v->items[i] == item)
            return true;
    return false;
}

static unsigned str_hash(const char *s) {
    unsigned h = 2166136261u;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

bool strset_add(Arena *a, StrSet *s, const char *key) {
    if (2 * (s->len + 1) > s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        const char **slots = arena_alloc(a, sizeof *slots * (size_t)cap);
        memset(slots, 0, sizeof *slots * (size_t)cap);
        for (int i = 0; i < s->cap; i++) {
            if (!s->slots[i])
                continue;
            unsigned j = str_hash(s->slots[i]) & (unsigned)(cap - 1);
            while (slots[j])
                j = (j + 1) & (unsigned)(cap - 1);
            slots[j] = s->slots[i];
        }
        s->slots = slots;
        s->cap = cap;
    }
    unsigned j = str_hash(key) & (unsigned)(s->cap - 1);
    for (; s->slots[j]; j = (j + 1) & (unsigned)(s->cap - 1))
        if (strcmp(s->slots[j], key) == 0)
            return false;
    s->slots[j] = key;
    s->len++;
    return true;
}

void buf_put(Buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *data = realloc(b->data, cap);
        if (!data)
            diag_fatal("out of memory");
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void buf_puts(Buf *b, const char *s) {
    buf_put(b, s, strlen(s));
}

void buf_printf(Buf *b, const char *fmt, ...) {
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if ((size_t)n < sizeof small) {
        buf_put(b, small, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    buf_put(b, big, (size_t)n);
    free(big);
}

void buf_free(Buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
