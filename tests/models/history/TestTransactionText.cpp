// SPDX-License-Identifier: Apache-2.0
// TransactionText: the History's words for a record, read from what the engine writes (a tag's
// change, checked here on records of a real local catalog).
#include "AwaitCall.h"
#include "TestRegistry.h"
#include "api/TagMessages.h"
#include "api/TransactionMessages.h"
#include "api/VersionMessages.h"
#include "history/TransactionText.h"
#include "local/LocalCatalogService.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::history::TransactionText;
using lance::test::awaitCall;

class TestTransactionText : public QObject
{
    Q_OBJECT

private slots:
    void aTagChangeSaysWhichTagAndVersion();
};

void TestTransactionText::aTagChangeSaysWhichTagAndVersion()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    lance::local::LocalCatalogService service(root.path());
    const Identifier table(QStringList{u"t"_s});
    BatchCommitTablesRequest seed;
    DeclareTableRequest declare;
    declare.id = table;
    declare.location = u"s3://bucket/t"_s; // a store: its manifest is recorded as given
    CreateTableVersionRequest version;
    version.id = table;
    version.version = 1;
    version.manifestPath = u"s3://bucket/t/_versions/1.manifest"_s;
    seed.operations = {declare, version};
    QVERIFY(awaitCall(service, seed).hasValue());
    CreateTableTagRequest tag;
    tag.id = table;
    tag.tag = u"golden"_s;
    tag.version = 1;
    const auto created = awaitCall(service, tag);
    QVERIFY(created.hasValue() && created->transactionId);
    DescribeTransactionRequest describe;
    describe.id = Identifier({*created->transactionId});
    const auto described = awaitCall(service, describe);
    QVERIFY(described.hasValue());
    QCOMPARE(TransactionText::kind(described->properties), u"Tag created"_s);
    QCOMPARE(TransactionText::counts(described->properties), u"tag golden on version 1"_s);
    QCOMPARE(TransactionText::tables(described->properties, u"$"_s), u"t"_s);
}

LCB_TEST_GUILESS_MAIN(TestTransactionText)
#include "TestTransactionText.moc"
