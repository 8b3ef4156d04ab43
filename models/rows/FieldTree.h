// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/ManifestContents.h"
#include "rows/ColumnArray.h"

#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// A table's schema as a tree: a manifest lists its fields flat, parents first, each naming
/// its parent's id; rows are read top-level field by top-level field, each leaf from its own
/// column. Types are parsed once here, so that a type this version does not read is refused
/// before any data is. Pure, any thread.
class FieldTree
{
    Q_DECLARE_TR_FUNCTIONS(FieldTree)

public:
    struct Node
    {
        format::ManifestContents::SchemaField field;
        ValueType type;
        QList<Node> children;

        /// A leaf has a column of its own: no children, not a struct or list (a fixed-size list
        /// of numbers is one column).
        bool isLeaf() const
        {
            return children.isEmpty() && type.kind != ValueType::Kind::Struct
                   && type.kind != ValueType::Kind::List;
        }
        /// The leaves below (or this leaf), in column order.
        QList<const Node *> leaves() const;
        /// An empty array of this field's type, with children of their own.
        ColumnArray emptyArray() const;
    };

    /// The tree of `fields` (parents before children), each field's type parsed.
    static api::Result<FieldTree> build(const QList<format::ManifestContents::SchemaField> &fields);

    QList<Node> topLevel;

    /// The top-level field named `name`, or nullptr.
    const Node *find(const QString &name) const;
};

} // namespace lance::rows
