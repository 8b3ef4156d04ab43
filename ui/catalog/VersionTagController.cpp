// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/VersionTagController.h"

#include "api/CatalogService.h"
#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/Prompter.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>

namespace lance::ui {

namespace {

constexpr int StatusMessageMs = 8000;

} // namespace

using Id = WindowActions::Id;

VersionTagController::VersionTagController(WindowHost &window, CatalogSession &session,
                                           PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_prompter(std::move(prompter))
{
    WindowActions &actions = window.actions();
    connect(actions.action(Id::TagVersion), &QAction::triggered, this,
            &VersionTagController::tagVersion);
    connect(actions.action(Id::MoveTag), &QAction::triggered, this, &VersionTagController::moveTag);
    connect(actions.action(Id::DeleteTag), &QAction::triggered, this,
            &VersionTagController::deleteTag);
    connect(&session, &CatalogSession::treeReady, this, &VersionTagController::updateActions);
    connect(&session, &CatalogSession::currentChanged, this, &VersionTagController::updateActions);
    updateActions();
}

void VersionTagController::updateActions()
{
    const catalog::TableVersionModel *model = shownModel();
    const bool table = model && model->table().has_value();
    for (const Id id : {Id::TagVersion, Id::MoveTag, Id::DeleteTag}) {
        m_window.actions().action(id)->setEnabled(table && !m_busy);
    }
}

const catalog::TableVersionModel *VersionTagController::shownModel() const
{
    const CatalogWorkspace *workspace = m_session.workspace();
    return workspace ? workspace->versionModel() : nullptr;
}

std::optional<qint64> VersionTagController::chosenVersion()
{
    CatalogWorkspace *workspace = m_session.workspace();
    const catalog::TableVersionModel *model = workspace ? workspace->versionModel() : nullptr;
    if (!model || !model->table()) {
        return std::nullopt;
    }
    const auto chosen = workspace->versionsPanel()->oneListedRow(
        tr("Select the one version to tag in the Versions view."),
        tr("Version %1 is staged, not in the catalog yet: commit it before tagging it."));
    if (!chosen) {
        m_window.showStatus(chosen.error().userMessage(), StatusMessageMs);
        return std::nullopt;
    }
    return model->versionAt(*chosen).version;
}

std::optional<QString> VersionTagController::askTag(const QString &title, const QString &label,
                                                    const QString &suggestion)
{
    Prompter::TextQuestion question;
    question.title = title;
    question.label = label;
    question.text = suggestion;
    question.placeholder = tr("a tag name, e.g. stable");
    std::optional<QString> tag = m_prompter().askText(question);
    if (tag) {
        *tag = tag->trimmed();
    }
    if (!tag || tag->isEmpty()) {
        return std::nullopt;
    }
    return tag;
}

bool VersionTagController::confirm(const QString &title, const QString &text,
                                   const QString &consequence, const QString &go)
{
    Prompter::Question question;
    question.severity = Prompter::Severity::Question;
    question.title = title;
    question.text = text;
    question.informativeText = consequence;
    question.choices
        = {{go, Prompter::ChoiceRole::Accept}, {tr("Cancel"), Prompter::ChoiceRole::Reject}};
    question.defaultChoice = 1; // a changed tag moves what readers of it see: not on Enter
    return m_prompter().ask(question) == 0;
}

QString VersionTagController::versionOn(qint64 version, const std::optional<QString> &branch)
{
    if (!branch || branch->isEmpty() || *branch == u"main") {
        return tr("version %1").arg(version);
    }
    return tr("version %1 (branch %2)").arg(version).arg(*branch);
}

void VersionTagController::tagVersion()
{
    const std::optional<qint64> version = chosenVersion();
    const catalog::TableVersionModel *model = shownModel();
    if (!version || !model) {
        emit finished(false);
        return;
    }
    const QString name = model->table()->toString(m_session.connection().delimiter());
    const std::optional<QString> tag
        = askTag(tr("Tag Version"),
                 tr("A tag for %1 of %2. It applies at once: tags are not part of a batch commit.")
                     .arg(versionOn(*version, model->branch()), name),
                 QString());
    if (!tag) {
        emit finished(false);
        return;
    }
    api::CreateTableTagRequest request;
    request.id = *model->table();
    request.tag = *tag;
    request.version = *version;
    request.branch = model->branch(); // a version of the branch shown
    send(request,
         tr("Tagged %1 of %2 as %3.").arg(versionOn(*version, model->branch()), name, *tag), *tag,
         *version);
}

void VersionTagController::moveTag()
{
    const std::optional<qint64> version = chosenVersion();
    const catalog::TableVersionModel *model = shownModel();
    if (!version || !model) {
        emit finished(false);
        return;
    }
    const QStringList known = model->tags().keys();
    const std::optional<QString> tag
        = askTag(tr("Move Tag"),
                 known.isEmpty() ? tr("The tag to point at version %1:").arg(*version)
                                 : tr("The tag to point at version %1 (this table has: %2):")
                                       .arg(*version)
                                       .arg(known.join(QStringLiteral(", "))),
                 known.size() == 1 ? known.first() : QString());
    if (!tag) {
        emit finished(false);
        return;
    }
    const auto current = model->tags().constFind(*tag);
    const QString from = current == model->tags().cend()
                             ? tr("a version not listed here")
                             : versionOn(current->version, current->branch);
    const QString to = versionOn(*version, model->branch());
    if (!confirm(tr("Move Tag"), tr("Move tag %1 from %2 to %3?").arg(*tag, from, to),
                 tr("Everyone who reads the table by this tag gets %1 from now on. It "
                    "applies at once; move it back the same way.")
                     .arg(to),
                 tr("&Move Tag"))) {
        emit finished(false);
        return;
    }
    api::UpdateTableTagRequest request;
    request.id = *model->table();
    request.tag = *tag;
    request.version = *version;
    request.branch = model->branch();
    send(request, tr("Moved tag %1 to %2.").arg(*tag, to), *tag, *version);
}

void VersionTagController::deleteTag()
{
    const catalog::TableVersionModel *model = shownModel();
    if (!model || !model->table()) {
        emit finished(false);
        return;
    }
    // The selected version's one tag, if it has exactly one, is the likely choice.
    QString suggestion;
    const VersionsPanel *panel = m_session.workspace()->versionsPanel();
    if (const QList<qint64> selected = panel->selectedVersions(); selected.size() == 1) {
        const QStringList onIt = model->tagsOf(selected.first());
        suggestion = onIt.size() == 1 ? onIt.first() : QString();
    }
    const QStringList known = model->tags().keys();
    const std::optional<QString> tag = askTag(
        tr("Delete Tag"),
        known.isEmpty()
            ? tr("The tag to delete:")
            : tr("The tag to delete (this table has: %1):").arg(known.join(QStringLiteral(", "))),
        suggestion);
    if (!tag) {
        emit finished(false);
        return;
    }
    const auto current = model->tags().constFind(*tag);
    const qint64 version = current == model->tags().cend() ? -1 : current->version;
    if (!confirm(tr("Delete Tag"),
                 version < 0
                     ? tr("Delete tag %1?").arg(*tag)
                     : tr("Delete tag %1 of %2?").arg(*tag, versionOn(version, current->branch)),
                 tr("The version stays; only its name goes. Readers that open the table by this "
                    "tag will fail. It applies at once."),
                 tr("&Delete Tag"))) {
        emit finished(false);
        return;
    }
    api::DeleteTableTagRequest request;
    request.id = *model->table();
    request.tag = *tag;
    send(request, tr("Deleted tag %1.").arg(*tag), *tag, version);
}

template <typename Request>
void VersionTagController::send(const Request &request, const QString &done, const QString &tag,
                                qint64 version)
{
    m_busy = true;
    updateActions();
    m_session.connection().service()->call(request, this, [this, done, tag, version](auto result) {
        answered(api::Result<void>(result), done, tag, version);
    });
}

void VersionTagController::answered(const api::Result<void> &result, const QString &done,
                                    const QString &tag, qint64 version)
{
    m_busy = false;
    updateActions();
    if (result) {
        m_window.showStatus(done, StatusMessageMs);
        if (CatalogWorkspace *workspace = m_session.workspace()) {
            workspace->refresh(); // the Tags column and tab, as the catalog holds them now
        }
        emit finished(true);
        return;
    }
    const api::ApiError &error = result.error();
    const int code = error.serverCode().value_or(-1);
    QString explained = error.userMessage();
    if (code == int(api::ErrorCode::TableTagAlreadyExists)) {
        explained = tr("The table has a tag %1 already. To point it at version %2, select that "
                       "version and choose Move Tag Here.")
                        .arg(tag)
                        .arg(version);
    } else if (code == int(api::ErrorCode::TableVersionNotFound)) {
        explained = tr("Version %1 is no longer in the catalog: someone deleted it meanwhile. "
                       "The table is read again.")
                        .arg(version);
    } else if (code == int(api::ErrorCode::TableTagNotFound)) {
        explained = tr("The table has no tag %1 (any more). The table is read again.").arg(tag);
    }
    m_prompter().tellNothingChanged(tr("Tags"), explained, error.details());
    if (CatalogWorkspace *workspace = m_session.workspace()) {
        workspace->refresh();
    }
    emit finished(false);
}

} // namespace lance::ui
