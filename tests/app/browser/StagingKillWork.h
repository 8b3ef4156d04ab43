// SPDX-License-Identifier: Apache-2.0
// What StagingKillHelper stages before it is killed, known to the test that kills it.
#pragma once

#include "api/BatchMessages.h"

namespace lance::test {

class StagingKillWork
{
public:
    /// The line the helper prints once the journal holds operations().
    static QByteArray readyLine() { return QByteArrayLiteral("journal written: "); }

    /// One of three kinds, on the fixture's table "people" and a new table "orders".
    static QList<api::CommitTableOperation> operations()
    {
        api::DeclareTableRequest declare;
        declare.id = api::Identifier({QStringLiteral("orders")});
        declare.properties.insert(QStringLiteral("owner"), QStringLiteral("finance"));
        api::CreateTableVersionRequest create;
        create.id = api::Identifier({QStringLiteral("people")});
        create.version = 4;
        create.manifestPath = QStringLiteral("lake/people.lance/_versions/4.manifest-staged");
        create.manifestSize = 9007199254740993; // 2^53 + 1: exact only as an integer
        api::BatchDeleteTableVersionsRequest remove;
        remove.id = api::Identifier({QStringLiteral("people")});
        remove.ranges = {{1, 2}, {3, api::VersionRange::ThroughLatest}};
        return {declare, create, remove};
    }
};

} // namespace lance::test
