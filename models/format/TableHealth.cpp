// SPDX-License-Identifier: Apache-2.0
#include "format/TableHealth.h"

#include "format/ManifestReferences.h"

#include <QHash>
#include <QSet>

#include <algorithm>

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

// The folder's objects by path, and those of each index folder.
struct Folder
{
    QHash<QString, const storage::ObjectMeta *> byPath;
    QHash<QString, QList<const storage::ObjectMeta *>> byIndexFolder;

    explicit Folder(const QList<storage::ObjectMeta> &listing)
    {
        byPath.reserve(listing.size());
        for (const storage::ObjectMeta &object : listing) {
            byPath.insert(object.key, &object);
            const QString indexFolder = ManifestReferences::indexFolderOf(object.key);
            if (!indexFolder.isEmpty()) {
                byIndexFolder[indexFolder].append(&object);
            }
        }
    }
};

// What a set of versions references, each file once, with the fragments they hold.
class ScopeCounter
{
public:
    ScopeCounter(const Folder &folder, qint64 smallRows)
        : m_folder(folder)
        , m_smallRows(smallRows)
    {}

    void add(const TableHealth::Version &version, const ManifestReferences &references,
             const ManifestReferences::Place &place)
    {
        ++m_scope.versions;
        m_files.unite(references.files);
        m_indexFolders.unite(references.indexFolders);
        for (const ManifestContents::Fragment &fragment : version.manifest.fragments) {
            // A fragment is its first data file, wherever the version names it from (a branch
            // reads main's files through a base path): the same file in two versions is one
            // fragment, whose deletions only grow.
            QString identity = place.ownRoot + u"#"_s + QString::number(fragment.id);
            if (!fragment.files.isEmpty()) {
                const ManifestContents::DataFile &file = fragment.files.first();
                identity
                    = ManifestReferences::folderOf(version.manifest, file.baseId, u"data/"_s, place)
                          .value_or(u"outside:"_s)
                      + file.path;
            }
            Seen &seen = m_fragments[identity];
            seen.physicalRows = qint64(fragment.physicalRows);
            seen.deletedRows = std::max(seen.deletedRows, fragment.deletedRows());
        }
    }

    /// The scope; `missing` gains the files referenced that the folder does not hold.
    api::TableHealthScope finish(QSet<QString> &missing) const
    {
        api::TableHealthScope scope = m_scope;
        for (const Seen &seen : m_fragments) {
            ++scope.fragments;
            scope.smallFragments += seen.physicalRows < m_smallRows ? 1 : 0;
            scope.physicalRows += seen.physicalRows;
            scope.deletedRows += seen.deletedRows;
        }
        for (const QString &path : m_files) {
            if (const auto *object = m_folder.byPath.value(path)) {
                count(tallyOf(scope.referenced, ManifestReferences::kindOf(path)), object->size);
            } else {
                missing.insert(path);
            }
        }
        for (const QString &indexFolder : m_indexFolders) {
            const auto objects = m_folder.byIndexFolder.constFind(indexFolder);
            if (objects == m_folder.byIndexFolder.cend()) {
                missing.insert(indexFolder);
                continue;
            }
            for (const storage::ObjectMeta *object : *objects) {
                count(scope.referenced.index, object->size);
            }
        }
        for (const api::FileTally *kind :
             {&scope.referenced.data, &scope.referenced.deletion, &scope.referenced.index,
              &scope.referenced.manifest, &scope.referenced.transaction}) {
            scope.total.files += kind->files;
            scope.total.bytes += kind->bytes;
        }
        return scope;
    }

    bool references(const QString &path) const
    {
        if (m_files.contains(path)) {
            return true;
        }
        const QString indexFolder = ManifestReferences::indexFolderOf(path);
        return !indexFolder.isEmpty() && m_indexFolders.contains(indexFolder);
    }

private:
    struct Seen
    {
        qint64 physicalRows = 0;
        qint64 deletedRows = 0;
    };

    const Folder &m_folder;
    qint64 m_smallRows;
    api::TableHealthScope m_scope;
    QSet<QString> m_files;
    QSet<QString> m_indexFolders;
    QHash<QString, Seen> m_fragments;
};

} // namespace

api::GetTableHealthResponse TableHealth::of(const Input &input)
{
    api::GetTableHealthResponse out;
    out.smallFragmentRows = input.smallFragmentRows;
    const Folder folder(input.listing);

    ScopeCounter latest(folder, input.smallFragmentRows);
    ScopeCounter kept(folder, input.smallFragmentRows);
    for (qsizetype i = 0; i < input.kept.size(); ++i) {
        const Version &version = input.kept.at(i);
        const ManifestReferences::Place place{version.manifestPath, version.ownRoot,
                                              input.tableRoot};
        const ManifestReferences references = ManifestReferences::of(version.manifest, place);
        kept.add(version, references, place);
        out.outsideFiles += references.outsideFiles;
        if (i == input.latest) {
            latest.add(version, references, place);
        }
    }
    QSet<QString> missing;
    out.kept = kept.finish(missing);
    if (input.latest >= 0) {
        QSet<QString> missingOfLatest; // a subset of the kept scope's
        out.latest = latest.finish(missingOfLatest);
        out.latestVersion = qint64(input.kept.at(input.latest).manifest.version);
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
        const ManifestContents &manifest = input.kept.at(input.latest).manifest;
        for (const ManifestContents::Index &index : manifest.indices) {
            api::TableHealthIndex health;
            health.name = index.name;
            health.uuid = index.uuid;
            health.version = qint64(index.datasetVersion);
            const QHash<qint32, QString> paths = manifest.fieldPaths();
            for (const qint32 id : index.fieldIds) {
                health.columns << paths.value(id, QString::number(id));
            }
            if (index.fragmentIds) {
                const QSet<quint32> covered(index.fragmentIds->cbegin(), index.fragmentIds->cend());
                qint64 fragments = 0;
                qint64 rows = 0;
                for (const ManifestContents::Fragment &fragment : manifest.fragments) {
                    if (!covered.contains(quint32(fragment.id))) {
                        ++fragments;
                        rows += fragment.liveRows();
                    }
                }
                health.uncoveredFragments = fragments;
                health.uncoveredRows = rows;
            }
            const QString indexFolder = u"_indices/"_s + index.uuid + u'/';
            for (const storage::ObjectMeta *object : folder.byIndexFolder.value(indexFolder)) {
                count(health.files, object->size);
            }
            out.indices.append(health);
        }
    }
    return out;
}

} // namespace lance::format
