// SPDX-License-Identifier: Apache-2.0
#include "drop/ManifestDropPlanner.h"

#include "format/ManifestCheck.h"
#include "format/ManifestFileName.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::drop {

namespace {

using Kind = ManifestDropPlan::Problem::Kind;
using Checked = format::ManifestCheck::Checked;

const QString VersionsFolder = u"_versions"_s;
const QString DatasetSuffix = u".lance"_s;

QString absoluteCleanPath(const QString &path)
{
    return QDir::cleanPath(QFileInfo(QDir::fromNativeSeparators(path)).absoluteFilePath());
}

// The same file reached twice (dropped, and inside a dropped folder) has one key.
QString identityOf(const QString &path)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.isEmpty() ? path : canonical;
}

QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path); // as format::ManifestCheck names files
}

QString outsideMapping(const QString &path)
{
    return ManifestDropPlanner::tr("%1 lies outside every folder the path mapping covers, so "
                                   "the server cannot be told where it is.")
        .arg(shown(path));
}

} // namespace

/// One plan() call: the plan under construction and what it has seen so far.
class ManifestDropPlanner::Run
{
public:
    explicit Run(const ManifestDropPlanner &planner)
        : m_planner(planner)
    {}

    void add(const QString &given);
    void add(const StoreManifest &read);
    ManifestDropPlan finish();

private:
    bool isTable() const { return m_planner.m_target.kind == Target::Kind::Table; }
    QString targetName() const
    {
        return m_planner.m_target.id.toString(m_planner.m_target.delimiter);
    }
    bool insertSeen(const QString &path)
    {
        const QString key = identityOf(path);
        if (m_seen.contains(key)) {
            return false;
        }
        m_seen.insert(key);
        return true;
    }
    void addFile(const QString &path, bool dropped, QList<Checked> &into);
    /// The manifests of `folder` (a `_versions/`), into `into`.
    void addVersionsFolder(const QString &folder, QList<Checked> &into);
    void addDataset(const QString &folder);
    void stageVersions(const api::Identifier &table, QList<Checked> manifests,
                       const QSet<qint64> &known);
    void problem(Kind kind, const QString &path, const QString &message,
                 std::optional<qint64> version = std::nullopt)
    {
        m_plan.problems.append({kind, path, message, version});
    }

    const ManifestDropPlanner &m_planner;
    ManifestDropPlan m_plan;
    QSet<QString> m_seen;
    QList<Checked> m_tableManifests; //!< a drop on a table: staged together at the end
    QSet<QString> m_declared;        //!< table names of this drop's datasets
    QSet<QString> m_named;           //!< paths that are the server's names already (URIs)
};

void ManifestDropPlanner::Run::add(const QString &given)
{
    const QString path = absoluteCleanPath(given);
    if (!insertSeen(path)) {
        return;
    }
    const QFileInfo info(path);
    if (!info.exists()) {
        problem(Kind::NotLance, path, tr("%1 does not exist.").arg(shown(path)));
        return;
    }
    if (!info.isDir()) {
        if (isTable()) {
            addFile(path, true, m_tableManifests);
            return;
        }
        const format::ManifestFileName::Parsed parsed
            = format::ManifestFileName::parse(info.fileName());
        if (parsed.kind != format::ManifestFileName::Kind::VersionHint) {
            problem(Kind::WrongTarget, path,
                    tr("%1 is a file, and only Lance dataset folders can be dropped on namespace "
                       "%2; drop manifests on their table.")
                        .arg(shown(path), targetName()));
        }
        return;
    }
    if (info.fileName() == VersionsFolder) {
        if (isTable()) {
            addVersionsFolder(path, m_tableManifests);
        } else {
            problem(Kind::WrongTarget, path,
                    tr("%1 holds the versions of one table: drop it on that table, or drop the "
                       "dataset folder around it on namespace %2.")
                        .arg(shown(path), targetName()));
        }
        return;
    }
    if (isDatasetFolder(path)) {
        if (isTable()) {
            problem(Kind::WrongTarget, path,
                    tr("%1 is a Lance dataset: drop it on a namespace to register it as a new "
                       "table, or drop its _versions folder on table %2.")
                        .arg(shown(path), targetName()));
        } else {
            addDataset(path);
        }
        return;
    }
    problem(Kind::NotLance, path,
            tr("%1 is neither a Lance dataset (a *.lance folder) nor a _versions folder.")
                .arg(shown(path)));
}

void ManifestDropPlanner::Run::addFile(const QString &path, bool dropped, QList<Checked> &into)
{
    const format::ManifestFileName::Parsed parsed
        = format::ManifestFileName::parse(QFileInfo(path).fileName());
    switch (parsed.kind) {
    case format::ManifestFileName::Kind::VersionHint:
        return; // Lance rewrites it on every commit; nothing to register
    case format::ManifestFileName::Kind::Detached:
    case format::ManifestFileName::Kind::Staging:
        m_plan.notes.append(tr("Skipped %1, which is %2.")
                                .arg(shown(path), format::ManifestFileName::note(parsed)));
        return;
    case format::ManifestFileName::Kind::Other:
        if (dropped) {
            problem(Kind::NotLance, path,
                    tr("%1 is %2.").arg(shown(path), format::ManifestFileName::note(parsed)));
        } else {
            m_plan.notes.append(tr("Skipped %1, which is %2.")
                                    .arg(shown(path), format::ManifestFileName::note(parsed)));
        }
        return;
    case format::ManifestFileName::Kind::Final:
        break;
    }
    api::Result<Checked> checked = format::ManifestCheck::check(path);
    if (!checked) {
        problem(Kind::Refused, path, checked.error().userMessage());
        return;
    }
    into.append(std::move(*checked));
}

void ManifestDropPlanner::Run::addVersionsFolder(const QString &folder, QList<Checked> &into)
{
    const QFileInfoList entries
        = QDir(folder).entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    qsizetype manifests = 0;
    for (const QFileInfo &entry : entries) {
        const QString path = absoluteCleanPath(entry.filePath());
        if (!insertSeen(path)) {
            continue;
        }
        const auto kind = format::ManifestFileName::parse(entry.fileName()).kind;
        manifests += kind == format::ManifestFileName::Kind::Final ? 1 : 0;
        addFile(path, false, into);
    }
    if (manifests == 0) {
        m_plan.notes.append(tr("%1 holds no manifests.").arg(shown(folder)));
    }
}

void ManifestDropPlanner::Run::addDataset(const QString &folder)
{
    const Target &target = m_planner.m_target;
    const QString name = m_planner.m_tableNames.value(folder, defaultTableName(folder));
    m_plan.datasets.append({folder, name});

    if (const auto invalid = api::Identifier::checkName(name, target.delimiter);
        !invalid.hasValue()) {
        problem(Kind::TableName, folder,
                tr("%1 would become table \"%2\", which cannot be: %3 Rename the table.")
                    .arg(shown(folder), name, invalid.error().userMessage()));
        return;
    }
    if (target.knownTables.contains(name)) {
        problem(Kind::TableName, folder,
                tr("Namespace %1 has a table named %2 already; rename the table for %3.")
                    .arg(targetName(), name, shown(folder)));
        return;
    }
    if (m_declared.contains(name)) {
        problem(Kind::TableName, folder,
                tr("Another folder of this drop becomes table %1 too; rename the table for %2.")
                    .arg(name, shown(folder)));
        return;
    }
    const QString versions = folder + u'/' + VersionsFolder;
    if (!QFileInfo(versions).isDir()) {
        problem(Kind::NotLance, folder,
                tr("%1 has no _versions folder, so it holds no Lance table versions.")
                    .arg(shown(folder)));
        return;
    }
    const std::optional<QString> location = m_planner.m_mapper.location(folder);
    if (!location) {
        problem(Kind::NeedsMapping, folder, outsideMapping(folder));
        return;
    }
    m_declared.insert(name);
    api::DeclareTableRequest declare;
    declare.id = target.id.child(name);
    declare.location = *location;
    m_plan.operations.append(declare);

    QList<Checked> manifests;
    addVersionsFolder(versions, manifests);
    stageVersions(declare.id, std::move(manifests), {});
}

void ManifestDropPlanner::Run::stageVersions(const api::Identifier &table, QList<Checked> manifests,
                                             const QSet<qint64> &known)
{
    std::stable_sort(manifests.begin(), manifests.end(),
                     [](const Checked &a, const Checked &b) { return a.version < b.version; });
    const QString tableName = table.toString(m_planner.m_target.delimiter);
    for (qsizetype i = 0; i < manifests.size();) {
        // [i, end) is one version: more than one file is ambiguous, so none of them is staged.
        qsizetype end = i + 1;
        while (end < manifests.size() && manifests.at(end).version == manifests.at(i).version) {
            ++end;
        }
        const Checked &manifest = manifests.at(i);
        if (end - i > 1) {
            QStringList files;
            for (qsizetype j = i; j < end; ++j) {
                files.append(shown(manifests.at(j).path));
            }
            problem(Kind::DuplicateVersion, manifest.path,
                    tr("Version %1 is in the drop more than once: %2.")
                        .arg(QString::number(manifest.version), files.join(u", "_s)),
                    manifest.version);
        } else if (known.contains(manifest.version)) {
            problem(Kind::KnownVersion, manifest.path,
                    tr("Table %1 has version %2 already (%3).")
                        .arg(tableName, QString::number(manifest.version), shown(manifest.path)),
                    manifest.version);
        } else if (const std::optional<QString> mapped
                   = m_named.contains(manifest.path)
                         ? std::optional(manifest.path)
                         : m_planner.m_mapper.manifestPath(manifest.path)) {
            api::CreateTableVersionRequest create;
            create.id = table;
            create.version = manifest.version;
            create.manifestPath = *mapped;
            create.manifestSize = manifest.size;
            create.namingScheme = manifest.scheme;
            m_plan.operations.append(create);
        } else {
            problem(Kind::NeedsMapping, manifest.path, outsideMapping(manifest.path));
        }
        i = end;
    }
}

void ManifestDropPlanner::Run::add(const StoreManifest &read)
{
    if (m_seen.contains(read.uri)) {
        return;
    }
    m_seen.insert(read.uri);
    if (!isTable()) {
        problem(Kind::WrongTarget, read.uri,
                tr("%1 is a manifest: register it on a table, not on namespace %2.")
                    .arg(read.uri, targetName()));
        return;
    }
    if (!read.unreadable.isEmpty()) {
        problem(Kind::Refused, read.uri, read.unreadable);
        return;
    }
    api::Result<Checked> checked = format::ManifestCheck::checkBytes(read.bytes, read.uri);
    if (!checked) {
        problem(Kind::Refused, read.uri, checked.error().userMessage());
        return;
    }
    checked->path = read.uri;
    m_named.insert(read.uri); // the server knows the object by this URI: nothing to map
    m_tableManifests.append(std::move(*checked));
}

ManifestDropPlan ManifestDropPlanner::Run::finish()
{
    if (isTable()) {
        stageVersions(m_planner.m_target.id, std::move(m_tableManifests),
                      m_planner.m_target.knownVersions);
    }
    return std::move(m_plan);
}

ManifestDropPlanner::Target ManifestDropPlanner::Target::table(api::Identifier id,
                                                               QSet<qint64> knownVersions)
{
    Target target;
    target.kind = Kind::Table;
    target.id = std::move(id);
    target.knownVersions = std::move(knownVersions);
    return target;
}

ManifestDropPlanner::Target ManifestDropPlanner::Target::inNamespace(api::Identifier id,
                                                                     QStringList knownTables)
{
    Target target;
    target.kind = Kind::Namespace;
    target.id = std::move(id);
    target.knownTables = std::move(knownTables);
    return target;
}

ManifestDropPlanner::ManifestDropPlanner(Target target, PathMapper mapper)
    : m_target(std::move(target))
    , m_mapper(std::move(mapper))
{}

void ManifestDropPlanner::setTableName(const QString &folder, const QString &tableName)
{
    const QString key = absoluteCleanPath(folder);
    if (tableName.isEmpty()) {
        m_tableNames.remove(key);
    } else {
        m_tableNames.insert(key, tableName);
    }
}

ManifestDropPlan ManifestDropPlanner::plan(const QStringList &localPaths) const
{
    Run run(*this);
    for (const QString &path : localPaths) {
        run.add(path);
    }
    return run.finish();
}

ManifestDropPlan ManifestDropPlanner::plan(const QList<StoreManifest> &manifests) const
{
    Run run(*this);
    for (const StoreManifest &manifest : manifests) {
        run.add(manifest);
    }
    return run.finish();
}

bool ManifestDropPlanner::isDatasetFolder(const QString &path)
{
    const QFileInfo info(path);
    return info.isDir()
           && (info.fileName().endsWith(DatasetSuffix)
               || QFileInfo(info.filePath() + u'/' + VersionsFolder).isDir());
}

QString ManifestDropPlanner::defaultTableName(const QString &folder)
{
    QString name = QFileInfo(absoluteCleanPath(folder)).fileName();
    if (name.endsWith(DatasetSuffix) && name.size() > DatasetSuffix.size()) {
        name.chop(DatasetSuffix.size());
    }
    // A LanceDB directory namespace keeps a child namespace's table in `<8 hex>_<ns>$<table>`:
    // the table's own name is the last part.
    static const QRegularExpression directoryNamespace(u"^[0-9a-f]{8}_.*\\$([^$]+)$"_s);
    if (const QRegularExpressionMatch match = directoryNamespace.match(name); match.hasMatch()) {
        return match.captured(1);
    }
    return name;
}

} // namespace lance::drop
