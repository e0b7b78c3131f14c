/* runtime/faults.c - memory faults in kernels. A block that touches memory it may not (a
 * null or unmapped address, a bus error, its worker's stack running into the guard) ends
 * its kernel with the sticky cudaErrorIllegalAddress, as on a GPU, instead of killing the
 * process: a SIGSEGV/SIGBUS handler, run on the worker's own signal stack, prints one line
 * naming the kernel, the block, the .cu line where debug info has it (-g) and the address,
 * then leaves the block the way
 * cu2c_device_fault does (pool.c's rt_run_blocks). A fault anywhere else (host code, a
 * worker between blocks) goes to the handler that was there before, or to the default
 * action, as if cu2c had installed nothing. */
#include <dlfcn.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include "internal.h"

extern char **environ;

#define RT_SIGNAL_STACK (64 * 1024)

static const int rt_fault_signals[2] = {SIGSEGV, SIGBUS};
static struct sigaction rt_previous[2];    /* the handlers before ours, by rt_fault_signals */

/* The faulting instruction's address, from the signal's context. */
static uintptr_t rt_fault_pc(void *context)
{
    const ucontext_t *uc = context;
#if defined(__x86_64__)
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)uc->uc_mcontext.pc;
#else
    (void)uc;
    return 0;
#endif
}

/* "FILE:LINE" for the code at pc when the program was built with debug info (-g: the
 * translated file's #line directives make it the .cu line), from binutils' addr2line run on
 * the file holding pc; "" when there is none. With `skip`, code inlined there from files
 * whose "FILE:LINE" holds one of skip's strings (a header's inline functions) is named by the
 * line it was inlined at. posix_spawn, read and wait only (no fork: the program's atfork
 * handlers could take locks the interrupted code holds). */
static int rt_line_in(const char *line, const char *const *skip)
{
    for (; skip && *skip; skip++)
        if (strstr(line, *skip))
            return 1;
    return 0;
}

void rt_source_line_outside(uintptr_t pc, const char *const *skip, char *out, size_t cap)
{
    out[0] = 0;
    Dl_info info;
    int fds[2];
    if (!pc || !dladdr((void *)pc, &info) || !info.dli_fname || !info.dli_fname[0] || pipe(fds) != 0)
        return;
    char offset[32];
    snprintf(offset, sizeof offset, "%#lx", (unsigned long)(pc - (uintptr_t)info.dli_fbase));
    char *argv[] = {"addr2line", "-e", (char *)info.dli_fname, offset, skip ? "-i" : NULL, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    pid_t child;
    int spawned = posix_spawnp(&child, "addr2line", &fa, NULL, argv, environ) == 0;
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    char text[4096];
    size_t len = 0;
    ssize_t got;
    while (spawned && len + 1 < sizeof text && (got = read(fds[0], text + len, sizeof text - 1 - len)) > 0)
        len += (size_t)got;
    close(fds[0]);
    if (spawned)
        waitpid(child, NULL, 0);
    text[len] = 0;
    char *line = text;   /* -i: the innermost frame first, then those it was inlined into */
    while (rt_line_in(line, skip) && strchr(line, '\n'))
        line = strchr(line, '\n') + 1;
    memmove(text, line, strlen(line) + 1);
    text[strcspn(text, "\n")] = 0;
    char *disc = strstr(text, " (discriminator");
    if (disc)
        *disc = 0;
    const char *colon = strrchr(text, ':');   /* FILE:LINE; ??:0 or FILE:? where none */
    if (text[0] != '?' && colon && colon[1] >= '1' && colon[1] <= '9')
        snprintf(out, cap, "%s", text);
}

void rt_source_line(uintptr_t pc, char *out, size_t cap)
{
    rt_source_line_outside(pc, NULL, out, cap);
}

static void rt_fault_handler(int sig, siginfo_t *si, void *context)
{
    rt_worker *w = rt_current_worker();
    if (w && w->job && w->fault_jmp && w->block) {
        const cu2c_block *b = w->block;
        char where[600], line[900], thread[64] = "";
        if (cu2c_tls.thread_known)
            snprintf(thread, sizeof thread, ", thread [%u,%u,%u]", cu2c_tls.threadIdx.x, cu2c_tls.threadIdx.y,
                     cu2c_tls.threadIdx.z);
        if (atomic_exchange(&w->job->faulted, 1) == 0) {   /* one line per kernel, as a GPU */
            rt_source_line(rt_fault_pc(context), where, sizeof where);
            int n = snprintf(line, sizeof line,
                             "cu2c: an illegal memory access was encountered in kernel %s, block [%u,%u,%u]%s%s%s "
                             "(%s at address %p)\n",
                             w->job->name ? w->job->name : "(unnamed)", b->blockIdx.x, b->blockIdx.y,
                             b->blockIdx.z, thread, where[0] ? " at " : "", where, sig == SIGBUS ? "bus error" : "invalid access", si->si_addr);
            if (n > 0 && write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1) < 0)
                n = 0;   /* nothing to do about a lost message */
        }
        rt_set_sticky(cudaErrorIllegalAddress);
        rt_job_drain(w->job);
        rt_fibers_abandon();
        longjmp(*(jmp_buf *)w->fault_jmp, 1);
    }
    struct sigaction *p = &rt_previous[sig == SIGBUS];
    if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction) {
        p->sa_sigaction(sig, si, context);
    } else if (!(p->sa_flags & SA_SIGINFO) && p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
        p->sa_handler(sig);
    } else {
        /* the default action: on return the faulting instruction runs again and gets it */
        signal(sig, SIG_DFL);
    }
}

static void rt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = rt_fault_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 2; i++)
        sigaction(rt_fault_signals[i], &sa, &rt_previous[i]);
}

void rt_faults_install(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, rt_install);
}

void *rt_faults_worker_start(void)
{
    sigset_t faults;
    sigemptyset(&faults);
    for (int i = 0; i < 2; i++)
        sigaddset(&faults, rt_fault_signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &faults, NULL);
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = malloc(RT_SIGNAL_STACK);
    ss.ss_size = RT_SIGNAL_STACK;
    if (ss.ss_sp && sigaltstack(&ss, NULL) != 0) {
        free(ss.ss_sp);
        ss.ss_sp = NULL;
    }
    return ss.ss_sp;
}

void rt_faults_worker_end(void *signal_stack)
{
    if (!signal_stack)
        return;
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_flags = SS_DISABLE;
    sigaltstack(&ss, NULL);
    free(signal_stack);
}

void rt_faults_recovered(void)
{
    sigset_t faults;   /* blocked while the handler ran, which the jump out of it left so */
    sigemptyset(&faults);
    for (int i = 0; i < 2; i++)
        sigaddset(&faults, rt_fault_signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &faults, NULL);
}
