// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/TableMessages.h"

#include <QDialog>
#include <QSet>

class QDialogButtonBox;
class QLineEdit;

namespace lance::ui {

class InlineNote;
class KeyValueEditor;

/// "Declare Table": a new table's name in a namespace, an optional location and properties,
/// checked as it is typed (empty, the delimiter inside, a name the namespace already shows).
/// Nothing is sent: the dialog answers request(), which the caller stages.
///
/// Object names for tests: `nameEdit`, `locationEdit`, `propertiesEditor`, `problemNote`,
/// `stageButton`.
class DeclareTableDialog : public QDialog
{
    Q_OBJECT

public:
    /// `existing`: the names already loaded in the namespace (tables and namespaces).
    DeclareTableDialog(const api::Identifier &namespaceId, const QString &delimiter,
                       const QSet<QString> &existing, QWidget *parent = nullptr);

    void setRequest(const api::DeclareTableRequest &request);
    api::DeclareTableRequest request() const;
    std::optional<QString> problem() const;

private:
    void updateState();

    api::Identifier m_namespace;
    QString m_delimiter;
    QSet<QString> m_existing;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_location = nullptr;
    KeyValueEditor *m_properties = nullptr;
    InlineNote *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace lance::ui
