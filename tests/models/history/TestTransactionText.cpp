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

namespace {

const Identifier Table(QStringList{u"t"_s});

// Table `t` with versions 1 to `versions`, on a store: its manifests are recorded as given.
bool seed(lance::local::LocalCatalogService &service, qint64 versions)
{
    BatchCommitTablesRequest batch;
    DeclareTableRequest declare;
    declare.id = Table;
    declare.location = u"s3://bucket/t"_s;
    batch.operations = {declare};
    for (qint64 v = 1; v <= versions; ++v) {
        CreateTableVersionRequest version;
        version.id = Table;
        version.version = v;
        version.manifestPath = u"s3://bucket/t/_versions/%1.manifest"_s.arg(v);
        batch.operations.append(version);
    }
    return awaitCall(service, batch).hasValue();
}

// The properties of transaction `id`, as the History reads them.
StringMap propertiesOf(lance::local::LocalCatalogService &service, const QString &id)
{
    DescribeTransactionRequest describe;
    describe.id = Identifier({id});
    const auto described = awaitCall(service, describe);
    return described ? described->properties : StringMap{};
}

} // namespace

void TestTransactionText::aTagChangeSaysWhichTagAndVersion()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    lance::local::LocalCatalogService service(root.path());
    QVERIFY(seed(service, 1));
    CreateTableTagRequest tag;
    tag.id = Table;
    tag.tag = u"golden"_s;
    tag.version = 1;
    const auto created = awaitCall(service, tag);
    QVERIFY(created.hasValue() && created->transactionId);
    const StringMap properties = propertiesOf(service, *created->transactionId);
    QCOMPARE(TransactionText::kind(properties), u"Tag created"_s);
    QCOMPARE(TransactionText::counts(properties), u"tag golden on version 1"_s);
    QCOMPARE(TransactionText::tables(properties, u"$"_s), u"t"_s);
}

// A steward's walk: the History said "1 version deletion" where the banner said "3 versions
// deleted", and showed the wire's exclusive end ("end_version": 6) for versions 3-5.
void TestTransactionText::deletesAreCountedInTheBannersWords()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    lance::local::LocalCatalogService service(root.path());
    QVERIFY(seed(service, 9));
    BatchDeleteTableVersionsRequest remove;
    remove.id = Table;
    remove.ranges = {{3, 6}, {7, 8}, {9, VersionRange::ThroughLatest}};
    BatchCommitTablesRequest batch;
    batch.operations = {remove};
    const auto committed = awaitCall(service, batch);
    QVERIFY(committed.hasValue() && committed->transactionId);
    QCOMPARE(TransactionText::counts(propertiesOf(service, *committed->transactionId)),
             u"5 versions deleted (3\u20135, 7, 9 onwards)"_s);
}

LCB_TEST_GUILESS_MAIN(TestTransactionText)
#include "TestTransactionText.moc"
