// SPDX-License-Identifier: Apache-2.0
// The operations StagingJournalWriter stages, known to the test that kills it.
#pragma once

#include "api/BatchMessages.h"

namespace lance::test {

class JournalWorkload
{
public:
    /// How many operations the writer stages before it starts over.
    static constexpr int Count = 40;
    /// A profile name no file system accepts as it is.
    static QString profile() { return QStringLiteral("prod/eu: \u00fc*?\"<>|"); }

    /// Operation `index`: a version with a long manifest path and some metadata, so the journal
    /// grows to tens of kilobytes and a write takes long enough to be interrupted.
    static api::CommitTableOperation operation(int index)
    {
        api::CreateTableVersionRequest request;
        request.id = api::Identifier({QStringLiteral("bench"), QStringLiteral("table")});
        request.version = index + 1;
        request.manifestPath = QStringLiteral("s3://bucket/bench/table.lance/_versions/")
                               + QString(400, QChar(u'a' + index % 26))
                               + QStringLiteral(".manifest");
        request.manifestSize = 1000 + index;
        for (int key = 0; key < 8; ++key) {
            request.metadata.insert(QStringLiteral("key%1").arg(key), QString(64, u'v'));
        }
        return request;
    }
};

} // namespace lance::test
