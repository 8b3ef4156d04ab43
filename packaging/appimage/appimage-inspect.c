/* SPDX-License-Identifier: Apache-2.0 */
/*
 * For the packaging test: what libappimage, a reader of AppImages written independently of
 * our runtime and pack script, makes of an AppImage. A C program rather than Python's ctypes,
 * so the test needs no Python and the compiler checks the calls against libappimage's header.
 * Prints, one per line:
 *   type <n>       appimage_get_type(): 2 for a type 2 AppImage, -1 for none
 *   offset <n>     appimage_get_payload_offset(): where it finds the squashfs image
 *   file <path>    each entry of appimage_list_files()
 * Usage: lcb-appimage-inspect FILE
 */
#include <appimage/appimage.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    if (argc != 2) {
        fprintf(stderr, "Usage: %s FILE\n", argv[0]);
        return 2;
    }
    const char *path = argv[1];
    int type = appimage_get_type(path, false);
    printf("type %d\n", type);
    printf("offset %lld\n", (long long)appimage_get_payload_offset(path));
    if (type != 2) {
        return 1;
    }
    char **files = appimage_list_files(path);
    if (!files) {
        return 1;
    }
    for (char **file = files; *file; ++file) {
        printf("file %s\n", *file);
    }
    appimage_string_list_free(files);
    return 0;
}
