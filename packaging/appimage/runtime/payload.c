/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Where the squashfs image starts. The AppImage format does not record it: by convention the
 * image follows the ELF runtime directly, so its offset is where the ELF file's contents end,
 * the later of the end of the section header table and the end of the last section that takes
 * room in the file. libappimage computes it the same way, so tools that read an AppImage
 * without running it agree with us. Only the runtime's own word size and byte order are
 * understood: it reads the file it was linked into.
 */
#include "runtime.h"

#include <elf.h>
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if UINTPTR_MAX == UINT64_MAX
typedef Elf64_Ehdr Ehdr;
typedef Elf64_Shdr Shdr;
#define RUNTIME_ELF_CLASS ELFCLASS64
#else
typedef Elf32_Ehdr Ehdr;
typedef Elf32_Shdr Shdr;
#define RUNTIME_ELF_CLASS ELFCLASS32
#endif

#if __BYTE_ORDER == __LITTLE_ENDIAN
#define RUNTIME_ELF_DATA ELFDATA2LSB
#else
#define RUNTIME_ELF_DATA ELFDATA2MSB
#endif

static bool read_exactly(int fd, void *buffer, size_t size, off_t offset)
{
    ssize_t got = pread(fd, buffer, size, offset);
    return got >= 0 && (size_t)got == size;
}

static long long elf_end(int fd, const char *path)
{
    Ehdr header;
    if (!read_exactly(fd, &header, sizeof header, 0)
        || memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) {
        fprintf(stderr, "%s: not an ELF file, so not an AppImage\n", path);
        return -1;
    }
    if (header.e_ident[EI_CLASS] != RUNTIME_ELF_CLASS || header.e_ident[EI_DATA] != RUNTIME_ELF_DATA
        || header.e_shentsize != sizeof(Shdr)) {
        fprintf(stderr, "%s: an ELF file of another architecture than this runtime's\n", path);
        return -1;
    }
    long long end = (long long)header.e_shoff + (long long)header.e_shnum * header.e_shentsize;
    for (unsigned index = 0; index < header.e_shnum; ++index) {
        Shdr section;
        off_t at = (off_t)header.e_shoff + (off_t)index * (off_t)header.e_shentsize;
        if (!read_exactly(fd, &section, sizeof section, at)) {
            fprintf(stderr, "%s: its ELF section table is cut short\n", path);
            return -1;
        }
        /* NOBITS sections (.bss) take room in memory, not in the file. */
        if (section.sh_type != SHT_NOBITS) {
            long long section_end = (long long)section.sh_offset + (long long)section.sh_size;
            if (section_end > end) {
                end = section_end;
            }
        }
    }
    return end;
}

long long payload_offset(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    long long end = elf_end(fd, path);
    close(fd);
    return end;
}
