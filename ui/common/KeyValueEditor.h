// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"

#include <QWidget>

#include <optional>

class QPushButton;
class QTableWidget;

namespace lance::ui {

/// A two-column table of names and values with Add and Remove, for table properties and
/// version metadata. Rows with an empty name are ignored; the first duplicate name is a
/// problem() the dialog shows before anything is staged.
///
/// Object names for tests: `keyValueTable`, `addRowButton`, `removeRowButton`.
class KeyValueEditor : public QWidget
{
    Q_OBJECT

public:
    KeyValueEditor(const QString &keyLabel, const QString &valueLabel, QWidget *parent = nullptr);

    void setValues(const api::StringMap &values);
    /// The rows with a name, in a map (a duplicate name keeps its last value; see problem()).
    api::StringMap values() const;
    /// One sentence about the first duplicate name; nothing when the rows are fine.
    api::Result<void> problem() const;

    QTableWidget *table() const { return m_table; }

signals:
    void edited();

private:
    void addRow(const QString &key = {}, const QString &value = {});

    QTableWidget *m_table = nullptr;
    QPushButton *m_removeButton = nullptr;
};

} // namespace lance::ui
