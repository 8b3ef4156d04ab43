// SPDX-License-Identifier: Apache-2.0
#include "ui/connection/ConnectionCommands.h"

#include "activity/RequestLog.h"
#include "connection/CatalogConnection.h"
#include "connection/ConnectionProfile.h"
#include "connection/ConnectionTester.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/catalog/NamespaceCreator.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/Prompter.h"
#include "ui/common/WindowHost.h"
#include "ui/connection/ProfilesDialog.h"
#include "ui/window/WindowActions.h"

#include <QDateTime>
#include <QDir>
#include <QSaveFile>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace lance::ui {

ConnectionCommands::ConnectionCommands(WindowHost &window, CatalogSwitcher &switcher,
                                       PrompterSource prompter, ErrorSink showError,
                                       QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_switcher(switcher)
    , m_prompter(std::move(prompter))
    , m_showError(std::move(showError))
    , m_creator(new NamespaceCreator(window, m_prompter, this))
{}

void ConnectionCommands::connectToUrl()
{
    Prompter::TextQuestion question;
    question.title = tr("Connect to a Server");
    question.label = tr("URL of the Lance namespace REST server:");
    question.placeholder = u"http://127.0.0.1:2333"_s;
    const std::optional<QString> text = m_prompter().askText(question);
    if (!text) {
        return;
    }
    const std::optional<QUrl> url = connection::ConnectionProfile::serverUrl(*text);
    if (!url) {
        m_showError(api::ApiError::invalidInput(
                        tr("\"%1\" is not the URL of a server: it needs http:// or https:// and a "
                           "host, such as http://127.0.0.1:2333.")
                            .arg(*text)),
                    [this] { connectToUrl(); });
        return;
    }
    m_switcher.openUrl(*url);
}

void ConnectionCommands::openFolder()
{
    const std::optional<QString> folder
        = m_prompter().chooseFolder(tr("Open a Catalog Folder"), QDir::homePath());
    if (folder) {
        m_switcher.openLocal(*folder, QDir(*folder).dirName());
    }
}

void ConnectionCommands::createNamespace()
{
    CatalogSession *session = m_switcher.session();
    if (!session || session->connection().isReadOnly()) {
        return;
    }
    // The catalog asked about must still be the open one when each question is answered.
    QPointer<CatalogSession> asked = session;
    m_creator->create(
        *session, api::Identifier(),
        [this, asked]() -> std::optional<QString> {
            if (m_switcher.session() != asked) {
                return tr("Another catalog was opened meanwhile.");
            }
            return std::nullopt;
        },
        [this](bool applied) {
            if (applied) {
                emit namespaceCreated();
            }
        });
}

void ConnectionCommands::manageConnections()
{
    if (m_profilesDialog) {
        m_profilesDialog->raise();
        m_profilesDialog->activateWindow();
        return;
    }
    // Window-modal but not exec(): the catalog keeps loading behind it.
    m_profilesDialog = new ProfilesDialog(m_switcher.profiles(), m_switcher.secrets(), m_prompter(),
                                          m_window.dialogParent());
    m_profilesDialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_switcher.isSavedProfile()) {
        m_profilesDialog->selectProfile(m_switcher.title());
    }
    connect(m_profilesDialog, &QDialog::accepted, this, [this] {
        const QString chosen = m_profilesDialog->selectedProfile();
        if (!chosen.isEmpty()) {
            m_switcher.openProfile(chosen);
        }
    });
    m_profilesDialog->open();
}

void ConnectionCommands::testConnection()
{
    CatalogSession *session = m_switcher.session();
    if (!session) {
        return;
    }
    auto *tester = new connection::ConnectionTester(&session->connection(), session);
    m_window.showStatus(
        tr("Testing the connection to %1…").arg(session->connection().profile().location()));
    connect(tester, &connection::ConnectionTester::finished, this, [this, tester](bool passed) {
        m_window.clearStatus();
        m_window.banner().showMessage(passed ? MessageBanner::Severity::Positive
                                             : MessageBanner::Severity::Error,
                                      tester->summary());
        tester->deleteLater();
    });
    tester->start();
}

void ConnectionCommands::disconnect()
{
    m_switcher.openDefault();
}

void ConnectionCommands::saveRequestLog()
{
    const QString suggested = QDir::home().filePath(u"lance-requests-%1.jsonl"_s.arg(
        QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s)));
    const std::optional<QString> path = m_prompter().chooseSaveFile(
        tr("Save the Request Log"), suggested, tr("JSON lines (*.jsonl);;All files (*)"));
    if (!path) {
        return;
    }
    QSaveFile file(*path);
    if (!file.open(QIODevice::WriteOnly) || !m_switcher.requestLog().saveJsonLines(file)
        || !file.commit()) {
        m_window.banner().showMessage(
            MessageBanner::Severity::Error,
            tr("The request log could not be saved to %1: %2.")
                .arg(QDir::toNativeSeparators(*path), file.errorString()));
        return;
    }
    m_window.showStatus(tr("Saved %n request(s) to %1", nullptr, m_switcher.requestLog().rowCount())
                            .arg(QDir::toNativeSeparators(*path)),
                        WindowHost::StatusMessageMs);
}

} // namespace lance::ui
