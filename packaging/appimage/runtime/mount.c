/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The FUSE mount. squashfuse's low-level operations answer the kernel's requests; a libfuse3
 * session carries them, served by one thread of this process while the main thread runs the
 * application and waits for it. Keeping the server inside the runtime (rather than in a
 * daemon) ties the mount's life to the runtime's: it is unmounted when the application ends.
 */
#include "runtime.h"
#include "squashfuse-api.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct mounted_image
{
    sqfs_ll *ll;
    struct fuse_session *session;
    pthread_t thread;
};

/* Read-only: the operations that change a file system are left out, and the mount is "ro". */
static const struct fuse_lowlevel_ops operations = {
    .lookup = sqfs_ll_op_lookup,
    .forget = sqfs_ll_op_forget,
    .getattr = sqfs_ll_op_getattr,
    .readlink = sqfs_ll_op_readlink,
    .open = sqfs_ll_op_open,
    .read = sqfs_ll_op_read,
    .release = sqfs_ll_op_release,
    .opendir = sqfs_ll_op_opendir,
    .readdir = sqfs_ll_op_readdir,
    .releasedir = sqfs_ll_op_releasedir,
    .statfs = stfs_ll_op_statfs,
    .getxattr = sqfs_ll_op_getxattr,
    .listxattr = sqfs_ll_op_listxattr,
};

static void *serve(void *argument)
{
    struct mounted_image *mounted = argument;
    fuse_session_loop(mounted->session);
    return NULL;
}

static void release(struct mounted_image *mounted)
{
    if (mounted->session) {
        fuse_session_destroy(mounted->session);
    }
    if (mounted->ll) {
        int fd = mounted->ll->fs.fd;
        sqfs_ll_destroy(mounted->ll);
        free(mounted->ll);
        close(fd);
    }
    free(mounted);
}

static void explain_no_fuse(const char *path)
{
    fprintf(stderr,
            "%s: cannot mount the AppImage with FUSE (see above). FUSE needs /dev/fuse and, for "
            "a user other than root, fusermount3 (Debian and Ubuntu: the fuse3 package).\n"
            "Without FUSE, run it with --appimage-extract-and-run (or with "
            "APPIMAGE_EXTRACT_AND_RUN=1 in the environment): it is then unpacked into a "
            "temporary folder on each start. Or unpack it once with --appimage-extract.\n",
            path);
}

/* The session's options: read-only, no devices or set-user-id files, and a name and type that
 * say in `mount` and /proc/mounts what is mounted there. */
static struct fuse_session *new_session(const char *path, sqfs_ll *ll)
{
    struct fuse_args args = FUSE_ARGS_INIT(0, NULL);
    char *options = NULL;
    char *fsname = malloc(strlen("fsname=") + strlen(path) + 1);
    struct fuse_session *session = NULL;
    if (fsname) {
        strcpy(fsname, "fsname=");
        strcat(fsname, path);
    }
    /* The path may hold commas, which separate options: the escaped form keeps it whole. */
    if (fsname && fuse_opt_add_arg(&args, "appimage-runtime") == 0
        && fuse_opt_add_opt(&options, "ro,nodev,nosuid,subtype=appimage") == 0
        && fuse_opt_add_opt_escaped(&options, fsname) == 0 && fuse_opt_add_arg(&args, "-o") == 0
        && fuse_opt_add_arg(&args, options) == 0) {
        session = fuse_session_new(&args, &operations, sizeof operations, ll);
    }
    fuse_opt_free_args(&args);
    free(options);
    free(fsname);
    return session;
}

struct mounted_image *image_mount(const char *path, long long offset, const char *mountpoint)
{
    struct mounted_image *mounted = calloc(1, sizeof *mounted);
    if (!mounted) {
        perror("appimage runtime");
        return NULL;
    }
    mounted->ll = sqfs_ll_open(path, (size_t)offset);
    if (!mounted->ll) {
        fprintf(stderr, "%s: no squashfs image at offset %lld\n", path, offset);
        release(mounted);
        return NULL;
    }
    /* Neither the application nor what it starts may inherit the image's descriptor. */
    fcntl(mounted->ll->fs.fd, F_SETFD, FD_CLOEXEC);
    if (!image_compression_supported(&mounted->ll->fs, path)) {
        release(mounted);
        return NULL;
    }
    mounted->session = new_session(path, mounted->ll);
    if (!mounted->session) {
        fprintf(stderr, "%s: libfuse refused the session's options\n", path);
        release(mounted);
        return NULL;
    }
    if (fuse_session_mount(mounted->session, mountpoint) != 0) {
        explain_no_fuse(path);
        release(mounted);
        return NULL;
    }
    /* A process that kept /dev/fuse open after we left would keep the connection alive with
     * no one to answer it, and hang every access to the mount; so no child inherits it. */
    fcntl(fuse_session_fd(mounted->session), F_SETFD, FD_CLOEXEC);
    int error = pthread_create(&mounted->thread, NULL, serve, mounted);
    if (error != 0) {
        fprintf(stderr, "%s: cannot start the FUSE thread: %s\n", path, strerror(error));
        fuse_session_unmount(mounted->session);
        release(mounted);
        return NULL;
    }
    return mounted;
}

void image_unmount(struct mounted_image *mounted)
{
    fuse_session_exit(mounted->session);
    /* libfuse detaches the mount (umount2 with MNT_DETACH as root, fusermount3 -u -z
     * otherwise), so the folder can be removed at once; the kernel ends the connection when
     * the last file opened through it is closed, which wakes the thread. */
    fuse_session_unmount(mounted->session);
    /* Something the application left running may still hold a file of the mount open, and
     * then the thread keeps waiting for requests. Wait a little, not forever: when this
     * process exits the kernel closes /dev/fuse, which ends the connection all the same. */
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 2;
    if (pthread_timedjoin_np(mounted->thread, NULL, &deadline) == 0) {
        release(mounted);
    }
}
