/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The command line of the runtime. Only a first argument starting with --appimage- is ours
 * (an unknown one is refused: the prefix is reserved for the runtime); every other argument
 * goes to AppRun unchanged. The application sees, beside its own environment:
 *   APPIMAGE  the AppImage's absolute path     ARGV0  argv[0] as the AppImage was invoked
 *   APPDIR    the mounted or extracted image   OWD    the working folder at start
 * and runs in the working folder it was started in.
 */
#include "runtime.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(const char *argv0)
{
    printf("Usage: %s [--appimage-OPTION | ARGUMENTS FOR THE APPLICATION...]\n"
           "\n"
           "Runs the application inside this AppImage: its image is mounted with FUSE (or,\n"
           "without FUSE, unpacked into a temporary folder), AppRun is started with the\n"
           "arguments, and the image goes away again when it ends.\n"
           "\n"
           "  --appimage-extract [PATTERN]  unpack the image into ./squashfs-root (only the\n"
           "                                paths matching the shell PATTERN, and whatever is\n"
           "                                below a matching folder)\n"
           "  --appimage-extract-and-run [ARGUMENTS...]\n"
           "                                run without FUSE: unpack into a temporary folder,\n"
           "                                run, remove it (APPIMAGE_EXTRACT_AND_RUN=1 does the\n"
           "                                same)\n"
           "  --appimage-offset             print where the image starts in this file\n"
           "  --appimage-help               print this help\n",
           argv0);
}

/* /proc/self/exe names the file being run, whatever argv[0] says (a symlink, a name found
 * through PATH, or anything the caller chose). */
static bool own_path(char *path, size_t size)
{
    ssize_t length = readlink("/proc/self/exe", path, size - 1);
    if (length <= 0) {
        perror("appimage runtime: /proc/self/exe");
        return false;
    }
    path[length] = '\0';
    return true;
}

static bool extract_and_run_asked(void)
{
    const char *value = getenv("APPIMAGE_EXTRACT_AND_RUN");
    return value && *value && strcmp(value, "0") != 0;
}

/* "$TMPDIR/<prefix><up to 8 letters of the AppImage's name>XXXXXX", for mkdtemp(). */
static bool temporary_template(char *out, size_t size, const char *prefix, const char *image)
{
    const char *base = getenv("TMPDIR");
    if (!base || !*base) {
        base = "/tmp";
    }
    const char *name = strrchr(image, '/') ? strrchr(image, '/') + 1 : image;
    char tag[9];
    size_t used = 0;
    for (; *name && used < sizeof tag - 1; ++name) {
        /* Letters and digits only: the folder shows up in paths, mounts and process lists. */
        if ((*name >= 'a' && *name <= 'z') || (*name >= 'A' && *name <= 'Z')
            || (*name >= '0' && *name <= '9')) {
            tag[used++] = *name;
        }
    }
    tag[used] = '\0';
    int length = snprintf(out, size, "%s/%s%sXXXXXX", base, prefix, tag);
    if (length < 0 || (size_t)length >= size) {
        fprintf(stderr, "appimage runtime: TMPDIR is too long a path: %s\n", base);
        return false;
    }
    return true;
}

static bool set_environment(const char *image, const char *argv0, const char *appdir)
{
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) {
        perror("appimage runtime: the working folder");
        return false;
    }
    return setenv("APPIMAGE", image, 1) == 0 && setenv("ARGV0", argv0, 1) == 0
           && setenv("APPDIR", appdir, 1) == 0 && setenv("OWD", cwd, 1) == 0;
}

/* AppRun's argument list: its own path, then the arguments given to the AppImage. */
static char **apprun_arguments(const char *apprun, int argc, char *argv[], int first)
{
    char **arguments = calloc((size_t)(argc - first + 2), sizeof *arguments);
    if (!arguments) {
        return NULL;
    }
    arguments[0] = (char *)apprun;
    for (int index = first; index < argc; ++index) {
        arguments[index - first + 1] = argv[index];
    }
    return arguments;
}

static int run(const char *image, long long offset, int argc, char *argv[], int first, bool extract)
{
    /* Before any thread starts, so that the FUSE thread never takes a signal meant for the
     * application; a signal arriving while we prepare waits, and then goes to the child. */
    sigset_t child_mask;
    supervise_block_signals(&child_mask);

    char folder[PATH_MAX];
    if (!temporary_template(folder, sizeof folder, extract ? ".extracted_" : ".mount_", image)) {
        return RUNTIME_FAILURE;
    }
    if (!mkdtemp(folder)) {
        fprintf(stderr, "appimage runtime: cannot create %s: %s\n", folder, strerror(errno));
        return RUNTIME_FAILURE;
    }
    char apprun[PATH_MAX + sizeof "/AppRun"];
    snprintf(apprun, sizeof apprun, "%s/AppRun", folder);
    char **arguments = apprun_arguments(apprun, argc, argv, first);
    struct mounted_image *mounted = NULL;
    bool ready = arguments && set_environment(image, argv[0], folder);
    if (ready && extract) {
        ready = image_extract(image, offset, folder, NULL, false);
    } else if (ready) {
        ready = (mounted = image_mount(image, offset, folder)) != NULL;
    }
    int status = ready ? supervise_run(apprun, arguments, &child_mask) : RUNTIME_FAILURE;
    if (mounted) {
        image_unmount(mounted);
    }
    if (extract) {
        remove_tree(folder);
    } else if (rmdir(folder) != 0) {
        fprintf(stderr, "appimage runtime: cannot remove %s: %s\n", folder, strerror(errno));
    }
    free(arguments);
    return status;
}

int main(int argc, char *argv[])
{
    /* Every exec passes argv[0]; a caller that did not has not started an application. */
    if (argc < 1 || !argv[0]) {
        fputs("appimage runtime: started without argv[0]\n", stderr);
        return RUNTIME_FAILURE;
    }
    const char *argv0 = argv[0];
    const char *option = argc > 1 ? argv[1] : "";
    if (strcmp(option, "--appimage-help") == 0) {
        usage(argv0);
        return 0;
    }
    bool ours = strncmp(option, "--appimage-", strlen("--appimage-")) == 0;
    if (ours && strcmp(option, "--appimage-offset") != 0
        && strcmp(option, "--appimage-extract") != 0
        && strcmp(option, "--appimage-extract-and-run") != 0) {
        fprintf(stderr, "%s: unknown runtime option %s (see --appimage-help)\n", argv0, option);
        return RUNTIME_FAILURE;
    }

    char image[PATH_MAX];
    if (!own_path(image, sizeof image)) {
        return RUNTIME_FAILURE;
    }
    long long offset = payload_offset(image);
    if (offset < 0) {
        return RUNTIME_FAILURE;
    }
    if (strcmp(option, "--appimage-offset") == 0) {
        printf("%lld\n", offset);
        return 0;
    }
    if (strcmp(option, "--appimage-extract") == 0) {
        const char *pattern = argc > 2 ? argv[2] : NULL;
        return image_extract(image, offset, "squashfs-root", pattern, true) ? 0 : RUNTIME_FAILURE;
    }
    /* The one option left is --appimage-extract-and-run, which AppRun does not get. */
    return run(image, offset, argc, argv, ours ? 2 : 1, ours || extract_and_run_asked());
}
