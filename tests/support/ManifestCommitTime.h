// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "format/ManifestReader.h"
#include "format/ProtobufReader.h"

#include <QByteArray>

#include <chrono>

namespace lance::test {

/// The commit time a manifest file records (Manifest field 7), to the nanosecond: what a test
/// gives our writers to compare their bytes with Lance's.
inline std::chrono::nanoseconds manifestCommitTime(const QByteArray &file)
{
    const auto message = format::ManifestReader::manifestMessage(file, QStringLiteral("manifest"));
    if (!message) {
        return {};
    }
    format::ProtobufReader manifest(*message);
    while (const auto field = manifest.next()) {
        if (field->number == 7) {
            qint64 seconds = 0;
            qint64 nanos = 0;
            format::ProtobufReader time(field->bytes);
            while (const auto part = time.next()) {
                (part->number == 1 ? seconds : nanos) = qint64(part->varint);
            }
            return std::chrono::seconds(seconds) + std::chrono::nanoseconds(nanos);
        }
    }
    return {};
}

} // namespace lance::test
