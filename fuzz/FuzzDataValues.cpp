// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the values of a data file, the input taken as a whole file. Its layout
// (DataFileLayout), its schema as a tree (FieldTree), then every top-level field read by
// DataFileReader, its pages decoded (PageDecoder, ValueDecoder, FullZipDecoder, FastLanes, FSST,
// zstd) and nested back (LevelAssembler), or, in a file of format 2.0, read field by field
// (LegacyColumnReader, LegacyPageDecoder), for all rows and for a few from the middle (pages
// widened, then cut back). Besides crashes and what the sanitizers catch, it aborts when an
// answer breaks the contract: a refusal of a kind other than InvalidInput or Unsupported, or
// without a sentence; arrays not as many as the fields or rows asked for; or arrays laid out
// otherwise than ColumnArray.h says, which would send whoever reads them past their buffers.
#include "api/ErrorCode.h"
#include "format/DataFileLayout.h"
#include "rows/DataFileReader.h"
#include "rows/FieldTree.h"

#include <QtNumeric>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace lance;
using format::DataFileLayout;
using rows::ColumnArray;
using rows::FieldTree;

namespace {

// More rows than this are not asked for, so that one input stays quick; a page that holds more
// is still decoded whole (the reader widens to whole pages), which the reader must bound.
constexpr quint64 MaxRows = 100000;

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz_data_values: %s\n", what);
    std::abort();
}

void checkRefusal(const api::ApiError &error)
{
    // Unsupported comes as a catalog engine's refusal, its sentence in serverError().
    const bool unsupported = error.kind() == api::ApiError::Kind::Http
                             && error.serverCode() == int(api::ErrorCode::Unsupported);
    if (error.kind() != api::ApiError::Kind::InvalidInput && !unsupported) {
        broken("refused with another kind than InvalidInput or Unsupported");
    }
    const QString message = unsupported ? error.serverError() : error.userMessage();
    if (message.isEmpty() || !message.endsWith(u'.')) {
        broken("refused without a sentence");
    }
}

bool offsetsWithin(const ColumnArray &array, qint64 end)
{
    if (array.offsets.isEmpty()) {
        return array.length == 0;
    }
    if (array.offsets.size() != array.length + 1) {
        return false;
    }
    qint64 previous = 0;
    for (const qint64 offset : array.offsets) {
        if (offset < previous || offset > end) {
            return false;
        }
        previous = offset;
    }
    return true;
}

// The array of `node` laid out as ColumnArray.h says, all the way down.
void checkShape(const ColumnArray &array, const FieldTree::Node &node)
{
    using Kind = rows::ValueType::Kind;
    if (array.type.kind != node.type.kind || array.type.spelling != node.type.spelling) {
        broken("an array of another type than its field's");
    }
    if (array.length < 0 || (!array.validity.isEmpty() && array.validity.size() != array.length)) {
        broken("a validity that is not one byte a value");
    }
    const rows::ValueType &type = array.type;
    if (type.isFixedWidth()) {
        if (array.values.size() != array.length * type.bytes) {
            broken("fixed-width values that are not as many as the array's length");
        }
    } else if (type.isVariableWidth()) {
        if (!offsetsWithin(array, array.values.size())) {
            broken("string offsets outside their bytes");
        }
    } else if (type.kind == Kind::FixedSizeList) {
        qint64 count = 0;
        if (array.children.size() != 1 || qMulOverflow(array.length, type.listSize, &count)
            || array.children.front().length != count) {
            broken("a fixed-size list whose items are not its size a value");
        }
        // Its item has no field of its own: the parts of its shape the type gives.
        const ColumnArray &items = array.children.front();
        if ((!items.validity.isEmpty() && items.validity.size() != items.length)
            || (items.type.isFixedWidth() && items.values.size() != items.length * items.type.bytes)
            || (items.type.isVariableWidth() && !offsetsWithin(items, items.values.size()))) {
            broken("the items of a fixed-size list laid out otherwise than their type says");
        }
    } else if (type.kind == Kind::List) {
        if (array.children.size() != 1 || node.children.size() != 1
            || !offsetsWithin(array, array.children.front().length)) {
            broken("list offsets outside their items");
        }
        checkShape(array.children.front(), node.children.front());
    } else if (type.kind == Kind::Struct) {
        if (array.children.size() != node.children.size()) {
            broken("a struct without one array a field");
        }
        for (qsizetype i = 0; i < array.children.size(); ++i) {
            if (array.children.at(i).length != array.length) {
                broken("a struct's field of another length than the struct");
            }
            checkShape(array.children.at(i), node.children.at(i));
        }
    }
}

void read(const DataFileLayout &layout, const QHash<qint32, qint32> &columnOf,
          const QList<const FieldTree::Node *> &fields, quint64 from, quint64 count,
          const rows::DataFileReader::ReadRange &range, const QString &name)
{
    const auto arrays
        = rows::DataFileReader::read(layout, columnOf, fields, from, count, range, name);
    if (!arrays) {
        checkRefusal(arrays.error());
        return;
    }
    if (arrays->size() != fields.size()) {
        broken("not one array a field");
    }
    const quint64 rows = std::min(count, layout.rows - std::min(from, layout.rows));
    for (qsizetype f = 0; f < fields.size(); ++f) {
        if (quint64(arrays->at(f).length) != rows) {
            broken("an array of another length than the rows asked for");
        }
        checkShape(arrays->at(f), *fields.at(f));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString name = QStringLiteral("fuzz.lance");
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto layout = DataFileLayout::decode(bytes, name);
    if (!layout) {
        return 0; // fuzz_data_file checks these refusals
    }
    const auto tree = FieldTree::build(layout->fields);
    if (!tree) {
        checkRefusal(tree.error());
        return 0;
    }
    // Each leaf in its column: a file's columns are its schema's leaves, depth first, as
    // LanceDB writes them (the manifest would say so; here there is none). In 2.0 every field
    // has a column, parents too, in the schema's order.
    QHash<qint32, qint32> columnOf;
    QList<const FieldTree::Node *> fields;
    qint32 column = 0;
    for (const FieldTree::Node &node : tree->topLevel) {
        fields.append(&node);
        for (const FieldTree::Node *leaf : node.leaves()) {
            columnOf.insert(leaf->field.id, column++);
        }
    }
    if (layout->footer.major == 0) {
        columnOf.clear();
        for (qsizetype f = 0; f < layout->fields.size(); ++f) {
            columnOf.insert(layout->fields.at(f).id, qint32(f));
        }
    }
    const rows::DataFileReader::ReadRange range
        = [bytes](quint64 position, quint64 length) -> api::Result<QByteArray> {
        if (position > quint64(bytes.size()) || length > quint64(bytes.size()) - position) {
            return api::ApiError::invalidInput(
                QStringLiteral("Bytes %1 to %2 are outside the file.").arg(position).arg(length));
        }
        return bytes.sliced(qsizetype(position), qsizetype(length)).toByteArray();
    };
    read(*layout, columnOf, fields, 0, std::min(layout->rows, MaxRows), range, name);
    if (layout->rows > 2) {
        read(*layout, columnOf, fields, std::min(layout->rows / 2, MaxRows), 2, range, name);
    }
    return 0;
}
