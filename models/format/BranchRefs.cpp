// SPDX-License-Identifier: Apache-2.0
#include "format/BranchRefs.h"

#include "format/ManifestFiles.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

std::optional<qint64> wholeNumber(const QJsonValue &value)
{
    if (!value.isDouble()) {
        return std::nullopt;
    }
    const qint64 number = value.toInteger(-1);
    return number >= 0 ? std::optional(number) : std::nullopt;
}

} // namespace

QString BranchRefs::branchFolder(const QString &datasetFolder, const QString &branch)
{
    return QDir(datasetFolder).filePath(u"tree/"_s + branch);
}

std::optional<QString> BranchRefs::nameOfRefFile(const QString &fileName)
{
    if (!fileName.endsWith(u".json"_s) || fileName.size() == int(qstrlen(".json"))) {
        return std::nullopt;
    }
    return QUrl::fromPercentEncoding(fileName.chopped(int(qstrlen(".json"))).toUtf8());
}

std::optional<QString> BranchRefs::branchOfTag(const QByteArray &json)
{
    const QJsonValue tagged = QJsonDocument::fromJson(json).object().value(u"branch"_s);
    return tagged.isString() ? std::optional(tagged.toString()) : std::nullopt;
}

QStringList BranchRefs::lanceTagsOn(const QString &datasetFolder, const QString &branch)
{
    QStringList tags;
    const QDir refs(QDir(datasetFolder).filePath(u"_refs/tags"_s));
    for (const QString &file : refs.entryList({u"*.json"_s}, QDir::Files, QDir::Name)) {
        QFile in(refs.filePath(file));
        if (!in.open(QIODevice::ReadOnly) || in.size() > MaxRefBytes) {
            continue;
        }
        if (branchOfTag(in.readAll()) == branch) {
            tags << *nameOfRefFile(file);
        }
    }
    return tags;
}

QMap<QString, QList<api::TableVersion>> BranchRefs::versionsOfBranches(const QString &datasetFolder)
{
    QMap<QString, QList<api::TableVersion>> out;
    const auto branches = read(datasetFolder);
    if (!branches) {
        return out;
    }
    for (auto it = branches->cbegin(); it != branches->cend(); ++it) {
        out.insert(it.key(), ManifestFiles::versionsIn(branchFolder(datasetFolder, it.key())));
    }
    return out;
}

api::Result<QMap<QString, api::BranchContents>> BranchRefs::read(const QString &datasetFolder)
{
    QMap<QString, api::BranchContents> branches;
    const QDir refs(QDir(datasetFolder).filePath(u"_refs/branches"_s));
    // Flat, as Lance 8 lists them: a file in a subfolder is no branch of its.
    const QStringList files = refs.entryList({u"*.json"_s}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        const std::optional<QString> name = nameOfRefFile(file);
        if (!name) {
            continue;
        }
        QFile in(refs.filePath(file));
        if (!in.open(QIODevice::ReadOnly)) {
            return api::ApiError::invalidInput(tr("The branch file %1 cannot be read: %2")
                                                   .arg(refs.filePath(file), in.errorString()));
        }
        if (in.size() > MaxRefBytes) {
            return api::ApiError::invalidInput(
                tr("The branch file %1 cannot be read: %2")
                    .arg(refs.filePath(file), tr("it is larger than 1 MiB")));
        }
        auto contents = parse(in.readAll(), refs.filePath(file));
        if (!contents) {
            return contents.error();
        }
        branches.insert(*name, *contents);
    }
    return branches;
}

api::Result<api::BranchContents> BranchRefs::parse(const QByteArray &json, const QString &where)
{
    const auto refused = [&](const QString &why) {
        return api::ApiError::invalidInput(
            tr("The branch file %1 cannot be read: %2").arg(where, why));
    };
    if (json.size() > MaxRefBytes) {
        return refused(tr("it is larger than 1 MiB"));
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        return refused(tr("it is not a JSON object"));
    }
    const QJsonObject ref = document.object();
    api::BranchContents contents;
    const QJsonValue parent = ref.value(u"parentBranch"_s);
    if (parent.isString()) {
        contents.parentBranch = parent.toString();
    } else if (!parent.isNull() && !parent.isUndefined()) {
        return refused(tr("parentBranch is neither a name nor null"));
    }
    const auto version = wholeNumber(ref.value(u"parentVersion"_s));
    const auto created = wholeNumber(ref.value(u"createAt"_s));
    const auto size = wholeNumber(ref.value(u"manifestSize"_s));
    if (!version || !created || !size) {
        return refused(tr("parentVersion, createAt and manifestSize must be whole numbers"));
    }
    contents.parentVersion = *version;
    contents.createAt = *created;
    contents.manifestSize = *size;
    const QJsonObject metadata = ref.value(u"metadata"_s).toObject();
    for (auto it = metadata.begin(); it != metadata.end(); ++it) {
        contents.metadata.insert(it.key(), it.value().toString());
    }
    return contents;
}

} // namespace lance::format
