// SPDX-License-Identifier: Apache-2.0
#include "rows/RowChanges.h"

#include "rows/VersionRows.h"

#include <QHash>

#include <algorithm>

namespace lance::rows {

namespace {

using Fragment = format::ManifestContents::Fragment;

// Whether two fragments of one id hold the same rows: they share a data file. Adding or
// dropping a column keeps the fragment's files (and adds one); an overwrite writes new files
// under ids that start again at 0.
bool sameRows(const Fragment &one, const Fragment &other)
{
    for (const auto &file : one.files) {
        for (const auto &otherFile : other.files) {
            if (file.path == otherFile.path && file.baseId == otherFile.baseId) {
                return true;
            }
        }
    }
    return false;
}

// Adds to `side` the rows of `fragment` among [0, physical) that `keep` says are there.
template <typename Keep>
void addRows(RowChanges::Side &side, const Fragment &fragment, qsizetype sampleSize, Keep keep)
{
    for (quint64 offset = 0; offset < fragment.physicalRows; ++offset) {
        if (!keep(quint32(offset))) {
            continue;
        }
        ++side.rows;
        if (side.sample.size() < sampleSize) {
            side.sample.append((fragment.id << 32) | offset);
        }
    }
}

} // namespace

api::Result<RowChanges> RowChanges::compute(const Version &from, const Version &to,
                                            qsizetype sampleSize,
                                            const storage::CallControl &control)
{
    const auto deleted
        = [&](const Version &version, const Fragment &fragment) -> api::Result<QList<quint32>> {
        return VersionRows::deletedRows(version.store, version.prefix, version.manifest,
                                        version.place, fragment, control);
    };
    QHash<quint64, const Fragment *> inTo;
    for (const Fragment &fragment : to.manifest.fragments) {
        inTo.insert(fragment.id, &fragment);
    }
    QHash<quint64, const Fragment *> inFrom;
    for (const Fragment &fragment : from.manifest.fragments) {
        inFrom.insert(fragment.id, &fragment);
    }
    RowChanges out;
    // Each side in fragment order, so that its sample is its first rows.
    const auto sideOf = [&](const Version &version, const QHash<quint64, const Fragment *> &other,
                            const Version &otherVersion, Side &side) -> api::Result<void> {
        for (const Fragment &fragment : version.manifest.fragments) {
            const Fragment *there = other.value(fragment.id);
            if (there && !sameRows(fragment, *there)) {
                there = nullptr; // an id reused for other rows (an overwrite starts again at 0)
            }
            if (there && there->deletion == fragment.deletion) {
                continue; // the same rows
            }
            auto gone = deleted(version, fragment);
            if (!gone) {
                return gone.error();
            }
            if (!there) {
                addRows(side, fragment, sampleSize, [&](quint32 offset) {
                    return !std::binary_search(gone->cbegin(), gone->cend(), offset);
                });
                continue;
            }
            auto goneThere = deleted(otherVersion, *there);
            if (!goneThere) {
                return goneThere.error();
            }
            // Here and not there: not deleted here, deleted there.
            addRows(side, fragment, sampleSize, [&](quint32 offset) {
                return !std::binary_search(gone->cbegin(), gone->cend(), offset)
                       && std::binary_search(goneThere->cbegin(), goneThere->cend(), offset);
            });
        }
        return {};
    };
    auto fromSide = sideOf(from, inTo, to, out.onlyInFrom);
    if (!fromSide) {
        return fromSide.error();
    }
    auto toSide = sideOf(to, inFrom, from, out.onlyInTo);
    if (!toSide) {
        return toSide.error();
    }
    return out;
}

} // namespace lance::rows
