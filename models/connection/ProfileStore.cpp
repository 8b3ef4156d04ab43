// SPDX-License-Identifier: Apache-2.0
#include "connection/ProfileStore.h"

#include "drop/PathMappingStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace lance::connection {

namespace {

const QString ArrayName = u"profiles"_s;
const QString ExportFormat = u"lance-catalog-browser/connections"_s;
constexpr int ExportVersion = 1;

} // namespace

ProfileStore::ProfileStore(QSettings &settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{}

QList<ConnectionProfile> ProfileStore::profiles() const
{
    QList<ConnectionProfile> profiles;
    const int count = m_settings.beginReadArray(ArrayName);
    profiles.reserve(count);
    for (int i = 0; i < count; ++i) {
        m_settings.setArrayIndex(i);
        QVariantMap map;
        const QStringList keys = m_settings.childKeys();
        for (const QString &key : keys) {
            map.insert(key, m_settings.value(key));
        }
        profiles.append(ConnectionProfile::fromVariantMap(map));
    }
    m_settings.endArray();
    return profiles;
}

QStringList ProfileStore::names() const
{
    QStringList names;
    const QList<ConnectionProfile> all = profiles();
    for (const ConnectionProfile &profile : all) {
        names.append(profile.name);
    }
    return names;
}

std::optional<ConnectionProfile> ProfileStore::profile(const QString &name) const
{
    const QList<ConnectionProfile> all = profiles();
    const int index = indexOf(name, all);
    if (index < 0) {
        return std::nullopt;
    }
    return all.at(index);
}

api::Result<void> ProfileStore::add(const ConnectionProfile &profile)
{
    if (auto problem = profile.checkStorable(); !problem.hasValue()) {
        return problem;
    }
    QList<ConnectionProfile> all = profiles();
    if (indexOf(profile.name, all) >= 0) {
        return api::ApiError::invalidInput(
            tr("A connection named \"%1\" already exists.").arg(profile.name));
    }
    all.append(profile);
    save(all);
    return {};
}

api::Result<void> ProfileStore::update(const QString &name, const ConnectionProfile &profile)
{
    QList<ConnectionProfile> all = profiles();
    const int index = indexOf(name, all);
    if (index < 0) {
        return api::ApiError::invalidInput(tr("There is no connection named \"%1\".").arg(name));
    }
    if (auto problem = profile.checkStorable(); !problem.hasValue()) {
        return problem;
    }
    const int clash = indexOf(profile.name, all);
    if (clash >= 0 && clash != index) {
        return api::ApiError::invalidInput(
            tr("A connection named \"%1\" already exists.").arg(profile.name));
    }
    const QString oldName = all.at(index).name;
    all[index] = profile;
    if (profile.name != oldName) {
        // Before save(), so listeners of changed() already find the mapping under the new name.
        drop::PathMappingStore(m_settings).rename(oldName, profile.name);
    }
    save(all);
    emit updated(oldName, profile);
    return {};
}

api::Result<void> ProfileStore::rename(const QString &from, const QString &to)
{
    std::optional<ConnectionProfile> renamed = profile(from);
    if (!renamed) {
        return api::ApiError::invalidInput(tr("There is no connection named \"%1\".").arg(from));
    }
    const QString oldName = renamed->name;
    renamed->name = to;
    return update(oldName, *renamed);
}

bool ProfileStore::remove(const QString &name)
{
    QList<ConnectionProfile> all = profiles();
    const int index = indexOf(name, all);
    if (index < 0) {
        return false;
    }
    // A mapping left behind would come back for a new profile of the same name.
    drop::PathMappingStore(m_settings).remove(all.at(index).name);
    all.removeAt(index);
    save(all);
    return true;
}

QByteArray ProfileStore::exportJson(const QStringList &names) const
{
    QJsonArray connections;
    const QList<ConnectionProfile> all = profiles();
    for (const ConnectionProfile &profile : all) {
        if (names.isEmpty() || names.contains(profile.name, Qt::CaseInsensitive)) {
            connections.append(QJsonObject::fromVariantMap(profile.toVariantMap()));
        }
    }
    const QJsonObject document{
        {u"format"_s, ExportFormat},
        {u"version"_s, ExportVersion},
        {u"connections"_s, connections},
    };
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

ProfileStore::ImportReport ProfileStore::importJson(const QByteArray &json)
{
    ImportReport report;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        report.problems.append(tr("The file is not valid JSON: %1 (at byte %2).")
                                   .arg(error.errorString())
                                   .arg(error.offset));
        return report;
    }
    const QJsonObject root = document.object();
    if (root.value(u"format"_s).toString() != ExportFormat) {
        report.problems.append(tr("The file does not hold exported connections."));
        return report;
    }
    if (root.value(u"version"_s).toInt() > ExportVersion) {
        report.problems.append(
            tr("The file was exported by a newer version of the browser (format version %1).")
                .arg(root.value(u"version"_s).toInt()));
        return report;
    }
    QList<ConnectionProfile> all = profiles();
    const QJsonArray connections = root.value(u"connections"_s).toArray();
    for (qsizetype i = 0; i < connections.size(); ++i) {
        // Only the known fields are read, so a secret someone added to the file stays there.
        ConnectionProfile profile
            = ConnectionProfile::fromVariantMap(connections.at(i).toObject().toVariantMap());
        if (const auto problem = profile.checkStorable(); !problem.hasValue()) {
            report.problems.append(tr("Connection %1 in the file was not imported: %2")
                                       .arg(i + 1)
                                       .arg(problem.error().userMessage()));
            continue;
        }
        profile.name = freeName(profile.name, all);
        all.append(profile);
        report.imported.append(profile.name);
    }
    if (!report.imported.isEmpty()) {
        save(all);
    }
    return report;
}

int ProfileStore::indexOf(const QString &name, const QList<ConnectionProfile> &profiles) const
{
    for (qsizetype i = 0; i < profiles.size(); ++i) {
        if (profiles.at(i).name == name) {
            return int(i);
        }
    }
    for (qsizetype i = 0; i < profiles.size(); ++i) {
        if (profiles.at(i).name.compare(name, Qt::CaseInsensitive) == 0) {
            return int(i);
        }
    }
    return -1;
}

QString ProfileStore::freeName(const QString &wanted,
                               const QList<ConnectionProfile> &profiles) const
{
    if (indexOf(wanted, profiles) < 0) {
        return wanted;
    }
    QString name = tr("%1 (imported)").arg(wanted);
    for (int n = 2; indexOf(name, profiles) >= 0; ++n) {
        name = tr("%1 (imported %2)").arg(wanted).arg(n);
    }
    return name;
}

void ProfileStore::save(const QList<ConnectionProfile> &profiles)
{
    // The whole array is rewritten: a removal in the middle leaves no stale indexes behind.
    m_settings.remove(ArrayName);
    m_settings.beginWriteArray(ArrayName, int(profiles.size()));
    for (qsizetype i = 0; i < profiles.size(); ++i) {
        m_settings.setArrayIndex(int(i));
        const QVariantMap map = profiles.at(i).toVariantMap();
        for (auto it = map.begin(); it != map.end(); ++it) {
            m_settings.setValue(it.key(), it.value());
        }
    }
    m_settings.endArray();
    m_settings.sync();
    emit changed();
}

drop::PathMapping ProfileStore::mapping(const QString &name) const
{
    return drop::PathMappingStore(m_settings).mapping(name);
}

api::Result<void> ProfileStore::setMapping(const QString &name, const drop::PathMapping &mapping)
{
    return drop::PathMappingStore(m_settings).setMapping(name, mapping);
}

} // namespace lance::connection
