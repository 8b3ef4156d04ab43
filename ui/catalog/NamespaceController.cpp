// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/NamespaceController.h"

#include "api/CatalogService.h"
#include "api/Operations.h"
#include "catalog/NamespaceCensus.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/common/Prompter.h"
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
    , m_prompter(std::move(prompter))
{
    connect(window.actions().action(Id::NewNamespace), &QAction::triggered, this,
            &NamespaceController::newNamespace);
    connect(window.actions().action(Id::DropNamespace), &QAction::triggered, this,
            &NamespaceController::dropNamespace);
    connect(window.actions().action(Id::EditNamespaceProperties), &QAction::triggered, this,
            &NamespaceController::editProperties);
    connect(&session, &CatalogSession::treeReady, this, &NamespaceController::updateActions);
    connect(&session, &CatalogSession::currentChanged, this, &NamespaceController::updateActions);
    updateActions();
}

void NamespaceController::updateActions()
{
    const bool writable = m_session.workspace() && !m_session.connection().isReadOnly();
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

api::Result<api::StringMap> NamespaceController::parseProperties(const QString &text)
{
    api::StringMap properties;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const qsizetype equals = part.indexOf(u'=');
        const QString key = part.left(equals).trimmed();
        if (equals < 0 || key.isEmpty()) {
            return api::ApiError::invalidInput(
                tr("\"%1\" is not a property: write key=value, and separate them with commas.")
                    .arg(part.trimmed()));
        }
        if (properties.contains(key)) {
            return api::ApiError::invalidInput(tr("The property %1 is given twice.").arg(key));
        }
        properties.insert(key, part.mid(equals + 1).trimmed());
    }
    return properties;
}

QString NamespaceController::propertiesText(const api::StringMap &properties)
{
    QStringList parts;
    for (auto it = properties.cbegin(); it != properties.cend(); ++it) {
        parts << it.key() + u'=' + it.value();
    }
    return parts.join(u", "_s);
}

void NamespaceController::newNamespace()
{
    const api::Identifier parent = selectedNamespace();
    const QString delimiter = m_session.connection().delimiter();
    Prompter::TextQuestion name;
    name.title = tr("New Namespace");
    name.label = parent.isRoot()
                     ? tr("Name of the new top-level namespace:")
                     : tr("Name of the new namespace inside %1:").arg(parent.toString(delimiter));
    name.placeholder = u"analytics"_s;
    const std::optional<QString> typed = m_prompter().askText(name);
    if (!typed || typed->trimmed().isEmpty()) {
        emit finished(false);
        return;
    }
    const api::Identifier id = parent.child(typed->trimmed());
    if (const auto checked = api::Identifier::checkName(typed->trimmed(), delimiter); !checked) {
        answered(checked, {});
        return;
    }
    Prompter::TextQuestion props;
    props.title = tr("New Namespace");
    props.label = tr("Properties of %1 (optional), as key=value separated by commas:")
                      .arg(id.toString(delimiter));
    props.placeholder = u"owner=finance, purpose=reports"_s;
    const std::optional<QString> propertiesText = m_prompter().askText(props);
    if (!propertiesText) {
        emit finished(false);
        return;
    }
    const api::Result<api::StringMap> properties = parseProperties(*propertiesText);
    if (!properties) {
        answered(properties.error(), {});
        return;
    }
    Prompter::Question confirm;
    confirm.title = tr("New Namespace");
    confirm.text = tr("Create the namespace %1 now?").arg(id.toString(delimiter));
    confirm.informativeText
        = tr("Namespaces cannot be staged: a batch commit carries table operations only. This is "
             "sent at once, without the review, and is not undone by Undo.");
    confirm.choices = {{tr("C&reate Now"), Prompter::ChoiceRole::Accept},
                       {tr("Cancel"), Prompter::ChoiceRole::Reject}};
    confirm.defaultChoice = 1;
    if (m_prompter().ask(confirm) != 0) {
        emit finished(false);
        return;
    }
    api::CreateNamespaceRequest request;
    request.id = id;
    request.properties = *properties;
    m_session.connection().service()->call(request, this, [this, id, delimiter](auto result) {
        answered(api::Result<void>(result),
                 tr("Created the namespace %1.").arg(id.toString(delimiter)));
    });
}

void NamespaceController::dropNamespace()
{
    const api::Identifier id = selectedNamespace();
    if (id.isRoot()) {
        m_window.showStatus(tr("Select the namespace to drop in the tree."),
                            WindowHost::StatusMessageMs);
        emit finished(false);
        return;
    }
    m_window.showStatus(
        tr("Counting what %1 holds…").arg(id.toString(m_session.connection().delimiter())));
    catalog::NamespaceCensus::count(*m_session.connection().service(), id, this,
                                    [this, id](api::Result<catalog::NamespaceCensus::Count> count) {
                                        m_window.clearStatus();
                                        if (!count) {
                                            answered(count.error(), {});
                                            return;
                                        }
                                        confirmDrop(id, count->namespaces, count->tables);
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
    const int chosen = m_prompter().ask(question);
    if (chosen != 0 && chosen != 1) {
        emit finished(false);
        return;
    }
    api::DropNamespaceRequest request;
    request.id = id;
    request.behavior
        = chosen == 1 ? api::DropNamespaceBehavior::Cascade : api::DropNamespaceBehavior::Restrict;
    m_session.connection().service()->call(request, this, [this, name](auto result) {
        answered(api::Result<void>(result), tr("Dropped the namespace %1.").arg(name));
    });
}

void NamespaceController::editProperties()
{
    const api::Identifier id = selectedNamespace();
    api::DescribeNamespaceRequest describe;
    describe.id = id;
    m_session.connection().service()->call(
        describe, this, [this, id](api::Result<api::DescribeNamespaceResponse> described) {
            if (!described) {
                answered(described.error(), {});
                return;
            }
            askProperties(id, described->properties.value_or(api::StringMap()));
        });
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
    edit.text = propertiesText(current);
    edit.placeholder = u"owner=finance, purpose=reports"_s;
    const std::optional<QString> typed = m_prompter().askText(edit);
    if (!typed) {
        emit finished(false);
        return;
    }
    const api::Result<api::StringMap> wanted = parseProperties(*typed);
    if (!wanted) {
        answered(wanted.error(), {});
        return;
    }
    api::UpdateNamespacePropertiesRequest request;
    request.id = id;
    QStringList changes;
    for (auto it = wanted->cbegin(); it != wanted->cend(); ++it) {
        if (!current.contains(it.key())) {
            changes << tr("add %1 = %2").arg(it.key(), it.value());
        } else if (current.value(it.key()) != it.value()) {
            changes
                << tr("change %1 from %2 to %3").arg(it.key(), current.value(it.key()), it.value());
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
        m_window.showStatus(tr("The properties of %1 are unchanged.").arg(name),
                            WindowHost::StatusMessageMs);
        emit finished(false);
        return;
    }
    Prompter::Question confirm;
    confirm.title = tr("Namespace Properties");
    confirm.text = tr("Change the properties of %1 now?").arg(name);
    confirm.informativeText
        = changes.join(u'\n') + u"\n\n"_s
          + tr("Namespaces cannot be staged: a batch commit carries table operations only. This "
               "is sent at once, without the review, and is not undone by Undo.");
    confirm.choices = {{tr("&Change Now"), Prompter::ChoiceRole::Accept},
                       {tr("Cancel"), Prompter::ChoiceRole::Reject}};
    confirm.defaultChoice = 1;
    if (m_prompter().ask(confirm) != 0) {
        emit finished(false);
        return;
    }
    m_session.connection().service()->call(request, this, [this, name](auto result) {
        answered(api::Result<void>(result), tr("Changed the properties of %1.").arg(name));
    });
}

void NamespaceController::answered(const api::Result<void> &result, const QString &done)
{
    if (result) {
        m_window.showStatus(done, WindowHost::StatusMessageMs);
        if (CatalogWorkspace *workspace = m_session.workspace()) {
            workspace->refresh();
        }
        emit finished(true);
        return;
    }
    const api::ApiError &error = result.error();
    QString explained = error.userMessage();
    if (error.serverCode() == int(api::ErrorCode::NamespaceNotEmpty)) {
        explained = tr("The namespace is not empty, so Restrict left it as it was. Drop it with "
                       "everything in it, or empty it first.");
    } else if (error.isUnsupported()
               && error.operation()
                      == api::Operation<api::UpdateNamespacePropertiesRequest>::info.name()) {
        explained = tr("This catalog's server cannot change namespace properties: the Lance "
                       "Namespace spec has no operation for it (lance-catalog-server has one of "
                       "its own). On other servers a namespace's properties are set when it is "
                       "created.");
    }
    m_prompter().tellNothingChanged(tr("Namespaces"), explained, error.details());
    emit finished(false);
}

} // namespace lance::ui
