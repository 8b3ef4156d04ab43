// SPDX-License-Identifier: Apache-2.0
#include "rows/RowsOnlyIn.h"

#include "format/ManifestReferences.h"
#include "rows/VersionRows.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace lance::rows {

namespace {

using OnlyFragment = format::ManifestContents::Fragment;
using OnlyVersion = RowChanges::Version;

// Groups the fragments of many versions by the data they hold: fragments that share a data
// file (across versions, one fragment keeps its files while columns are added or dropped) are
// one group. A union-find over the files' names, which Lance never reuses.
class FragmentGroups
{
public:
    void add(const OnlyFragment &fragment)
    {
        QString first;
        for (const auto &file : fragment.files) {
            const QString name = nameOf(file);
            if (!m_parent.contains(name)) {
                m_parent.insert(name, name);
            }
            if (first.isEmpty()) {
                first = name;
            } else {
                unite(first, name);
            }
        }
    }

    // The group of `fragment` (added before); a fragment without files is a group of its own.
    QString of(const OnlyFragment &fragment)
    {
        if (fragment.files.isEmpty()) {
            return u"#%1"_s.arg(fragment.id);
        }
        return find(nameOf(fragment.files.front()));
    }

private:
    static QString nameOf(const format::ManifestContents::DataFile &file)
    {
        return QString::number(file.baseId.value_or(0)) + (file.baseId ? u":"_s : u"-"_s)
               + file.path;
    }

    QString find(QString name)
    {
        while (m_parent.value(name) != name) {
            const QString up = m_parent.value(name);
            m_parent[name] = m_parent.value(up); // halve the path on the way
            name = up;
        }
        return name;
    }

    void unite(const QString &one, const QString &other)
    {
        const QString a = find(one);
        const QString b = find(other);
        if (a != b) {
            m_parent[b] = a;
        }
    }

    QHash<QString, QString> m_parent;
};

// Reads each deletion file once: versions that share a fragment share its deletion file.
class DeletionCache
{
public:
    explicit DeletionCache(const storage::CallControl &control)
        : m_control(control)
    {}

    api::Result<const QList<quint32> *> of(const OnlyVersion &version, const OnlyFragment &fragment)
    {
        const QString key
            = fragment.deletion
                  ? format::ManifestReferences::deletionFileName(fragment.id, *fragment.deletion)
                        + QString::number(fragment.deletion->baseId.value_or(~0u))
                  : QString();
        if (!m_read.contains(key)) {
            auto read = VersionRows::deletedRows(version.store, version.prefix, version.manifest,
                                                 version.place, fragment, m_control);
            if (!read) {
                return read.error();
            }
            m_read.insert(key, std::move(*read));
        }
        return &*m_read.constFind(key);
    }

private:
    const storage::CallControl &m_control;
    QHash<QString, QList<quint32>> m_read;
};

// One state of a group of fragments in the leaving versions: the rows its deletion file
// leaves, and where to read them.
struct LeavingState
{
    const QList<quint32> *deleted = nullptr;
    qsizetype version = 0;
    quint64 fragmentId = 0;
};

struct Group
{
    quint64 physicalRows = 0;
    QList<LeavingState> leaving;
    // The offsets deleted in every staying state of the group; nothing: no staying version
    // holds the group.
    std::optional<QList<quint32>> deletedWhereStaying;
};

QList<quint32> intersect(const QList<quint32> &one, const QList<quint32> &other)
{
    QList<quint32> out;
    std::set_intersection(one.cbegin(), one.cend(), other.cbegin(), other.cend(),
                          std::back_inserter(out));
    return out;
}

bool stableIds(const std::vector<OnlyVersion> &versions)
{
    return std::all_of(versions.cbegin(), versions.cend(), [](const OnlyVersion &version) {
        return std::all_of(version.manifest.fragments.cbegin(), version.manifest.fragments.cend(),
                           [](const OnlyFragment &fragment) { return fragment.hasRowIds; });
    });
}

api::Result<RowsOnlyIn> matchedByPlace(const std::vector<OnlyVersion> &leaving,
                                       const std::vector<OnlyVersion> &staying,
                                       qsizetype sampleSize, DeletionCache &deletions)
{
    FragmentGroups groups;
    for (const std::vector<OnlyVersion> *versions : {&leaving, &staying}) {
        for (const OnlyVersion &version : *versions) {
            for (const OnlyFragment &fragment : version.manifest.fragments) {
                groups.add(fragment);
            }
        }
    }
    QHash<QString, Group> byGroup;
    QStringList order; // the groups as the leaving versions first list them
    for (qsizetype v = 0; v < qsizetype(leaving.size()); ++v) {
        for (const OnlyFragment &fragment : leaving.at(size_t(v)).manifest.fragments) {
            const QString id = groups.of(fragment);
            auto deleted = deletions.of(leaving.at(size_t(v)), fragment);
            if (!deleted) {
                return deleted.error();
            }
            if (!byGroup.contains(id)) {
                order << id;
            }
            Group &group = byGroup[id];
            group.physicalRows = std::max(group.physicalRows, fragment.physicalRows);
            group.leaving.append({*deleted, v, fragment.id});
        }
    }
    for (const OnlyVersion &version : staying) {
        for (const OnlyFragment &fragment : version.manifest.fragments) {
            const auto found = byGroup.find(groups.of(fragment));
            if (found == byGroup.end()) {
                continue;
            }
            auto deleted = deletions.of(version, fragment);
            if (!deleted) {
                return deleted.error();
            }
            found->deletedWhereStaying = found->deletedWhereStaying
                                             ? intersect(*found->deletedWhereStaying, **deleted)
                                             : **deleted;
        }
    }
    RowsOnlyIn out;
    for (const QString &id : std::as_const(order)) {
        const Group &group = byGroup.value(id);
        // A row leaves when some leaving state holds it and no staying state does.
        const auto heldBy = [&group](quint32 offset) -> const LeavingState * {
            for (const LeavingState &state : group.leaving) {
                if (!std::binary_search(state.deleted->cbegin(), state.deleted->cend(), offset)) {
                    return &state;
                }
            }
            return nullptr;
        };
        const auto leaves = [&](quint32 offset) {
            return !group.deletedWhereStaying
                   || std::binary_search(group.deletedWhereStaying->cbegin(),
                                         group.deletedWhereStaying->cend(), offset);
        };
        if (group.deletedWhereStaying) {
            // Only the offsets every staying state deleted can leave: few, usually.
            for (const quint32 offset : std::as_const(*group.deletedWhereStaying)) {
                if (offset >= group.physicalRows) {
                    continue;
                }
                if (const LeavingState *state = heldBy(offset)) {
                    ++out.rows;
                    if (out.sample.size() < sampleSize) {
                        out.sample.append({state->version, (state->fragmentId << 32) | offset});
                    }
                }
            }
            continue;
        }
        for (quint64 offset = 0; offset < group.physicalRows; ++offset) {
            if (!leaves(quint32(offset))) {
                continue;
            }
            if (const LeavingState *state = heldBy(quint32(offset))) {
                ++out.rows;
                if (out.sample.size() < sampleSize) {
                    out.sample.append({state->version, (state->fragmentId << 32) | offset});
                }
            }
        }
    }
    return out;
}

api::Result<RowsOnlyIn> matchedById(const std::vector<OnlyVersion> &leaving,
                                    const std::vector<OnlyVersion> &staying, qsizetype sampleSize,
                                    DeletionCache &deletions, const storage::CallControl &control)
{
    // Versions share most fragments as they were: each (fragment, deletion file) is read once.
    QSet<QString> seen;
    const auto eachLiveRow
        = [&](const OnlyVersion &version, const auto &visit) -> api::Result<void> {
        for (const OnlyFragment &fragment : version.manifest.fragments) {
            QString state = QString::number(fragment.id) + u'/';
            for (const auto &file : fragment.files) {
                state += file.path + u'/';
            }
            state += fragment.deletion ? format::ManifestReferences::deletionFileName(
                         fragment.id, *fragment.deletion)
                                       : QString();
            if (seen.contains(state)) {
                continue;
            }
            seen.insert(state);
            auto deleted = deletions.of(version, fragment);
            if (!deleted) {
                return deleted.error();
            }
            auto live = RowChanges::identifiedRows(version, fragment, **deleted, control);
            if (!live) {
                return live.error();
            }
            for (const RowChanges::IdentifiedRow &row : std::as_const(*live)) {
                visit(row.id, row.address);
            }
        }
        return {};
    };
    QHash<quint64, RowsOnlyIn::Sample> leavingIds;
    QList<quint64> order;
    for (qsizetype v = 0; v < qsizetype(leaving.size()); ++v) {
        auto walked = eachLiveRow(leaving.at(size_t(v)), [&](quint64 id, quint64 address) {
            if (!leavingIds.contains(id)) {
                leavingIds.insert(id, {v, address});
                order.append(id);
            }
        });
        if (!walked) {
            return walked.error();
        }
    }
    seen.clear();
    for (const OnlyVersion &version : staying) {
        auto walked = eachLiveRow(version, [&](quint64 id, quint64) { leavingIds.remove(id); });
        if (!walked) {
            return walked.error();
        }
    }
    RowsOnlyIn out;
    out.byStableId = true;
    out.rows = leavingIds.size();
    for (const quint64 id : std::as_const(order)) {
        if (out.sample.size() >= sampleSize) {
            break;
        }
        if (const auto found = leavingIds.constFind(id); found != leavingIds.cend()) {
            out.sample.append(*found);
        }
    }
    return out;
}

} // namespace

api::Result<RowsOnlyIn> RowsOnlyIn::compute(const std::vector<RowChanges::Version> &leaving,
                                            const std::vector<RowChanges::Version> &staying,
                                            qsizetype sampleSize,
                                            const storage::CallControl &control)
{
    DeletionCache deletions(control);
    const bool anyFragment = std::any_of(leaving.cbegin(), leaving.cend(), [](const auto &v) {
        return !v.manifest.fragments.isEmpty();
    });
    auto out = stableIds(leaving) && stableIds(staying) && anyFragment
                   ? matchedById(leaving, staying, sampleSize, deletions, control)
                   : matchedByPlace(leaving, staying, sampleSize, deletions);
    if (out) {
        // The sample in each version's address order, as VersionRows::readAt() reads it.
        std::stable_sort(out->sample.begin(), out->sample.end(),
                         [](const Sample &a, const Sample &b) { return a.version < b.version; });
    }
    return out;
}

} // namespace lance::rows
