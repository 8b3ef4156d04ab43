// SPDX-License-Identifier: Apache-2.0
#include "settings/AppSettings.h"

#include <QSettings>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace lance::settings {

namespace {

enum class Key {
    MainWindowGeometry,
    MainWindowState,
    LastProfile,
    LastIdentifier,
    DemoCatalogOffered,
    DemoCatalogCreated,
    TreePageSize,
    RequestLogVisible,
    SkipCommitReview,
    Theme,
};

struct Entry
{
    Key key;
    QLatin1StringView name;
    QVariant defaultValue;
};

// The one table of keys and defaults. Keys are grouped like the INI file shows them; renaming
// one loses what users had saved under it.
const std::array<Entry, 10> &table()
{
    static const std::array<Entry, 10> entries{{
        {Key::MainWindowGeometry, "mainWindow/geometry"_L1, QByteArray()},
        {Key::MainWindowState, "mainWindow/state"_L1, QByteArray()},
        {Key::LastProfile, "session/lastProfile"_L1, QString()},
        {Key::LastIdentifier, "session/lastIdentifier"_L1, QString()},
        {Key::DemoCatalogOffered, "demo/offered"_L1, false},
        {Key::DemoCatalogCreated, "demo/created"_L1, false},
        // A thousand names per page: one page stays well under a frame on the GUI thread, and
        // big namespaces are not an endless "load more" (Azure Storage Explorer's 25 was).
        {Key::TreePageSize, "tree/pageSize"_L1, 1000},
        {Key::RequestLogVisible, "requestLog/visible"_L1, false},
        {Key::SkipCommitReview, "staging/skipCommitReview"_L1, false},
        {Key::Theme, "appearance/theme"_L1, u"system"_s},
    }};
    return entries;
}

const Entry &entry(Key key)
{
    return table()[static_cast<std::size_t>(key)];
}

QVariant read(const QSettings &settings, Key key)
{
    const Entry &e = entry(key);
    return settings.value(QString(e.name), e.defaultValue);
}

void write(QSettings &settings, Key key, const QVariant &value)
{
    settings.setValue(QString(entry(key).name), value);
}

} // namespace

AppSettings::AppSettings(QSettings &settings)
    : m_settings(settings)
{
    Q_ASSERT(std::is_sorted(table().begin(), table().end(),
                            [](const Entry &a, const Entry &b) { return a.key < b.key; }));
}

std::unique_ptr<QSettings> AppSettings::open(const QString &iniFile)
{
    if (iniFile.isEmpty()) {
        return std::make_unique<QSettings>();
    }
    return std::make_unique<QSettings>(iniFile, QSettings::IniFormat);
}

QByteArray AppSettings::mainWindowGeometry() const
{
    return read(m_settings, Key::MainWindowGeometry).toByteArray();
}

void AppSettings::setMainWindowGeometry(const QByteArray &geometry)
{
    write(m_settings, Key::MainWindowGeometry, geometry);
}

QByteArray AppSettings::mainWindowState() const
{
    return read(m_settings, Key::MainWindowState).toByteArray();
}

void AppSettings::setMainWindowState(const QByteArray &state)
{
    write(m_settings, Key::MainWindowState, state);
}

QString AppSettings::lastProfile() const
{
    return read(m_settings, Key::LastProfile).toString();
}

void AppSettings::setLastProfile(const QString &name)
{
    write(m_settings, Key::LastProfile, name);
}

QString AppSettings::lastIdentifier() const
{
    return read(m_settings, Key::LastIdentifier).toString();
}

void AppSettings::setLastIdentifier(const QString &identifier)
{
    write(m_settings, Key::LastIdentifier, identifier);
}

bool AppSettings::demoCatalogOffered() const
{
    return read(m_settings, Key::DemoCatalogOffered).toBool();
}

void AppSettings::setDemoCatalogOffered(bool offered)
{
    write(m_settings, Key::DemoCatalogOffered, offered);
}

bool AppSettings::demoCatalogCreated() const
{
    return read(m_settings, Key::DemoCatalogCreated).toBool();
}

void AppSettings::setDemoCatalogCreated(bool created)
{
    write(m_settings, Key::DemoCatalogCreated, created);
}

int AppSettings::treePageSize() const
{
    bool isNumber = false;
    const int size = read(m_settings, Key::TreePageSize).toInt(&isNumber);
    // A hand-edited file may hold anything: fall back rather than ask for 0 or a million rows.
    if (!isNumber) {
        return entry(Key::TreePageSize).defaultValue.toInt();
    }
    return std::clamp(size, MinTreePageSize, MaxTreePageSize);
}

void AppSettings::setTreePageSize(int size)
{
    write(m_settings, Key::TreePageSize, std::clamp(size, MinTreePageSize, MaxTreePageSize));
}

bool AppSettings::requestLogVisible() const
{
    return read(m_settings, Key::RequestLogVisible).toBool();
}

void AppSettings::setRequestLogVisible(bool visible)
{
    write(m_settings, Key::RequestLogVisible, visible);
}

bool AppSettings::skipCommitReview() const
{
    return read(m_settings, Key::SkipCommitReview).toBool();
}

void AppSettings::setSkipCommitReview(bool skip)
{
    write(m_settings, Key::SkipCommitReview, skip);
}

AppSettings::Theme AppSettings::theme() const
{
    const QString saved = read(m_settings, Key::Theme).toString().trimmed().toLower();
    if (saved == "dark"_L1) {
        return Theme::Dark;
    }
    return saved == "light"_L1 ? Theme::Light : Theme::System; // anything else: the default
}

void AppSettings::setTheme(Theme theme)
{
    write(m_settings, Key::Theme,
          theme == Theme::Dark    ? u"dark"_s
          : theme == Theme::Light ? u"light"_s
                                  : u"system"_s);
}

QStringList AppSettings::keys()
{
    QStringList names;
    for (const Entry &e : table()) {
        names.append(QString(e.name));
    }
    return names;
}

QVariant AppSettings::defaultValue(const QString &key)
{
    for (const Entry &e : table()) {
        if (e.name == key) {
            return e.defaultValue;
        }
    }
    return {};
}

} // namespace lance::settings
