// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QCommandLinkButton;
class QLabel;

namespace lance::ui {

/// What a newcomer sees instead of an empty tree: what is going on, and one button per next
/// step. The panel only asks; whoever owns it does the work when a signal arrives.
///
/// Object names for tests: `demoButton`, `connectButton`, `openFolderButton`,
/// `createNamespaceButton`, `emptyStateTitleLabel`, `emptyStateTextLabel`.
class EmptyStatePanel : public QWidget
{
    Q_OBJECT

public:
    enum class Situation {
        EmptyCatalog, //!< a catalog is open and has no namespace or table
        NoCatalog,    //!< nothing is open (no connection, or it failed)
    };

    explicit EmptyStatePanel(QWidget *parent = nullptr);

    /// `catalogName` names the open catalog in the text ("the embedded catalog", a profile).
    void setSituation(Situation situation, const QString &catalogName = {});
    Situation situation() const { return m_situation; }
    /// Read-only connections offer no "Create a namespace".
    void setReadOnly(bool readOnly);

signals:
    void demoRequested();
    void connectRequested();
    void openFolderRequested();
    void createNamespaceRequested();

private:
    void updateTexts();

    QLabel *m_titleLabel = nullptr;
    QLabel *m_textLabel = nullptr;
    QCommandLinkButton *m_demoButton = nullptr;
    QCommandLinkButton *m_connectButton = nullptr;
    QCommandLinkButton *m_openFolderButton = nullptr;
    QCommandLinkButton *m_createNamespaceButton = nullptr;
    Situation m_situation = Situation::NoCatalog;
    QString m_catalogName;
    bool m_readOnly = false;
};

} // namespace lance::ui
