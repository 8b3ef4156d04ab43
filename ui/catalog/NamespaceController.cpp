// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/NamespaceController.h"

#include "api/CatalogService.h"
#include "api/Operations.h"
#include "catalog/NamespaceCensus.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/NamespaceCreator.h"
#include "ui/catalog/PropertiesText.h"
#include "ui/common/ImmediateAction.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>

using namespace Qt::StringLiterals;

namespace lance::ui {

using Id = WindowActions::Id;

NamespaceController::NamespaceController(WindowHost &window, CatalogSession &session,
                                         PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_action(new ImmediateAction(window, prompter, tr("Namespaces"), {}, this))
    , m_creator(new NamespaceCreator(window, std::move(prompter), this))
{
    connect(window.actions().action(Id::NewNamespace), &QAction::triggered, this,
            &NamespaceController::newNamespace);
    connect(window.actions().action(Id::DropNamespace), &QAction::triggered, this,
            &NamespaceController::dropNamespace);
    connect(window.actions().action(Id::EditNamespaceProperties), &QAction::triggered, this,
            &NamespaceController::editProperties);
    for (ImmediateAction *action : {m_action, &m_creator->action()}) {
        connect(action, &ImmediateAction::busyChanged, this, &NamespaceController::updateActions);
        connect(action, &ImmediateAction::finished, this, &NamespaceController::finished);
    }
    connect(&session, &CatalogSession::treeReady, this, &NamespaceController::updateActions);
    connect(&session, &CatalogSession::currentChanged, this, &NamespaceController::updateActions);
    updateActions();
}

void NamespaceController::updateActions()
{
    const bool writable = m_session.workspace() && !m_session.connection().isReadOnly()
                          && !m_action->isBusy() && !m_creator->action().isBusy();
    m_window.actions().action(Id::NewNamespace)->setEnabled(writable);
    m_window.actions()
        .action(Id::DropNamespace)
        ->setEnabled(writable && !selectedNamespace().isRoot());
    m_window.actions().action(Id::EditNamespaceProperties)->setEnabled(writable);
}

api::Identifier NamespaceController::selectedNamespace() const
{
    const CatalogWorkspace *workspace = m_session.workspace();
    return workspace ? workspace->currentNamespace() : api::Identifier();
}

std::optional<QString> NamespaceController::changed(const api::Identifier &id) const
{
    if (!m_session.workspace()) {
        return tr("The catalog shows no namespaces any more.");
    }
    if (selectedNamespace() != id) {
        const QString delimiter = m_session.connection().delimiter();
        return id.isRoot() ? tr("The tree selects %1 now, not the root namespace.")
                                 .arg(selectedNamespace().toString(delimiter))
                           : tr("The tree no longer selects %1: it was read again or another "
                                "namespace was chosen meanwhile.")
                                 .arg(id.toString(delimiter));
    }
    return std::nullopt;
}

void NamespaceController::refresh(bool)
{
    // Either way: a refusal may come from a change made elsewhere meanwhile.
    if (CatalogWorkspace *workspace = m_session.workspace()) {
        workspace->refresh();
    }
}

void NamespaceController::newNamespace()
{
    const api::Identifier parent = selectedNamespace();
    m_creator->create(
        m_session, parent, [this, parent] { return changed(parent); },
        [this](bool applied) { refresh(applied); });
}

void NamespaceController::dropNamespace()
{
    const api::Identifier id = selectedNamespace();
    if (id.isRoot()) {
        m_action->stop(tr("Select the namespace to drop in the tree."));
        return;
    }
    if (!m_action->start([this, id] { return changed(id); })) {
        return;
    }
    m_window.showStatus(
        tr("Counting what %1 holds…").arg(id.toString(m_session.connection().delimiter())));
    const auto counted = m_action->step<catalog::NamespaceCensus::Count>(
        [this, id](const catalog::NamespaceCensus::Count &count) {
            confirmDrop(id, count.namespaces, count.tables);
        });
    catalog::NamespaceCensus::count(
        *m_session.connection().service(), id, this,
        [this, counted](api::Result<catalog::NamespaceCensus::Count> count) {
            m_window.clearStatus();
            counted(std::move(count));
        });
}

void NamespaceController::confirmDrop(const api::Identifier &id, qint64 namespaces, qint64 tables)
{
    const QString name = id.toString(m_session.connection().delimiter());
    Prompter::Question question;
    question.severity
        = namespaces + tables > 0 ? Prompter::Severity::Warning : Prompter::Severity::Question;
    question.title = tr("Drop Namespace");
    question.text = namespaces + tables > 0
                        ? tr("Namespace %1 holds %2 and %3.")
                              .arg(name, tr("%n namespace(s)", nullptr, int(namespaces)),
                                   tr("%n table(s)", nullptr, int(tables)))
                        : tr("Drop the empty namespace %1?").arg(name);
    question.informativeText
        = tr("With everything in it (Cascade), the catalog entries of those namespaces and tables "
             "go too; the tables' data stays where it is. Only if empty (Restrict), the catalog "
             "refuses while anything is in it. Either applies at once and is not undone by Undo.");
    question.choices = {{tr("Drop Only If &Empty"), Prompter::ChoiceRole::Accept},
                        {tr("Drop With &Everything In It"), Prompter::ChoiceRole::Destructive},
                        {tr("Cancel"), Prompter::ChoiceRole::Reject}};
    question.defaultChoice = 2;
    m_action->ask(question, [this, id, name](int chosen) {
        api::DropNamespaceRequest request;
        request.id = id;
        request.behavior = chosen == 1 ? api::DropNamespaceBehavior::Cascade
                                       : api::DropNamespaceBehavior::Restrict;
        ImmediateAction::Outcome outcome;
        outcome.done = tr("Dropped the namespace %1.").arg(name);
        outcome.explain = [](const api::ApiError &error) {
            return error.serverCode() == int(api::ErrorCode::NamespaceNotEmpty)
                       ? tr("The namespace is not empty, so Restrict left it as it was. Drop it "
                            "with everything in it, or empty it first.")
                       : QString();
        };
        outcome.refresh = [this](bool applied) {
            refresh(applied);
        };
        m_action->call(*m_session.connection().service(), request, std::move(outcome));
    });
}

void NamespaceController::editProperties()
{
    const api::Identifier id = selectedNamespace();
    if (!m_action->start([this, id] { return changed(id); })) {
        return;
    }
    api::DescribeNamespaceRequest describe;
    describe.id = id;
    m_session.connection().service()->call(
        describe, this,
        m_action->step<api::DescribeNamespaceResponse>(
            [this, id](const api::DescribeNamespaceResponse &described) {
                askProperties(id, described.properties.value_or(api::StringMap()));
            }));
}

void NamespaceController::askProperties(const api::Identifier &id, const api::StringMap &current)
{
    const QString delimiter = m_session.connection().delimiter();
    const QString name = id.isRoot() ? tr("the root namespace") : id.toString(delimiter);
    Prompter::TextQuestion edit;
    edit.title = tr("Namespace Properties");
    edit.label = tr("Properties of %1, as key=value separated by commas (remove one to remove "
                    "the property):")
                     .arg(name);
    edit.text = PropertiesText::of(current);
    edit.placeholder = u"owner=finance, purpose=reports"_s;
    const auto typed = [this, id, name, current](const QString &text) {
        const api::Result<api::StringMap> wanted = PropertiesText::parse(text);
        if (!wanted) {
            m_action->refuse(wanted.error());
            return;
        }
        api::UpdateNamespacePropertiesRequest request;
        request.id = id;
        QStringList changes;
        for (auto it = wanted->cbegin(); it != wanted->cend(); ++it) {
            if (!current.contains(it.key())) {
                changes << tr("add %1 = %2").arg(it.key(), it.value());
            } else if (current.value(it.key()) != it.value()) {
                changes << tr("change %1 from %2 to %3")
                               .arg(it.key(), current.value(it.key()), it.value());
            } else {
                continue;
            }
            request.updates.insert(it.key(), it.value());
        }
        for (auto it = current.cbegin(); it != current.cend(); ++it) {
            if (!wanted->contains(it.key())) {
                request.removals << it.key();
                changes << tr("remove %1 (was %2)").arg(it.key(), it.value());
            }
        }
        if (changes.isEmpty()) {
            m_action->stop(tr("The properties of %1 are unchanged.").arg(name));
            return;
        }
        const Prompter::Question confirm = Prompter::confirmation(
            tr("Namespace Properties"), tr("Change the properties of %1 now?").arg(name),
            changes.join(u'\n') + u"\n\n"_s
                + tr("Namespaces cannot be staged: a batch commit carries table operations only. "
                     "This is sent at once, without the review, and is not undone by Undo."),
            tr("&Change Now"));
        m_action->ask(confirm, [this, request, name](int) {
            ImmediateAction::Outcome outcome;
            outcome.done = tr("Changed the properties of %1.").arg(name);
            outcome.explain = [](const api::ApiError &error) {
                return error.isUnsupported()
                               && error.operation()
                                      == api::Operation<api::UpdateNamespacePropertiesRequest>::info
                                             .name()
                           ? tr("This catalog's server cannot change namespace properties: the "
                                "Lance Namespace spec has no operation for it "
                                "(lance-catalog-server has one of its own). On other servers a "
                                "namespace's properties are set when it is created.")
                           : QString();
            };
            outcome.refresh = [this](bool applied) {
                refresh(applied);
            };
            m_action->call(*m_session.connection().service(), request, std::move(outcome));
        });
    };
    // Emptied: every property removed, which is an answer, not a cancel.
    m_action->askText(edit, typed, ImmediateAction::Blank::Answers);
}

} // namespace lance::ui
