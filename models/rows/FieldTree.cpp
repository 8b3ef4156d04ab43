// SPDX-License-Identifier: Apache-2.0
#include "rows/FieldTree.h"

#include "api/ErrorCode.h"

#include <QHash>

#include <functional>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

void collectLeaves(const FieldTree::Node &node, QList<const FieldTree::Node *> &out)
{
    if (node.isLeaf()) {
        out.append(&node);
        return;
    }
    for (const FieldTree::Node &child : node.children) {
        collectLeaves(child, out);
    }
}

} // namespace

QList<const FieldTree::Node *> FieldTree::Node::leaves() const
{
    QList<const Node *> out;
    collectLeaves(*this, out);
    return out;
}

ColumnArray FieldTree::Node::emptyArray() const
{
    ColumnArray out;
    out.name = field.name;
    out.fieldId = field.id;
    out.type = type;
    if (type.kind == ValueType::Kind::FixedSizeList) {
        ColumnArray item;
        item.name = u"item"_s;
        item.type = type.items.front();
        out.children.append(item);
    } else {
        for (const Node &child : children) {
            out.children.append(child.emptyArray());
        }
    }
    return out;
}

api::Result<FieldTree> FieldTree::build(const QList<format::ManifestContents::SchemaField> &fields)
{
    // Children by parent id, in the manifest's order.
    QHash<qint32, QList<qsizetype>> childrenOf;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        childrenOf[fields.at(i).parentId].append(i);
    }
    QList<qint32> path;
    std::function<api::Result<Node>(qsizetype)> make = [&](qsizetype at) -> api::Result<Node> {
        const auto &field = fields.at(at);
        if (path.contains(field.id) || path.size() > 64) {
            return ApiError::invalidInput(
                tr("The schema is damaged: field “%1” is its own ancestor.").arg(field.name));
        }
        auto type = ValueType::parse(field.logicalType);
        if (!type) {
            return ApiError::catalog(api::ErrorCode::Unsupported,
                                     tr("Column “%1” is of the type “%2”, which this version "
                                        "does not read.")
                                         .arg(field.name, field.logicalType));
        }
        Node node{field, *type, {}};
        path.append(field.id);
        for (const qsizetype child : childrenOf.value(field.id)) {
            auto made = make(child);
            if (!made) {
                return made.error();
            }
            node.children.append(std::move(*made));
        }
        path.removeLast();
        const bool list = type->kind == ValueType::Kind::List;
        if ((list && node.children.size() != 1)
            || (type->kind == ValueType::Kind::Struct && node.children.isEmpty())
            || (!type->isNested() && !node.children.isEmpty())) {
            return ApiError::invalidInput(
                tr("The schema is damaged: field “%1” of the type “%2” has %3 children.")
                    .arg(field.name, field.logicalType)
                    .arg(node.children.size()));
        }
        return node;
    };
    FieldTree tree;
    for (const qsizetype at : childrenOf.value(-1)) {
        auto node = make(at);
        if (!node) {
            return node.error();
        }
        tree.topLevel.append(std::move(*node));
    }
    return tree;
}

const FieldTree::Node *FieldTree::find(const QString &name) const
{
    for (const Node &node : topLevel) {
        if (node.field.name == name) {
            return &node;
        }
    }
    return nullptr;
}

} // namespace lance::rows
