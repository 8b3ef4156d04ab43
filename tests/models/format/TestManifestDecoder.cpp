// SPDX-License-Identifier: Apache-2.0
// ManifestDecoder and TransactionDecoder on the real tables LanceDB wrote (tests/data/lance):
// the schema, fragments, totals, writer and format of every version, the transactions they
// name, and every cut-short and damaged form of those files.
#include "TestData.h"
#include "TestRegistry.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestReader.h"
#include "format/TransactionDecoder.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTest>
#include <QtEndian>

using namespace Qt::StringLiterals;
using namespace lance;
using format::ManifestContents;
using format::ManifestDecoder;
using format::TransactionContents;
using format::TransactionDecoder;
using Operation = TransactionContents::Operation;

namespace {

const QString People = u"lance/people.lance"_s;

QString manifestOf(const QString &table, quint64 version)
{
    return test::TestData::path(u"%1/_versions/%2.manifest"_s.arg(table).arg(
        std::numeric_limits<quint64>::max() - version));
}

QByteArray bytesOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

ManifestContents decoded(const QString &table, quint64 version)
{
    auto contents = ManifestDecoder::readFile(manifestOf(table, version));
    if (!contents) {
        qFatal("%s", qPrintable(contents.error().details()));
    }
    return *contents;
}

// `manifest` with `extra` (encoded fields) appended to its manifest message.
QByteArray withFields(const QByteArray &manifest, const QByteArray &extra)
{
    const auto footer = qsizetype(16);
    const auto offset = qFromLittleEndian<quint64>(manifest.constData() + manifest.size() - footer);
    const auto length = qFromLittleEndian<quint32>(manifest.constData() + offset);
    QByteArray message = manifest.mid(qsizetype(offset) + 4, qsizetype(length)) + extra;
    QByteArray rebuilt = manifest.first(qsizetype(offset));
    const quint32 newLength = quint32(message.size());
    rebuilt += QByteArray(reinterpret_cast<const char *>(&newLength), 4) + message;
    return rebuilt + manifest.right(footer);
}

} // namespace

class TestManifestDecoder : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryRealManifest();
    void readsTheSchema();
    void readsFragmentsAndTotals();
    void readsWriterFormatAndFlags();
    void readsTheTransactions();
    void inlineTransactionIsTheFile();
    void refusesEveryCutOfARealManifest();
    void refusesDamagedTransactions();
    void keepsUnknownFieldsAndOperations();
    void refusesRepeatedIds();
};

void TestManifestDecoder::readsEveryRealManifest()
{
    // Every manifest and transaction LanceDB wrote into tests/data: read whole, and the same
    // version and time as ManifestReader finds.
    const QString root = test::TestData::path(u"lance"_s);
    QDirIterator files(root, {u"*.manifest"_s}, QDir::Files, QDirIterator::Subdirectories);
    int read = 0;
    while (files.hasNext()) {
        const QString path = files.next();
        const auto contents = ManifestDecoder::readFile(path);
        QVERIFY2(contents, qPrintable(contents ? path : contents.error().details()));
        const auto facts = format::ManifestReader::readFile(path);
        QVERIFY(facts);
        QCOMPARE(contents->version, facts->version);
        QCOMPARE(contents->timestamp, facts->timestamp);
        QVERIFY(!contents->fields.isEmpty());
        QVERIFY(contents->unknownFields.isEmpty());
        const QString txn
            = QFileInfo(path).dir().filePath(u"../_transactions/"_s + contents->transactionFile);
        // The namespace's own table (`__manifest`) keeps its transactions inline only.
        if (!contents->transactionFile.isEmpty() && QFileInfo::exists(txn)) {
            const auto transaction = TransactionDecoder::readFile(txn);
            QVERIFY2(transaction, qPrintable(transaction ? txn : transaction.error().details()));
            QVERIFY(transaction->operation != Operation::None);
            QVERIFY(transaction->operation != Operation::Unknown);
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        const auto inlined = ManifestDecoder::inlineTransaction(bytes, *contents, path);
        QVERIFY(inlined);
        if (!inlined->isEmpty()) {
            const auto transaction = TransactionDecoder::decode(*inlined, path);
            QVERIFY(transaction);
            QVERIFY(transaction->operation != Operation::None);
        }
        ++read;
    }
    QVERIFY(read >= 10);
}

void TestManifestDecoder::readsTheSchema()
{
    const ManifestContents v3 = decoded(People, 3);
    QCOMPARE(v3.version, 3u);
    QStringList names;
    QStringList types;
    for (const ManifestContents::SchemaField &field : v3.fields) {
        names.append(field.name);
        types.append(field.logicalType);
        QCOMPARE(field.parentId, -1);
        QVERIFY(field.nullable);
    }
    QCOMPARE(names, QStringList({u"id"_s, u"name"_s, u"age"_s}));
    QCOMPARE(types, QStringList({u"double"_s, u"string"_s, u"double"_s}));
    QCOMPARE(v3.fields.at(0).id, 0);
    QCOMPARE(v3.fields.at(1).id, 1);
    QCOMPARE(v3.fields.at(2).id, 2);
}

void TestManifestDecoder::readsFragmentsAndTotals()
{
    // LanceDB wrote 2 rows, then appended 1 and 2: one fragment per write.
    const QList<qint64> rows{2, 3, 5};
    for (quint64 version = 1; version <= 3; ++version) {
        const ManifestContents contents = decoded(People, version);
        QCOMPARE(contents.fragments.size(), qsizetype(version));
        const ManifestContents::Totals totals = contents.totals();
        QCOMPARE(totals.rows, rows.at(qsizetype(version - 1)));
        QVERIFY(totals.rowsExact);
        QCOMPARE(totals.deletionFiles, 0);
        QCOMPARE(totals.dataFiles, qint64(version));
        qint64 onDisk = 0;
        for (const ManifestContents::Fragment &fragment : contents.fragments) {
            QCOMPARE(fragment.files.size(), 1);
            const ManifestContents::DataFile &file = fragment.files.first();
            QCOMPARE(file.fieldIds, QList<qint32>({0, 1, 2}));
            QCOMPARE(file.majorVersion, 2u);
            QCOMPARE(file.minorVersion, 1u);
            const QFileInfo data(test::TestData::path(People + u"/data/"_s + file.path));
            QVERIFY2(data.exists(), qPrintable(file.path));
            QCOMPARE(qint64(file.sizeBytes), data.size());
            onDisk += data.size();
        }
        QCOMPARE(totals.filesSize, onDisk);
        const api::StringMap metadata = totals.toMetadata();
        QCOMPARE(metadata.value(u"total_rows"_s), QString::number(rows.at(qsizetype(version - 1))));
        QCOMPARE(metadata.value(u"total_fragments"_s), QString::number(version));
        QCOMPARE(metadata.value(u"total_data_file_rows"_s), metadata.value(u"total_rows"_s));
        QCOMPARE(metadata.size(), 7);
    }
    // Fragment ids are unique and the high-water mark covers them.
    const ManifestContents v3 = decoded(People, 3);
    QCOMPARE(v3.maxFragmentId, std::optional<quint32>(2));
    QCOMPARE(v3.fragments.at(2).id, 2u);
}

void TestManifestDecoder::readsWriterFormatAndFlags()
{
    const ManifestContents v1 = decoded(People, 1);
    QCOMPARE(v1.writerLibrary, u"lance"_s);
    QCOMPARE(v1.writerVersion, u"8.0.0"_s);
    QCOMPARE(v1.dataFormat, u"lance"_s);
    QCOMPARE(v1.dataFormatVersion, u"2.1"_s);
    QCOMPARE(v1.readerFeatureFlags, 0u);
    QVERIFY(!v1.branch);
    QVERIFY(v1.indices.isEmpty());
    QVERIFY(v1.unknownFields.isEmpty());
    QVERIFY(v1.timestamp);
    const auto facts = format::ManifestReader::readFile(manifestOf(People, 1));
    QVERIFY(facts);
    QCOMPARE(v1.timestamp, facts->timestamp);
    QCOMPARE(v1.fileSize, facts->size);
}

void TestManifestDecoder::readsTheTransactions()
{
    const QList<Operation> operations{Operation::Overwrite, Operation::Append, Operation::Append};
    for (quint64 version = 1; version <= 3; ++version) {
        const ManifestContents contents = decoded(People, version);
        QVERIFY(contents.transactionFile.endsWith(u".txn"_s));
        QVERIFY(contents.transactionFile.startsWith(QString::number(version - 1) + u'-'));
        const auto transaction = TransactionDecoder::readFile(
            test::TestData::path(People + u"/_transactions/"_s + contents.transactionFile));
        QVERIFY2(transaction, qPrintable(transaction ? QString() : transaction.error().details()));
        QCOMPARE(transaction->operation, operations.at(qsizetype(version - 1)));
        QCOMPARE(transaction->readVersion, version - 1);
        QCOMPARE(transaction->newFragments, 1);
        QVERIFY(contents.transactionFile.contains(transaction->uuid));
        QCOMPARE(transaction->uuid.size(), 36);
        QVERIFY(transaction->commitMessage().isEmpty()); // LanceDB 0.31.0 records none
        if (version == 1) {
            QCOMPARE(transaction->schemaFields, 3);
            QCOMPARE(transaction->operationName(), u"Overwrite"_s);
        } else {
            QCOMPARE(transaction->operationName(), u"Append"_s);
        }
    }
}

void TestManifestDecoder::inlineTransactionIsTheFile()
{
    // Lance 8.0.0 writes the transaction twice, into the manifest and beside it, byte for byte.
    for (quint64 version = 1; version <= 3; ++version) {
        const QByteArray manifest = bytesOf(manifestOf(People, version));
        const auto contents = ManifestDecoder::decode(manifest, u"m"_s);
        QVERIFY(contents);
        QVERIFY(contents->transactionSection);
        const auto inlined = ManifestDecoder::inlineTransaction(manifest, *contents, u"m"_s);
        QVERIFY(inlined);
        QCOMPARE(inlined->toByteArray(),
                 bytesOf(test::TestData::path(People + u"/_transactions/"_s
                                              + contents->transactionFile)));
    }
}

void TestManifestDecoder::refusesEveryCutOfARealManifest()
{
    // Every prefix and every one-byte change of a real manifest: decoded or refused with a
    // sentence, never a crash (the fuzzer goes further).
    const QByteArray manifest = bytesOf(manifestOf(People, 3));
    QVERIFY(!manifest.isEmpty());
    for (qsizetype cut = 0; cut < manifest.size(); ++cut) {
        const auto result = ManifestDecoder::decode(manifest.first(cut), u"cut"_s);
        QVERIFY(!result);
        QVERIFY(result.error().userMessage().endsWith(u'.'));
    }
    int refused = 0;
    for (qsizetype at = 0; at < manifest.size(); ++at) {
        QByteArray changed = manifest;
        changed[at] = char(changed[at] ^ 0xFF);
        const auto result = ManifestDecoder::decode(changed, u"changed"_s);
        if (!result) {
            ++refused;
            QVERIFY(result.error().userMessage().contains(u"changed"_s));
        }
    }
    QVERIFY(refused > 0);
}

void TestManifestDecoder::refusesDamagedTransactions()
{
    const QByteArray txn = bytesOf(
        test::TestData::path(People + u"/_transactions/"_s + decoded(People, 2).transactionFile));
    QVERIFY(!txn.isEmpty());
    // The uuid's length says 36; cut inside it.
    const auto cut = TransactionDecoder::decode(txn.first(10), u"t.txn"_s);
    QVERIFY(!cut);
    QVERIFY(cut.error().userMessage().contains(u"t.txn"_s));
    QVERIFY(cut.error().userMessage().contains(u"cut short"_s));
    // A group (wire type 3) where a field should be.
    const auto group = TransactionDecoder::decode(QByteArray("\x0b", 1), u"g.txn"_s);
    QVERIFY(!group);
    QVERIFY(group.error().userMessage().contains(u"group"_s));
    // The read version as a string: the wrong wire type is named.
    const auto wrong = TransactionDecoder::decode(QByteArray("\x0a\x01x", 3), u"w.txn"_s);
    QVERIFY(!wrong);
    QVERIFY(wrong.error().userMessage().contains(u"wire type 2"_s));
}

void TestManifestDecoder::keepsUnknownFieldsAndOperations()
{
    // A transaction whose operation is field 150 (not known here), with a commit message.
    QByteArray txn;
    txn += QByteArray("\x08\x05", 2);   // 1: read_version 5
    txn += QByteArray("\x12\x02id", 4); // 2: uuid "id"
    const QByteArray key = TransactionContents::CommitMessageKey;
    QByteArray entry
        = "\x0a" + QByteArray(1, char(key.size())) + key + QByteArray("\x12\x03why", 5);
    txn += "\x22" + QByteArray(1, char(entry.size())) + entry; // 4: properties
    txn += QByteArray("\xb2\x09\x02\x08\x01", 5);              // 150: an unknown message
    const auto decoded = TransactionDecoder::decode(txn, u"new.txn"_s);
    QVERIFY2(decoded, qPrintable(decoded ? QString() : decoded.error().details()));
    QCOMPARE(decoded->operation, Operation::Unknown);
    QCOMPARE(decoded->operationName(), u"unknown (field 150)"_s);
    QCOMPARE(decoded->readVersion, 5u);
    QCOMPARE(decoded->commitMessage(), u"why"_s);

    // A manifest with a field this build does not know (99) is read, and the field listed.
    const QByteArray rebuilt
        = withFields(bytesOf(manifestOf(People, 1)), QByteArray("\x98\x06\x07", 3)); // 99: 7
    const auto withUnknown = ManifestDecoder::decode(rebuilt, u"newer"_s);
    QVERIFY2(withUnknown, qPrintable(withUnknown ? QString() : withUnknown.error().details()));
    QCOMPARE(withUnknown->unknownFields, QList<quint32>({99}));
    QCOMPARE(withUnknown->fields.size(), 3);
}

void TestManifestDecoder::refusesRepeatedIds()
{
    // Versions are compared field by field id and fragment by fragment id: a manifest that
    // gives one id twice is damaged, and said so.
    const QByteArray manifest = bytesOf(manifestOf(People, 2));
    QVERIFY(ManifestDecoder::decode(manifest, u"m"_s));
    // A second field of id 0 (1: Field{2: name "x", 3: id 0}).
    const auto field = ManifestDecoder::decode(
        withFields(manifest, QByteArray("\x0a\x05\x12\x01x\x18\x00", 7)), u"twice"_s);
    QVERIFY(!field);
    QCOMPARE(field.error().userMessage(),
             u"twice is damaged: its schema has two fields of id 0."_s);
    // A second fragment of id 1 (2: DataFragment{1: id 1}).
    const auto fragment = ManifestDecoder::decode(
        withFields(manifest, QByteArray("\x12\x02\x08\x01", 4)), u"again"_s);
    QVERIFY(!fragment);
    QCOMPARE(fragment.error().userMessage(), u"again is damaged: it has two fragments of id 1."_s);
}

LCB_TEST_GUILESS_MAIN(TestManifestDecoder)
#include "TestManifestDecoder.moc"
