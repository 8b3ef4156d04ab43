// SPDX-License-Identifier: Apache-2.0
#include "rows/LegacyColumnReader.h"

#include "rows/LegacyPageDecoder.h"
#include "rows/PageDecoder.h"
#include "rows/ValueDecoder.h"

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

using LegacyNode = FieldTree::Node;
using LegacyNodeKind = ValueType::Kind;

// Rows [from, to) of page `page` of a column, numbered in the page.
struct PageSlice
{
    qsizetype page = 0;
    quint64 from = 0;
    quint64 to = 0;
};

// An array of no rows still has its one offset, as every array of offsets has.
ColumnArray &withOffsets(ColumnArray &array)
{
    if ((array.type.kind == LegacyNodeKind::List || array.type.isVariableWidth())
        && array.offsets.isEmpty()) {
        array.offsets.append(0);
    }
    return array;
}

class FieldReader
{
public:
    FieldReader(const format::DataFileLayout &layout, const QHash<qint32, qint32> &columnOf,
                const PageBuffers::ReadRange &read, const QString &name)
        : m_layout(layout)
        , m_columnOf(columnOf)
        , m_read(read)
        , m_name(name)
    {}

    // Rows [from, to) of `node`, whose place in the schema `path` names ("tags.item").
    api::Result<ColumnArray> field(const LegacyNode &node, const QString &path, quint64 from,
                                   quint64 to) const
    {
        const qint32 column = m_columnOf.value(node.field.id, -1);
        if (column >= m_layout.columns.size()) {
            return ApiError::invalidInput(
                LegacyColumnReader::tr("%1 is damaged: the manifest puts “%2” in column %3 of %4.")
                    .arg(m_name, path)
                    .arg(column)
                    .arg(m_layout.columns.size()));
        }
        if (node.type.kind == LegacyNodeKind::Struct) {
            return structure(node, path, column, from, to);
        }
        if (column < 0) {
            return node.emptyArray().nullsLike(qint64(to - from));
        }
        if (node.type.kind == LegacyNodeKind::List) {
            return list(node, path, column, from, to);
        }
        return leaf(node, path, column, from, to);
    }

private:
    QString where(qsizetype page, const QString &path) const
    {
        return LegacyColumnReader::tr("Page %1 of column “%2” of %3")
            .arg(page + 1)
            .arg(path, m_name);
    }

    // The pages of `column` that hold rows [from, to), found by counting their rows: 2.0 numbers
    // an items column's pages by items, not by the rows of the table.
    api::Result<QList<PageSlice>> slices(qint32 column, const QString &path, quint64 from,
                                         quint64 to) const
    {
        const QList<format::DataFileLayout::Page> &pages = m_layout.columns.at(column).pages;
        QList<PageSlice> out;
        quint64 start = 0;
        for (qsizetype p = 0; p < pages.size() && start < to; ++p) {
            const quint64 rows = pages.at(p).rows;
            if (rows > PageDecoder::MaxPageRows) {
                return ValueDecoder::damaged(
                    where(p, path), LegacyColumnReader::tr("it says it holds %1 rows").arg(rows));
            }
            const quint64 first = std::max(from, start);
            const quint64 end = std::min(to, start + rows);
            if (first < end) {
                out.append({p, first - start, end - start});
            }
            start += rows;
        }
        if (from < to && start < to) {
            return ApiError::invalidInput(
                LegacyColumnReader::tr("%1 is damaged: column “%2” holds rows up to %3, not %4.")
                    .arg(m_name, path)
                    .arg(start)
                    .arg(to));
        }
        return out;
    }

    api::Result<ColumnArray> leaf(const LegacyNode &node, const QString &path, qint32 column,
                                  quint64 from, quint64 to) const
    {
        const auto found = slices(column, path, from, to);
        if (!found) {
            return found.error();
        }
        const format::DataFileLayout::Column &pages = m_layout.columns.at(column);
        const ColumnArray empty = node.emptyArray();
        ColumnArray out = empty;
        for (const PageSlice &slice : *found) {
            const QString at = where(slice.page, path);
            const format::DataFileLayout::Page &page = pages.pages.at(slice.page);
            const auto encoding = LegacyEncoding::decode(page.encoding, at);
            if (!encoding) {
                return encoding.error();
            }
            const PageBuffers own(page.buffers, m_read, at);
            const PageBuffers columns(pages.buffers, m_read, at);
            const PageBuffers file(m_layout.globalBuffers, m_read, at);
            const auto values = LegacyPageDecoder::values(*encoding, {own, columns, file}, empty,
                                                          slice.from, slice.to, at);
            if (!values) {
                return values.error();
            }
            out.append(*values);
        }
        return withOffsets(out);
    }

    // A list: its offsets, page by page, and the rows of its items they span.
    api::Result<ColumnArray> list(const LegacyNode &node, const QString &path, qint32 column,
                                  quint64 from, quint64 to) const
    {
        const auto found = slices(column, path, from, to);
        if (!found) {
            return found.error();
        }
        const LegacyNode &item = node.children.front();
        const QString itemPath = path + u'.' + item.field.name;
        const format::DataFileLayout::Column &pages = m_layout.columns.at(column);
        ColumnArray out = node.emptyArray();
        out.length = qint64(to - from);
        out.offsets = {0};
        ColumnArray items = item.emptyArray();
        QByteArray validity;
        validity.reserve(qsizetype(to - from));
        // Each page's offsets count from the items of the pages before it.
        quint64 base = 0;
        qsizetype next = 0;
        const qsizetype last = found->isEmpty() ? -1 : found->back().page;
        for (qsizetype p = 0; p <= last; ++p) {
            const QString at = where(p, path);
            const format::DataFileLayout::Page &page = pages.pages.at(p);
            const auto encoding = LegacyEncoding::decode(page.encoding, at);
            if (!encoding) {
                return encoding.error();
            }
            if (encoding->kind != LegacyEncoding::Kind::List) {
                return LegacyPageDecoder::unsupported(*encoding, at);
            }
            const quint64 itemsHere = encoding->items;
            if (itemsHere > std::numeric_limits<quint64>::max() - base) {
                return ValueDecoder::damaged(
                    at, LegacyColumnReader::tr("its lists say they hold %1 items").arg(itemsHere));
            }
            if (next < found->size() && found->at(next).page == p) {
                const PageSlice slice = found->at(next++);
                // An offset is where a list ends; a null one's is raised by the adjustment (more
                // than the page's items), which the remainder takes away again.
                const quint64 adjustment = encoding->adjustment;
                if (adjustment == 0) {
                    return ValueDecoder::damaged(
                        at, LegacyColumnReader::tr("its null offset adjustment is 0"));
                }
                const quint64 first = slice.from > 0 ? slice.from - 1 : 0;
                const PageBuffers own(page.buffers, m_read, at);
                const PageBuffers columns(pages.buffers, m_read, at);
                const PageBuffers file(m_layout.globalBuffers, m_read, at);
                const auto ends = LegacyPageDecoder::integers(
                    encoding->children.at(0), {own, columns, file}, first, slice.to, at);
                if (!ends) {
                    return ends.error();
                }
                const quint64 start = slice.from > 0 ? ends->front() % adjustment : 0;
                quint64 end = start;
                for (quint64 row = slice.from; row < slice.to; ++row) {
                    const quint64 stored = ends->at(qsizetype(row - first));
                    const quint64 ended = stored % adjustment;
                    if (ended < end || ended > itemsHere) {
                        return ValueDecoder::damaged(
                            at, LegacyColumnReader::tr("list %1 does not end between where it "
                                                       "starts and its page's %2 items")
                                    .arg(row)
                                    .arg(itemsHere));
                    }
                    out.offsets.append(out.offsets.back() + qint64(ended - end));
                    validity.append(char(stored < adjustment));
                    end = ended;
                }
                if (end > start) {
                    auto got = field(item, itemPath, base + start, base + end);
                    if (!got) {
                        return got.error();
                    }
                    items.append(*got);
                }
            }
            base += itemsHere;
        }
        if (items.length != out.offsets.back()) {
            return ApiError::invalidInput(
                LegacyColumnReader::tr("%1 is damaged: the lists of “%2” hold %3 items, not %4.")
                    .arg(m_name, path)
                    .arg(out.offsets.back())
                    .arg(items.length));
        }
        if (validity.contains('\0')) {
            out.validity = validity;
        }
        out.children = {withOffsets(items)};
        return out;
    }

    // A struct: its header column holds no values (2.0 cannot say a struct is null), its fields
    // are read each from its own.
    api::Result<ColumnArray> structure(const LegacyNode &node, const QString &path, qint32 column,
                                       quint64 from, quint64 to) const
    {
        if (column >= 0) {
            // A struct packed into one column (opt-in) has its values in the header's pages.
            const auto found = slices(column, path, from, to);
            if (!found) {
                return found.error();
            }
            for (const PageSlice &slice : *found) {
                const QString at = where(slice.page, path);
                const auto encoding = LegacyEncoding::decode(
                    m_layout.columns.at(column).pages.at(slice.page).encoding, at);
                if (!encoding) {
                    return encoding.error();
                }
                if (encoding->kind != LegacyEncoding::Kind::Struct) {
                    return LegacyPageDecoder::unsupported(*encoding, at);
                }
            }
        } else {
            // No column of it here at all (a field added later): a null struct, as 2.1 reads it.
            const QList<const LegacyNode *> leaves = node.leaves();
            if (std::none_of(leaves.cbegin(), leaves.cend(), [&](const LegacyNode *leaf) {
                    return m_columnOf.contains(leaf->field.id);
                })) {
                return node.emptyArray().nullsLike(qint64(to - from));
            }
        }
        ColumnArray out = node.emptyArray();
        out.length = qint64(to - from);
        out.children.clear();
        for (const LegacyNode &child : node.children) {
            auto got = field(child, path + u'.' + child.field.name, from, to);
            if (!got) {
                return got.error();
            }
            out.children.append(std::move(*got));
        }
        return out;
    }

    const format::DataFileLayout &m_layout;
    const QHash<qint32, qint32> &m_columnOf;
    const PageBuffers::ReadRange &m_read;
    const QString &m_name;
};

} // namespace

api::Result<ColumnArray> LegacyColumnReader::read(const format::DataFileLayout &layout,
                                                  const QHash<qint32, qint32> &columnOf,
                                                  const FieldTree::Node &field, quint64 from,
                                                  quint64 to, const PageBuffers::ReadRange &read,
                                                  const QString &name)
{
    const FieldReader reader(layout, columnOf, read, name);
    return reader.field(field, field.field.name, from, std::max(from, to));
}

} // namespace lance::rows
