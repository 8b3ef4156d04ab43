/* SPDX-License-Identifier: Apache-2.0 */
/* Opening the appended squashfs image, shared by the mount and the extraction. */
#include "runtime.h"
#include "squashfuse-api.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

bool image_compression_supported(sqfs *fs, const char *path)
{
    /* Debian's libsquashfuse is built with LZO, whose library is GPL-2+; this runtime links a
     * stand-in instead (lzo-refusal.c). Say so plainly here rather than let every read fail
     * with an I/O error later. Our own images use zstd. */
    if (sqfs_compression(fs) == LZO_COMPRESSION) {
        fprintf(stderr,
                "%s: the image is LZO-compressed, which this runtime does not read "
                "(it reads zstd, xz, lzma, lz4 and gzip images)\n",
                path);
        return false;
    }
    return true;
}

bool image_open(sqfs *fs, const char *path, long long offset)
{
    /* sqfs_open_image() prints what is wrong with an image it cannot open. */
    if (sqfs_open_image(fs, path, (size_t)offset) != SQFS_OK) {
        fprintf(stderr, "%s: no squashfs image at offset %lld\n", path, offset);
        return false;
    }
    /* The application started later must not inherit the image's descriptor. */
    fcntl(fs->fd, F_SETFD, FD_CLOEXEC);
    if (!image_compression_supported(fs, path)) {
        image_close(fs);
        return false;
    }
    return true;
}

void image_close(sqfs *fs)
{
    /* sqfs_destroy() frees the caches and tables but leaves the descriptor open. */
    sqfs_destroy(fs);
    close(fs->fd);
}
