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
    void deletesAreCountedInTheBannersWords();
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

// A steward's walk: the History said "1 version deletion" where the banner said "3 versions
// deleted", and showed the wire's exclusive end ("end_version": 6) for versions 3-5.
void TestTransactionText::deletesAreCountedInTheBannersWords()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    lance::local::LocalCatalogService service(root.path());
    const Identifier table(QStringList{u"t"_s});
    BatchCommitTablesRequest seed;
    DeclareTableRequest declare;
    declare.id = table;
    declare.location = u"s3://bucket/t"_s;
    seed.operations = {declare};
    for (qint64 v = 1; v <= 9; ++v) {
        CreateTableVersionRequest version;
        version.id = table;
        version.version = v;
        version.manifestPath = u"s3://bucket/t/_versions/%1.manifest"_s.arg(v);
        seed.operations.append(version);
    }
    QVERIFY(awaitCall(service, seed).hasValue());
    BatchDeleteTableVersionsRequest remove;
    remove.id = table;
    remove.ranges = {{3, 6}, {7, 8}, {9, VersionRange::ThroughLatest}};
    BatchCommitTablesRequest batch;
    batch.operations = {remove};
    const auto committed = awaitCall(service, batch);
    QVERIFY(committed.hasValue() && committed->transactionId);
    DescribeTransactionRequest describe;
    describe.id = Identifier({*committed->transactionId});
    const auto described = awaitCall(service, describe);
    QVERIFY(described.hasValue());
    QCOMPARE(TransactionText::counts(described->properties),
             u"5 versions deleted (3\u20135, 7, 9 onwards)"_s);
}

LCB_TEST_GUILESS_MAIN(TestTransactionText)
#include "TestTransactionText.moc"
