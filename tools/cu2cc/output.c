/* output.c - where a run's files live and how its results reach their paths. Every step
 * writes into a private temporary directory; a finished result then replaces a regular
 * output file atomically (a failed run leaves the old one), while /dev/null, a FIFO or
 * any other non-regular file is written through, and a symbolic link is followed to the
 * file it names: -o never destroys what is not a regular output file. */
#include "cu2cc.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary directory to remove when the run ends, however it ends. */
static char *to_remove;

/* atexit handler: the temporaries go, on success and on error alike. */
static void remove_work_dir(void) {
    if (to_remove)
        work_dir_remove(to_remove);
}

/* A new private directory under $TMPDIR (or /tmp) for a run's temporaries, removed at exit
 * unless CU2CC_KEEP=1. */
char *work_dir(const Options *o) {
    const char *tmp = getenv("TMPDIR");
    char *dir = xprintf("%s/cu2cc.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        die("cannot make a temporary directory in %s: %s", tmp && *tmp ? tmp : "/tmp",
            strerror(errno));
    if (!o->keep_work) {
        to_remove = dir;
        atexit(remove_work_dir);
    }
    return dir;
}

/* Makes a directory and its parents (--keep-dir). */
void mkdir_p(const char *dir) {
    char *path = xstrdup(dir);
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        mkdir(path, 0777);
        *p = '/';
    }
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        die("cannot make directory '%s': %s", dir, strerror(errno));
    free(path);
}

/* nftw callback: removes one entry, depth first. */
static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* Removes the temporary directory and everything in it. */
void work_dir_remove(const char *dir) {
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Writes all of data to fd. */
static bool write_all(int fd, const char *data, size_t len) {
    while (len) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        len -= (size_t)n;
    }
    return true;
}

/* Writes data to out: atomically by rename for a regular (or new) file, through the file
 * for anything else; mode is the new file's permission bits. */
static int put(const char *data, size_t len, const char *out, mode_t mode) {
    if (strcmp(out, "-") == 0) {
        if (!write_all(STDOUT_FILENO, data, len))
            die("cannot write to stdout: %s", strerror(errno));
        return 0;
    }
    struct stat st;
    if (lstat(out, &st) == 0 && S_ISLNK(st.st_mode)) {
        char target[PATH_MAX];
        if (realpath(out, target))
            return put(data, len, target, mode);
        /* a dangling link: create the file it names */
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, mode);
        if (fd < 0 || !write_all(fd, data, len) || close(fd) != 0)
            die("cannot write '%s': %s", out, strerror(errno));
        return 0;
    }
    bool exists = lstat(out, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode))
            die("cannot write '%s': it is a directory", out);
        int fd = open(out, O_WRONLY);
        if (fd < 0 || !write_all(fd, data, len) || close(fd) != 0)
            die("cannot write '%s': %s", out, strerror(errno));
        return 0;
    }
    char *tmp = xprintf("%s.cu2cc-tmp.%ld", out, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, 0600);
    bool ok = fd >= 0 && write_all(fd, data, len) && fchmod(fd, mode) == 0;
    int err = errno;
    if (fd >= 0 && close(fd) != 0 && ok)
        ok = false, err = errno;
    if (ok && rename(tmp, out) != 0)
        ok = false, err = errno;
    if (!ok) {
        unlink(tmp);
        die("cannot write '%s': %s", out, strerror(err));
    }
    free(tmp);
    return 0;
}

/* The process's file-creation mask, without changing it for long. */
static mode_t current_umask(void) {
    mode_t m = umask(022);
    umask(m);
    return m;
}

/* Delivers text (a preprocessed file, a dependency rule) to out. */
int deliver_text(const char *text, size_t len, const char *out) {
    return put(text, len, out, 0666 & ~current_umask());
}

/* Delivers a finished temporary file (object, executable, library) to out, keeping its
 * permission bits. */
int deliver_file(const char *tmp, const char *out) {
    int fd = open(tmp, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0)
        die("cannot read '%s': %s", tmp, strerror(errno));
    size_t len = (size_t)st.st_size;
    char *data = xmalloc(len);
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, data + got, len - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            die("cannot read '%s': %s", tmp, strerror(errno));
        got += (size_t)n;
    }
    close(fd);
    int rc = put(data, len, out, st.st_mode & 07777);
    free(data);
    return rc;
}

/* True when a and b are the same existing regular file (-o naming an input). */
bool same_file(const char *a, const char *b) {
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && S_ISREG(sa.st_mode) &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
