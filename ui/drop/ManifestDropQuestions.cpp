// SPDX-License-Identifier: Apache-2.0
#include "ui/drop/ManifestDropQuestions.h"

#include "drop/ManifestDropPlanner.h"
#include "drop/PathMappingStore.h"
#include "storage/StorageUri.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/Prompter.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace lance::ui {

using lance::drop::ManifestDropPlan;

ManifestDropQuestions::ManifestDropQuestions(Prompter &prompter, MessageBanner &banner)
    : m_prompter(prompter)
    , m_banner(banner)
{}

std::optional<api::Identifier>
ManifestDropQuestions::table(const QString &delimiter, const std::optional<api::Identifier> &shown)
{
    Prompter::TextQuestion question;
    question.title = tr("Register Dropped Manifests");
    question.label = tr("The table to register the versions of, as its identifier:");
    if (shown) {
        question.text = shown->toString(delimiter);
    }
    question.placeholder = tr("namespace%1table").arg(delimiter);
    const std::optional<QString> answer = m_prompter.askText(question);
    if (!answer) {
        return std::nullopt;
    }
    const api::Result<api::Identifier> parsed
        = api::Identifier::parse(answer->trimmed(), delimiter);
    if (!parsed || parsed->isRoot()) {
        m_banner.showMessage(
            MessageBanner::Severity::Warning,
            tr("\"%1\" is not a table identifier; nothing was staged.").arg(*answer));
        return std::nullopt;
    }
    return *parsed;
}

bool ManifestDropQuestions::mapping(const ManifestDropPlan &plan, QSettings &settings,
                                    const QString &profile)
{
    const QStringList unmapped = plan.unmappedPaths();
    Prompter::TextQuestion question;
    question.title = tr("Path Mapping");
    question.label = tr("The server cannot see %1 as it is. Map a local folder to the storage "
                        "URI the server reads there, as LOCAL=URI:")
                         .arg(unmapped.value(0));
    question.text = QFileInfo(unmapped.value(0)).absolutePath() + u'=';
    question.placeholder = tr("/mnt/lake/=s3://lake/");
    const std::optional<QString> answer = m_prompter.askText(question);
    if (!answer) {
        return false;
    }
    const qsizetype equals = answer->indexOf(u'=');
    const lance::drop::PathMapping mapping(
        answer->left(equals).trimmed(), equals < 0 ? QString() : answer->mid(equals + 1).trimmed());
    api::Result<void> refusal = mapping.check();
    if (refusal.hasValue()) {
        // Adds to the rules already saved: another folder may be mapped there.
        lance::drop::PathMappingStore store(settings);
        QList<lance::drop::PathMapping::Rule> rules = store.mapping(profile).rules();
        rules << mapping.rules();
        refusal = store.setMapping(profile, lance::drop::PathMapping(rules));
    }
    if (!refusal.hasValue()) {
        m_banner.showMessage(MessageBanner::Severity::Warning, refusal.error().userMessage());
        return false;
    }
    return true;
}

bool ManifestDropQuestions::tableNames(lance::drop::ManifestDropPlanner &planner,
                                       const ManifestDropPlan &plan)
{
    for (const ManifestDropPlan::Dataset &dataset : plan.datasets) {
        Prompter::TextQuestion question;
        question.title = tr("Register a Dataset");
        question.label = tr("The table name for %1:").arg(QDir::toNativeSeparators(dataset.folder));
        question.text = dataset.tableName;
        const std::optional<QString> name = m_prompter.askText(question);
        if (!name) {
            return false;
        }
        planner.setTableName(dataset.folder, name->trimmed());
    }
    return true;
}

bool ManifestDropQuestions::stageDespiteProblems(const ManifestDropPlan &plan)
{
    if (!plan.hasProblems()) {
        return true;
    }
    Prompter::Question question;
    question.severity = Prompter::Severity::Warning;
    // Register Manifest from URI plans URIs of a store; a drop, files and folders.
    if (storage::StorageUri::namesStoreObject(plan.problems.first().path)) {
        question.title = tr("Register Manifest from URI");
        question.text = tr("%n manifest(s) on the object store cannot be registered.", nullptr,
                           int(plan.problems.size()));
    } else {
        question.title = tr("Register Dropped Files");
        question.text = tr("%n dropped file(s) or folder(s) cannot be registered.", nullptr,
                           int(plan.problems.size()));
    }
    question.details = plan.problemMessages().join(u'\n');
    if (!plan.operations.isEmpty()) {
        question.informativeText
            = tr("The valid part is %n operation(s); nothing is staged unless you stage it.",
                 nullptr, int(plan.operations.size()));
        question.choices << Prompter::Choice{tr("&Stage the Valid Part"),
                                             Prompter::ChoiceRole::Accept};
    } else {
        question.informativeText = tr("Nothing was staged.");
    }
    question.choices << Prompter::Choice{tr("Cancel"), Prompter::ChoiceRole::Reject};
    const int answer = m_prompter.ask(question);
    return !plan.operations.isEmpty() && answer == 0;
}

} // namespace lance::ui
