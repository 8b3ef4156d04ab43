// SPDX-License-Identifier: Apache-2.0
// The dialogs that describe one staged operation: Create Version filled from a real LanceDB
// manifest, Declare Table checking its name, and the key/value editor both use.
#include "LanceFixture.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "format/LocalPaths.h"
#include "ui/common/InlineNote.h"
#include "ui/common/KeyValueEditor.h"
#include "ui/staging/CreateVersionDialog.h"
#include "ui/staging/DeclareTableDialog.h"
#include "ui/staging/DeleteVersionsDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::api::ManifestNamingScheme;
using lance::ui::CreateVersionDialog;
using lance::ui::DeclareTableDialog;
using lance::ui::KeyValueEditor;

class TestStagingDialogs : public QObject
{
    Q_OBJECT

private slots:
    void createVersionStartsAfterTheLatest();
    void createVersionReadsTheChosenManifest();
    void createVersionRoundTrips();
    void declareTableChecksTheName_data();
    void declareTableChecksTheName();
    void declareTableBuildsTheRequest();
    void duplicatePropertyNamesAreAProblem();
    void deleteVersionsChecksAndPreviews();
    void deleteVersionsEditsOneStagedRange();
    void deleteVersionsEditsSeveralStagedRanges();

    void deleteVersionsListsAndConfirmsTheLatest();

private:
    // Versions as the Versions view loads them; `version` 2 carries LanceDB's metadata.
    static QList<lance::api::TableVersion> versions(std::initializer_list<qint64> numbers)
    {
        QList<lance::api::TableVersion> loaded;
        for (const qint64 number : numbers) {
            lance::api::TableVersion version;
            version.version = number;
            version.manifestPath = u"/data/t.lance/_versions/%1.manifest"_s.arg(number);
            version.manifestSize = 1000 + number;
            version.timestampMillis = 1'764'000'000'000 + number * 60'000;
            if (number == 2) {
                version.metadata = {{u"operation"_s, u"Append"_s}};
            }
            loaded << version;
        }
        return loaded;
    }
    static QPushButton *stageButton(QDialog &dialog)
    {
        return dialog.findChild<QPushButton *>(u"stageButton"_s);
    }
};

void TestStagingDialogs::createVersionStartsAfterTheLatest()
{
    lance::test::ScriptedPrompter prompter;
    CreateVersionDialog dialog(Identifier({u"hr"_s, u"people"_s}), u"$"_s, 7, prompter);
    QCOMPARE(dialog.findChild<QLineEdit *>(u"versionEdit"_s)->text(), u"8"_s);
    // No manifest yet: nothing can be staged, and the dialog says why.
    LCB_VERIFY_REFUSED(dialog.problem());
    QVERIFY(!stageButton(dialog)->isEnabled());
    QCOMPARE(dialog.findChild<lance::ui::InlineNote *>(u"problemNote"_s)->text(),
             dialog.problem().error().userMessage());

    CreateVersionDialog first(Identifier({u"t"_s}), u"$"_s, std::nullopt, prompter);
    QCOMPARE(first.findChild<QLineEdit *>(u"versionEdit"_s)->text(), u"1"_s);
}

void TestStagingDialogs::createVersionReadsTheChosenManifest()
{
    QTemporaryDir dir;
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, dir.path()));
    // Version 2 of the LanceDB table, named in the V2 scheme (2^64 - 1 - 2).
    const QString manifest
        = dir.filePath(u"people.lance/_versions/18446744073709551613.manifest"_s);
    QVERIFY(QFileInfo::exists(manifest));

    lance::test::ScriptedPrompter prompter;
    prompter.answerText(manifest);
    CreateVersionDialog dialog(Identifier({u"people"_s}), u"$"_s, 9, prompter);
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"chooseManifestButton"_s), Qt::LeftButton);
    QCOMPARE(prompter.asked(), QStringList{u"Choose a Manifest"_s});

    const lance::api::CreateTableVersionRequest request = dialog.request();
    QCOMPARE(request.id, Identifier({u"people"_s}));
    QCOMPARE(request.version, 2);
    QCOMPARE(request.namingScheme, std::optional(ManifestNamingScheme::V2));
    QCOMPARE(request.manifestPath, lance::format::LocalPaths::objectStorePath(manifest));
    QCOMPARE(request.manifestSize, std::optional(QFileInfo(manifest).size()));
    QVERIFY(request.eTag && !request.eTag->isEmpty());
    LCB_VERIFY_OK(dialog.problem());
    QVERIFY(stageButton(dialog)->isEnabled());
}

void TestStagingDialogs::createVersionRoundTrips()
{
    lance::test::ScriptedPrompter prompter;
    lance::api::CreateTableVersionRequest wanted;
    wanted.id = Identifier({u"sales"_s, u"orders"_s});
    wanted.version = 12;
    wanted.manifestPath = u"lake/orders.lance/_versions/12.manifest"_s;
    wanted.manifestSize = 4096;
    wanted.eTag = u"abc-1"_s;
    wanted.namingScheme = ManifestNamingScheme::V1;
    wanted.branch = u"experiment"_s;
    wanted.metadata = {{u"writer"_s, u"nightly"_s}};
    CreateVersionDialog dialog(wanted.id, u"$"_s, 11, prompter);
    dialog.setRequest(wanted);
    QCOMPARE(dialog.request(), wanted);

    dialog.findChild<QLineEdit *>(u"versionEdit"_s)->clear();
    LCB_VERIFY_REFUSED(dialog.problem());
    QVERIFY(!stageButton(dialog)->isEnabled());
}

void TestStagingDialogs::declareTableChecksTheName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("acceptable");
    QTest::newRow("fine") << u"orders_2026"_s << true;
    QTest::newRow("empty") << u""_s << false;
    QTest::newRow("blank") << u"   "_s << false;
    QTest::newRow("delimiter") << u"a$b"_s << false;
    QTest::newRow("exists") << u"customers"_s << false;
    // A steward's walk: staged, then refused by the catalog at the commit.
    QTest::newRow("climbs out") << u"../escaped"_s << false;
    QTest::newRow("dot dot") << u".."_s << false;
    QTest::newRow("backslash") << u"a\\b"_s << false;
    QTest::newRow("dots inside") << u"v1..2"_s << true;
}

void TestStagingDialogs::declareTableChecksTheName()
{
    QFETCH(QString, name);
    QFETCH(bool, acceptable);
    DeclareTableDialog dialog(Identifier({u"sales"_s}), u"$"_s, {u"customers"_s, u"eu"_s});
    dialog.findChild<QLineEdit *>(u"nameEdit"_s)->setText(name);
    QCOMPARE(dialog.problem().hasValue(), acceptable);
    QCOMPARE(stageButton(dialog)->isEnabled(), acceptable);
}

void TestStagingDialogs::declareTableBuildsTheRequest()
{
    DeclareTableDialog dialog(Identifier({u"sales"_s, u"eu"_s}), u"$"_s, {});
    dialog.findChild<QLineEdit *>(u"nameEdit"_s)->setText(u" orders "_s);
    dialog.findChild<QLineEdit *>(u"locationEdit"_s)->setText(u"s3://lake/orders.lance"_s);
    dialog.findChild<KeyValueEditor *>(u"propertiesEditor"_s)->setValues({{u"owner"_s, u"ana"_s}});
    const lance::api::DeclareTableRequest request = dialog.request();
    QCOMPARE(request.id, Identifier({u"sales"_s, u"eu"_s, u"orders"_s}));
    QCOMPARE(request.location, std::optional(u"s3://lake/orders.lance"_s));
    QCOMPARE(request.properties.value(u"owner"_s), u"ana"_s);

    DeclareTableDialog again(Identifier({u"sales"_s, u"eu"_s}), u"$"_s, {});
    again.setRequest(request);
    QCOMPARE(again.request(), request);
}

void TestStagingDialogs::duplicatePropertyNamesAreAProblem()
{
    KeyValueEditor editor(u"Name"_s, u"Value"_s);
    QTableWidget *table = editor.findChild<QTableWidget *>(u"keyValueTable"_s);
    QTest::mouseClick(editor.findChild<QPushButton *>(u"addRowButton"_s), Qt::LeftButton);
    QTest::mouseClick(editor.findChild<QPushButton *>(u"addRowButton"_s), Qt::LeftButton);
    QCOMPARE(table->rowCount(), 2);
    table->item(0, 0)->setText(u"owner"_s);
    table->item(1, 0)->setText(u" owner"_s);
    LCB_VERIFY_REFUSED(editor.problem());
    QVERIFY(lance::test::refusalOf(editor.problem()).value_or(QString()).contains(u"owner"_s));
    table->item(1, 0)->setText(u"team"_s);
    LCB_VERIFY_OK(editor.problem());
    QCOMPARE(editor.values().size(), 2);
    // Rows without a name are ignored rather than sent as "".
    table->item(1, 0)->setText(QString());
    QCOMPARE(editor.values().keys(), QStringList{u"owner"_s});
}

void TestStagingDialogs::deleteVersionsChecksAndPreviews()
{
    using lance::api::VersionRange;
    lance::ui::DeleteVersionsDialog dialog(Identifier({u"t"_s}), u"$"_s, versions({5, 1, 2, 3}));
    auto *from = dialog.findChild<QLineEdit *>(u"fromEdit"_s);
    auto *to = dialog.findChild<QLineEdit *>(u"toEdit"_s);
    auto *label = dialog.findChild<QLabel *>(u"previewLabel"_s);
    QCOMPARE(from->text(), u"1"_s); // the oldest, to start with
    from->setText(u"2"_s);
    to->setText(u"4"_s);
    LCB_VERIFY_OK(dialog.problem());
    QVERIFY2(label->text().contains(u"2, 3"_s), qPrintable(label->text()));
    QCOMPARE(dialog.request().ranges, (QList<VersionRange>{{2, 5}})); // 2 to 4, end exclusive

    to->setText(u"1"_s);
    QVERIFY(lance::test::refusalOf(dialog.problem())
                .value_or(QString())
                .contains(u"before it starts"_s));
    QVERIFY(!stageButton(dialog)->isEnabled());

    from->setText(u"7"_s);
    to->setText(u"9"_s);
    QVERIFY(lance::test::refusalOf(dialog.problem())
                .value_or(QString())
                .contains(u"No known version"_s));

    dialog.findChild<QCheckBox *>(u"throughLatestCheck"_s)->setChecked(true);
    from->setText(u"3"_s);
    // Through the latest deletes 5, the latest: Stage waits for the tick.
    auto *confirm = dialog.findChild<QCheckBox *>(u"confirmCheck"_s);
    QVERIFY(!confirm->isHidden());
    QCOMPARE(confirm->text(),
             u"Delete version 5, the latest of t: readers will see version 2 instead."_s);
    QVERIFY(lance::test::refusalOf(dialog.problem())
                .value_or(QString())
                .contains(u"tick the box above to confirm"_s));
    QVERIFY(!stageButton(dialog)->isEnabled());
    confirm->setChecked(true);
    LCB_VERIFY_OK(dialog.problem());
    QVERIFY(stageButton(dialog)->isEnabled());
    QVERIFY(!to->isEnabled());
    QCOMPARE(dialog.request().ranges, (QList<VersionRange>{{3, VersionRange::ThroughLatest}}));
    QVERIFY2(label->text().contains(u"3, 5"_s), qPrintable(label->text()));
}

void TestStagingDialogs::deleteVersionsEditsOneStagedRange()
{
    using lance::api::VersionRange;
    lance::api::BatchDeleteTableVersionsRequest wanted;
    wanted.id = Identifier({u"hr"_s, u"people"_s});
    wanted.ranges = {{2, 5}};
    wanted.branch = u"experiment"_s; // not shown, but kept
    wanted.context = {{u"ticket"_s, u"42"_s}};
    lance::ui::DeleteVersionsDialog dialog(wanted.id, u"$"_s, versions({1, 2, 3, 4, 5}));
    dialog.setRequest(wanted);
    QCOMPARE(dialog.findChild<QLineEdit *>(u"fromEdit"_s)->text(), u"2"_s);
    QCOMPARE(dialog.findChild<QLineEdit *>(u"toEdit"_s)->text(), u"4"_s); // both ends included
    QVERIFY(dialog.findChild<QLineEdit *>(u"rangesEdit"_s)->isHidden());
    QCOMPARE(dialog.request(), wanted);
    QVERIFY(stageButton(dialog)->isEnabled());

    wanted.ranges = {{3, VersionRange::ThroughLatest}};
    dialog.setRequest(wanted);
    QVERIFY(dialog.findChild<QCheckBox *>(u"throughLatestCheck"_s)->isChecked());
    QVERIFY(!dialog.findChild<QLineEdit *>(u"toEdit"_s)->isEnabled());
    QCOMPARE(dialog.request(), wanted);
}

void TestStagingDialogs::deleteVersionsEditsSeveralStagedRanges()
{
    using lance::api::VersionRange;
    lance::api::BatchDeleteTableVersionsRequest wanted;
    wanted.id = Identifier({u"t"_s});
    wanted.ranges = {{1, 3}, {5, 6}, {7, VersionRange::ThroughLatest}};
    lance::ui::DeleteVersionsDialog dialog(wanted.id, u"$"_s, versions({1, 2, 3, 5, 7, 8}));
    dialog.setRequest(wanted);
    // Two fields cannot hold three ranges: one line of ranges takes their place.
    auto *ranges = dialog.findChild<QLineEdit *>(u"rangesEdit"_s);
    QVERIFY(!ranges->isHidden());
    QVERIFY(dialog.findChild<QLineEdit *>(u"fromEdit"_s)->isHidden());
    QVERIFY(dialog.findChild<QCheckBox *>(u"throughLatestCheck"_s)->isHidden());
    QCOMPARE(ranges->text(), u"1-2, 5, 7-latest"_s);
    QCOMPARE(dialog.request(), wanted);
    auto *label = dialog.findChild<QLabel *>(u"previewLabel"_s);
    QVERIFY2(label->text().contains(u"1, 2, 5, 7, 8"_s), qPrintable(label->text()));

    ranges->setText(u"2, 7"_s);
    LCB_VERIFY_OK(dialog.problem());
    QCOMPARE(dialog.request().ranges, (QList<VersionRange>{{2, 3}, {7, 8}}));

    ranges->setText(u"3-1"_s);
    QVERIFY(lance::test::refusalOf(dialog.problem())
                .value_or(QString())
                .contains(u"ends before it starts"_s));
    QVERIFY(!stageButton(dialog)->isEnabled());
    ranges->setText(u"10-12"_s);
    QVERIFY(lance::test::refusalOf(dialog.problem())
                .value_or(QString())
                .contains(u"No known version"_s));
    ranges->setText(u"2 to 3"_s);
    QVERIFY(
        lance::test::refusalOf(dialog.problem()).value_or(QString()).contains(u"for example"_s));
    ranges->clear();
    LCB_VERIFY_REFUSED(dialog.problem());
    QVERIFY(!stageButton(dialog)->isEnabled());

    // A staged range that deletes nothing is shown as it is, not turned into another.
    wanted.ranges = {{5, 5}};
    dialog.setRequest(wanted);
    QCOMPARE(ranges->text(), u"5-4"_s);
    QVERIFY(lance::test::refusalOf(dialog.problem())
                .value_or(QString())
                .contains(u"ends before it starts"_s));
}

void TestStagingDialogs::deleteVersionsListsAndConfirmsTheLatest()
{
    lance::ui::DeleteVersionsDialog dialog(Identifier({u"hr"_s, u"people"_s}), u"$"_s,
                                           versions({1, 2, 3}));
    auto *from = dialog.findChild<QLineEdit *>(u"fromEdit"_s);
    auto *to = dialog.findChild<QLineEdit *>(u"toEdit"_s);
    auto *list = dialog.findChild<QTreeWidget *>(u"doomedList"_s);
    auto *confirm = dialog.findChild<QCheckBox *>(u"confirmCheck"_s);
    // The oldest, to start with: listed with what it holds, no confirmation needed.
    QCOMPARE(list->topLevelItemCount(), 1);
    QCOMPARE(list->topLevelItem(0)->text(0), u"1"_s);
    QVERIFY(!list->topLevelItem(0)->text(1).isEmpty()); // when it was written
    QVERIFY(confirm->isHidden());
    LCB_VERIFY_OK(dialog.problem());

    to->setText(u"2"_s);
    QCOMPARE(list->topLevelItemCount(), 2);
    QCOMPARE(list->topLevelItem(0)->text(0), u"2"_s); // newest first, as in the Versions view
    // What the version holds and what made it, in columns of their own.
    QCOMPARE(list->topLevelItem(0)->text(3), u"Append"_s);
    QCOMPARE(list->topLevelItem(0)->text(5), QString());
    QCOMPARE(list->topLevelItem(0)->toolTip(0), u"/data/t.lance/_versions/2.manifest"_s);

    // Every version: the table would be left with nothing to read.
    to->setText(u"3"_s);
    QCOMPARE(confirm->text(), u"Delete every version of hr$people: the table stays registered "
                              "with nothing left to read."_s);
    LCB_VERIFY_REFUSED(dialog.problem());
    confirm->setChecked(true);
    LCB_VERIFY_OK(dialog.problem());
    // A different consequence asks for a new tick.
    from->setText(u"2"_s);
    QCOMPARE(confirm->text(), u"Delete version 3, the latest of hr$people: readers will see "
                              "version 1 instead."_s);
    QVERIFY(!confirm->isChecked());
    LCB_VERIFY_REFUSED(dialog.problem());

    // With older pages not loaded, "every loaded version" is not "every version".
    lance::ui::DeleteVersionsDialog partial(Identifier({u"t"_s}), u"$"_s, versions({8, 9}), false);
    partial.findChild<QLineEdit *>(u"toEdit"_s)->setText(u"9"_s);
    QCOMPARE(partial.findChild<QCheckBox *>(u"confirmCheck"_s)->text(),
             u"Delete version 9, the latest of t, and every loaded version below it."_s);
    QVERIFY2(partial.findChild<QLabel *>(u"previewLabel"_s)->text().contains(u"not loaded"_s),
             qPrintable(partial.findChild<QLabel *>(u"previewLabel"_s)->text()));
}

LCB_TEST_MAIN(TestStagingDialogs)
#include "TestStagingDialogs.moc"
