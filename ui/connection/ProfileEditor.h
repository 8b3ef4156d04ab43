// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connection/ConnectionProfile.h"
#include "connection/SecretStore.h"
#include "drop/PathMapping.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace lance::ui {

class InlineNote;
class KeyValueEditor;
class StorageOptionsEditor;
class Prompter;

/// The form of one connection profile, in ProfilesDialog: name; REST URL or local folder; auth
/// with its secret; extra headers; CA file; timeout; delimiter; environment; read-only. Rows
/// that do not apply (the URL for a folder, the secret without auth) are hidden.
///
/// The secret is typed into a password field and handed out by secret(); it never becomes part
/// of the profile (the dialog writes it to the SecretStore). Browsing for the folder or the CA
/// file asks the Prompter.
///
/// Object names for tests: `nameEdit`, `kindCombo`, `urlEdit`, `folderEdit`,
/// `browseFolderButton`, `authCombo`, `secretEdit`, `secretStorageNote`, `headersTable`,
/// `addHeaderButton`, `removeHeaderButton`, `caFileEdit`, `browseCaFileButton`, `timeoutSpin`,
/// `delimiterEdit`, `environmentCombo`, `readOnlyCheck`, `serverFilesCombo`, `pathMappingEditor`,
/// `testMappingButton`, `mappingNote`.
///
/// The Storage section (StorageOptionsEditor, REST only) holds options for tables on object
/// storage; its credentials, like the secret, are handed out by storageSecrets() and never
/// become part of the profile, which only lists their names (`storageSecrets`).
///
/// The path mapping is edited here with the profile (REST only): local folders and what the
/// server calls them, so that restore, branches and drops reach a server's tables from here.
class ProfileEditor : public QWidget
{
    Q_OBJECT

public:
    explicit ProfileEditor(Prompter &prompter, QWidget *parent = nullptr);

    /// Shows `profile` as saved, with an empty secret field (see setSavedSecret()).
    void setProfile(const connection::ConnectionProfile &profile);
    /// The profile as the form shows it now; fields the form does not show keep their values.
    connection::ConnectionProfile profile() const;
    /// The profile as last shown or saved.
    const connection::ConnectionProfile &savedProfile() const { return m_saved; }
    /// Shows `mapping` as the profile's saved path mapping.
    void setMapping(const drop::PathMapping &mapping);
    /// The path mapping as the form shows it now: one rule per row with a local folder.
    drop::PathMapping mapping() const;
    /// What the last mapping test found, under the mapping; empty `text` hides it.
    void setMappingNote(bool read, const QString &text);
    void setMappingTestEnabled(bool enabled);

    /// Fills the secret field with the secret saved for `profileName`, unless another profile is
    /// shown by now or a secret was typed meanwhile (the keychain may answer late).
    void setSavedSecret(const QString &profileName, const QString &secret);
    /// What the secret field holds.
    QString secret() const;
    /// True when a secret was typed since the profile was shown or saved.
    bool isSecretEdited() const { return m_secretEdited; }

    /// Fills the storage credentials saved for `profileName` (ProfileStorage::secretEntry()),
    /// under the same conditions as setSavedSecret().
    void setSavedStorageSecrets(const QString &profileName,
                                const connection::ProfileStorage &secrets);
    /// The storage credentials the form holds.
    connection::ProfileStorage storageSecrets() const;
    /// True when a storage credential was typed since the profile was shown or saved.
    bool isStorageSecretEdited() const;
    /// The storage options with their credentials, as a connection would use them.
    connection::ProfileStorage storage() const;
    StorageOptionsEditor *storageEditor() const { return m_storageEditor; }

    /// True when the form differs from the saved profile, or a secret was typed.
    bool isModified() const;
    /// The form's values are what is saved now.
    void markSaved();

    /// Says below the secret field where secrets are kept: the keychain, or memory only and
    /// why (`memoryOnlyReason`, SecretStore::memoryOnlyReason()).
    void setSecretStorage(connection::SecretStore::Storage storage,
                          const QString &memoryOnlyReason);

signals:
    /// Any value was changed by the user.
    void edited();
    /// "Test Mapping" was pressed.
    void testMappingRequested();

private:
    QWidget *createFolderField();
    QWidget *createHeadersField();
    QWidget *createCaFileField();
    QWidget *createMappingField();
    void updateRows();
    void onBrowseFolder();
    void onBrowseCaFile();
    void onAddHeader();
    void onRemoveHeader();
    QList<QPair<QByteArray, QByteArray>> headers() const;

    Prompter &m_prompter;
    connection::ConnectionProfile m_saved;
    bool m_secretEdited = false;
    bool m_loading = false; //!< filling the form: no edited()
    QFormLayout *m_form = nullptr;
    QLineEdit *m_nameEdit = nullptr;
    QComboBox *m_kindCombo = nullptr;
    QLineEdit *m_urlEdit = nullptr;
    QWidget *m_folderField = nullptr;
    QLineEdit *m_folderEdit = nullptr;
    QComboBox *m_authCombo = nullptr;
    QLineEdit *m_secretEdit = nullptr;
    InlineNote *m_secretNote = nullptr;
    QWidget *m_headersField = nullptr;
    QTableWidget *m_headersTable = nullptr;
    QWidget *m_caFileField = nullptr;
    QLineEdit *m_caFileEdit = nullptr;
    QSpinBox *m_timeoutSpin = nullptr;
    QLineEdit *m_delimiterEdit = nullptr;
    QComboBox *m_environmentCombo = nullptr;
    QCheckBox *m_readOnlyCheck = nullptr;
    QComboBox *m_serverFilesCombo = nullptr;
    QWidget *m_mappingField = nullptr;
    KeyValueEditor *m_mappingEditor = nullptr;
    QPushButton *m_testMappingButton = nullptr;
    InlineNote *m_mappingNote = nullptr;
    drop::PathMapping m_savedMapping;
    StorageOptionsEditor *m_storageEditor = nullptr;
};

} // namespace lance::ui
