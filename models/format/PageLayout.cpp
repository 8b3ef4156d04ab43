// SPDX-License-Identifier: Apache-2.0
#include "format/PageLayout.h"

#include "format/WireMessage.h"

#include <QStringList>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

using Field = WireMessage::Field;
using PageEncoding = PageLayout::Encoding;
using EncodingKind = PageEncoding::Kind;

PageLayout::Layer layerOf(quint64 value)
{
    return value <= 6 ? PageLayout::Layer(value) : PageLayout::Layer::Unknown;
}

void appendLayers(WireMessage &message, const Field &field, QList<PageLayout::Layer> &out)
{
    QList<quint64> values;
    message.appendUInt64s(field, values);
    for (const quint64 value : values) {
        out.append(layerOf(value));
    }
}

PageLayout::Compression readCompression(WireMessage message)
{
    PageLayout::Compression out;
    while (const std::optional<Field> field = message.next()) {
        if (field->number == 1) {
            out.scheme = int(message.uint64(*field));
        } else if (field->number == 2) {
            out.level = message.int32(*field);
        }
    }
    return out;
}

PageEncoding readCompressive(WireMessage message, int depth);

// The fields of one member of the CompressiveEncoding oneof.
void readMember(WireMessage message, PageEncoding &out, int depth)
{
    const auto child = [&](const Field &field) {
        out.children.append(readCompressive(message.nested(field, message.where()), depth + 1));
    };
    while (const std::optional<Field> field = message.next()) {
        const quint32 number = field->number;
        switch (out.kind) {
        case EncodingKind::Flat:
            if (number == 1) {
                out.bits = message.uint64(*field);
            } else if (number == 2) {
                out.compression = readCompression(message.nested(*field, message.where()));
            }
            break;
        case EncodingKind::Variable:
            if (number == 1) {
                child(*field);
            } else if (number == 2) {
                out.compression = readCompression(message.nested(*field, message.where()));
            }
            break;
        case EncodingKind::Constant:
            if (number == 1) {
                out.bytes = message.bytes(*field).toByteArray();
            }
            break;
        case EncodingKind::OutOfLineBitpacking:
            if (number == 1) {
                out.bits = message.uint64(*field);
            } else if (number == 3) {
                child(*field);
            }
            break;
        case EncodingKind::InlineBitpacking:
            if (number == 1) {
                out.bits = message.uint64(*field);
            } else if (number == 2) {
                out.compression = readCompression(message.nested(*field, message.where()));
            }
            break;
        case EncodingKind::Fsst:
            if (number == 1) {
                out.bytes = message.bytes(*field).toByteArray();
            } else if (number == 2) {
                child(*field);
            }
            break;
        case EncodingKind::Dictionary:
            if (number == 1 || number == 2) {
                child(*field); // indices, then items: Lance writes them in that order
            } else if (number == 3) {
                out.dictionaryItems = quint32(message.uint64(*field));
            }
            break;
        case EncodingKind::Rle:
            if (number == 1 || number == 2) {
                child(*field); // values, then run lengths
            }
            break;
        case EncodingKind::ByteStreamSplit:
            if (number == 1) {
                child(*field);
            }
            break;
        case EncodingKind::General:
            if (number == 1) {
                out.compression = readCompression(message.nested(*field, message.where()));
            } else if (number == 3) {
                child(*field);
            }
            break;
        case EncodingKind::FixedSizeList:
            if (number == 1) {
                out.bits = message.uint64(*field);
            } else if (number == 2) {
                child(*field);
            } else if (number == 3) {
                out.hasValidity = message.boolean(*field);
            }
            break;
        case EncodingKind::PackedStruct:
            if (number == 1) {
                message.appendUInt64s(*field, out.packedBits);
            } else if (number == 2) {
                child(*field);
            }
            break;
        case EncodingKind::VariablePackedStruct:
            if (number == 1) { // FieldEncoding: its value's encoding is what matters here
                WireMessage member = message.nested(*field, message.where());
                while (const std::optional<Field> part = member.next()) {
                    if (part->number == 1) {
                        out.children.append(
                            readCompressive(member.nested(*part, message.where()), depth + 1));
                    }
                }
            }
            break;
        case EncodingKind::Unknown:
            break;
        }
    }
}

PageEncoding readCompressive(WireMessage message, int depth)
{
    PageEncoding out;
    if (depth > PageLayout::MaxDepth) {
        message.fail(PageLayout::tr("%1 nests its encodings more than %2 deep.")
                         .arg(message.where())
                         .arg(PageLayout::MaxDepth));
        return out;
    }
    while (const std::optional<Field> field = message.next()) {
        out = PageEncoding();
        out.field = field->number;
        out.kind = field->number >= 1 && field->number <= 13 ? EncodingKind(field->number)
                                                             : EncodingKind::Unknown;
        if (out.kind != EncodingKind::Unknown) {
            readMember(message.nested(*field, message.where()), out, depth);
        }
    }
    return out;
}

void readMiniBlock(WireMessage message, PageLayout &out)
{
    while (const std::optional<Field> field = message.next()) {
        const auto encoding = [&] {
            return readCompressive(message.nested(*field, message.where()), 1);
        };
        switch (field->number) {
        case 1:
            out.repetition = encoding();
            break;
        case 2:
            out.definition = encoding();
            break;
        case 3:
            out.values = encoding();
            break;
        case 4:
            out.dictionary = encoding();
            break;
        case 5:
            out.dictionaryItems = message.uint64(*field);
            break;
        case 6:
            appendLayers(message, *field, out.layers);
            break;
        case 7:
            out.buffersPerChunk = message.uint64(*field);
            break;
        case 8:
            out.repetitionIndexDepth = quint32(message.uint64(*field));
            break;
        case 9:
            out.items = message.uint64(*field);
            break;
        case 10:
            out.largeChunks = message.boolean(*field);
            break;
        default:
            break; // newer fields: the decoder refuses what it cannot read
        }
    }
}

void readFullZip(WireMessage message, PageLayout &out)
{
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            out.bitsRepetition = quint32(message.uint64(*field));
            break;
        case 2:
            out.bitsDefinition = quint32(message.uint64(*field));
            break;
        case 3:
            out.bitsPerValue = quint32(message.uint64(*field));
            break;
        case 4:
            out.bitsPerOffset = quint32(message.uint64(*field));
            break;
        case 5:
            out.items = message.uint64(*field);
            break;
        case 6:
            out.visibleItems = message.uint64(*field);
            break;
        case 7:
            out.values = readCompressive(message.nested(*field, message.where()), 1);
            break;
        case 8:
            appendLayers(message, *field, out.layers);
            break;
        default:
            break;
        }
    }
}

void readLayout(WireMessage message, PageLayout &out, int depth);

void readBlob(WireMessage message, PageLayout &out, int depth)
{
    while (const std::optional<Field> field = message.next()) {
        if (field->number == 1) {
            if (depth > 0) {
                message.fail(PageLayout::tr("%1 holds a blob inside a blob.").arg(message.where()));
                return;
            }
            PageLayout inner;
            readLayout(message.nested(*field, message.where()), inner, depth + 1);
            out.inner.append(inner);
        } else if (field->number == 2) {
            appendLayers(message, *field, out.layers);
        }
    }
}

void readLayout(WireMessage message, PageLayout &out, int depth)
{
    while (const std::optional<Field> field = message.next()) {
        out = PageLayout();
        out.field = field->number;
        out.kind = field->number >= 1 && field->number <= 4 ? PageLayout::Kind(field->number)
                                                            : PageLayout::Kind::Unknown;
        WireMessage layout = message.nested(*field, message.where());
        switch (out.kind) {
        case PageLayout::Kind::MiniBlock:
            readMiniBlock(layout, out);
            break;
        case PageLayout::Kind::AllNull:
            while (const std::optional<Field> part = layout.next()) {
                if (part->number == 5) {
                    appendLayers(layout, *part, out.layers);
                }
            }
            break;
        case PageLayout::Kind::FullZip:
            readFullZip(layout, out);
            break;
        case PageLayout::Kind::Blob:
            readBlob(layout, out, depth);
            break;
        case PageLayout::Kind::Unknown:
            break;
        }
    }
}

} // namespace

QString PageLayout::Encoding::text() const
{
    static const char *const names[] = {"flat",
                                        "variable",
                                        "constant",
                                        "out-of-line bitpacking",
                                        "inline bitpacking",
                                        "fsst",
                                        "dictionary",
                                        "rle",
                                        "byte stream split",
                                        "general",
                                        "fixed-size list",
                                        "packed struct",
                                        "variable packed struct"};
    QString out = kind == Kind::Unknown ? u"encoding %1"_s.arg(field)
                                        : QString::fromLatin1(names[int(kind) - 1]);
    QStringList inside;
    if (kind == Kind::Flat || kind == Kind::OutOfLineBitpacking || kind == Kind::InlineBitpacking
        || kind == Kind::FixedSizeList) {
        inside << QString::number(bits);
    }
    if (compression) {
        inside << (compression->scheme == 1   ? u"lz4"_s
                   : compression->scheme == 2 ? u"zstd"_s
                                              : u"none"_s);
    }
    for (const Encoding &child : children) {
        inside << child.text();
    }
    return inside.isEmpty() ? out : out + u'(' + inside.join(u", "_s) + u')';
}

QString PageLayout::kindText() const
{
    switch (kind) {
    case Kind::MiniBlock:
        return u"mini-block"_s;
    case Kind::AllNull:
        return u"all-null"_s;
    case Kind::FullZip:
        return u"full-zip"_s;
    case Kind::Blob:
        return u"blob"_s;
    case Kind::Unknown:
        break;
    }
    return u"layout %1"_s.arg(field);
}

api::Result<PageLayout> PageLayout::decode(const DataFileLayout::Encoding &encoding,
                                           const QString &where)
{
    if (encoding.typeUrl != QLatin1StringView(TypeUrl)) {
        return ApiError::invalidInput(
            tr("%1 is encoded as %2, which this does not read (it reads %3).")
                .arg(where, encoding.typeUrl.isEmpty() ? tr("nothing") : encoding.typeUrl,
                     QLatin1StringView(TypeUrl)));
    }
    WireMessage::Problem problem;
    PageLayout out;
    readLayout(WireMessage(encoding.value, where, problem), out, 0);
    if (problem.text) {
        return ApiError::invalidInput(*problem.text);
    }
    if (out.field == 0) {
        return ApiError::invalidInput(tr("%1 has an empty layout.").arg(where));
    }
    return out;
}

} // namespace lance::format
