// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "ui/common/Prompter.h"

#include <QObject>

#include <optional>

namespace lance::staging {
class PendingChanges;
}

namespace lance::ui {

class CatalogSession;
class ImmediateAction;
class WindowHost;

/// Changes > Rename Table… (F2 in the tree) on the selected table: asks for its new
/// identifier, prefilled with the current one, so one edit renames it or, with another
/// namespace, moves it; then stages the RenameTable (staging::StagedRenames), which runs on its
/// own after the batch. Refused with a sentence, staging nothing: an identifier that is not
/// valid or unchanged, a name the tree shows taken, a table the staged batch deregisters (there
/// would be nothing left to rename) or a name it declares, a second rename of one table. An
/// ImmediateAction: when the question is answered, the tree must still select the table and no
/// commit may have started meanwhile.
class TableRenameController : public QObject
{
    Q_OBJECT

public:
    TableRenameController(WindowHost &window, CatalogSession &session,
                          staging::PendingChanges &changes, PrompterSource prompter,
                          QObject *parent = nullptr);

    void rename();

signals:
    /// A rename ended: staged, refused or cancelled.
    void finished(bool staged);

private:
    std::optional<api::Identifier> selectedTable() const;
    /// Why the batch staged now and the tree rule out renaming `table` to `target`; nothing
    /// when they do not.
    std::optional<QString> conflict(const api::Identifier &table,
                                    const api::Identifier &target) const;
    /// Nothing while `table` can still be renamed as asked; else what changed meanwhile.
    std::optional<QString> changed(const api::Identifier &table) const;
    /// The identifier `typed` names as the new one of `table`, or why it cannot be (a bad
    /// identifier, the root, a name that cannot be a folder, conflict()). `table` itself is
    /// answered as it is: left unchanged, nothing is staged.
    api::Result<api::Identifier> target(const api::Identifier &table, const QString &typed) const;
    void stage(const api::Identifier &table, const QString &typed);
    /// Says so when `target`'s namespace is not in the tree, which has listed all its
    /// siblings; nothing otherwise.
    std::optional<QString> missingNamespace(const api::Identifier &target) const;
    void stageChecked(const api::Identifier &table, const api::Identifier &target);
    void updateAction();

    WindowHost &m_window;
    CatalogSession &m_session;
    staging::PendingChanges &m_changes;
    ImmediateAction *m_action = nullptr;
};

} // namespace lance::ui
