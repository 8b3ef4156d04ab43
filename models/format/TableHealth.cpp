// SPDX-License-Identifier: Apache-2.0
#include "format/TableHealth.h"

#include "format/ManifestReferences.h"
#include "format/ReferenceMarks.h"

#include <QSet>

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

using Kind = ManifestReferences::Kind;

api::FileTally &tallyOf(api::FilesByKind &byKind, Kind kind)
{
    switch (kind) {
    case Kind::Data:
        return byKind.data;
    case Kind::Deletion:
        return byKind.deletion;
    case Kind::Index:
        return byKind.index;
    case Kind::Manifest:
        return byKind.manifest;
    case Kind::Transaction:
        return byKind.transaction;
    case Kind::Other:
        break;
    }
    return byKind.other;
}

void count(api::FileTally &tally, qint64 bytes)
{
    ++tally.files;
    tally.bytes += bytes;
}

// The folder's objects by the index's paths: each file a manifest names, and the objects of
// each index folder one names.
struct Folder
{
    std::vector<const storage::ObjectMeta *> byPath;
    std::vector<QList<const storage::ObjectMeta *>> byIndexFolder;
    QHash<QString, QList<const storage::ObjectMeta *>> indexFolders; //!< every one, named or not

    Folder(const ReferenceIndex &index, const QList<storage::ObjectMeta> &listing)
        : byPath(size_t(index.pathCount()), nullptr)
        , byIndexFolder(size_t(index.pathCount()))
    {
        for (const storage::ObjectMeta &object : listing) {
            if (const auto id = index.pathId(object.key)) {
                byPath[*id] = &object;
            }
            const QString indexFolder = ManifestReferences::indexFolderOf(object.key);
            if (!indexFolder.isEmpty()) {
                indexFolders[indexFolder].append(&object);
                if (const auto id = index.pathId(indexFolder)) {
                    byIndexFolder[*id].append(&object);
                }
            }
        }
    }
};

// What a set of versions references, each file once, with the fragments they hold.
class ScopeCounter
{
public:
    ScopeCounter(const ReferenceIndex &index, const Folder &folder, qint64 smallRows)
        : m_index(index)
        , m_folder(folder)
        , m_smallRows(smallRows)
        , m_marks(index)
    {}

    void add(const ReferenceIndex::Version &version)
    {
        ++m_scope.versions;
        m_outside += version.outsideFiles;
        m_marks.mark(version, 1);
    }

    /// The scope; `missing` gains the files referenced that the folder does not hold, and
    /// `outside` the files read from outside it.
    api::TableHealthScope finish(QSet<QString> &missing, qint64 &outside)
    {
        m_marks.finish();
        api::TableHealthScope scope = m_scope;
        // A fragment held by several versions (entries) counts once, with its most deletions.
        std::vector<Seen> fragments(size_t(m_index.identityCount()));
        for (qsizetype entry = 0; entry < m_index.fragmentCount(); ++entry) {
            if (m_marks.ofFragment(quint32(entry)) == 0) {
                continue;
            }
            const ReferenceIndex::Fragment &fragment = m_index.fragment(quint32(entry));
            m_outside += fragment.outsideFiles;
            Seen &seen = fragments[fragment.identity];
            seen.held = true;
            seen.physicalRows = fragment.physicalRows;
            seen.deletedRows = std::max(seen.deletedRows, fragment.deletedRows);
        }
        for (const Seen &seen : fragments) {
            if (!seen.held) {
                continue;
            }
            ++scope.fragments;
            scope.smallFragments += seen.physicalRows < m_smallRows ? 1 : 0;
            scope.physicalRows += seen.physicalRows;
            scope.deletedRows += seen.deletedRows;
        }
        for (qsizetype id = 0; id < m_index.pathCount(); ++id) {
            if (m_marks.ofPath(quint32(id)) == 0) {
                continue;
            }
            const QString &path = m_index.path(quint32(id));
            if (path.endsWith(u'/')) { // an index's folder
                const auto &objects = m_folder.byIndexFolder[size_t(id)];
                if (objects.isEmpty()) {
                    missing.insert(path);
                }
                for (const storage::ObjectMeta *object : objects) {
                    count(scope.referenced.index, object->size);
                }
            } else if (const storage::ObjectMeta *object = m_folder.byPath[size_t(id)]) {
                count(tallyOf(scope.referenced, ManifestReferences::kindOf(path)), object->size);
            } else {
                missing.insert(path);
            }
        }
        for (const api::FileTally *kind :
             {&scope.referenced.data, &scope.referenced.deletion, &scope.referenced.index,
              &scope.referenced.manifest, &scope.referenced.transaction}) {
            scope.total.files += kind->files;
            scope.total.bytes += kind->bytes;
        }
        outside += m_outside;
        return scope;
    }

    /// Whether `path` is a file the scope needs; after finish().
    bool references(const QString &path) const { return m_marks.of(path) != 0; }

private:
    struct Seen
    {
        bool held = false;
        qint64 physicalRows = 0;
        qint64 deletedRows = 0;
    };

    const ReferenceIndex &m_index;
    const Folder &m_folder;
    qint64 m_smallRows;
    api::TableHealthScope m_scope;
    qint64 m_outside = 0;
    ReferenceMarks m_marks;
};

} // namespace

api::GetTableHealthResponse TableHealth::of(const Input &input)
{
    api::GetTableHealthResponse out;
    out.smallFragmentRows = input.smallFragmentRows;
    static const ReferenceIndex nothing;
    const ReferenceIndex &index = input.index ? *input.index : nothing;
    const Folder folder(index, input.listing);

    ScopeCounter latest(index, folder, input.smallFragmentRows);
    ScopeCounter kept(index, folder, input.smallFragmentRows);
    for (qsizetype i = 0; i < input.kept.size(); ++i) {
        kept.add(input.kept.at(i));
        if (i == input.latest) {
            latest.add(input.kept.at(i));
        }
    }
    QSet<QString> missing;
    out.kept = kept.finish(missing, out.outsideFiles);
    if (input.latest >= 0) {
        QSet<QString> missingOfLatest; // a subset of the kept scope's
        qint64 outsideOfLatest = 0;    // the same
        out.latest = latest.finish(missingOfLatest, outsideOfLatest);
        out.latestVersion = input.kept.at(input.latest).version;
    }
    out.missingFiles = QStringList(missing.cbegin(), missing.cend());
    out.missingFiles.sort();
    for (const qint64 version : input.missingManifests) {
        out.missingFiles << u"_versions/ (the manifest of version %1)"_s.arg(version);
    }

    for (const storage::ObjectMeta &object : input.listing) {
        count(out.folder, object.size);
        const Kind kind = ManifestReferences::kindOf(object.key);
        if (kind == Kind::Other || kept.references(object.key)) {
            continue;
        }
        count(tallyOf(out.unreferenced, kind), object.size);
        api::TableHealthFile file{object.key, ManifestReferences::kindName(kind), object.size, {}};
        if (object.lastModified.isValid()) {
            file.modifiedMillis = object.lastModified.toMSecsSinceEpoch();
        }
        out.unreferencedFiles.append(file);
    }
    std::sort(out.unreferencedFiles.begin(), out.unreferencedFiles.end(),
              [](const auto &a, const auto &b) { return a.path < b.path; });

    if (input.latest >= 0) {
        const ManifestContents &manifest = input.latestManifest;
        const ReferenceIndex::Version &version = input.kept.at(input.latest);
        const QHash<qint32, QString> paths = manifest.fieldPaths();
        for (const ManifestContents::Index &each : manifest.indices) {
            api::TableHealthIndex health;
            health.name = each.name;
            health.uuid = each.uuid;
            health.version = qint64(each.datasetVersion);
            for (const qint32 id : each.fieldIds) {
                health.columns << paths.value(id, QString::number(id));
            }
            if (each.fragmentIds) {
                const QSet<quint32> covered(each.fragmentIds->cbegin(), each.fragmentIds->cend());
                qint64 fragments = 0;
                qint64 rows = 0;
                for (const quint32 entry : version.fragments) {
                    const ReferenceIndex::Fragment &fragment = index.fragment(entry);
                    if (!covered.contains(quint32(fragment.id))) {
                        ++fragments;
                        rows += std::max<qint64>(0, fragment.physicalRows - fragment.deletedRows);
                    }
                }
                health.uncoveredFragments = fragments;
                health.uncoveredRows = rows;
            }
            for (const storage::ObjectMeta *object :
                 folder.indexFolders.value(u"_indices/"_s + each.uuid + u'/')) {
                count(health.files, object->size);
            }
            out.indices.append(health);
        }
    }
    return out;
}

} // namespace lance::format
