// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/NamespaceCreator.h"

#include "api/NamespaceMessages.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/PropertiesText.h"

using namespace Qt::StringLiterals;

namespace lance::ui {

NamespaceCreator::NamespaceCreator(WindowHost &window, PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_action(new ImmediateAction(window, std::move(prompter), tr("Namespaces"), {}, this))
{}

void NamespaceCreator::create(CatalogSession &session, const api::Identifier &parent,
                              ImmediateAction::TargetCheck check,
                              std::function<void(bool applied)> refresh)
{
    if (!m_action->start([this, check = std::move(check)]() -> std::optional<QString> {
            if (!m_session) {
                return tr("The catalog was closed meanwhile.");
            }
            return check ? check() : std::nullopt;
        })) {
        return;
    }
    m_session = &session;
    m_refresh = std::move(refresh);
    const QString delimiter = session.connection().delimiter();
    Prompter::TextQuestion name;
    name.title = tr("New Namespace");
    name.label = parent.isRoot()
                     ? tr("Name of the new top-level namespace:")
                     : tr("Name of the new namespace inside %1:").arg(parent.toString(delimiter));
    name.placeholder = u"analytics"_s;
    // Said while typing, so a wrong name is fixed in place rather than lost.
    const auto checkName = [delimiter](const QString &typed) -> api::Result<void> {
        if (const auto checked = api::Identifier::checkName(typed, delimiter); !checked) {
            return checked;
        }
        return api::Identifier::checkFolderName(typed);
    };
    name.problem = Prompter::problemOf(checkName);
    m_action->askText(name, [this, parent, checkName](const QString &typed) {
        if (const auto checked = checkName(typed); !checked) {
            m_action->refuse(checked.error());
            return;
        }
        askProperties(parent.child(typed));
    });
}

void NamespaceCreator::askProperties(const api::Identifier &id)
{
    Prompter::TextQuestion properties;
    properties.title = tr("New Namespace");
    properties.label = tr("Properties of %1 (optional), as key=value separated by commas:")
                           .arg(id.toString(m_session->connection().delimiter()));
    properties.placeholder = u"owner=finance, purpose=reports"_s;
    properties.problem = Prompter::problemOf([](const QString &typed) -> api::Result<void> {
        const api::Result<api::StringMap> parsed = PropertiesText::parse(typed);
        return parsed ? api::Result<void>() : api::Result<void>(parsed.error());
    });
    m_action->askText(
        properties,
        [this, id](const QString &typed) {
            const api::Result<api::StringMap> parsed = PropertiesText::parse(typed);
            if (!parsed) {
                m_action->refuse(parsed.error());
                return;
            }
            confirm(id, *parsed);
        },
        ImmediateAction::Blank::Answers); // none is an answer
}

void NamespaceCreator::confirm(const api::Identifier &id, const api::StringMap &properties)
{
    const QString name = id.toString(m_session->connection().delimiter());
    const Prompter::Question question = Prompter::confirmation(
        tr("Create the Namespace Now"),
        tr("Create the namespace %1 in %2 now?").arg(name, m_session->connection().profile().name),
        tr("Namespaces cannot be staged: a batch commit carries table operations only. This is "
           "sent at once, without the review, and is not undone by Undo."),
        tr("C&reate Now"));
    m_action->ask(question, [this, id, properties, name](int) {
        api::CreateNamespaceRequest request;
        request.id = id;
        request.properties = properties;
        ImmediateAction::Outcome outcome;
        outcome.done = tr("Created the namespace %1.").arg(name);
        outcome.explain = [name](const api::ApiError &error) {
            switch (error.serverCode().value_or(-1)) {
            case int(api::ErrorCode::NamespaceAlreadyExists):
            case int(api::ErrorCode::TableAlreadyExists):
                return tr("The catalog holds %1 already: choose another name.").arg(name);
            case int(api::ErrorCode::NamespaceNotFound):
                return tr("The namespace it would go in is no longer in the catalog: someone "
                          "dropped it meanwhile.");
            default:
                return QString();
            }
        };
        outcome.refresh = m_refresh;
        m_action->call(m_session->catalog(), request, std::move(outcome));
    });
}

} // namespace lance::ui
