// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <memory>

QT_BEGIN_NAMESPACE
class QSettings;
QT_END_NAMESPACE

namespace lance::settings {

/// The browser's own settings, one typed getter and setter per key. Keys and defaults sit in
/// one table in AppSettings.cpp; nothing else in the program spells a key.
///
/// Built on a QSettings the caller owns: the platform's for the app, an INI file for
/// `--settings FILE.ini` and for tests. Not a singleton: whoever needs settings is handed this.
/// Connection profiles live in the same QSettings (ProfileStore) but are not settings; secrets
/// are in neither.
class AppSettings
{
public:
    /// `settings` must outlive this object.
    explicit AppSettings(QSettings &settings);

    /// The settings for `iniFile` (`--settings FILE.ini`), or the platform's when empty.
    static std::unique_ptr<QSettings> open(const QString &iniFile = {});

    QByteArray mainWindowGeometry() const; //!< QWidget::saveGeometry(); empty at first
    void setMainWindowGeometry(const QByteArray &geometry);
    QByteArray mainWindowState() const; //!< QMainWindow::saveState(): docks and toolbars
    void setMainWindowState(const QByteArray &state);

    QString lastProfile() const; //!< the profile to open at start; empty: the local catalog
    void setLastProfile(const QString &name);
    /// The identifier selected when the browser was closed, to select again (delimited form).
    QString lastIdentifier() const;
    void setLastIdentifier(const QString &identifier);

    bool demoCatalogOffered() const; //!< the first-run demo offer has been shown
    void setDemoCatalogOffered(bool offered);
    bool demoCatalogCreated() const; //!< the demo catalog was built (and not since declined)
    void setDemoCatalogCreated(bool created);

    /// Names per page when the tree lists a namespace; MinTreePageSize to MaxTreePageSize.
    int treePageSize() const;
    void setTreePageSize(int size);
    static constexpr int MinTreePageSize = 10;
    static constexpr int MaxTreePageSize = 10000; //!< the engine's and server's limit

    bool requestLogVisible() const;
    void setRequestLogVisible(bool visible);

    /// "Don't show again" of the review before committing staged changes.
    bool skipCommitReview() const;
    void setSkipCommitReview(bool skip);

    /// View > Theme: the desktop's palette, or the app's own light or dark one.
    enum class Theme { System, Light, Dark };
    Theme theme() const;
    void setTheme(Theme theme);

    /// Every key of the table, for tests and diagnostics.
    static QStringList keys();
    /// A key's default, as the table has it; invalid for an unknown key.
    static QVariant defaultValue(const QString &key);

private:
    QSettings &m_settings;
};

} // namespace lance::settings
