// SPDX-License-Identifier: Apache-2.0
// VersionFactsReader on the table LanceDB took through a whole history (13 versions): what it
// reads of each manifest equals what LanceDB's listVersions() reports; start() hands the
// versions on in parts, as they are read, so a page's first rows fill in before the rest;
// readAll() hands every version back at once, in order, the unreadable one as it was; once
// cancelled, start() hands nothing more.
#include "LanceFixture.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "details/VersionFactsReader.h"
#include "storage/Cancellation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using lance::api::TableVersion;
using lance::details::ManifestAccess;
using lance::details::VersionFactsReader;

namespace {

constexpr int ReadTimeoutMs = 20000;
const QString History = u"history/lancedb-0.31.0"_s;

} // namespace

class TestVersionFactsReader : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void handsEachPartAsItIsRead();
    void readAllHandsEveryVersionInOrder();
    void aCancelledReadHandsNothingMore();

private:
    /// The records of versions 1 to 13, newest first, as a server lists them: no facts.
    QList<TableVersion> records() const;
    /// What LanceDB reported of `version`.
    QJsonObject reported(qint64 version) const;

    QTemporaryDir m_dir;
    QString m_table;
    QJsonObject m_history;
};

void TestVersionFactsReader::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(lance::test::LanceFixture::copyInto(History + u"/events.lance"_s, m_dir.path(),
                                                u"events.lance"_s));
    m_table = m_dir.filePath(u"events.lance"_s);
    m_history = QJsonDocument::fromJson(
                    lance::test::TestData::read(u"lance/"_s + History + u"/history.json"_s))
                    .object();
}

QList<TableVersion> TestVersionFactsReader::records() const
{
    QList<TableVersion> versions;
    for (qint64 version = 13; version >= 1; --version) {
        TableVersion record;
        record.version = version;
        record.manifestPath = m_table
                              + u"/_versions/%1.manifest"_s.arg(std::numeric_limits<quint64>::max()
                                                                - quint64(version));
        versions.append(record);
    }
    return versions;
}

QJsonObject TestVersionFactsReader::reported(qint64 version) const
{
    return m_history[u"versions"_s].toArray().at(version - 1)[u"metadata"_s].toObject();
}

void TestVersionFactsReader::handsEachPartAsItIsRead()
{
    QList<QList<TableVersion>> handed;
    qsizetype read = 0;
    VersionFactsReader::start(ManifestAccess(), records(), this,
                              [&](const QList<TableVersion> &part) {
                                  handed.append(part);
                                  read += part.size();
                              });
    QTRY_COMPARE_WITH_TIMEOUT(read, qsizetype(13), ReadTimeoutMs);
    // In parts of PartSize (the last one shorter), each as soon as it was read.
    QCOMPARE(handed.size(), (13 + VersionFactsReader::PartSize - 1) / VersionFactsReader::PartSize);
    QSet<qint64> seen;
    for (const QList<TableVersion> &part : std::as_const(handed)) {
        QVERIFY(part.size() <= VersionFactsReader::PartSize);
        for (const TableVersion &version : part) {
            seen.insert(version.version);
            const QJsonObject theirs = reported(version.version);
            for (auto it = theirs.begin(); it != theirs.end(); ++it) {
                QVERIFY2(version.metadata.value(it.key()) == it.value().toString(),
                         qPrintable(u"version %1: %2"_s.arg(version.version)
                                        .arg(QStringList(version.metadata.keys()).join(u", "_s)
                                             + u" / "_s
                                             + version.metadata.value(u"manifest_unreadable"_s))));
            }
        }
    }
    QCOMPARE(seen.size(), 13);
}

void TestVersionFactsReader::readAllHandsEveryVersionInOrder()
{
    QList<TableVersion> versions = records();
    versions[5].manifestPath = m_table + u"/_versions/gone.manifest"_s; // version 8
    std::optional<QList<TableVersion>> handed;
    int calls = 0;
    VersionFactsReader::readAll(ManifestAccess(), versions, this,
                                [&](const QList<TableVersion> &all) {
                                    handed = all;
                                    ++calls;
                                });
    QTRY_VERIFY_WITH_TIMEOUT(handed.has_value(), ReadTimeoutMs);
    QCOMPARE(handed->size(), versions.size());
    for (qsizetype i = 0; i < handed->size(); ++i) {
        const TableVersion &version = handed->at(i);
        QCOMPARE(version.version, versions.at(i).version);
        if (version.version == 8) {
            QVERIFY(!version.metadata.contains(u"total_rows"_s));
        } else {
            QCOMPARE(version.metadata.value(u"total_rows"_s),
                     reported(version.version)[u"total_rows"_s].toString());
        }
    }
    QTest::qWait(50);
    QCOMPARE(calls, 1); // once, whatever the number of parts
}

void TestVersionFactsReader::aCancelledReadHandsNothingMore()
{
    // Cancelled as soon as started, on this (the GUI) thread: whatever the pool read already,
    // nothing reaches `done`.
    auto cancelled = std::make_shared<lance::storage::Cancellation>();
    qsizetype handed = 0;
    VersionFactsReader::start(
        ManifestAccess(), records(), this,
        [&handed](const QList<TableVersion> &part) { handed += part.size(); }, cancelled);
    cancelled->cancel();
    QTest::qWait(1000);
    QCOMPARE(handed, qsizetype(0));
    // The same read, with a cancellation never used, hands every version: the check above is
    // not one that passes for want of reading.
    qsizetype all = 0;
    VersionFactsReader::start(
        ManifestAccess(), records(), this,
        [&all](const QList<TableVersion> &part) { all += part.size(); },
        std::make_shared<lance::storage::Cancellation>());
    QTRY_COMPARE_WITH_TIMEOUT(all, qsizetype(13), ReadTimeoutMs);
}

LCB_TEST_GUILESS_MAIN(TestVersionFactsReader)
#include "TestVersionFactsReader.moc"
