/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Debian's static libsquashfuse is built with every squashfs compression, LZO included, so it
 * references liblzo2's decompressor. liblzo2 is GPL-2.0-or-later: linked statically into the
 * runtime, it would put the runtime, which is at the front of every AppImage we ship, under
 * the GPL. Our images use zstd, so this stand-in satisfies the reference and refuses to
 * decompress; image_compression_supported() turns LZO images away before any read gets here.
 */
/* liblzo2's prototype, with its typedefs spelled out (lzo_uint is an unsigned long on the
 * platforms Debian builds for); -1 is LZO_E_ERROR. */
int lzo1x_decompress_safe(const unsigned char *source, unsigned long source_size,
                          unsigned char *target, unsigned long *target_size, void *work);

int lzo1x_decompress_safe(const unsigned char *source, unsigned long source_size,
                          unsigned char *target, unsigned long *target_size, void *work)
{
    (void)source;
    (void)source_size;
    (void)target;
    (void)work;
    *target_size = 0;
    return -1;
}
