/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The AppImage runtime: the ELF program at the front of an AppImage. It finds the squashfs image
 * appended to itself, makes it visible as a folder (a FUSE mount, or an extracted copy) and runs
 * the AppRun inside as its child, passing signals on, until the child ends; then it removes the
 * folder again. One idea per file:
 *
 *   main.c        the command line (--appimage-*), the child's environment, the two run modes
 *   payload.c     where the image starts: the end of this ELF file
 *   image.c       opening the image with squashfuse, and the compressions it refuses
 *   mount.c       the FUSE mount: squashfuse's low-level operations on a libfuse3 session
 *   extract.c     --appimage-extract, and removing an extracted tree afterwards
 *   supervise.c   the child: start it, pass signals on, wait, report its status
 *   lzo-refusal.c what stands in for the LZO decompressor (and why)
 */
#ifndef LCB_APPIMAGE_RUNTIME_H
#define LCB_APPIMAGE_RUNTIME_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

/* The exit status when the runtime itself could not start the application, as a shell says
 * 127 for a command it could not run: distinct from the statuses the programs inside use. */
#define RUNTIME_FAILURE 127

struct sqfs;
struct mounted_image;

/* payload.c: the offset of the squashfs image in `path`, the end of its ELF part; -1 (after a
 * message) if `path` is not an ELF file this runtime understands. */
long long payload_offset(const char *path);

/* image.c: opens the squashfs image at `offset` of `path` into `fs`; false after a message. */
bool image_open(struct sqfs *fs, const char *path, long long offset);

/* image.c: releases what image_open() opened. */
void image_close(struct sqfs *fs);

/* image.c: false, after a message, when the image uses a compression this runtime refuses. */
bool image_compression_supported(struct sqfs *fs, const char *path);

/* mount.c: mounts the image at `mountpoint` (an empty folder) and serves it from a thread of
 * this process; NULL after a message when FUSE is unavailable or the mount is refused. */
struct mounted_image *image_mount(const char *path, long long offset, const char *mountpoint);

/* mount.c: unmounts, stops the serving thread and releases the image. */
void image_unmount(struct mounted_image *mounted);

/* extract.c: writes the files of the image whose paths match `pattern` (all if NULL) below
 * `destination`, keeping symlinks and permissions; `verbose` prints each path. */
bool image_extract(const char *path, long long offset, const char *destination, const char *pattern,
                   bool verbose);

/* extract.c: removes the folder `path` and everything below it, whatever the permissions. */
bool remove_tree(const char *path);

/* supervise.c: blocks the signals passed on to the child, and SIGCHLD, in the calling thread
 * (and so in threads it starts later); `previous` receives the mask to give the child. */
void supervise_block_signals(sigset_t *previous);

/* supervise.c: runs `program` with `argv` as a child with the signal mask `child_mask`, passes
 * the forwarded signals on to it until it ends, and returns the status to exit with: its own,
 * or 128 + the signal that ended it. */
int supervise_run(const char *program, char *const argv[], const sigset_t *child_mask);

#endif
