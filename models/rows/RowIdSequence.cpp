// SPDX-License-Identifier: Apache-2.0
#include "rows/RowIdSequence.h"

#include "format/WireMessage.h"

#include <QtEndian>

#include <algorithm>

using lance::api::ApiError;

namespace lance::rows {

namespace {

// One segment as read, before its ids are expanded.
struct Segment
{
    enum class Kind { Range, RangeWithHoles, RangeWithBitmap, Array };
    Kind kind = Kind::Range;
    quint64 start = 0;
    quint64 end = 0;
    QList<quint64> values; // the holes, or the array's ids
    QByteArrayView bitmap; // a bit set for each id present, from `start`
};

// An `EncodedU64Array`: offsets of 16 or 32 bits from a base, or plain 64-bit values.
QList<quint64> readArray(format::WireMessage message, QString &problem)
{
    QList<quint64> out;
    while (const auto field = message.next()) {
        if (field->number < 1 || field->number > 3) {
            continue;
        }
        const int width = field->number == 1 ? 2 : field->number == 2 ? 4 : 8;
        format::WireMessage array = message.nested(*field, message.where());
        quint64 base = 0;
        QByteArrayView packed;
        while (const auto part = array.next()) {
            if (width < 8 && part->number == 1) {
                base = array.uint64(*part);
            } else if (part->number == 2) {
                packed = array.bytes(*part);
            }
        }
        if (packed.size() % width != 0) {
            problem = RowIdSequence::tr("an array of %1-bit ids holds %2 bytes")
                          .arg(width * 8)
                          .arg(packed.size());
            return {};
        }
        out.clear();
        out.reserve(packed.size() / width);
        for (qsizetype at = 0; at < packed.size(); at += width) {
            const uchar *p = reinterpret_cast<const uchar *>(packed.data()) + at;
            out.append(width == 2   ? base + qFromLittleEndian<quint16>(p)
                       : width == 4 ? base + qFromLittleEndian<quint32>(p)
                                    : qFromLittleEndian<quint64>(p));
        }
    }
    return out;
}

// A `Range`, `RangeWithHoles` or `RangeWithBitmap`.
void readRange(format::WireMessage message, Segment &out, QString &problem)
{
    while (const auto field = message.next()) {
        switch (field->number) {
        case 1:
            out.start = message.uint64(*field);
            break;
        case 2:
            out.end = message.uint64(*field);
            break;
        case 3:
            if (out.kind == Segment::Kind::RangeWithHoles) {
                out.values = readArray(message.nested(*field, message.where()), problem);
            } else if (out.kind == Segment::Kind::RangeWithBitmap) {
                out.bitmap = message.bytes(*field);
            }
            break;
        default:
            break;
        }
    }
}

// The ids a segment holds, or a problem that says why it cannot hold any.
std::optional<quint64> countOf(const Segment &segment, QString &problem)
{
    if (segment.kind == Segment::Kind::Array) {
        return quint64(segment.values.size());
    }
    if (segment.end < segment.start) {
        problem = RowIdSequence::tr("a range of ids ends at %1, before its start %2")
                      .arg(segment.end)
                      .arg(segment.start);
        return std::nullopt;
    }
    const quint64 span = segment.end - segment.start;
    if (segment.kind == Segment::Kind::Range) {
        return span;
    }
    if (segment.kind == Segment::Kind::RangeWithHoles) {
        for (const quint64 hole : segment.values) {
            if (hole < segment.start || hole >= segment.end) {
                problem = RowIdSequence::tr("a hole %1 lies outside its range of ids").arg(hole);
                return std::nullopt;
            }
        }
        // Holes are sorted and distinct when Lance writes them; counted as such only if so.
        if (!std::is_sorted(segment.values.cbegin(), segment.values.cend())
            || std::adjacent_find(segment.values.cbegin(), segment.values.cend())
                   != segment.values.cend()) {
            problem = RowIdSequence::tr("the holes of a range of ids are not in order");
            return std::nullopt;
        }
        return span - quint64(segment.values.size());
    }
    if (quint64(segment.bitmap.size()) < (span + 7) / 8) {
        problem = RowIdSequence::tr("a bitmap of %1 bytes stands for %2 ids")
                      .arg(segment.bitmap.size())
                      .arg(span);
        return std::nullopt;
    }
    quint64 present = 0;
    for (quint64 i = 0; i < span; ++i) {
        present += (uchar(segment.bitmap[qsizetype(i / 8)]) >> (i % 8)) & 1u;
    }
    return present;
}

void expand(const Segment &segment, QList<quint64> &out)
{
    switch (segment.kind) {
    case Segment::Kind::Range:
        for (quint64 id = segment.start; id < segment.end; ++id) {
            out.append(id);
        }
        break;
    case Segment::Kind::RangeWithHoles: {
        auto hole = segment.values.cbegin();
        for (quint64 id = segment.start; id < segment.end; ++id) {
            if (hole != segment.values.cend() && *hole == id) {
                ++hole;
                continue;
            }
            out.append(id);
        }
        break;
    }
    case Segment::Kind::RangeWithBitmap:
        for (quint64 i = 0; i < segment.end - segment.start; ++i) {
            if ((uchar(segment.bitmap[qsizetype(i / 8)]) >> (i % 8)) & 1u) {
                out.append(segment.start + i);
            }
        }
        break;
    case Segment::Kind::Array:
        out.append(segment.values);
        break;
    }
}

} // namespace

api::Result<QList<quint64>> RowIdSequence::decode(QByteArrayView bytes, quint64 rows,
                                                  const QString &where)
{
    format::WireMessage::Problem wireProblem;
    format::WireMessage sequence(bytes, where, wireProblem);
    QString problem;
    QList<Segment> segments;
    quint64 total = 0;
    while (const auto field = sequence.next()) {
        if (field->number != 1) {
            continue;
        }
        format::WireMessage message = sequence.nested(*field, where);
        Segment segment;
        bool known = false;
        while (const auto kind = message.next()) {
            known = true;
            switch (kind->number) {
            case 1:
                segment.kind = Segment::Kind::Range;
                readRange(message.nested(*kind, where), segment, problem);
                break;
            case 2:
                segment.kind = Segment::Kind::RangeWithHoles;
                readRange(message.nested(*kind, where), segment, problem);
                break;
            case 3:
                segment.kind = Segment::Kind::RangeWithBitmap;
                readRange(message.nested(*kind, where), segment, problem);
                break;
            case 4:
            case 5:
                segment.kind = Segment::Kind::Array;
                segment.values = readArray(message.nested(*kind, where), problem);
                break;
            default:
                known = false;
                problem = tr("a segment of ids is of a kind (%1) this version does not know")
                              .arg(kind->number);
                break;
            }
        }
        if (!known && problem.isEmpty()) {
            problem = tr("a segment of ids is empty");
        }
        if (!problem.isEmpty() || message.failed()) {
            break;
        }
        const auto count = countOf(segment, problem);
        if (!count) {
            break;
        }
        if (*count > rows - total) {
            total = rows + 1; // more than the fragment holds, without overflowing
            break;
        }
        total += *count;
        segments.append(std::move(segment));
    }
    if (wireProblem.text) {
        return ApiError::invalidInput(
            tr("The row ids of %1 are damaged: %2").arg(where, *wireProblem.text));
    }
    if (!problem.isEmpty()) {
        return ApiError::invalidInput(tr("The row ids of %1 are damaged: %2.").arg(where, problem));
    }
    if (total != rows) {
        return ApiError::invalidInput(
            tr("The row ids of %1 are damaged: they name %2 rows "
               "where it holds %3.")
                .arg(where)
                .arg(total > rows ? tr("more than %1").arg(rows) : QString::number(total))
                .arg(rows));
    }
    QList<quint64> out;
    out.reserve(qsizetype(rows));
    for (const Segment &segment : std::as_const(segments)) {
        expand(segment, out);
    }
    return out;
}

} // namespace lance::rows
