// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/TableMessages.h"
#include "ui/staging/OperationDialog.h"

#include <QSet>

class QLineEdit;

namespace lance::ui {

class KeyValueEditor;

/// "Declare Table": a new table's name in a namespace, an optional location and properties,
/// checked as it is typed (empty, the delimiter inside, a name the namespace already shows).
/// Nothing is sent: the dialog answers request(), which the caller stages.
///
/// Object names for tests: `nameEdit`, `locationEdit`, `propertiesEditor`, `problemNote`,
/// `stageButton`.
class DeclareTableDialog : public OperationDialog
{
    Q_OBJECT

public:
    /// `existing`: the names already loaded in the namespace (tables and namespaces).
    DeclareTableDialog(const api::Identifier &namespaceId, const QString &delimiter,
                       const QSet<QString> &existing, QWidget *parent = nullptr);

    void setRequest(const api::DeclareTableRequest &request);
    api::DeclareTableRequest request() const;
    api::Result<void> problem() const override;

private:
    api::Identifier m_namespace;
    QString m_delimiter;
    QSet<QString> m_existing;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_location = nullptr;
    KeyValueEditor *m_properties = nullptr;
};

} // namespace lance::ui
