/* model.c - small helpers on the kernel model, the edit list, and the printer behind
 * `cu2c --dump-after=PASS`. */
#include "cu2c.h"

#include <stdlib.h>
#include <string.h>

const char *dims_name(unsigned dims) {
    static const char *names[8] = {"-", "x", "y", "xy", "z", "xz", "yz", "xyz"};
    return names[dims & 7];
}

int dims_count(unsigned dims) {
    return (dims & 1) + ((dims >> 1) & 1) + ((dims >> 2) & 1);
}

int pseudo_count(Kernel *k) {
    int n = k->sites.len + k->retvals.len;
    for (int i = 0; i < k->inlines.len; i++)
        n += ((Inline *)k->inlines.items[i])->binds.len;
    return n;
}

Stmt *pseudo_at(Kernel *k, int i) {
    if (i < k->sites.len)
        return ((Site *)k->sites.items[i])->pred;
    i -= k->sites.len;
    if (i < k->retvals.len)
        return k->retvals.items[i];
    i -= k->retvals.len;
    for (int j = 0; j < k->inlines.len; j++) {
        Inline *in = k->inlines.items[j];
        if (i < in->binds.len)
            return in->binds.items[i];
        i -= in->binds.len;
    }
    return NULL;
}

Stmt *fact_at(Kernel *k, int i) {
    if (i < 0)
        return k->headers.items[i + k->headers.len];
    return i < k->stmts.len ? k->stmts.items[i] : pseudo_at(k, i - k->stmts.len);
}

/* Does any statement other than v's declaration write v (or a loop run per thread declaring
 * it in its header, whose increment may: its header runs in several thread loops)? */
bool written_besides(Kernel *k, Var *v, Stmt *also) {
    for (int j = -k->headers.len, n = k->stmts.len + pseudo_count(k); j < n; j++) {
        Stmt *s = fact_at(k, j);
        bool header = s == v->decl_stmt && s->predicated && s->sync != SK_IF;
        if ((s != v->decl_stmt || header) && s != also && vec_contains(&s->writes, v))
            return true;
    }
    return false;
}

bool written_after_decl(Kernel *k, Var *v) {
    return written_besides(k, v, NULL);
}

bool hidden_after(Kernel *k, Var *v, Var *w) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *o = k->vars.items[i];
        if (o != w && !o->is_param && o->copy == v->copy && strcmp(o->name, w->name) == 0 &&
            (o->loc.line > v->loc.line || (o->loc.line == v->loc.line && o->loc.col > v->loc.col)))
            return true;
    }
    return false;
}

bool lin_leaves_fixed(Kernel *k, Var *v) {
    for (int i = 0; i < v->lin_leaves.len; i++) {
        Var *w = v->lin_leaves.items[i];
        if (w->escapes || w->is_param || written_after_decl(k, w))
            return false;
    }
    return true;
}

bool stmt_inside(Stmt *s, Stmt *ancestor) {
    for (Stmt *p = s->parent; p; p = p->parent)
        if (p == ancestor)
            return true;
    return false;
}

bool under_predicated(Stmt *s) {
    for (Stmt *p = s->parent; p; p = p->parent)
        if (p->predicated)
            return true;
    return false;
}

Stmt *jump_target(Stmt *s, Jump *j) {
    for (Stmt *p = s->parent; p; p = p->parent)
        if (p->sync == SK_FOR || p->sync == SK_WHILE || p->sync == SK_DO || (!j->is_continue && p->sync == SK_SWITCH))
            return p;
    return NULL;
}

bool in_else_branch(Stmt *p, Stmt *c) {
    return p->else_begin && c->loc.offset >= p->else_begin;
}

bool writes_own_decls(Stmt *s) {
    for (int j = 0; j < s->writes.len; j++)
        if (!vec_contains(&s->decls, s->writes.items[j]))
            return false;
    return true;
}

bool nest_declares(Kernel *k, Nest *n, Var *v) {
    return v->decl_stmt && v->decl_stmt->nest >= 0 && k->nests.items[v->decl_stmt->nest] == n;
}

/* The edits of one copy touching one stretch of STRETCH bytes of text (Unit.edit_slots). */
#define STRETCH 128
typedef struct EditSlot {
    unsigned long key;      /* slot_key(copy, stretch); 0: an empty slot */
    PtrVec edits;
} EditSlot;

static unsigned long slot_key(int copy, unsigned stretch) {
    return ((unsigned long)(unsigned)copy << 32 | stretch) + 1;
}

/* The slot of key: found, else added (add) or NULL. */
static EditSlot *edit_slot(Unit *u, unsigned long key, bool add) {
    if (add && 2 * (u->slots_used + 1) > u->nslots) {
        int cap = u->nslots ? 2 * u->nslots : 1024;
        EditSlot *old = u->edit_slots;
        int nold = u->nslots;
        u->edit_slots = arena_alloc(u->arena, sizeof *old * (size_t)cap);
        u->nslots = cap;
        u->slots_used = 0;
        for (int i = 0; i < nold; i++)
            if (old[i].key)
                *edit_slot(u, old[i].key, true) = old[i];
    }
    if (!u->nslots)
        return NULL;
    int i = (int)((key * 0x9E3779B97F4A7C15ul) >> 32) & (u->nslots - 1);
    while (u->edit_slots[i].key && u->edit_slots[i].key != key)
        i = (i + 1) & (u->nslots - 1);
    if (!u->edit_slots[i].key) {
        if (!add)
            return NULL;
        u->edit_slots[i].key = key;
        u->slots_used++;
    }
    return &u->edit_slots[i];
}

Edit *edit_add(Unit *u, unsigned begin, unsigned end, const char *text) {
    Edit *e = arena_alloc(u->arena, sizeof *e);
    e->begin = begin;
    e->end = end;
    e->text = text;
    e->seq = u->edits.len;
    e->copy = u->cur_copy;
    vec_push(u->arena, &u->edits, e);
    for (unsigned st = begin / STRETCH; st <= end / STRETCH; st++)
        vec_push(u->arena, &edit_slot(u, slot_key(e->copy, st), true)->edits, e);
    return e;
}

static int seq_order(const void *pa, const void *pb) {
    const Edit *a = *(const Edit *const *)pa, *b = *(const Edit *const *)pb;
    return (a->seq > b->seq) - (a->seq < b->seq);
}

void edits_near(Unit *u, unsigned lo, unsigned hi, PtrVec *out) {
    int from = out->len;
    unsigned low = lo < hi ? lo : hi, high = lo < hi ? hi : lo;
    for (unsigned st = low / STRETCH; st <= high / STRETCH; st++) {
        EditSlot *slot = edit_slot(u, slot_key(u->cur_copy, st), false);
        for (int i = 0; slot && i < slot->edits.len; i++) {
            Edit *e = slot->edits.items[i];
            unsigned first = e->begin / STRETCH > low / STRETCH ? e->begin / STRETCH : low / STRETCH;
            if (e->begin <= hi && e->end >= lo && st == first)   /* once: where the two meet first */
                vec_push(u->arena, out, e);
        }
    }
    if (out->len - from > 1)
        qsort(out->items + from, (size_t)(out->len - from), sizeof(void *), seq_order);
}

Edit *edit_insert(Unit *u, unsigned at, const char *text) {
    return edit_add(u, at, at, text);
}

bool for_header_spans(Unit *u, unsigned begin, unsigned end, unsigned span[3][2]) {
    const char *t = u->text;
    if (begin + 3 > end || strncmp(t + begin, "for", 3) != 0)
        return false;
    unsigned p = begin + 3;
    while (p < end && t[p] != '(')
        p++;
    unsigned start = ++p;
    int depth = 0, n = 0;
    for (; p < end; p++) {
        char ch = t[p];
        if (ch == '"' || ch == '\'') {
            for (p++; p < end && t[p] != ch; p++)
                if (t[p] == '\\')
                    p++;
        } else if (ch == '/' && t[p + 1] == '*') {
            const char *e = strstr(t + p + 2, "*/");
            if (!e)
                return false;
            p = (unsigned)(e - t) + 1;
        } else if (ch == '/' && t[p + 1] == '/') {
            while (p < end && t[p] != '\n')
                p++;
        } else if (ch == '(' || ch == '[' || ch == '{') {
            depth++;
        } else if (depth == 0 && (ch == ';' || ch == ')')) {
            if (n == 3)
                return false;
            while (start < p && (t[start] == ' ' || t[start] == '\t' || t[start] == '\n' || t[start] == '\r'))
                start++;
            span[n][0] = start;
            span[n++][1] = p;
            start = p + 1;
            if (ch == ')')
                return n == 3;
        } else if (ch == ')' || ch == ']' || ch == '}') {
            depth--;
        }
    }
    return false;
}

/* By a binary search of the text's line starts (each #line directive the passes write asks:
 * counting newlines from the start each time made the output's time quadratic in its size). */
unsigned line_of(Unit *u, unsigned offset) {
    if (u->starts_of != u->text) {
        unsigned n = 1;
        for (size_t i = 0; i < u->len; i++)
            n += u->text[i] == '\n';
        u->line_starts = arena_alloc(u->arena, sizeof *u->line_starts * n);
        u->line_starts[0] = 0;
        for (unsigned i = 0, l = 1; i < u->len; i++)
            if (u->text[i] == '\n')
                u->line_starts[l++] = i + 1;
        u->nstarts = n;
        u->starts_of = u->text;
    }
    /* the last line starting at or before offset (a newline at offset - 1 counts, as before) */
    unsigned lo = 0, hi = u->nstarts;
    while (hi - lo > 1) {
        unsigned mid = lo + (hi - lo) / 2;
        if (u->line_starts[mid] <= offset)
            lo = mid;
        else
            hi = mid;
    }
    return lo + 1;
}

void put_path(Buf *b, const char *path) {
    for (const char *p = path; *p; p++) {
        if (*p == '"' || *p == '\\')
            buf_put(b, "\\", 1);
        buf_put(b, p, 1);
    }
}

void put_line_directive(Unit *u, unsigned offset, Buf *b) {
    unsigned l = line_of(u, offset);
    const char *file = u->path;
    if (u->line_file && l <= u->nlines) {
        file = u->line_file[l];
        l = u->line_no[l];
    }
    buf_printf(b, "\n#line %u \"", l);
    put_path(b, file);
    buf_puts(b, "\"\n");
}

/* By offset; at one offset inserts before replacements, then in the order they were made;
 * weak inserts last among inserts (`__cu2c_this3->` sticks to the member name after it). */
static int edit_order(const void *pa, const void *pb) {
    const Edit *a = *(const Edit *const *)pa, *b = *(const Edit *const *)pb;
    if (a->begin != b->begin)
        return a->begin < b->begin ? -1 : 1;
    if ((a->end == a->begin) != (b->end == b->begin))
        return a->end == a->begin ? -1 : 1;
    if (a->weak != b->weak)
        return a->weak ? 1 : -1;
    return a->seq - b->seq;
}

/* Is weak edit w inside the text another edit of the list replaces? */
static bool covered(PtrVec *edits, Edit *w) {
    for (int i = 0; i < edits->len; i++) {
        Edit *e = edits->items[i];
        if (!e->weak && e->end > e->begin && e->begin <= w->begin && w->begin < e->end && w->end <= e->end)
            return true;
    }
    return false;
}

bool edits_render(Unit *u, PtrVec *edits, unsigned begin, unsigned end, Buf *out) {
    if (edits->len)     /* qsort(NULL, 0): undefined */
        qsort(edits->items, (size_t)edits->len, sizeof(void *), edit_order);
    unsigned pos = begin;
    for (int i = 0; i < edits->len; i++) {
        Edit *e = edits->items[i];
        if (e->weak && covered(edits, e))
            continue;
        if (e->begin < pos) {
            /* two edits of the same text: a construct cu2c cannot place */
            SrcLoc loc = {.file = u->path, .line = line_of(u, e->begin), .offset = e->begin};
            if (u->line_file && loc.line <= u->nlines && u->line_file[loc.line]) {
                loc.shown_file = u->line_file[loc.line];
                loc.shown_line = u->line_no[loc.line];
            }
            diag_error(u, loc, "cu2c cannot rewrite this code: overlapping edits (e.g. a kernel "
                       "launch inside a macro argument)");
            return false;
        }
        buf_put(out, u->text + pos, e->begin - pos);
        buf_puts(out, e->text);
        pos = e->end;
    }
    buf_put(out, u->text + pos, end - pos);
    return true;
}

const char *text_keeping_lines(Unit *u, unsigned begin, unsigned end, const char *text) {
    int nl = 0;
    for (unsigned i = begin; i < end; i++)
        nl += u->text[i] == '\n';
    if (nl == 0)
        return text;
    Buf b = {0};
    buf_puts(&b, text);
    for (int i = 0; i < nl; i++)
        buf_puts(&b, "\n");
    const char *kept = arena_strdup(u->arena, b.data);
    buf_free(&b);
    return kept;
}

Edit *edit_replace_lines(Unit *u, unsigned begin, unsigned end, const char *text) {
    return edit_add(u, begin, end, text_keeping_lines(u, begin, end, text));
}

static const char *kind_name(StmtKind k) {
    switch (k) {
    case ST_DECL: return "decl";
    case ST_EXPR: return "expr";
    case ST_BARRIER: return "barrier";
    case ST_RETURN: return "return";
    case ST_CONTROL: return "control";
    case ST_SYNC: return "sync";
    case ST_REDUCE: return "reduce";
    case ST_BIND: return "bind";
    case ST_RETVAL: return "retval";
    case ST_NULL: return "null";
    case ST_OTHER: return "other";
    }
    return "?";
}

/* First line of a statement's text, shortened: enough to recognise it. */
static void put_stmt_text(Unit *u, Stmt *s, FILE *out) {
    unsigned n = 0;
    while (s->begin + n < s->end && u->text[s->begin + n] != '\n' && n < 60)
        n++;
    fprintf(out, "%.*s%s", (int)n, u->text + s->begin, s->begin + n < s->end ? " ..." : "");
}

/* A local's values one by one when they differ in variance: the webs statements define,
 * in the order of the first definition, each with its dimensions (p: promoted). */
static void put_webs(Kernel *k, Var *v, FILE *out) {
    Web *w[16];
    unsigned mixed = 0, n = 0;
    for (int i = -k->headers.len, e = k->stmts.len; i < e && n < 16; i++) {
        Stmt *s = fact_at(k, i);
        for (int j = 0; j < s->write_webs.len && n < 16; j++) {
            Web *x = s->write_webs.items[j];
            bool dup = false;
            for (unsigned m = 0; m < n; m++)
                dup |= w[m] == x;
            if (x->var == v && !dup) {
                w[n++] = x;
                mixed |= x->dims ? 1 : 2;
            }
        }
    }
    if (mixed != 3)
        return;
    fputs(" values", out);
    for (unsigned m = 0; m < n; m++)
        fprintf(out, " %s%s", dims_name(w[m]->dims), w[m]->promoted ? "p" : "");
}

void model_dump(Unit *u, const char *after, FILE *out) {
    fprintf(out, "# cu2c model after %s: %s, output %s", after, u->path, u->is_cxx ? "C++" : "C");
    if (u->is_cxx && u->cxx_reason)
        fprintf(out, " (%s)", u->cxx_reason);
    fputc('\n', out);
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        fprintf(out, "kernel %s (%s:%u) regions=%d\n", k->name, loc_file(k->loc), loc_line(k->loc), k->nregions);
        for (int j = 0; j < k->stmts.len; j++) {
            Stmt *s = k->stmts.items[j];
            int depth = 0;
            for (Stmt *p = s->parent; p; p = p->parent)
                depth++;
            fprintf(out, "  stmt %d line %u %-7s region %d dims %-3s nest %2d%s%s  %*s", j, loc_line(s->loc),
                    kind_name(s->kind), s->region, dims_name(s->dims), s->nest,
                    s->after_exit ? " after-exit" : "", s->vstep ? " warp-step" : "", depth * 2, "");
            put_stmt_text(u, s, out);
            fputc('\n', out);
        }
        for (int j = 0; j < k->sites.len; j++) {
            Site *st = k->sites.items[j];
            fprintf(out, "  reduction %d line %u: predicate dims %s\n", j, loc_line(st->loc), dims_name(st->pred->dims));
        }
        for (int j = 0; j < k->vstores.len; j++) {
            VStore *vs = k->vstores.items[j];
            fprintf(out, "  volatile store %d line %u (stmt %d): %s %s%s\n", j, loc_line(vs->loc), vs->owner->index,
                    vs->lhs, vs->op, vs->incdec ? vs->op : "=");
        }
        for (int j = 0; j < k->vars.len; j++) {
            Var *v = k->vars.items[j];
            fprintf(out, "  var %s: %s dims %s%s%s%s%s", v->name, v->type, dims_name(v->dims),
                    v->is_shared ? " shared" : "", v->escapes ? " escapes" : "",
                    v->promoted ? " promoted" : "", v->remat ? " recomputed" : "");
            if (v->x_affine)
                fprintf(out, " x-offset (%s) %c x", v->x_base, v->x_sign > 0 ? '+' : '-');
            if (v->hoisted)
                fputs(" hoisted", out);
            if (v->x_stepped)
                fputs(" x-stepped (one copy per row)", out);
            put_webs(k, v, out);
            fputc('\n', out);
        }
        for (int j = 0; j < k->nests.len; j++) {
            Nest *n = k->nests.items[j];
            fprintf(out, "  nest %d: stmts %d..%d loops %s%s%s\n", j, n->first, n->last,
                    dims_name(n->dims), n->has_return ? " exits" : "",
                    n->check_exited ? " skips-exited" : "");
        }
    }
    for (int i = 0; i < u->launches.len; i++) {
        Launch *l = u->launches.items[i];
        fprintf(out, "launch line %u: %.*s\n", loc_line(l->loc), (int)(l->callee_end - l->callee_begin),
                u->text + l->callee_begin);
    }
}

/* Does statement s (of a list) meet other lanes: a barrier, a warp function or collective, or
 * a construct holding one? */
static bool meets_lanes(Stmt *s) {
    return s->kind == ST_SYNC || s->kind == ST_BARRIER || s->has_site;
}

static bool list_meets_lanes(PtrVec *list, int from) {
    for (int i = from; list && i < list->len; i++)
        if (meets_lanes(list->items[i]))
            return true;
    return false;
}

/* Do the lanes not taking the branch of the if p that holds c leave the kernel without
 * meeting other lanes (the other branch, and everything after p, hold no barrier nor warp
 * function, and no loop encloses p)? They have then exited as far as the warp is concerned:
 * CUDA asks only the non-exited lanes a mask names to make the call, and segmented sorts'
 * full-mask shuffles under `if (bin_it < bin_size)` at a kernel's end rely on it. */
bool others_exit_without_meeting(Kernel *k, Stmt *p, Stmt *c) {
    if (p->sync != SK_IF)
        return false;
    for (int b = 0; b < p->bodies.len; b++)
        if ((b == 1) != in_else_branch(p, c) && list_meets_lanes(p->bodies.items[b], 0))
            return false;
    for (Stmt *s = p; s; s = s->parent) {
        PtrVec *list = NULL;
        if (!s->parent)
            list = &k->body;
        for (int b = 0; s->parent && b < s->parent->bodies.len && !list; b++)
            if (vec_contains(s->parent->bodies.items[b], s))
                list = s->parent->bodies.items[b];
        int at = -1;
        for (int i = 0; list && i < list->len && at < 0; i++)
            at = list->items[i] == s ? i : -1;
        if (at < 0 || list_meets_lanes(list, at + 1))
            return false;
        if (s->parent && (s->parent->sync == SK_FOR || s->parent->sync == SK_WHILE || s->parent->sync == SK_DO))
            return false;
    }
    return true;
}

/* A warp function under ifs and loops run per thread: which lanes took another branch of
 * one of the ifs (flag 1 where the call is in the then branch, 2 in the else branch; 0: the
 * if never reached them) or left one of the loops (flag 1), then the check that no active
 * lane's mask names one (cu2c/warp.h). */
