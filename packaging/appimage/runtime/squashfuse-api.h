/* SPDX-License-Identifier: Apache-2.0 */
/*
 * squashfuse's installed headers, included the one way that builds cleanly here. Its config.h
 * defines _POSIX_C_SOURCE (200112L) unconditionally; our files are compiled with _GNU_SOURCE,
 * for which glibc has already defined it (200809L) once any system header was read, and a
 * second, different definition is a warning, an error under -Werror. glibc evaluates the
 * feature macros once, when its first header is read, so dropping its value here changes
 * nothing but the warning.
 *
 * The headers declare what the runtime uses: sqfs_ll_open() and the low-level FUSE operations
 * (ll.h), the traversal and file reading of the extraction (squashfuse.h). Debian does not
 * install squashfuse's private fuseprivate.h, and nothing from it is needed.
 */
#ifndef LCB_APPIMAGE_SQUASHFUSE_API_H
#define LCB_APPIMAGE_SQUASHFUSE_API_H

#undef _POSIX_C_SOURCE
#include <squashfuse/ll.h>
#include <squashfuse/squashfuse.h>

#endif
