// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QDialog>

#include <memory>
#include <optional>

class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace lance::connection {
struct ConnectionProfile;
class ProfileStore;
class SecretStore;
} // namespace lance::connection

namespace lance::connection {
class CatalogConnection;
}
namespace lance::details {
class PathMappingTester;
class StorageTester;
} // namespace lance::details

namespace lance::ui {

class ConnectionTestView;
class InlineNote;
class ProfileEditor;
class Prompter;

/// "Manage Connections": the saved profiles on the left (add, duplicate, remove; rename by
/// editing the name), the ProfileEditor of the selected one on the right, with its problems
/// shown inline (ConnectionProfile::checkStorable() refuses Save, check() only warns), and
/// "Test connection" below, which runs ConnectionTester on the form's values and typed secret,
/// saved or not.
///
/// Profiles go to the ProfileStore, secrets to the SecretStore, never into the settings. When
/// the SecretStore keeps secrets in memory only, the dialog says why below the secret field.
/// Switching profiles, adding one, or closing with unsaved changes asks (Save, Discard, Cancel)
/// through the Prompter. Connect saves pending changes, then accepts: selectedProfile() names
/// the profile to open (ConnectionOpener opens it).
///
/// Object names for tests: `profileList`, `addProfileButton`, `duplicateProfileButton`,
/// `removeProfileButton`, `profileEditor`, `validationNote`, `saveButton`, `revertButton`,
/// `testConnectionButton`, `connectionTestView`, `connectButton`, `closeButton`.
class ProfilesDialog : public QDialog
{
    Q_OBJECT

public:
    /// The stores and the prompter must outlive the dialog.
    ProfilesDialog(connection::ProfileStore &profiles, connection::SecretStore &secrets,
                   Prompter &prompter, QWidget *parent = nullptr);
    ~ProfilesDialog() override;

    /// Shows the profile named `name` (asking first about unsaved changes); false when there
    /// is no such profile or the person kept editing the current one.
    bool selectProfile(const QString &name);
    /// The profile shown; after Connect, the one to open. Empty when there is none.
    QString selectedProfile() const { return m_current; }

    /// Saves the form (what Save does); the reason in one sentence when it was refused.
    api::Result<void> save();
    /// Runs "Test connection" on the form's current values.
    void testConnection();

    ProfileEditor *editor() const { return m_editor; }
    ConnectionTestView *testView() const { return m_testView; }
    /// The sentence shown about the form's first problem; empty when there is none.
    QString validationText() const;

    /// Close, Escape: asks about unsaved changes first.
    void reject() override;

private:
    /// Asks the keychain whether it works, once a shown profile needs a secret.
    void probeIfSecretNeeded();
    QWidget *createListPane();
    QWidget *createEditorPane();
    void reloadList();
    void showProfile(const QString &name);
    bool settleChanges();
    void updateValidation();
    void onCurrentItemChanged(QListWidgetItem *current);
    void onAdd();
    void onDuplicate();
    void onRemove();
    void onConnect();
    bool addAndShow(const connection::ConnectionProfile &profile);
    void selectInList(const QString &name);
    /// "Test Mapping": the form's profile, secret and mapping, on one table of the server.
    void testMapping();
    /// "Test Storage": the form's profile, secrets and storage options, on one table's store.
    void testStorage();
    QString freeName(const QString &wanted) const;

    connection::ProfileStore &m_profiles;
    connection::SecretStore &m_secrets;
    Prompter &m_prompter;
    QString m_current;       //!< the saved name of the profile in the editor
    bool m_updating = false; //!< the list or the store is being changed from here
    QListWidget *m_list = nullptr;
    QPushButton *m_duplicateButton = nullptr;
    QPushButton *m_removeButton = nullptr;
    ProfileEditor *m_editor = nullptr;
    InlineNote *m_validationNote = nullptr;
    QPushButton *m_saveButton = nullptr;
    QPushButton *m_revertButton = nullptr;
    QPushButton *m_testButton = nullptr;
    ConnectionTestView *m_testView = nullptr;
    QPushButton *m_connectButton = nullptr;
    /// The mapping test in flight, with the connection it runs on (the form's values).
    std::unique_ptr<connection::CatalogConnection> m_mappingConnection;
    std::unique_ptr<details::PathMappingTester> m_mappingTester;
    /// The storage test in flight, with its connection.
    std::unique_ptr<connection::CatalogConnection> m_storageConnection;
    std::unique_ptr<details::StorageTester> m_storageTester;
};

} // namespace lance::ui
