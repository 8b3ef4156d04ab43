// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/VersionTagController.h"

#include "api/TagMessages.h"
#include "api/TagNames.h"
#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/catalog/VersionsTarget.h"
#include "ui/common/ImmediateAction.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>

namespace lance::ui {

using Id = WindowActions::Id;

VersionTagController::VersionTagController(WindowHost &window, CatalogSession &session,
                                           PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_action(new ImmediateAction(window, std::move(prompter), tr("Tags"), {}, this))
{
    WindowActions &actions = window.actions();
    connect(actions.action(Id::TagVersion), &QAction::triggered, this,
            &VersionTagController::tagVersion);
    connect(actions.action(Id::MoveTag), &QAction::triggered, this, &VersionTagController::moveTag);
    connect(actions.action(Id::DeleteTag), &QAction::triggered, this,
            &VersionTagController::deleteTag);
    connect(m_action, &ImmediateAction::busyChanged, this, &VersionTagController::updateActions);
    connect(m_action, &ImmediateAction::finished, this, &VersionTagController::finished);
    connect(&session, &CatalogSession::treeReady, this, &VersionTagController::updateActions);
    connect(&session, &CatalogSession::currentChanged, this, &VersionTagController::updateActions);
    updateActions();
}

void VersionTagController::updateActions()
{
    const bool table = VersionsTarget::shown(m_session).hasValue();
    for (const Id id : {Id::TagVersion, Id::MoveTag, Id::DeleteTag}) {
        m_window.actions().action(id)->setEnabled(table && !m_action->isBusy());
    }
}

std::optional<VersionsTarget> VersionTagController::startOnChosen()
{
    const api::Result<VersionsTarget> chosen = VersionsTarget::chosen(
        m_session, tr("Select the one version to tag in the Versions view."),
        tr("Version %1 is staged, not in the catalog yet: commit it before tagging it."));
    if (!chosen) {
        m_action->stop(chosen.error().userMessage());
        return std::nullopt;
    }
    if (!m_action->start([this, target = *chosen] { return target.changedIn(m_session); })) {
        return std::nullopt;
    }
    return *chosen;
}

Prompter::TextQuestion VersionTagController::tagQuestion(const QString &title, const QString &label,
                                                         const QString &suggestion)
{
    Prompter::TextQuestion question;
    question.title = title;
    question.label = label;
    question.text = suggestion;
    question.placeholder = tr("a tag name, e.g. stable");
    return question;
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
    const std::optional<VersionsTarget> at = startOnChosen();
    if (!at) {
        return;
    }
    const QString name = at->table.toString(m_session.connection().delimiter());
    const QString version = versionOn(*at->version, at->branch);
    Prompter::TextQuestion question
        = tagQuestion(tr("Tag Version"),
                      tr("A tag for %1 of %2. It applies at once: tags are not part of a batch "
                         "commit.")
                          .arg(version, name),
                      QString());
    // Lance's rules, said while typing: nothing is sent for a name the catalog would refuse.
    question.problem = Prompter::problemOf(&api::TagNames::check);
    m_action->askText(question, [this, at = *at, name, version](const QString &tag) {
        // Confirmed like every change that applies at once: a tag is what readers open.
        m_action->ask(
            Prompter::confirmation(
                tr("Tag Version"), tr("Tag %1 of %2 as %3?").arg(version, name, tag),
                tr("Everyone can open the table at %1 by this tag from now on. It applies at "
                   "once; delete the tag to take it back.")
                    .arg(version),
                tr("&Tag Version")),
            [this, at, name, version, tag](int) {
                api::CreateTableTagRequest request;
                request.id = at.table;
                request.tag = tag;
                request.version = *at.version;
                request.branch = at.branch; // a version of the branch shown
                send(request, tr("Tagged %1 of %2 as %3.").arg(version, name, tag), tag,
                     *at.version);
            });
    });
}

void VersionTagController::moveTag()
{
    const std::optional<VersionsTarget> at = startOnChosen();
    if (!at) {
        return;
    }
    const QStringList known = m_session.workspace()->versionModel()->tags().keys();
    const QString label = known.isEmpty()
                              ? tr("The tag to point at version %1:").arg(*at->version)
                              : tr("The tag to point at version %1 (this table has: %2):")
                                    .arg(*at->version)
                                    .arg(known.join(QStringLiteral(", ")));
    m_action->askText(
        tagQuestion(tr("Move Tag"), label, known.size() == 1 ? known.first() : QString()),
        [this, at = *at](const QString &tag) {
            // What the tag names now, as the view (read again since the question) lists it.
            const QMap<QString, api::TagContents> &tags
                = m_session.workspace()->versionModel()->tags();
            const auto current = tags.constFind(tag);
            const QString from = current == tags.cend()
                                     ? tr("a version not listed here")
                                     : versionOn(current->version, current->branch);
            const QString to = versionOn(*at.version, at.branch);
            m_action->ask(
                Prompter::confirmation(
                    tr("Move Tag"), tr("Move tag %1 from %2 to %3?").arg(tag, from, to),
                    tr("Everyone who reads the table by this tag gets %1 from now on. It applies "
                       "at once; move it back the same way.")
                        .arg(to),
                    tr("&Move Tag")),
                [this, at, tag, to](int) {
                    api::UpdateTableTagRequest request;
                    request.id = at.table;
                    request.tag = tag;
                    request.version = *at.version;
                    request.branch = at.branch;
                    send(request, tr("Moved tag %1 to %2.").arg(tag, to), tag, *at.version);
                });
        });
}

void VersionTagController::deleteTag()
{
    const api::Result<VersionsTarget> shown = VersionsTarget::shown(m_session);
    if (!shown) {
        m_action->stop(shown.error().userMessage());
        return;
    }
    if (!m_action->start([this, target = *shown] { return target.changedIn(m_session); })) {
        return;
    }
    const catalog::TableVersionModel *model = m_session.workspace()->versionModel();
    // The selected version's one tag, if it has exactly one, is the likely choice.
    QString suggestion;
    const VersionsPanel *panel = m_session.workspace()->versionsPanel();
    if (const QList<qint64> selected = panel->selectedVersions(); selected.size() == 1) {
        const QStringList onIt = model->tagsOf(selected.first());
        suggestion = onIt.size() == 1 ? onIt.first() : QString();
    }
    const QStringList known = model->tags().keys();
    const QString label
        = known.isEmpty()
              ? tr("The tag to delete:")
              : tr("The tag to delete (this table has: %1):").arg(known.join(QStringLiteral(", ")));
    m_action->askText(tagQuestion(tr("Delete Tag"), label, suggestion), [this, at = *shown](
                                                                            const QString &tag) {
        const QMap<QString, api::TagContents> &tags = m_session.workspace()->versionModel()->tags();
        const auto current = tags.constFind(tag);
        const qint64 version = current == tags.cend() ? -1 : current->version;
        m_action->ask(
            Prompter::confirmation(
                tr("Delete Tag"),
                version < 0
                    ? tr("Delete tag %1?").arg(tag)
                    : tr("Delete tag %1 of %2?").arg(tag, versionOn(version, current->branch)),
                tr("The version stays; only its name goes. Readers that open the table by this "
                   "tag will fail. It applies at once."),
                tr("&Delete Tag")),
            [this, at, tag, version](int) {
                api::DeleteTableTagRequest request;
                request.id = at.table;
                request.tag = tag;
                send(request, tr("Deleted tag %1.").arg(tag), tag, version);
            });
    });
}

template <typename Request>
void VersionTagController::send(const Request &request, const QString &done, const QString &tag,
                                qint64 version)
{
    ImmediateAction::Outcome outcome;
    outcome.done = done;
    outcome.explain = [tag, version](const api::ApiError &error) {
        return explain(error, tag, version);
    };
    outcome.refresh = [this](bool) {
        // The Tags column and tab as the catalog holds them now, also after a refusal: it may
        // come from a change made elsewhere.
        if (CatalogWorkspace *workspace = m_session.workspace()) {
            workspace->refresh();
        }
    };
    m_action->call(*m_session.connection().service(), request, std::move(outcome));
}

QString VersionTagController::explain(const api::ApiError &error, const QString &tag,
                                      qint64 version)
{
    switch (error.serverCode().value_or(-1)) {
    case int(api::ErrorCode::TableTagAlreadyExists):
        return tr("The table has a tag %1 already. To point it at version %2, select that version "
                  "and choose Move Tag Here.")
            .arg(tag)
            .arg(version);
    case int(api::ErrorCode::TableVersionNotFound):
        return tr("Version %1 is no longer in the catalog: someone deleted it meanwhile. The "
                  "table is read again.")
            .arg(version);
    case int(api::ErrorCode::TableTagNotFound):
        return tr("The table has no tag %1 (any more). The table is read again.").arg(tag);
    default:
        return {};
    }
}

} // namespace lance::ui
