// SPDX-License-Identifier: Apache-2.0
#include "drop/PathMappingStore.h"

#include <QSettings>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::drop {

namespace {

const QString Rules = u"rules"_s;
const QString LocalKey = u"local"_s;
const QString UriKey = u"uri"_s;

} // namespace

PathMappingStore::PathMappingStore(QSettings &settings)
    : m_settings(settings)
{}

QString PathMappingStore::group(const QString &profile)
{
    // One settings key per profile: percent-encoding keeps `/` and `\` (QSettings' group
    // separators) out of it; case-folding makes "Prod" and "prod" one profile, as ProfileStore
    // treats them.
    return u"pathMappings/"_s
           + QString::fromLatin1(QUrl::toPercentEncoding(profile.toCaseFolded()));
}

PathMapping PathMappingStore::mapping(const QString &profile) const
{
    QList<PathMapping::Rule> rules;
    m_settings.beginGroup(group(profile));
    const int count = m_settings.beginReadArray(Rules);
    for (int i = 0; i < count; ++i) {
        m_settings.setArrayIndex(i);
        rules.append({m_settings.value(LocalKey).toString(), m_settings.value(UriKey).toString()});
    }
    m_settings.endArray();
    m_settings.endGroup();
    return PathMapping(std::move(rules));
}

api::Result<void> PathMappingStore::setMapping(const QString &profile, const PathMapping &mapping)
{
    if (auto problem = mapping.check(); !problem.hasValue()) {
        return problem;
    }
    write(profile, mapping);
    return {};
}

void PathMappingStore::write(const QString &profile, const PathMapping &mapping)
{
    m_settings.remove(group(profile)); // no rules of a longer, older mapping left behind
    if (!mapping.isEmpty()) {
        m_settings.beginGroup(group(profile));
        m_settings.beginWriteArray(Rules, int(mapping.rules().size()));
        for (int i = 0; i < mapping.rules().size(); ++i) {
            m_settings.setArrayIndex(i);
            m_settings.setValue(LocalKey, mapping.rules().at(i).localPrefix.trimmed());
            m_settings.setValue(UriKey, mapping.rules().at(i).uriPrefix.trimmed());
        }
        m_settings.endArray();
        m_settings.endGroup();
    }
    m_settings.sync();
}

void PathMappingStore::remove(const QString &profile)
{
    m_settings.remove(group(profile));
    m_settings.sync();
}

void PathMappingStore::rename(const QString &from, const QString &to)
{
    if (group(from) == group(to)) {
        return; // a change of case only: the same key
    }
    const PathMapping moved = mapping(from);
    m_settings.remove(group(from));
    write(to, moved); // as saved, even if hand-edited since: a rename loses nothing
}

} // namespace lance::drop
