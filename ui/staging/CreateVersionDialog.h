// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/VersionMessages.h"
#include "ui/staging/OperationDialog.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace lance::ui {

class KeyValueEditor;
class Prompter;

/// "Create Version": what one CreateTableVersion operation needs, filled in as far as the
/// app can. The version starts at the latest known + 1; choosing the manifest file fills its
/// object-store path, size and e-tag from the file, and the naming scheme (and the version,
/// when the file already has its final name) from the file name. Nothing is sent: the dialog
/// answers request(), which the caller stages.
///
/// Object names for tests: `versionEdit`, `manifestPathEdit`, `chooseManifestButton`,
/// `sizeEdit`, `eTagEdit`, `schemeCombo`, `branchEdit`, `metadataEditor`, `problemNote`,
/// `stageButton`.
class CreateVersionDialog : public OperationDialog
{
    Q_OBJECT

public:
    /// `latest`: the newest version known for the table, if any.
    CreateVersionDialog(const api::Identifier &table, const QString &delimiter,
                        std::optional<qint64> latest, Prompter &prompter,
                        QWidget *parent = nullptr);

    /// Fills the form from `request` (editing a staged operation).
    void setRequest(const api::CreateTableVersionRequest &request);
    /// The operation the form describes (valid when problem() is empty).
    api::CreateTableVersionRequest request() const;
    /// The form's first problem in one sentence; nothing when it can be staged.
    api::Result<void> problem() const override;
    /// What choosing `localFile` as the manifest does (the Choose… button, and drops).
    void useManifestFile(const QString &localFile);

private:
    api::Identifier m_table;
    Prompter &m_prompter;
    QLineEdit *m_version = nullptr;
    QLineEdit *m_manifestPath = nullptr;
    QLineEdit *m_size = nullptr;
    QLineEdit *m_eTag = nullptr;
    QComboBox *m_scheme = nullptr;
    QLineEdit *m_branch = nullptr;
    KeyValueEditor *m_metadata = nullptr;
    QLabel *m_fileNote = nullptr;
};

} // namespace lance::ui
