// SPDX-License-Identifier: Apache-2.0
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/BatchCommitValidator.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;

class TestBatchCommitValidator : public QObject
{
    Q_OBJECT

private slots:
    void acceptsAMixedBatch();
    void refusesBadBatches_data();
    void refusesBadBatches();
    void namesTheOperation();
};

namespace {

Identifier table(const QString &text)
{
    return *Identifier::parse(text);
}

CreateTableVersionRequest createVersion(const QString &id, qint64 version)
{
    CreateTableVersionRequest request;
    request.id = table(id);
    request.version = version;
    request.manifestPath = u"/data/t.lance/_versions/%1.manifest"_s.arg(version);
    return request;
}

BatchDeleteTableVersionsRequest deleteRange(const QString &id, qint64 start, qint64 end)
{
    BatchDeleteTableVersionsRequest request;
    request.id = table(id);
    request.ranges = {VersionRange{start, end}};
    return request;
}

DeclareTableRequest declare(const QString &id)
{
    DeclareTableRequest request;
    request.id = table(id);
    return request;
}

} // namespace

void TestBatchCommitValidator::acceptsAMixedBatch()
{
    BatchCommitTablesRequest request;
    DeregisterTableRequest deregister;
    deregister.id = table(u"old"_s);
    request.operations = {declare(u"sales$new"_s),
                          createVersion(u"sales$orders"_s, 3),
                          createVersion(u"sales$orders"_s, 4),
                          deleteRange(u"sales$orders"_s, 0, -1),
                          deleteRange(u"x"_s, 1, 2),
                          deregister};
    LCB_VERIFY_OK(BatchCommitValidator::check(request));
}

void TestBatchCommitValidator::refusesBadBatches_data()
{
    QTest::addColumn<BatchCommitTablesRequest>("request");
    QTest::addColumn<QString>("message");

    QTest::newRow("empty") << BatchCommitTablesRequest{} << u"The batch has no operations."_s;

    BatchCommitTablesRequest rootTable;
    rootTable.operations = {DeclareTableRequest{}};
    QTest::newRow("root id") << rootTable
                             << u"operation 1 (declare_table): the table identifier is "
                                u"missing."_s;

    BatchCommitTablesRequest badName;
    DeclareTableRequest withDelimiter;
    withDelimiter.id = Identifier(QStringList{u"a"_s, u"b$c"_s});
    badName.operations = {withDelimiter};
    QTest::newRow("delimiter in a name")
        << badName
        << u"operation 1 (declare_table of a$b$c): the table identifier is invalid: the name "
           u"\"b$c\" contains the delimiter \"$\"."_s;

    BatchCommitTablesRequest emptyPath;
    CreateTableVersionRequest noPath = createVersion(u"t"_s, 2);
    noPath.manifestPath = u"  "_s;
    emptyPath.operations = {declare(u"u"_s), noPath};
    QTest::newRow("empty manifest path")
        << emptyPath << u"operation 2 (create_table_version of t): the manifest path is empty."_s;

    BatchCommitTablesRequest twice;
    twice.operations = {createVersion(u"t"_s, 2), createVersion(u"t"_s, 2)};
    QTest::newRow("same version twice")
        << twice
        << u"operation 2 (create_table_version of t): version 2 is created twice in this "
           u"batch."_s;

    BatchCommitTablesRequest declaredTwice;
    declaredTwice.operations = {declare(u"a$t"_s), declare(u"a$t"_s)};
    QTest::newRow("declared twice")
        << declaredTwice
        << u"operation 2 (declare_table of a$t): the table is declared twice in this batch."_s;

    BatchCommitTablesRequest backwards;
    backwards.operations = {deleteRange(u"t"_s, 5, 3)};
    QTest::newRow("range ends before it starts")
        << backwards
        << u"operation 1 (delete_table_versions of t): ranges[0] ends at 3, not after its "
           u"start 5 (the end is exclusive; -1 means through the latest version)."_s;

    BatchCommitTablesRequest negativeEnd;
    negativeEnd.operations = {deleteRange(u"t"_s, 0, -2)};
    QTest::newRow("end below -1")
        << negativeEnd
        << u"operation 1 (delete_table_versions of t): ranges[0] ends at -2, not after its "
           u"start 0 (the end is exclusive; -1 means through the latest version)."_s;

    BatchCommitTablesRequest noRanges;
    BatchDeleteTableVersionsRequest empty;
    empty.id = table(u"t"_s);
    noRanges.operations = {empty};
    QTest::newRow("no ranges")
        << noRanges << u"operation 1 (delete_table_versions of t): no version ranges are given."_s;

    BatchCommitTablesRequest emptyLocation;
    DeclareTableRequest located = declare(u"t"_s);
    located.location = QString();
    emptyLocation.operations = {located};
    QTest::newRow("empty location")
        << emptyLocation
        << u"operation 1 (declare_table of t): the location is empty; leave it out to let the "
           u"catalog choose one."_s;
}

void TestBatchCommitValidator::refusesBadBatches()
{
    QFETCH(BatchCommitTablesRequest, request);
    QFETCH(QString, message);
    const lance::api::Result<void> checked = BatchCommitValidator::check(request);
    LCB_VERIFY_REFUSED(checked);
    QCOMPARE(checked.error().kind(), ApiError::Kind::InvalidInput);
    QCOMPARE(checked.error().userMessage(), message);
}

void TestBatchCommitValidator::namesTheOperation()
{
    const CommitTableOperation operation = createVersion(u"sales$orders"_s, 7);
    QCOMPARE(BatchCommitValidator::describeOperation(2, operation),
             u"operation 3 (create_table_version of sales$orders)"_s);
    QCOMPARE(BatchCommitValidator::describeOperation(0, operation, u"."_s),
             u"operation 1 (create_table_version of sales.orders)"_s);
}

LCB_TEST_GUILESS_MAIN(TestBatchCommitValidator)
#include "TestBatchCommitValidator.moc"
