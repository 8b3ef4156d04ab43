// SPDX-License-Identifier: Apache-2.0
#include "PageCache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <fcntl.h>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace lance::bench {

void PageCache::evict(const QString &folder)
{
    const int dir = ::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY);
    if (dir < 0 || ::syncfs(dir) != 0) {
        throw std::runtime_error("cannot sync " + folder.toStdString());
    }
    ::close(dir);
    for (const QString &name : QDir(folder).entryList(QDir::Files)) {
        const int fd = ::open(QFile::encodeName(folder + u'/' + name).constData(), O_RDONLY);
        if (fd >= 0) {
            ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
            ::close(fd);
        }
    }
}

double PageCache::residentShare(const QString &folder)
{
    const long pageSize = sysconf(_SC_PAGESIZE);
    qint64 pages = 0;
    qint64 resident = 0;
    for (const QFileInfo &entry : QDir(folder).entryInfoList(QDir::Files)) {
        const int fd = ::open(QFile::encodeName(entry.filePath()).constData(), O_RDONLY);
        if (fd < 0 || entry.size() == 0) {
            if (fd >= 0) {
                ::close(fd);
            }
            continue;
        }
        const auto length = size_t(entry.size());
        void *mapped = ::mmap(nullptr, length, PROT_READ, MAP_SHARED, fd, 0);
        ::close(fd);
        if (mapped == MAP_FAILED) {
            continue;
        }
        std::vector<unsigned char> states((length + size_t(pageSize) - 1) / size_t(pageSize));
        if (::mincore(mapped, length, states.data()) == 0) {
            pages += qint64(states.size());
            resident += std::count_if(states.begin(), states.end(),
                                      [](unsigned char state) { return (state & 1) != 0; });
        }
        ::munmap(mapped, length);
    }
    return pages > 0 ? double(resident) / double(pages) : 0;
}

} // namespace lance::bench
