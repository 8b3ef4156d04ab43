// SPDX-License-Identifier: Apache-2.0
#include "rows/DataFileReader.h"

#include "rows/LegacyColumnReader.h"
#include "rows/LevelAssembler.h"
#include "rows/PageDecoder.h"

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

using Node = FieldTree::Node;
using Page = format::DataFileLayout::Page;

struct Span
{
    quint64 from = 0;
    quint64 to = 0;
};

bool overlaps(const Page &page, const Span &span)
{
    return page.priority < span.to && page.priority + page.rows > span.from;
}

class TreeBuilder
{
public:
    TreeBuilder(const QHash<qint32, LevelAssembler::Assembled> &leaves, const QString &name)
        : m_leaves(leaves)
        , m_name(name)
    {}

    api::Result<ColumnArray> build(const Node &node, qsizetype depth, qint64 length) const
    {
        const LevelAssembler::Assembled *first = nullptr;
        for (const Node *leaf : node.leaves()) {
            if (const auto found = m_leaves.constFind(leaf->field.id); found != m_leaves.cend()) {
                first = &*found;
                break;
            }
        }
        if (!first) {
            return node.emptyArray().nullsLike(length);
        }
        const auto mismatch = [&] {
            return ApiError::invalidInput(
                DataFileReader::tr("%1 is damaged: column “%2” nests its values %3 deep, not as "
                                   "its type says.")
                    .arg(m_name, node.field.name)
                    .arg(first->layers.size()));
        };
        if (depth >= first->layers.size()) {
            return mismatch();
        }
        const LevelAssembler::Layer &layer = first->layers.at(depth);
        if (node.isLeaf()) {
            if (depth != first->layers.size() - 1) {
                return mismatch();
            }
            ColumnArray out = first->leaf;
            out.name = node.field.name;
            out.fieldId = node.field.id;
            return out;
        }
        ColumnArray out = node.emptyArray();
        out.length = layer.length;
        out.validity = layer.validity;
        if (node.type.kind == ValueType::Kind::Struct) {
            out.children.clear();
            for (const Node &child : node.children) {
                auto built = build(child, depth + 1, layer.length);
                if (!built) {
                    return built;
                }
                // The struct's slots are counted from its first column; each other field's
                // column counts its own, and a damaged one can disagree (inside a list) and
                // would leave a field shorter than the struct, to be read past its end.
                if (built->length != layer.length) {
                    return ApiError::invalidInput(
                        DataFileReader::tr("%1 is damaged: field “%2” of “%3” holds %4 values, "
                                           "not the %5 of its struct.")
                            .arg(m_name, child.field.name, node.field.name)
                            .arg(built->length)
                            .arg(layer.length));
                }
                out.children.append(std::move(*built));
            }
            return out;
        }
        if (!layer.list) {
            return mismatch();
        }
        out.offsets = layer.offsets;
        const qint64 items = layer.offsets.isEmpty() ? 0 : layer.offsets.back();
        auto built = build(node.children.front(), depth + 1, items);
        if (!built) {
            return built;
        }
        out.children = {std::move(*built)};
        return out;
    }

private:
    const QHash<qint32, LevelAssembler::Assembled> &m_leaves;
    QString m_name;
};

} // namespace

api::Result<QList<ColumnArray>> DataFileReader::read(const format::DataFileLayout &layout,
                                                     const QHash<qint32, qint32> &columnOf,
                                                     const QList<const FieldTree::Node *> &fields,
                                                     quint64 from, quint64 count,
                                                     const ReadRange &read, const QString &name)
{
    Span span{std::min(from, layout.rows), std::min(from + count, layout.rows)};
    if (layout.footer.major == 0 && layout.footer.minor == 3) {
        // Format 2.0: a column for every field, parents too, each read down from its parent.
        QList<ColumnArray> out;
        for (const Node *field : fields) {
            auto got = LegacyColumnReader::read(layout, columnOf, *field, span.from, span.to, read,
                                                name);
            if (!got) {
                return got.error();
            }
            out.append(std::move(*got));
        }
        return out;
    }
    // The columns involved, by leaf.
    QList<std::pair<const Node *, qint32>> leaves;
    for (const Node *field : fields) {
        for (const Node *leaf : field->leaves()) {
            const qint32 column = columnOf.value(leaf->field.id, -1);
            if (column >= layout.columns.size()) {
                return ApiError::invalidInput(
                    tr("%1 is damaged: the manifest puts “%2” in column %3 of %4.")
                        .arg(name, leaf->field.name)
                        .arg(column)
                        .arg(layout.columns.size()));
            }
            if (column >= 0) {
                leaves.append({leaf, column});
            }
        }
    }
    // Each page decodes only the rows asked for that it holds.
    QHash<qint32, LevelAssembler::Assembled> decoded;
    for (const auto &[leaf, column] : std::as_const(leaves)) {
        const QList<Page> &pages = layout.columns.at(column).pages;
        bool started = false;
        LevelAssembler::Assembled all;
        quint64 covered = span.from;
        for (qsizetype p = 0; p < pages.size() && span.to > span.from; ++p) {
            const Page &page = pages.at(p);
            if (!overlaps(page, span)) {
                continue;
            }
            const QString where
                = tr("Page %1 of column “%2” of %3").arg(p + 1).arg(leaf->field.name, name);
            if (page.priority > covered) {
                return ApiError::invalidInput(tr("%1 is damaged: it starts at row %2, not %3.")
                                                  .arg(where)
                                                  .arg(page.priority)
                                                  .arg(covered));
            }
            const quint64 first = covered - page.priority;
            const quint64 end = std::min(span.to, page.priority + page.rows) - page.priority;
            covered = page.priority + end;
            auto assembled = PageDecoder::decode(page, read, leaf->emptyArray(), where, first, end);
            if (!assembled) {
                return assembled.error();
            }
            if (!started) {
                all = std::move(*assembled);
                started = true;
            } else {
                LevelAssembler::append(all, *assembled);
            }
        }
        if (covered != span.to && span.to > span.from) {
            return ApiError::invalidInput(tr("%1 is damaged: column “%2” holds rows up to %3, "
                                             "not %4.")
                                              .arg(name, leaf->field.name)
                                              .arg(covered)
                                              .arg(span.to));
        }
        if (started) {
            decoded.insert(leaf->field.id, std::move(all));
        }
    }
    const TreeBuilder builder(decoded, name);
    QList<ColumnArray> out;
    for (const Node *field : fields) {
        auto built = builder.build(*field, 0, qint64(span.to - span.from));
        if (!built) {
            return built.error();
        }
        if (built->length != qint64(span.to - span.from)) {
            return ApiError::invalidInput(tr("%1 is damaged: column “%2” holds %3 rows, not %4.")
                                              .arg(name, field->field.name)
                                              .arg(built->length)
                                              .arg(span.to - span.from));
        }
        out.append(std::move(*built));
    }
    return out;
}

} // namespace lance::rows
