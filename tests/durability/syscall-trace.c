/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An LD_PRELOAD library for TestDurableWrites: records, in the order they happen, the calls
 * that decide whether a write survives a power loss. One line per call is appended to the file
 * named by LCB_SYSCALL_TRACE:
 *
 *   <pid> rename <from> <to>     rename(), renameat(), renameat2() that succeeded
 *   <pid> link <from> <to>       link(), linkat() that succeeded
 *   <pid> unlink <path>          unlink() that succeeded
 *   <pid> sync <path>            fsync() or fdatasync() that succeeded (the path of the fd)
 *   <pid> write <path>           a write to a file whose name ends in "-wal" (SQLite's log)
 *   <pid> send                   bytes about to go out on a socket (an HTTP answer)
 *
 * Lines are written with one write(2) each to a file opened with O_APPEND, so lines of several
 * threads and processes never mix. A sync is recorded after it returned, a send before it
 * starts: the order in the file is then the order in which the writes became durable and the
 * answers left.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static int trace_fd(void)
{
    static int fd = -2;
    if (fd == -2) {
        const char *path = getenv("LCB_SYSCALL_TRACE");
        fd = path ? (int)syscall(SYS_openat, AT_FDCWD, path,
                                 O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644)
                  : -1;
    }
    return fd;
}

static void record(const char *format, ...)
{
    const int fd = trace_fd();
    if (fd < 0) {
        return;
    }
    char line[3 * PATH_MAX];
    int length = snprintf(line, sizeof line, "%d ", (int)getpid());
    va_list arguments;
    va_start(arguments, format);
    length += vsnprintf(line + length, sizeof line - (size_t)length - 1, format, arguments);
    va_end(arguments);
    if (length > (int)sizeof line - 2) {
        length = (int)sizeof line - 2;
    }
    line[length++] = '\n';
    /* The raw system call: write() below is this library's own. */
    syscall(SYS_write, fd, line, (size_t)length);
}

static void path_of(int fd, char *path, size_t size)
{
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t length = readlink(link, path, size - 1);
    path[length > 0 ? length : 0] = '\0';
}

static int is_socket(int fd)
{
    struct stat info;
    return fstat(fd, &info) == 0 && S_ISSOCK(info.st_mode);
}

static void record_file_write(int fd)
{
    char path[PATH_MAX];
    path_of(fd, path, sizeof path);
    const size_t length = strlen(path);
    if (length > 4 && strcmp(path + length - 4, "-wal") == 0) {
        record("write %s", path);
    }
}

#define REAL(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

int rename(const char *from, const char *to)
{
    const int result = REAL(rename)(from, to);
    if (result == 0) {
        const int saved = errno;
        record("rename %s %s", from, to);
        errno = saved;
    }
    return result;
}

int renameat(int fromDir, const char *from, int toDir, const char *to)
{
    const int result = REAL(renameat)(fromDir, from, toDir, to);
    if (result == 0) {
        const int saved = errno;
        record("rename %s %s", from, to);
        errno = saved;
    }
    return result;
}

int renameat2(int fromDir, const char *from, int toDir, const char *to, unsigned int flags)
{
    const int result = REAL(renameat2)(fromDir, from, toDir, to, flags);
    if (result == 0) {
        const int saved = errno;
        record("rename %s %s", from, to);
        errno = saved;
    }
    return result;
}

int link(const char *from, const char *to)
{
    const int result = REAL(link)(from, to);
    if (result == 0) {
        const int saved = errno;
        record("link %s %s", from, to);
        errno = saved;
    }
    return result;
}

int linkat(int fromDir, const char *from, int toDir, const char *to, int flags)
{
    const int result = REAL(linkat)(fromDir, from, toDir, to, flags);
    if (result == 0) {
        const int saved = errno;
        record("link %s %s", from, to);
        errno = saved;
    }
    return result;
}

int unlink(const char *path)
{
    const int result = REAL(unlink)(path);
    if (result == 0) {
        const int saved = errno;
        record("unlink %s", path);
        errno = saved;
    }
    return result;
}

static int after_sync(int fd, int result)
{
    if (result == 0) {
        const int saved = errno;
        char path[PATH_MAX];
        path_of(fd, path, sizeof path);
        record("sync %s", path);
        errno = saved;
    }
    return result;
}

int fsync(int fd)
{
    return after_sync(fd, REAL(fsync)(fd));
}

int fdatasync(int fd)
{
    return after_sync(fd, REAL(fdatasync)(fd));
}

ssize_t write(int fd, const void *data, size_t size)
{
    const int saved = errno;
    if (is_socket(fd)) {
        record("send");
    } else {
        record_file_write(fd);
    }
    errno = saved;
    return REAL(write)(fd, data, size);
}

ssize_t writev(int fd, const struct iovec *parts, int count)
{
    const int saved = errno;
    if (is_socket(fd)) {
        record("send");
    }
    errno = saved;
    return REAL(writev)(fd, parts, count);
}

ssize_t pwrite(int fd, const void *data, size_t size, off_t offset)
{
    const int saved = errno;
    record_file_write(fd);
    errno = saved;
    return REAL(pwrite)(fd, data, size, offset);
}

ssize_t pwrite64(int fd, const void *data, size_t size, off64_t offset)
{
    const int saved = errno;
    record_file_write(fd);
    errno = saved;
    return REAL(pwrite64)(fd, data, size, offset);
}

ssize_t send(int fd, const void *data, size_t size, int flags)
{
    const int saved = errno;
    record("send");
    errno = saved;
    return REAL(send)(fd, data, size, flags);
}

ssize_t sendmsg(int fd, const struct msghdr *message, int flags)
{
    const int saved = errno;
    record("send");
    errno = saved;
    return REAL(sendmsg)(fd, message, flags);
}
