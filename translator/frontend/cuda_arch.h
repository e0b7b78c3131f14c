/* cuda_arch.h - what cuda_arch.c (__CUDA_ARCH__ and clock() per side, device copies of
 * __host__ __device__ functions) shares with cuda_arch_dispatch.c (calls in templates whose
 * callee is known only at instantiation). */
#ifndef CU2C_CUDA_ARCH_H
#define CU2C_CUDA_ARCH_H

#include "fe.h"

/* A call in a template whose callee its template parameters decide: `x.get()`, `p->get()`
 * (a member call on an object of dependent type) or `side(x)` (an unqualified call found by
 * argument-dependent lookup at instantiation). Device code reaches a device copy through a
 * dispatch function (cuda_arch_dispatch.c). */
typedef struct DepCall {
    bool member;            /* obj.f(...) or obj->f(...); else f(...) */
    bool arrow;             /* obj->f(...) */
    bool implicit_this;     /* f(...) on the implicit this (arrow too: this->f(...)) */
    bool qualified;         /* ns::f(...): its candidates are those found where it is written */
    bool template_args;     /* f<...>(...) */
    bool in_text;           /* every piece below is spelled in the main text, not by a macro */
    const char *name;
    unsigned name_off;      /* where the name is spelled */
    unsigned call_off;      /* where the call starts (its expansion's, in a macro) */
    unsigned base_begin;    /* a member call: where its object's expression starts */
    unsigned op_off;        /* a member call: its `.` or `->` */
    unsigned lparen;        /* the call's `(` */
    int nargs;
    SrcLoc loc;
    bool dispatched;        /* its name is one of a device copy's (decided by choose_copies) */
    int id;                 /* its dispatch function's number (0: none made yet) */
} DepCall;

/* A declaration of the main text, by lines. */
typedef struct Decl {
    unsigned first, last;   /* its lines */
    unsigned begin, end;    /* its extent's offsets */
    unsigned body_first, body_last; /* a function's body (0: none) */
    bool device_only;       /* exists for the GPU only: its body sees the device's __CUDA_ARCH__ */
    bool host_device;       /* __host__ __device__ */
    bool member;            /* a member function */
    const char *scope_usr;  /* a function's class or namespace ("": the file's scope) */
    char *usr;              /* a function's (its template's for a specialisation) */
    PtrVec calls;           /* char*: USRs of the functions its body calls */
    PtrVec dep_calls;       /* DepCall*: its body's calls whose callee is decided at instantiation */
    unsigned sides;         /* a __host__ __device__ function's callers: SIDE_HOST | SIDE_DEVICE */
    SrcLoc loc;
    PtrVec clocks;          /* unsigned*: offsets of the names of its body's uses of libc's clock */
    bool clock_use;         /* its body uses libc's clock (clock_at: the first use) */
    bool clock_in_macro;    /* a use spelled in a macro defined outside the body */
    SrcLoc clock_at;
    unsigned body_begin, body_end; /* the body's offsets */
    PtrVec callsites;       /* CallSite*: its body's calls of the user's functions */
    bool copyable;          /* a function or in-class member function, not an operator,
                             * constructor or destructor, whose name is spelled in the text */
    const char *name;       /* a function's name, spelled at name_off */
    unsigned name_off;
    bool copied;            /* gets a device copy (device_copies) */
} Decl;

/* A call in a body: the callee's USR, and where its name is spelled (0: not in the text, a
 * macro's or an operator's) */
typedef struct CallSite {
    const char *usr;
    unsigned off, len;
    SrcLoc loc;
    unsigned candidates;    /* a dependent call: how many functions its name may mean (else 0) */
    DepCall *dep;           /* then the call (made through a dispatch function where dispatched) */
} CallSite;

#define DEVICE_COPY_SUFFIX "__cu2c_device"
#define DISPATCH_PREFIX "__cu2c_dispatch"

enum { SIDE_HOST = 1, SIDE_DEVICE = 2 };

typedef struct ArchScan {
    Fe *fe;
    PtrVec decls;           /* Decl*, in source order */
} ArchScan;

unsigned spelled_at(Fe *fe, CXSourceLocation l, const char *name);
bool is_copied(ArchScan *as, const char *usr);

/* cuda_arch_dispatch.c */
/* The dependent call `call` (its callee callee) of dl's body noted (Decl.dep_calls); NULL
 * where it is not one. */
DepCall *note_dependent_call(Fe *fe, Decl *dl, CXCursor call, CXCursor callee);
/* May dl's dependent call dc mean the function d? */
bool dependent_call_may_mean(DepCall *dc, Decl *d);
/* Copies made for the dependent calls of device code: a function both sides call whose
 * dependent call may mean a copied function is copied, and so is every function of a copied
 * function's name that such a call names (the copies' overload set is the originals'). Marks
 * the calls that go through dispatch functions; true if it copied more. */
bool copy_dependent_callees(ArchScan *as);
/* Edits of the dispatched dependent calls of d between offsets b and e, made to call
 * dispatch functions, added to edits; and each dispatch function's definition (the first
 * time), placed before the outermost declaration holding the call, added to defs. Errors for
 * those that cannot be dispatched. */
void dispatch_edits(ArchScan *as, Decl *d, unsigned b, unsigned e, PtrVec *edits, PtrVec *defs);

#endif
