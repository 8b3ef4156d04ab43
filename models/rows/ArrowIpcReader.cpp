// SPDX-License-Identifier: Apache-2.0
#include "rows/ArrowIpcReader.h"

#include "api/ErrorCode.h"
#include "rows/ArrowIpcFormat.h"
#include "rows/FlatBufferTable.h"

#include <QtEndian>

#include <zstd.h>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

using ReaderKind = ValueType::Kind;
using Format = ArrowIpcFormat;

api::Result<QString> spellingOf(const FlatBufferTable &field, const QString &name,
                                const QList<ColumnArray> &children)
{
    const quint8 id = field.scalar<quint8>(2, 0);
    const std::optional<FlatBufferTable> type = field.table(3);
    const auto number = [&](int at, qint64 fallback) -> qint64 {
        if (!type) {
            return fallback;
        }
        return type->scalar<qint32>(at, qint32(fallback));
    };
    const auto unit = [&](qint16 fallback) {
        return Format::unitName(type ? type->scalar<qint16>(0, fallback) : fallback);
    };
    switch (id) {
    case Format::TypeInt: {
        const qint64 bits = number(0, 0);
        const bool isSigned = type && type->scalar<quint8>(1, 0) != 0;
        if (bits == 8 || bits == 16 || bits == 32 || bits == 64) {
            return (isSigned ? u"int%1"_s : u"uint%1"_s).arg(bits);
        }
        break;
    }
    case Format::TypeFloatingPoint: {
        const qint16 precision = type ? type->scalar<qint16>(0, 0) : 0;
        return precision == 0 ? u"halffloat"_s : precision == 1 ? u"float"_s : u"double"_s;
    }
    case Format::TypeUtf8:
        return u"string"_s;
    case Format::TypeLargeUtf8:
        return u"large_string"_s;
    case Format::TypeBinary:
        return u"binary"_s;
    case Format::TypeLargeBinary:
        return u"large_binary"_s;
    case Format::TypeBool:
        return u"bool"_s;
    case Format::TypeDecimal:
        return u"decimal:%1:%2:%3"_s.arg(number(2, 128)).arg(number(0, 0)).arg(number(1, 0));
    case Format::TypeDate:
        return (type ? type->scalar<qint16>(0, 1) : 1) == 0 ? u"date32:day"_s : u"date64:ms"_s;
    case Format::TypeTime:
        return u"time%1:%2"_s.arg(number(1, 32)).arg(unit(1));
    case Format::TypeTimestamp: {
        const auto zone = type ? type->string(1) : std::nullopt;
        return u"timestamp:%1:%2"_s.arg(unit(0), zone && !zone->isEmpty() ? *zone : u"-"_s);
    }
    case Format::TypeDuration:
        return u"duration:%1"_s.arg(unit(1));
    case Format::TypeFixedSizeBinary:
        return u"fixed_size_binary:%1"_s.arg(number(0, 0));
    case Format::TypeList:
        return u"list"_s;
    case Format::TypeLargeList:
        return u"large_list"_s;
    case Format::TypeStruct:
        return u"struct"_s;
    case Format::TypeFixedSizeList:
        if (children.size() == 1 && !children.front().type.isNested()) {
            return u"fixed_size_list:%1:%2"_s.arg(children.front().type.spelling).arg(number(0, 0));
        }
        break;
    default:
        break;
    }
    return ApiError::catalog(api::ErrorCode::Unsupported,
                             ArrowIpcReader::tr("Column “%1” is of an Arrow type (%2) this version "
                                                "does not read.")
                                 .arg(name)
                                 .arg(id));
}

api::Result<ColumnArray> templateOf(const FlatBufferTable &field, int depth)
{
    ColumnArray out;
    out.name = field.string(0).value_or(QString());
    if (field.has(4)) {
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 ArrowIpcReader::tr("Column “%1” is dictionary-encoded, which "
                                                    "this version does not read.")
                                     .arg(out.name));
    }
    if (depth > 32) {
        return ApiError::invalidInput(
            ArrowIpcReader::tr("Column “%1” nests too deep.").arg(out.name));
    }
    for (const FlatBufferTable &child : field.tables(5).value_or(QList<FlatBufferTable>{})) {
        auto made = templateOf(child, depth + 1);
        if (!made) {
            return made;
        }
        out.children.append(std::move(*made));
    }
    auto spelling = spellingOf(field, out.name, out.children);
    if (!spelling) {
        return spelling.error();
    }
    auto type = ValueType::parse(*spelling);
    if (!type) {
        return type.error();
    }
    out.type = *type;
    const bool needsOne
        = out.type.kind == ReaderKind::List || out.type.kind == ReaderKind::FixedSizeList;
    if ((needsOne && out.children.size() != 1)
        || (!out.type.isNested() && !out.children.isEmpty())) {
        return ApiError::invalidInput(
            ArrowIpcReader::tr("Column “%1” has %2 children, not what its type has.")
                .arg(out.name)
                .arg(out.children.size()));
    }
    return out;
}

// Hands out a record batch's nodes and buffers in order, inflating compressed ones.
class BatchReader
{
public:
    BatchReader(QByteArrayView body, QByteArrayView nodes, QByteArrayView buffers, bool zstd,
                qint64 &inflated)
        : m_body(body)
        , m_nodes(nodes)
        , m_buffers(buffers)
        , m_zstd(zstd)
        , m_inflated(inflated)
    {}

    bool node(qint64 &length, qint64 &nulls)
    {
        if ((m_node + 1) * 16 > m_nodes.size()) {
            return false;
        }
        length = qFromLittleEndian<qint64>(m_nodes.data() + m_node * 16);
        nulls = qFromLittleEndian<qint64>(m_nodes.data() + m_node * 16 + 8);
        ++m_node;
        return length >= 0 && nulls >= 0 && nulls <= length;
    }

    std::optional<QByteArray> buffer()
    {
        if ((m_buffer + 1) * 16 > m_buffers.size()) {
            return std::nullopt;
        }
        const auto offset = qFromLittleEndian<qint64>(m_buffers.data() + m_buffer * 16);
        const auto length = qFromLittleEndian<qint64>(m_buffers.data() + m_buffer * 16 + 8);
        ++m_buffer;
        if (offset < 0 || length < 0 || offset > m_body.size() || length > m_body.size() - offset) {
            return std::nullopt;
        }
        const QByteArrayView bytes = m_body.sliced(qsizetype(offset), qsizetype(length));
        if (!m_zstd || bytes.isEmpty()) {
            return bytes.toByteArray();
        }
        if (bytes.size() < 8) {
            return std::nullopt;
        }
        const auto size = qFromLittleEndian<qint64>(bytes.data());
        if (size == -1) {
            return bytes.sliced(8).toByteArray();
        }
        m_inflated += size;
        if (size < 0 || m_inflated > ArrowIpcReader::MaxInflatedBytes) {
            return std::nullopt;
        }
        QByteArray out(qsizetype(size), Qt::Uninitialized);
        const size_t made
            = ZSTD_decompress(out.data(), size_t(size), bytes.data() + 8, size_t(bytes.size() - 8));
        if (ZSTD_isError(made) || made != size_t(size)) {
            return std::nullopt;
        }
        return out;
    }

    // Fills `array` (a template) from the next node and its buffers, then its children.
    bool fill(ColumnArray &array)
    {
        qint64 length = 0;
        qint64 nulls = 0;
        const auto validity = node(length, nulls) ? buffer() : std::nullopt;
        if (!validity) {
            return false;
        }
        array.length = length;
        if (nulls > 0) {
            if (validity->size() < (length + 7) / 8) {
                return false;
            }
            array.validity.resize(length);
            for (qint64 i = 0; i < length; ++i) {
                array.validity[i] = char((quint8(validity->at(i / 8)) >> (i % 8)) & 1);
            }
        }
        const ValueType &type = array.type;
        if (type.kind == ReaderKind::Bool) {
            const auto bits = buffer();
            if (!bits || bits->size() < (length + 7) / 8) {
                return false;
            }
            array.values.resize(length);
            for (qint64 i = 0; i < length; ++i) {
                array.values[i] = char((quint8(bits->at(i / 8)) >> (i % 8)) & 1);
            }
        } else if (type.isFixedWidth()) {
            const auto values = buffer();
            if (!values || values->size() / type.bytes < length) {
                return false;
            }
            array.values = values->first(length * type.bytes);
        } else if (type.isVariableWidth() || type.kind == ReaderKind::List) {
            const auto offsets = buffer();
            const int width = type.large ? 8 : 4;
            if (!offsets || offsets->size() / width < length + 1) {
                return false;
            }
            const auto at = [&](qint64 i) {
                return width == 8 ? qFromLittleEndian<qint64>(offsets->constData() + i * 8)
                                  : qint64(qFromLittleEndian<qint32>(offsets->constData() + i * 4));
            };
            const qint64 first = at(0);
            array.offsets.resize(length + 1);
            for (qint64 i = 0; i <= length; ++i) {
                array.offsets[i] = at(i) - first;
                if (array.offsets[i] < (i ? array.offsets[i - 1] : 0)) {
                    return false;
                }
            }
            if (type.isVariableWidth()) {
                const auto data = buffer();
                if (!data || first < 0 || array.offsets.back() > data->size() - first) {
                    return false;
                }
                array.values = data->sliced(first, array.offsets.back());
            }
        }
        for (ColumnArray &child : array.children) {
            if (!fill(child)) {
                return false;
            }
        }
        // Children must be as long as the parent says.
        if (type.kind == ReaderKind::List) {
            return array.children.front().length >= array.offsets.back();
        }
        if (type.kind == ReaderKind::FixedSizeList) {
            return array.children.front().length >= length * type.listSize;
        }
        if (type.kind == ReaderKind::Struct) {
            for (const ColumnArray &child : array.children) {
                if (child.length < length) {
                    return false;
                }
            }
        }
        return true;
    }

private:
    QByteArrayView m_body;
    QByteArrayView m_nodes;
    QByteArrayView m_buffers;
    bool m_zstd = false;
    qint64 &m_inflated;
    qsizetype m_node = 0;
    qsizetype m_buffer = 0;
};

} // namespace

api::Result<ArrowIpcReader::Table> ArrowIpcReader::read(QByteArrayView bytes, const QString &name)
{
    const auto damaged = [&](const QString &what) {
        return ApiError::invalidInput(tr("The Arrow data of %1 is damaged: %2.").arg(name, what));
    };
    const QByteArrayView magic(Format::Magic);
    qsizetype at = bytes.startsWith(magic) ? 8 : 0;
    std::optional<Table> table;
    QList<ColumnArray> templates;
    qint64 inflated = 0;
    while (true) {
        if (bytes.size() - at < 4) {
            if (table) {
                break; // a stream may end without its end marker
            }
            return damaged(tr("it ends before its schema"));
        }
        if (qFromLittleEndian<quint32>(bytes.data() + at) == 0xFFFFFFFFu) {
            at += 4;
            if (bytes.size() - at < 4) {
                return damaged(tr("a message is cut short"));
            }
        }
        const auto length = qFromLittleEndian<qint32>(bytes.data() + at);
        at += 4;
        if (length == 0) {
            break; // the end-of-stream marker
        }
        if (length < 0 || length > bytes.size() - at) {
            return damaged(tr("a message runs past its end"));
        }
        const auto message = FlatBufferTable::root(bytes.sliced(at, length));
        if (!message) {
            return damaged(tr("a message cannot be read"));
        }
        at += length;
        const auto bodyLength = message->scalar<qint64>(3, 0);
        if (bodyLength < 0 || bodyLength > bytes.size() - at) {
            return damaged(tr("a message's body runs past its end"));
        }
        const QByteArrayView body = bytes.sliced(at, qsizetype(bodyLength));
        at += qsizetype(bodyLength);
        const quint8 kind = message->scalar<quint8>(1, 0);
        const auto header = message->table(2);
        if (!header) {
            return damaged(tr("a message has no header"));
        }
        if (kind == Format::HeaderSchema) {
            if (table) {
                return damaged(tr("it has two schemas"));
            }
            for (const FlatBufferTable &field :
                 header->tables(1).value_or(QList<FlatBufferTable>{})) {
                auto made = templateOf(field, 0);
                if (!made) {
                    return made.error();
                }
                templates.append(std::move(*made));
            }
            table = Table{templates, 0};
            continue;
        }
        if (kind == Format::HeaderDictionaryBatch) {
            return ApiError::catalog(api::ErrorCode::Unsupported,
                                     tr("The Arrow data of %1 holds dictionaries, which this "
                                        "version does not read.")
                                         .arg(name));
        }
        if (kind != Format::HeaderRecordBatch) {
            continue; // tensors and what newer versions add: not rows
        }
        if (!table) {
            return damaged(tr("rows come before the schema"));
        }
        const auto compression = header->table(3);
        if (compression && compression->scalar<quint8>(0, 0) != Format::CodecZstd) {
            return ApiError::catalog(api::ErrorCode::Unsupported,
                                     tr("The Arrow data of %1 is compressed with LZ4, which this "
                                        "version does not read.")
                                         .arg(name));
        }
        qsizetype nodes = 0;
        qsizetype buffers = 0;
        const std::optional<QByteArrayView> nodeBytes = header->structs(1, 16, nodes);
        const std::optional<QByteArrayView> bufferBytes = header->structs(2, 16, buffers);
        if (!nodeBytes.has_value() || !bufferBytes.has_value()) {
            return damaged(tr("a record batch cannot be read"));
        }
        BatchReader reader(body, nodeBytes.value(), bufferBytes.value(), compression.has_value(),
                           inflated);
        const qint64 rows = header->scalar<qint64>(0, 0);
        for (qsizetype c = 0; c < templates.size(); ++c) {
            ColumnArray column = templates.at(c);
            if (!reader.fill(column) || column.length != rows) {
                return damaged(
                    tr("column “%1” of a record batch cannot be read").arg(templates.at(c).name));
            }
            table->columns[c].append(column);
        }
        table->rows += rows;
    }
    if (!table) {
        return damaged(tr("it has no schema"));
    }
    return *table;
}

} // namespace lance::rows
