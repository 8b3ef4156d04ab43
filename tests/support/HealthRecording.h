// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "TestData.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace lance::test {

/// What tests/node/record-health.mjs recorded beside the table it made
/// (tests/data/lance/health/health.json): LanceDB's view of every version, and what its own
/// cleanup removed from copies.
class HealthRecording
{
public:
    static QJsonObject all()
    {
        return QJsonDocument::fromJson(TestData::read(QStringLiteral("lance/health/health.json")))
            .object();
    }

    /// LanceDB's cleanup of every version older than `olderThanVersion`, on a copy whose tag
    /// was deleted first or not; empty when none was recorded.
    static QJsonObject cleanup(int olderThanVersion, bool tagDeletedFirst)
    {
        for (const QJsonValue &cleanup : all()[QStringLiteral("cleanup")].toArray()) {
            if (cleanup[QStringLiteral("olderThanVersion")].toInt() == olderThanVersion
                && cleanup[QStringLiteral("tagDeletedFirst")].toBool() == tagDeletedFirst) {
                return cleanup.toObject();
            }
        }
        return {};
    }
};

} // namespace lance::test
