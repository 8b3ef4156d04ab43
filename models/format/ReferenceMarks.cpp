// SPDX-License-Identifier: Apache-2.0
#include "format/ReferenceMarks.h"

#include "format/ManifestReferences.h"

#include <algorithm>

namespace lance::format {

ReferenceMarks::ReferenceMarks(const ReferenceIndex &index)
    : m_index(index)
    , m_paths(size_t(index.pathCount()), 0)
    , m_fragments(size_t(index.fragmentCount()), 0)
{}

void ReferenceMarks::mark(const ReferenceIndex::Version &version, qint64 value)
{
    for (const QList<quint32> *paths : {&version.files, &version.indexFolders}) {
        for (const quint32 path : *paths) {
            m_paths[path] = std::max(m_paths[path], value);
        }
    }
    for (const quint32 entry : version.fragments) {
        m_fragments[entry] = std::max(m_fragments[entry], value);
    }
}

void ReferenceMarks::finish()
{
    for (size_t entry = 0; entry < m_fragments.size(); ++entry) {
        const qint64 value = m_fragments[entry];
        if (value == 0) {
            continue;
        }
        for (const quint32 path : m_index.fragment(quint32(entry)).files) {
            m_paths[path] = std::max(m_paths[path], value);
        }
    }
}

qint64 ReferenceMarks::of(const QString &path) const
{
    if (const auto id = m_index.pathId(path); id && m_paths[*id] != 0) {
        return m_paths[*id];
    }
    const QString folder = ManifestReferences::indexFolderOf(path);
    if (folder.isEmpty()) {
        return 0;
    }
    const auto id = m_index.pathId(folder);
    return id ? m_paths[*id] : 0;
}

} // namespace lance::format
