// SPDX-License-Identifier: Apache-2.0
#include "rows/RowChanges.h"

#include "rows/VersionRows.h"

#include <QHash>
#include <QSet>

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

// Whether every fragment of `manifest` has stable row ids (an empty version has none to
// disagree with).
bool stableIds(const format::ManifestContents &manifest)
{
    return std::all_of(manifest.fragments.cbegin(), manifest.fragments.cend(),
                       [](const Fragment &fragment) { return fragment.hasRowIds; });
}

} // namespace

api::Result<QList<RowChanges::IdentifiedRow>>
RowChanges::identifiedRows(const Version &version, const Fragment &fragment,
                           const QList<quint32> &deleted, const storage::CallControl &control)
{
    auto ids = VersionRows::rowIds(version.store, version.prefix, version.manifest, version.place,
                                   fragment, control);
    if (!ids) {
        return ids.error();
    }
    QList<IdentifiedRow> out;
    out.reserve(std::max<qsizetype>(0, ids->size() - deleted.size()));
    for (qsizetype offset = 0; offset < ids->size(); ++offset) {
        if (!std::binary_search(deleted.cbegin(), deleted.cend(), quint32(offset))) {
            out.append({ids->at(offset), (fragment.id << 32) | quint64(offset)});
        }
    }
    return out;
}

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
    const bool byId = stableIds(from.manifest) && stableIds(to.manifest)
                      && !(from.manifest.fragments.isEmpty() && to.manifest.fragments.isEmpty());
    if (byId) {
        // A row keeps its stable id wherever an update or compaction moves it, and an id names
        // one row of a version: the rows of a fragment both versions list unchanged are in
        // both, so only the other fragments' rows are read and matched by id.
        const auto rowsOf
            = [&](const Version &version, const QHash<quint64, const Fragment *> &other)
            -> api::Result<QList<IdentifiedRow>> {
            QList<IdentifiedRow> rows;
            for (const Fragment &fragment : version.manifest.fragments) {
                const Fragment *there = other.value(fragment.id);
                if (there && sameRows(fragment, *there) && there->deletion == fragment.deletion) {
                    continue;
                }
                auto gone = deleted(version, fragment);
                if (!gone) {
                    return gone.error();
                }
                auto live = identifiedRows(version, fragment, *gone, control);
                if (!live) {
                    return live.error();
                }
                rows.append(*live);
            }
            return rows;
        };
        auto fromRows = rowsOf(from, inTo);
        if (!fromRows) {
            return fromRows.error();
        }
        auto toRows = rowsOf(to, inFrom);
        if (!toRows) {
            return toRows.error();
        }
        const auto side
            = [&](const QList<IdentifiedRow> &here, const QList<IdentifiedRow> &there, Side &into) {
                  QSet<quint64> ids;
                  ids.reserve(there.size());
                  for (const IdentifiedRow &row : there) {
                      ids.insert(row.id);
                  }
                  for (const IdentifiedRow &row : here) {
                      if (!ids.contains(row.id)) {
                          ++into.rows;
                          if (into.sample.size() < sampleSize) {
                              into.sample.append(row.address);
                          }
                      }
                  }
              };
        side(*fromRows, *toRows, out.onlyInFrom);
        side(*toRows, *fromRows, out.onlyInTo);
        out.byStableId = true;
        return out;
    }
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
