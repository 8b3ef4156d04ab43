// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestReader.h"

#include "format/LanceFieldNumbers.h"
#include "format/ProtobufReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QtEndian>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

// google.protobuf.Timestamp's own range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
constexpr qint64 MinSeconds = -62135596800;
constexpr qint64 MaxSeconds = 253402300799;
constexpr qint64 MaxNanos = 999999999;
constexpr qint64 ReadChunk = qint64{64} * 1024;

struct Timestamp
{
    qint64 seconds = 0;
    qint64 nanos = 0;
};

QString displayName(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

ApiError wireProblem(const QString &name, const ProtobufReader &reader)
{
    switch (*reader.problem()) {
    case ProtobufReader::Problem::CutShort:
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is cut short: a field of its manifest message runs past the "
                               "message's end.")
                .arg(name));
    case ProtobufReader::Problem::Overlong:
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is damaged: a number in its manifest message is longer than "
                               "64 bits.")
                .arg(name));
    case ProtobufReader::Problem::Group:
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is not a Lance manifest: its message holds a protobuf group "
                               "(wire type %2), which Lance never writes.")
                .arg(name)
                .arg(reader.badWireType()));
    case ProtobufReader::Problem::UnknownWireType:
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is damaged: its manifest message holds a field of the "
                               "undefined wire type %2.")
                .arg(name)
                .arg(reader.badWireType()));
    case ProtobufReader::Problem::FieldNumberZero:
        break;
    }
    return ApiError::invalidInput(
        ManifestReader::tr("%1 is damaged: its manifest message holds a field with an invalid "
                           "number.")
            .arg(name));
}

ApiError wrongWireType(const QString &name, const QString &field, int wireType)
{
    return ApiError::invalidInput(
        ManifestReader::tr("%1 is not a Lance manifest: its %2 field has wire type %3.")
            .arg(name, field)
            .arg(wireType));
}

// Merges one occurrence of field 7 into `time`: protobuf merges repeated message fields.
std::optional<ApiError> readTimestamp(QByteArrayView message, const QString &name, Timestamp &time)
{
    ProtobufReader reader(message);
    while (const std::optional<ProtobufReader::Field> field = reader.next()) {
        if (field->number != TimestampFields::Seconds && field->number != TimestampFields::Nanos) {
            continue;
        }
        if (field->wireType != 0) {
            return wrongWireType(name, ManifestReader::tr("timestamp"), field->wireType);
        }
        // int64 and int32 travel as two's complement in 64 bits.
        (field->number == TimestampFields::Seconds ? time.seconds : time.nanos)
            = qint64(field->varint);
    }
    if (reader.problem()) {
        return wireProblem(name, reader);
    }
    return std::nullopt;
}

} // namespace

api::Result<QByteArrayView> ManifestReader::manifestMessage(QByteArrayView file,
                                                            const QString &name)
{
    if (!file.endsWith("LANC")) {
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is not a Lance manifest (no LANC footer).").arg(name));
    }
    if (file.size() < ManifestReader::FooterSize) {
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is cut short: it is smaller than the 16-byte footer of a "
                               "Lance manifest.")
                .arg(name));
    }
    const auto footerStart = quint64(file.size() - ManifestReader::FooterSize);
    const auto offset = qFromLittleEndian<quint64>(file.data() + footerStart);
    if (offset >= footerStart) {
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is damaged: its footer points to byte %2, which is not before "
                               "the footer at byte %3.")
                .arg(name)
                .arg(offset)
                .arg(footerStart));
    }
    if (footerStart - offset < quint64(ManifestReader::LengthSize)) {
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is cut short: the length of its manifest message runs into "
                               "the footer.")
                .arg(name));
    }
    const auto length = qFromLittleEndian<quint32>(file.data() + offset);
    if (length > footerStart - offset - ManifestReader::LengthSize) {
        return ApiError::invalidInput(
            ManifestReader::tr("%1 is cut short: its manifest message of %2 bytes runs past the "
                               "footer.")
                .arg(name)
                .arg(length));
    }
    return file.sliced(qsizetype(offset) + ManifestReader::LengthSize, qsizetype(length));
}

api::Result<ManifestReader::Facts> ManifestReader::parse(QByteArrayView bytes)
{
    return parseNamed(bytes, tr("The file"));
}

api::Result<QByteArray> ManifestReader::readBytes(const QString &path, qint64 maxBytes)
{
    const QString name = displayName(path);
    maxBytes = qMax<qint64>(maxBytes, 0);
    const QFileInfo info(path);
    if (!info.exists()) {
        return ApiError::invalidInput(tr("%1 does not exist.").arg(name));
    }
    // Not a pipe, device or folder: reading one could block or never end.
    if (!info.isFile()) {
        return ApiError::invalidInput(tr("%1 is not a file.").arg(name));
    }
    const auto tooBig = [&] {
        return ApiError::invalidInput(
            tr("%1 is larger than %2, far more than a Lance manifest holds.")
                .arg(name, QLocale().formattedDataSize(maxBytes)));
    };
    if (info.size() > maxBytes) {
        return tooBig();
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return ApiError::invalidInput(tr("%1 cannot be read: %2.").arg(name, file.errorString()));
    }
    // In chunks, up to one byte more than allowed: a file that grew since it was measured is
    // still refused, and nothing is allocated for bytes that are not there.
    QByteArray bytes;
    bytes.reserve(qsizetype(info.size()));
    while (bytes.size() <= maxBytes) {
        const qint64 room = maxBytes - bytes.size();
        const QByteArray chunk = file.read(room < ReadChunk ? room + 1 : ReadChunk);
        if (chunk.isEmpty()) {
            break;
        }
        bytes += chunk;
    }
    if (file.error() != QFileDevice::NoError) {
        return ApiError::invalidInput(tr("%1 cannot be read: %2.").arg(name, file.errorString()));
    }
    if (bytes.size() > maxBytes) {
        return tooBig();
    }
    return bytes;
}

api::Result<ManifestReader::Facts> ManifestReader::readFile(const QString &path, qint64 maxBytes)
{
    const api::Result<QByteArray> bytes = readBytes(path, maxBytes);
    if (!bytes) {
        return bytes.error();
    }
    return parseNamed(*bytes, displayName(path));
}

api::Result<ManifestReader::Facts> ManifestReader::parseNamed(QByteArrayView bytes,
                                                              const QString &name)
{
    const api::Result<QByteArrayView> message = manifestMessage(bytes, name);
    if (!message) {
        return message.error();
    }
    std::optional<quint64> version;
    std::optional<Timestamp> time;
    ProtobufReader reader(*message);
    while (const std::optional<ProtobufReader::Field> field = reader.next()) {
        if (field->number == ManifestFields::Version) {
            if (field->wireType != 0) {
                return wrongWireType(name, tr("version"), field->wireType);
            }
            version = field->varint; // the last one wins, as in protobuf
        } else if (field->number == ManifestFields::Timestamp) {
            if (field->wireType != 2) {
                return wrongWireType(name, tr("timestamp"), field->wireType);
            }
            if (!time) {
                time.emplace();
            }
            if (auto problem = readTimestamp(field->bytes, name, *time)) {
                return *problem;
            }
        }
    }
    if (reader.problem()) {
        return wireProblem(name, reader);
    }
    if (!version) {
        return ApiError::invalidInput(
            tr("%1 records no table version (field 3 of its manifest message is missing).")
                .arg(name));
    }
    Facts facts;
    facts.version = *version;
    facts.size = bytes.size();
    if (time) {
        facts.timestamp = commitTime(time->seconds, time->nanos);
        if (!facts.timestamp) {
            return ApiError::invalidInput(
                tr("%1 is damaged: its commit time is out of range.").arg(name));
        }
    }
    return facts;
}

std::optional<QDateTime> ManifestReader::commitTime(qint64 seconds, qint64 nanos)
{
    if (seconds < MinSeconds || seconds > MaxSeconds || nanos < 0 || nanos > MaxNanos) {
        return std::nullopt;
    }
    return QDateTime::fromMSecsSinceEpoch(seconds * 1000 + nanos / 1000000, Qt::UTC);
}

} // namespace lance::format
