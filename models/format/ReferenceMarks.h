// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "format/ReferenceIndex.h"

#include <QString>

#include <vector>

namespace lance::format {

/// A number for each path and fragment of a ReferenceIndex, given by the versions of a set
/// that name it: the highest value marked (a version number, or 1 for "named"); 0 for none.
/// What a table's health and a cleanup's plan ask of the versions they keep or remove: whether
/// a file of the folder is needed, and by which version last. Pure: any thread.
class ReferenceMarks
{
public:
    explicit ReferenceMarks(const ReferenceIndex &index);

    /// Marks what `version` names with `value` where that is higher: its manifest, its
    /// transaction file, its indexes' folders and its fragments.
    void mark(const ReferenceIndex::Version &version, qint64 value);
    /// Gives each marked fragment's files the fragment's mark; after the last mark(), before
    /// ofPath() and of().
    void finish();

    qint64 ofPath(quint32 id) const { return m_paths[id]; }
    qint64 ofFragment(quint32 entry) const { return m_fragments[entry]; }
    /// The mark of `path` (relative to the table's folder), else of the index folder it is in;
    /// 0 when neither is marked.
    qint64 of(const QString &path) const;

private:
    const ReferenceIndex &m_index;
    std::vector<qint64> m_paths;
    std::vector<qint64> m_fragments;
};

} // namespace lance::format
