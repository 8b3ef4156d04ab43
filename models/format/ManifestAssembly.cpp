// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestAssembly.h"

#include "format/ManifestReader.h"
#include "format/ProtobufReader.h"
#include "format/ProtobufWriter.h"

#include <QtEndian>

#include <algorithm>
#include <array>

namespace lance::format {

namespace {

constexpr qsizetype FooterVersionOffset = 8; // i16 major and i16 minor, before "LANC"

} // namespace

QList<ManifestAssembly::RawField>
ManifestAssembly::fieldsExcept(QByteArrayView message, std::initializer_list<quint32> rewritten)
{
    QList<RawField> fields;
    ProtobufReader reader(message);
    for (qsizetype start = reader.position(); const auto field = reader.next();
         start = reader.position()) {
        if (std::find(rewritten.begin(), rewritten.end(), field->number) == rewritten.end()) {
            fields.append(
                {field->number, message.sliced(start, reader.position() - start).toByteArray()});
        }
    }
    // The callers' decoder read the same message without a problem; this walk cannot meet one.
    Q_ASSERT(!reader.problem());
    return fields;
}

QByteArray ManifestAssembly::joined(QList<RawField> fields)
{
    std::stable_sort(fields.begin(), fields.end(),
                     [](const RawField &a, const RawField &b) { return a.number < b.number; });
    QByteArray message;
    for (const RawField &field : std::as_const(fields)) {
        message.append(field.bytes);
    }
    return message;
}

ManifestAssembly::RawField ManifestAssembly::varintField(quint32 number, quint64 value)
{
    ProtobufWriter writer;
    writer.appendVarint(number, value);
    return {number, writer.take()};
}

ManifestAssembly::RawField ManifestAssembly::bytesField(quint32 number, QByteArrayView bytes)
{
    ProtobufWriter writer;
    writer.appendBytes(number, bytes);
    return {number, writer.take()};
}

ManifestAssembly::RawField ManifestAssembly::timestampField(quint32 number,
                                                            std::chrono::nanoseconds time)
{
    ProtobufWriter timestamp;
    const auto seconds = std::chrono::floor<std::chrono::seconds>(time);
    timestamp.appendVarint(1, quint64(seconds.count()));
    // proto3 leaves a zero out.
    if (const auto nanos = (time - seconds).count()) {
        timestamp.appendVarint(2, quint64(nanos));
    }
    return bytesField(number, timestamp.bytes());
}

ManifestAssembly::FeatureFlags ManifestAssembly::featureFlags(const ManifestContents &contents)
{
    FeatureFlags flags;
    for (const ManifestContents::Fragment &fragment : contents.fragments) {
        if (fragment.deletion) {
            flags.reader |= DeletionFilesFlag;
            flags.writer |= DeletionFilesFlag;
        }
        if (fragment.hasRowIds) {
            flags.reader |= StableRowIdsFlag;
            flags.writer |= StableRowIdsFlag;
        }
    }
    if (!contents.config.isEmpty()) {
        flags.writer |= TableConfigFlag;
    }
    if (!contents.basePaths.isEmpty()) {
        flags.reader |= BasePathsFlag;
        flags.writer |= BasePathsFlag;
    }
    return flags;
}

void ManifestAssembly::appendLengthPrefixed(QByteArray &file, QByteArrayView message)
{
    std::array<char, ManifestReader::LengthSize> length{};
    qToLittleEndian(quint32(message.size()), length.data());
    file.append(length.data(), ManifestReader::LengthSize);
    file.append(message);
}

void ManifestAssembly::appendManifest(QByteArray &file, QByteArrayView manifest,
                                      QByteArrayView source)
{
    const auto manifestOffset = quint64(file.size());
    appendLengthPrefixed(file, manifest);
    std::array<char, 8> offset{};
    qToLittleEndian(manifestOffset, offset.data());
    file.append(offset.data(), qsizetype(offset.size()));
    file.append(source.last(FooterVersionOffset));
}

QByteArrayView ManifestAssembly::section(QByteArrayView file, quint64 offset)
{
    const auto start = qsizetype(offset);
    const auto length = qFromLittleEndian<quint32>(file.data() + start);
    return file.sliced(start, ManifestReader::LengthSize + qsizetype(length));
}

} // namespace lance::format
