// SPDX-License-Identifier: Apache-2.0
#include "rows/LegacyEncoding.h"

#include "format/WireMessage.h"

#include <QStringList>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

using format::WireMessage;
using MemberField = WireMessage::Field;
using MemberKind = LegacyEncoding::Kind;

constexpr quint32 LastKnownMember = 21; // ByteStreamSplit

LegacyEncoding parseArray(WireMessage message, int depth);

// Puts `child` at `slot` of `out.children`: the proto's members are by number, not by order,
// and a member the page leaves out stays an Unknown of field 0, which no decoder reads.
void putChild(LegacyEncoding &out, qsizetype slot, LegacyEncoding child)
{
    while (out.children.size() <= slot) {
        out.children.append(LegacyEncoding());
    }
    out.children[slot] = std::move(child);
}

// `Flat`: bits per value, `Buffer {1 index, 2 type}`, `Compression {1 scheme, 2 level}`.
void parseFlat(WireMessage message, LegacyEncoding &out)
{
    while (const std::optional<MemberField> field = message.next()) {
        if (field->number == 1) {
            out.bits = message.uint64(*field);
        } else if (field->number == 2) {
            out.hasBuffer = true;
            WireMessage buffer = message.nested(*field, message.where());
            while (const std::optional<MemberField> part = buffer.next()) {
                if (part->number == 1) {
                    out.buffer = quint32(buffer.uint64(*part));
                } else if (part->number == 2) {
                    const quint64 type = buffer.uint64(*part);
                    if (type > 2) {
                        buffer.fail(LegacyEncoding::tr("%1 names a buffer of the unknown kind %2.")
                                        .arg(buffer.where())
                                        .arg(type));
                    }
                    out.place = LegacyEncoding::Place(type);
                }
            }
        } else if (field->number == 3) {
            WireMessage compression = message.nested(*field, message.where());
            while (const std::optional<MemberField> part = compression.next()) {
                if (part->number == 1) {
                    out.compression = compression.text(*part);
                }
            }
            if (out.compression.isEmpty()) {
                out.compression = u"unnamed"_s; // compressed all the same, by what is not said
            }
        }
    }
}

// `Nullable`: one of NoNull {1 values}, SomeNull {1 validity, 2 values}, AllNull {}.
void parseNullable(WireMessage message, LegacyEncoding &out, int depth)
{
    while (const std::optional<MemberField> field = message.next()) {
        if (field->number < 1 || field->number > 3) {
            continue;
        }
        out.nulls = LegacyEncoding::Nulls(field->number);
        out.children.clear();
        WireMessage inner = message.nested(*field, message.where());
        const qsizetype members = out.nulls == LegacyEncoding::Nulls::Some   ? 2
                                  : out.nulls == LegacyEncoding::Nulls::None ? 1
                                                                             : 0;
        for (qsizetype slot = 0; slot < members; ++slot) {
            putChild(out, slot, LegacyEncoding());
        }
        while (const std::optional<MemberField> part = inner.next()) {
            if (part->number >= 1 && qsizetype(part->number) <= members) {
                putChild(out, part->number - 1,
                         parseArray(inner.nested(*part, inner.where()), depth + 1));
            }
        }
    }
}

// The fields of one member of the ArrayEncoding oneof.
void parseMember(WireMessage message, LegacyEncoding &out, int depth)
{
    const auto child = [&](const MemberField &field, qsizetype slot) {
        putChild(out, slot, parseArray(message.nested(field, message.where()), depth + 1));
    };
    switch (out.kind) {
    case MemberKind::Flat:
        parseFlat(message, out);
        return;
    case MemberKind::Nullable:
        // Read as "no nulls" of a missing encoding until it says which case it is.
        putChild(out, 0, LegacyEncoding());
        parseNullable(message, out, depth);
        return;
    default:
        break;
    }
    // The members a decoder reads need their children in place even when the page left them
    // out, so that it finds a missing one where it looks.
    const qsizetype members
        = out.kind == MemberKind::Binary || out.kind == MemberKind::Dictionary ? 2
          : out.kind == MemberKind::FixedSizeList || out.kind == MemberKind::List
                  || out.kind == MemberKind::Fsst
              ? 1
              : 0;
    for (qsizetype slot = 0; slot < members; ++slot) {
        putChild(out, slot, LegacyEncoding());
    }
    while (const std::optional<MemberField> field = message.next()) {
        const quint32 number = field->number;
        switch (out.kind) {
        case MemberKind::FixedSizeList:
            if (number == 1) {
                out.bits = message.uint64(*field);
            } else if (number == 2) {
                child(*field, 0);
            }
            break;
        case MemberKind::List:
            if (number == 1) {
                child(*field, 0);
            } else if (number == 2) {
                out.adjustment = message.uint64(*field);
            } else if (number == 3) {
                out.items = message.uint64(*field);
            }
            break;
        case MemberKind::Binary:
            if (number == 1 || number == 2) {
                child(*field, number - 1); // indices, then bytes
            } else if (number == 3) {
                out.adjustment = message.uint64(*field);
            }
            break;
        case MemberKind::Dictionary:
            if (number == 1 || number == 2) {
                child(*field, number - 1); // indices, then items
            } else if (number == 3) {
                out.items = message.uint64(*field);
            }
            break;
        case MemberKind::Fsst:
            if (number == 1) {
                child(*field, 0);
            }
            break;
        default:
            break; // kept by name only: the decoder refuses it
        }
    }
}

LegacyEncoding parseArray(WireMessage message, int depth)
{
    LegacyEncoding out;
    if (depth > LegacyEncoding::MaxDepth) {
        message.fail(LegacyEncoding::tr("%1 nests its encodings more than %2 deep.")
                         .arg(message.where())
                         .arg(LegacyEncoding::MaxDepth));
        return out;
    }
    while (const std::optional<MemberField> field = message.next()) {
        out = LegacyEncoding();
        out.field = field->number;
        out.kind = field->number >= 1 && field->number <= LastKnownMember
                       ? MemberKind(field->number)
                       : MemberKind::Unknown;
        if (out.kind != MemberKind::Unknown) {
            parseMember(message.nested(*field, message.where()), out, depth);
        }
    }
    return out;
}

} // namespace

QString LegacyEncoding::text() const
{
    static const char *const names[] = {"flat",
                                        "nullable",
                                        "fixed-size list",
                                        "list",
                                        "struct",
                                        "binary",
                                        "dictionary",
                                        "fsst",
                                        "packed struct",
                                        "bitpacked",
                                        "fixed-size binary",
                                        "bitpacked non-negatives",
                                        "constant",
                                        "inline bitpacking",
                                        "out-of-line bitpacking",
                                        "variable",
                                        "packed fixed-width struct",
                                        "block",
                                        "rle",
                                        "general mini-block",
                                        "byte stream split"};
    if (kind == Kind::Unknown) {
        return field == 0 ? u"nothing"_s : u"encoding %1"_s.arg(field);
    }
    QString out = QString::fromLatin1(names[int(kind) - 1]);
    QStringList inside;
    if (kind == Kind::Flat || kind == Kind::FixedSizeList) {
        inside << QString::number(bits);
    }
    if (!compression.isEmpty()) {
        inside << compression;
    }
    if (kind == Kind::Nullable && nulls == Nulls::All) {
        inside << u"all null"_s;
    }
    for (const LegacyEncoding &child : children) {
        inside << child.text();
    }
    return inside.isEmpty() ? out : out + u'(' + inside.join(u", "_s) + u')';
}

api::Result<LegacyEncoding> LegacyEncoding::decode(const format::DataFileLayout::Encoding &encoding,
                                                   const QString &where)
{
    if (encoding.typeUrl != QLatin1StringView(TypeUrl)) {
        return ApiError::invalidInput(
            tr("%1 is encoded as %2, which a file of format 2.0 does not hold (it holds %3).")
                .arg(where, encoding.typeUrl.isEmpty() ? tr("nothing") : encoding.typeUrl,
                     QLatin1StringView(TypeUrl)));
    }
    WireMessage::Problem problem;
    LegacyEncoding out = parseArray(WireMessage(encoding.value, where, problem), 0);
    if (problem.text) {
        return ApiError::invalidInput(*problem.text);
    }
    if (out.field == 0) {
        return ApiError::invalidInput(tr("%1 has an empty encoding.").arg(where));
    }
    return out;
}

} // namespace lance::rows
