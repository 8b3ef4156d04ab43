// SPDX-License-Identifier: Apache-2.0
#include "demo/DemoCatalog.h"

#include "engine/CatalogEngine.h"
#include "format/ManifestReader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::demo {

namespace {

const QByteArray Complete = "complete\n";
const QByteArray Building = "building\n";

struct DemoNamespace
{
    QStringList id;
    StringMap properties;
};

struct DemoTable
{
    QStringList id;
    QString dataset; //!< a folder of the source; empty: declared only
    StringMap properties;
};

const QList<DemoNamespace> &demoNamespaces()
{
    static const QList<DemoNamespace> spaces{
        {{u"hr"_s},
         {{u"owner"_s, u"people-ops@example.com"_s},
          {u"description"_s, u"Employee and contractor records"_s},
          {u"retention"_s, u"7 years"_s}}},
        {{u"sales"_s},
         {{u"owner"_s, u"revenue-analytics@example.com"_s},
          {u"description"_s, u"Orders from every shop"_s}}},
        {{u"sales"_s, u"eu"_s},
         {{u"owner"_s, u"revenue-analytics@example.com"_s},
          {u"description"_s, u"Orders placed in the European Union"_s},
          {u"region"_s, u"eu-west-1"_s},
          {u"data_protection"_s, u"GDPR"_s}}},
    };
    return spaces;
}

const QList<DemoTable> &demoTables()
{
    const QString source = u"LanceDB 0.31.0 sample data"_s;
    static const QList<DemoTable> tables{
        {{u"hr"_s, u"people"_s},
         u"people.lance"_s,
         {{u"description"_s, u"Everyone on the payroll"_s}, {u"source"_s, source}}},
        {{u"hr"_s, u"contractors"_s},
         u"people.lance"_s,
         {{u"description"_s, u"External contractors"_s}, {u"source"_s, source}}},
        {{u"sales"_s, u"orders"_s},
         u"orders.lance"_s,
         {{u"description"_s, u"Every order"_s}, {u"source"_s, source}}},
        {{u"sales"_s, u"eu"_s, u"orders"_s},
         u"orders.lance"_s,
         {{u"description"_s, u"Orders of the EU shop"_s}, {u"source"_s, source}}},
        {{u"sales"_s, u"eu"_s, u"returns"_s},
         QString(),
         {{u"description"_s, u"Returned orders; the first load is planned"_s}}},
    };
    return tables;
}

const QString TaggedTable = u"hr$people"_s;
const QString Tag = u"reviewed"_s;
constexpr qint64 TaggedVersion = 2;

ApiError failure(const QString &message)
{
    return ApiError::invalidInput(message);
}

// Copies the files under `from` (a resource or a real folder) to `to`, writable by the owner.
std::optional<ApiError> copyDataset(const QString &from, const QString &to)
{
    QDirIterator files(from, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString file = files.next();
        const QString target = to + file.mid(from.size());
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !QFile::copy(file, target)) {
            return failure(DemoCatalog::tr("Could not write %1.").arg(target));
        }
        QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                          | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    }
    return std::nullopt;
}

// Gives every manifest of the dataset in `folder` the commit time Lance recorded in it, so the
// versions' times are the data's and not the moment of the copy.
void stampManifests(const QString &folder)
{
    const QDir versions(folder + u"/_versions"_s);
    const QStringList names = versions.entryList({u"*.manifest"_s}, QDir::Files);
    for (const QString &name : names) {
        QFile file(versions.absoluteFilePath(name));
        if (!file.open(QIODevice::ReadWrite)) {
            continue;
        }
        const auto facts = format::ManifestReader::parse(file.readAll());
        if (facts && facts->timestamp) {
            file.setFileTime(*facts->timestamp, QFileDevice::FileModificationTime);
        }
    }
}

template <typename T> std::optional<ApiError> problemOf(const Result<T> &result)
{
    return result ? std::nullopt : std::optional(result.error());
}

std::optional<ApiError> build(engine::CatalogEngine &catalog, const QString &source)
{
    for (const DemoNamespace &space : demoNamespaces()) {
        CreateNamespaceRequest request;
        request.id = Identifier(space.id);
        request.properties = space.properties;
        if (auto problem = problemOf(catalog.run(request))) {
            return problem;
        }
    }
    for (const DemoTable &table : demoTables()) {
        const Identifier id(table.id);
        if (table.dataset.isEmpty()) {
            DeclareTableRequest request{id, std::nullopt, std::nullopt, table.properties, {}};
            if (auto problem = problemOf(catalog.run(request))) {
                return problem;
            }
            continue;
        }
        const QString folder = catalog.root() + u'/' + table.id.join(u'/') + u".lance"_s;
        if (auto problem = copyDataset(source + u'/' + table.dataset, folder)) {
            return problem;
        }
        stampManifests(folder);
        RegisterTableRequest request{id, folder, std::nullopt, table.properties, {}};
        if (auto problem = problemOf(catalog.run(request))) {
            return problem;
        }
    }
    CreateTableTagRequest tag;
    tag.id = *Identifier::parse(TaggedTable);
    tag.tag = Tag;
    tag.version = TaggedVersion;
    return problemOf(catalog.run(tag));
}

bool writeMarker(const QString &root, const QByteArray &state)
{
    QFile marker(root + u'/' + DemoCatalog::MarkerFile);
    return marker.open(QIODevice::WriteOnly | QIODevice::Truncate)
           && marker.write(state) == state.size();
}

} // namespace

QString DemoCatalog::defaultLocation()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
           + u"/lance-catalog-browser/demo"_s;
}

bool DemoCatalog::isDemoFolder(const QString &folder)
{
    QFile marker(folder + u'/' + MarkerFile);
    return marker.open(QIODevice::ReadOnly) && marker.readAll() == Complete;
}

Result<QString> DemoCatalog::create(const QString &targetFolder, const QString &sourceFolder)
{
    const QString root = QFileInfo(targetFolder).absoluteFilePath();
    if (isDemoFolder(root)) {
        return root;
    }
    if (!QDir(sourceFolder + u"/people.lance/_versions"_s).exists()
        || !QDir(sourceFolder + u"/orders.lance/_versions"_s).exists()) {
        return failure(tr("The demo data is missing from %1.").arg(sourceFolder));
    }
    QDir folder(root);
    if (QFileInfo(root).exists() && !QFileInfo(root).isDir()) {
        return failure(tr("%1 is a file, not a folder for the demo catalog.").arg(root));
    }
    const QStringList entries
        = folder.entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    if (!entries.isEmpty()) {
        if (!entries.contains(MarkerFile)) {
            return failure(tr("%1 is not empty and holds no demo catalog; nothing in it was "
                              "changed.")
                               .arg(root));
        }
        // A build that was interrupted: the folder is ours, start again.
        if (!folder.removeRecursively()) {
            return failure(tr("Could not remove the unfinished demo catalog in %1.").arg(root));
        }
    }
    if (!QDir().mkpath(root) || !writeMarker(root, Building)) {
        return failure(tr("Could not create the demo catalog folder %1.").arg(root));
    }
    {
        auto catalog = engine::CatalogEngine::open({root, false});
        if (!catalog) {
            return catalog.error();
        }
        if (auto problem = build(**catalog, sourceFolder)) {
            return *problem;
        }
    }
    if (!writeMarker(root, Complete)) {
        return failure(tr("Could not write %1.").arg(root + u'/' + MarkerFile));
    }
    return root;
}

} // namespace lance::demo
