/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Extraction: the image's tree written below a folder with squashfuse's traversal, for
 * --appimage-extract and for running without FUSE. Symlinks stay symlinks (the bundled
 * libraries' names point at their files), and permissions are kept, except set-user-id and
 * set-group-id: an unpacked tree belongs to whoever unpacked it, and must not hand out their
 * rights. Hard links become copies, and times are not kept; neither matters to an AppDir.
 */
#include "runtime.h"
#include "squashfuse-api.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KEPT_PERMISSIONS (S_ISVTX | S_IRWXU | S_IRWXG | S_IRWXO)

/* A folder whose permissions would keep us from writing into it gets them once it is full. */
struct late_mode
{
    char *path;
    mode_t mode;
};

struct extraction
{
    sqfs *fs;
    int root; /* the destination folder */
    const char *image;
    struct late_mode *late;
    size_t late_count;
};

static bool fail(const struct extraction *x, const char *path, const char *what)
{
    fprintf(stderr, "%s: cannot %s %s: %s\n", x->image, what, path, strerror(errno));
    return false;
}

/* Each entry's name comes from the image. A name that is empty, "." or "..", or holds a slash,
 * could write outside the destination (through a symlink written earlier); only a crafted
 * image has one. */
static bool safe_name(const char *name)
{
    return name[0] != '\0' && strcmp(name, ".") != 0 && strcmp(name, "..") != 0
           && strchr(name, '/') == NULL;
}

/* Makes room for a new entry at `path`: an existing folder stays (a folder is merged into
 * it), anything else is replaced, so that extracting again over an old tree works. */
static bool clear_place(const struct extraction *x, const char *path, bool for_folder)
{
    struct stat existing;
    if (fstatat(x->root, path, &existing, AT_SYMLINK_NOFOLLOW) != 0) {
        return errno == ENOENT || fail(x, path, "inspect");
    }
    if (S_ISDIR(existing.st_mode)) {
        if (for_folder) {
            return true;
        }
        errno = EISDIR;
        return fail(x, path, "replace the folder");
    }
    return unlinkat(x->root, path, 0) == 0 || fail(x, path, "replace");
}

static bool make_folder(struct extraction *x, const char *path, mode_t mode)
{
    if (!clear_place(x, path, true)) {
        return false;
    }
    if (mkdirat(x->root, path, S_IRWXU) != 0 && errno != EEXIST) {
        return fail(x, path, "create the folder");
    }
    if ((mode & S_IRWXU) != S_IRWXU) {
        struct late_mode *grown = realloc(x->late, (x->late_count + 1) * sizeof *grown);
        char *copy = strdup(path);
        if (!grown || !copy) {
            free(copy);
            if (grown) {
                x->late = grown;
            }
            return fail(x, path, "remember the permissions of");
        }
        x->late = grown;
        x->late[x->late_count++] = (struct late_mode){copy, mode};
        mode |= S_IRWXU;
    }
    return fchmodat(x->root, path, mode, 0) == 0 || fail(x, path, "set the permissions of");
}

/* With a pattern, the folders above a matching entry need not have matched themselves. */
static bool make_parents(struct extraction *x, const char *path)
{
    char *copy = strdup(path);
    if (!copy) {
        return fail(x, path, "create the folders above");
    }
    bool ok = true;
    for (char *slash = strchr(copy, '/'); ok && slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        struct stat existing;
        if (fstatat(x->root, copy, &existing, AT_SYMLINK_NOFOLLOW) != 0) {
            ok = mkdirat(x->root, copy, 0755) == 0 || fail(x, copy, "create the folder");
        } else if (!S_ISDIR(existing.st_mode)) {
            errno = ENOTDIR;
            ok = fail(x, copy, "use as a folder");
        }
        *slash = '/';
    }
    free(copy);
    return ok;
}

static bool write_symlink(struct extraction *x, sqfs_inode *inode, const char *path)
{
    size_t size = 0;
    if (sqfs_readlink(x->fs, inode, NULL, &size) != SQFS_OK) {
        errno = EIO;
        return fail(x, path, "read the symlink");
    }
    char *target = malloc(size);
    bool ok = target && sqfs_readlink(x->fs, inode, target, &size) == SQFS_OK;
    if (!ok) {
        errno = target ? EIO : ENOMEM;
        ok = fail(x, path, "read the symlink");
    } else {
        ok = clear_place(x, path, false)
             && (symlinkat(target, x->root, path) == 0 || fail(x, path, "create the symlink"));
    }
    free(target);
    return ok;
}

static bool write_all(int fd, const char *data, size_t size)
{
    while (size > 0) {
        ssize_t written = write(fd, data, size);
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        data += written;
        size -= (size_t)written;
    }
    return true;
}

static bool write_file(struct extraction *x, sqfs_inode *inode, const char *path, mode_t mode)
{
    if (!clear_place(x, path, false)) {
        return false;
    }
    /* O_EXCL and O_NOFOLLOW: the file is new, written where we made room, not through a link. */
    int fd = openat(x->root, path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                    S_IRUSR | S_IWUSR);
    if (fd < 0) {
        return fail(x, path, "create");
    }
    enum { chunk = 1 << 20 };
    char *buffer = malloc(chunk);
    bool ok = buffer != NULL;
    const sqfs_off_t size = (sqfs_off_t)inode->xtra.reg.file_size;
    for (sqfs_off_t done = 0; ok && done < size;) {
        sqfs_off_t length = size - done < chunk ? size - done : chunk;
        if (sqfs_read_range(x->fs, inode, done, &length, buffer) != SQFS_OK || length <= 0) {
            errno = EIO;
            ok = false;
        } else {
            ok = write_all(fd, buffer, (size_t)length);
            done += length;
        }
    }
    free(buffer);
    if (!ok) {
        fail(x, path, "write");
    } else if (fchmod(fd, mode) != 0) {
        ok = fail(x, path, "set the permissions of");
    }
    if (close(fd) != 0 && ok) {
        ok = fail(x, path, "write");
    }
    return ok;
}

static bool write_entry(struct extraction *x, sqfs_inode *inode, const char *path)
{
    mode_t mode = inode->base.mode & KEPT_PERMISSIONS;
    if (S_ISDIR(inode->base.mode)) {
        return make_folder(x, path, mode);
    }
    if (S_ISLNK(inode->base.mode)) {
        return write_symlink(x, inode, path);
    }
    if (S_ISREG(inode->base.mode)) {
        return write_file(x, inode, path, mode);
    }
    if (S_ISFIFO(inode->base.mode)) {
        return clear_place(x, path, false)
               && (mkfifoat(x->root, path, mode) == 0 || fail(x, path, "create the FIFO"));
    }
    /* Devices and sockets: an AppDir has none, and an unprivileged user could not make them. */
    fprintf(stderr, "%s: skipped %s (a device or socket)\n", x->image, path);
    return true;
}

static bool traverse(struct extraction *x, const char *destination, const char *pattern,
                     bool verbose)
{
    sqfs_traverse walk;
    if (sqfs_traverse_open(&walk, x->fs, sqfs_inode_root(x->fs)) != SQFS_OK) {
        errno = EIO;
        return fail(x, "/", "read the root folder");
    }
    bool ok = true;
    sqfs_err error = SQFS_OK;
    while (ok && sqfs_traverse_next(&walk, &error)) {
        if (walk.dir_end) {
            continue;
        }
        if (!safe_name(sqfs_dentry_name(&walk.entry))) {
            fprintf(stderr, "%s: refusing the entry \"%s\": a name that leaves its folder\n",
                    x->image, walk.path);
            ok = false;
            break;
        }
        /* As with AppImage's reference runtime, a pattern naming a folder takes its contents. */
        if (pattern && fnmatch(pattern, walk.path, FNM_PATHNAME | FNM_LEADING_DIR) != 0) {
            continue;
        }
        sqfs_inode inode;
        if (sqfs_inode_get(x->fs, &inode, sqfs_dentry_inode(&walk.entry)) != SQFS_OK) {
            errno = EIO;
            ok = fail(x, walk.path, "read the entry");
            break;
        }
        if (verbose) {
            printf("%s/%s\n", destination, walk.path);
        }
        ok = (!pattern || make_parents(x, walk.path)) && write_entry(x, &inode, walk.path);
    }
    if (ok && error != SQFS_OK) {
        errno = EIO;
        ok = fail(x, destination, "read the image's tree for");
    }
    sqfs_traverse_close(&walk);
    return ok;
}

bool image_extract(const char *path, long long offset, const char *destination, const char *pattern,
                   bool verbose)
{
    sqfs fs;
    if (!image_open(&fs, path, offset)) {
        return false;
    }
    struct extraction x = {.fs = &fs, .root = -1, .image = path};
    bool ok = (mkdir(destination, 0755) == 0 || errno == EEXIST)
              && (x.root = open(destination, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0;
    if (!ok) {
        fail(&x, destination, "create the folder");
    } else {
        ok = traverse(&x, destination, pattern, verbose);
    }
    /* The deepest folders last in the list come first, so each still lets us in. */
    for (size_t index = x.late_count; index-- > 0;) {
        if (ok && fchmodat(x.root, x.late[index].path, x.late[index].mode, 0) != 0) {
            ok = fail(&x, x.late[index].path, "set the permissions of");
        }
        free(x.late[index].path);
    }
    free(x.late);
    if (x.root >= 0) {
        close(x.root);
    }
    image_close(&fs);
    return ok;
}

/* Below `parent`, removes `name` and, for a folder, what it holds; it stays on the file system
 * of `device`, so that nothing mounted inside (which rmdir would refuse anyway) is emptied. */
static bool remove_entry(int parent, const char *name, dev_t device)
{
    struct stat entry;
    if (fstatat(parent, name, &entry, AT_SYMLINK_NOFOLLOW) != 0) {
        return errno == ENOENT;
    }
    if (!S_ISDIR(entry.st_mode)) {
        return unlinkat(parent, name, 0) == 0 || errno == ENOENT;
    }
    if (entry.st_dev != device) {
        return false;
    }
    /* A folder we may not write to or read keeps its entries from us; we own it, so open it
     * up first (root needs no such help). */
    if ((entry.st_mode & S_IRWXU) != S_IRWXU) {
        fchmodat(parent, name, S_IRWXU, 0);
    }
    int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *folder = fd >= 0 ? fdopendir(fd) : NULL;
    if (!folder) {
        if (fd >= 0) {
            close(fd);
        }
        return false;
    }
    bool ok = true;
    for (struct dirent *child; (child = readdir(folder)) != NULL;) {
        if (strcmp(child->d_name, ".") != 0 && strcmp(child->d_name, "..") != 0) {
            ok = remove_entry(dirfd(folder), child->d_name, device) && ok;
        }
    }
    closedir(folder);
    return unlinkat(parent, name, AT_REMOVEDIR) == 0 && ok;
}

bool remove_tree(const char *path)
{
    struct stat top;
    if (lstat(path, &top) != 0) {
        return errno == ENOENT;
    }
    if (!remove_entry(AT_FDCWD, path, top.st_dev)) {
        fprintf(stderr, "appimage runtime: could not remove all of %s\n", path);
        return false;
    }
    return true;
}
