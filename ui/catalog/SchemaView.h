// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace lance::ui {

/// A table's schema as a tree of fields: name, Arrow type (with a fixed size or precision
/// where it has one), nullable, Lance's field id (where known) and the field's metadata; nested
/// types (struct, list, map, fixed-size list) open to their children. Types are spelled as Lance
/// spells them in a manifest (`double`, `string`), as Compare Versions shows them. A caption
/// names the version. Shows a sentence instead when the schema is not known.
class SchemaView : public QWidget
{
    Q_OBJECT

public:
    enum Column : int {
        NameColumn,
        TypeColumn,
        NullableColumn,
        IdColumn,
        MetadataColumn,
        ColumnCount
    };

    explicit SchemaView(QWidget *parent = nullptr);

    void showSchema(const api::JsonArrowSchema &schema);
    /// Says above the fields which version they are of and where they were read.
    void setCaption(const QString &caption);
    /// `why` says why no schema is shown.
    void showNone(const QString &why);
    QTreeWidget *tree() const { return m_tree; }

private:
    void addField(const api::JsonArrowField &field, QTreeWidgetItem *parent);

    QLabel *m_caption = nullptr;
    QLabel *m_note = nullptr;
    QTreeWidget *m_tree = nullptr;
};

} // namespace lance::ui
