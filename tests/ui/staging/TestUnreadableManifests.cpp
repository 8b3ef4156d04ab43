// SPDX-License-Identifier: Apache-2.0
// A steward's walk committed version 5 of a table with the manifest
// `/nonexistent/garbage.manifest`: Stage was enabled, the row had no warning, and the Versions
// view then showed a blank row. Here, on a real local catalog holding LanceDB's `people`
// (versions 1 to 3): such a manifest is a blocking problem as soon as it is staged
// (StagedManifestChecker), and a version whose manifest is gone carries a mark and says why.
#include "HeadlessCatalog.h"
#include "ScriptedPrompter.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "catalog/TableVersionModel.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/staging/StagedManifestChecker.h"
#include "ui/staging/StagedVersionsDelegate.h"
#include "ui/staging/StagingController.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::catalog::TableVersionModel;
using lance::test::HeadlessCatalog;
using lance::test::ScriptedPrompter;

class TestUnreadableManifests : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aManifestTheCatalogWouldRefuseBlocksItsRow();
    void aVersionWhoseManifestIsGoneIsMarked();

private:
    QStringList problemsOf(int row) const;

    std::unique_ptr<HeadlessCatalog> m_catalog;
    ScriptedPrompter m_prompter;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<lance::ui::StagingController> m_staging;
    const Identifier m_people{QStringList{u"people"_s}};
};

void TestUnreadableManifests::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open());
    m_settings = std::make_unique<QSettings>(m_catalog->stateFolder() + u"/settings.ini"_s,
                                             QSettings::IniFormat);
    m_staging = std::make_unique<lance::ui::StagingController>(
        m_catalog->window(), m_catalog->session(),
        [this]() -> lance::ui::Prompter & { return m_prompter; }, m_catalog->stateFolder());
    new lance::ui::StagedManifestChecker(m_staging->changes(), m_catalog->session(), *m_settings,
                                         m_staging.get());
}

void TestUnreadableManifests::cleanup()
{
    m_staging.reset();
    m_settings.reset();
    m_catalog.reset();
}

QStringList TestUnreadableManifests::problemsOf(int row) const
{
    QStringList sentences;
    for (const auto &problem : m_staging->changes().problemsAt(row)) {
        sentences << (problem.isBlocking() ? u"blocking: "_s : u"warning: "_s) + problem.message;
    }
    return sentences;
}

void TestUnreadableManifests::aManifestTheCatalogWouldRefuseBlocksItsRow()
{
    lance::staging::PendingChanges &changes = m_staging->changes();
    lance::api::CreateTableVersionRequest create;
    create.id = m_people;
    create.version = 5;
    create.manifestPath = u"/nonexistent/garbage.manifest"_s;
    create.manifestSize = 5;
    create.eTag = u"zz\"\n"_s;
    LCB_VERIFY_OK(changes.stage(create));
    QCOMPARE(problemsOf(0),
             QStringList{u"blocking: The manifest /nonexistent/garbage.manifest is not in a "
                         "_versions folder: Lance reads a version only from its table's "
                         "_versions/, and the catalog refuses any other."_s});
    QVERIFY(changes.hasBlockingProblems());
    // One in the table's `_versions/` that holds another version.
    const QString versions = m_catalog->folder() + u"/people.lance/_versions/"_s;
    const QString wrong = lance::test::TestFiles::write(versions + u"4.manifest-ab"_s,
                                                        lance::test::TestFiles::manifest(3));
    create.version = 4;
    create.manifestPath = wrong;
    LCB_VERIFY_OK(changes.stage(create));
    QCOMPARE(problemsOf(1).size(), 1);
    QVERIFY2(problemsOf(1).at(0).startsWith(u"blocking: "_s)
                 && problemsOf(1).at(0).contains(u"holds version 3"_s),
             qPrintable(problemsOf(1).join(u'\n')));
    // Both undone: one that holds its version stages without a problem.
    changes.discardAll();
    const QString right = lance::test::TestFiles::write(versions + u"4.manifest-cd"_s,
                                                        lance::test::TestFiles::manifest(4));
    create.manifestPath = right;
    LCB_VERIFY_OK(changes.stage(create));
    QCOMPARE(problemsOf(0), QStringList());
    QVERIFY(!changes.hasBlockingProblems());
}

void TestUnreadableManifests::aVersionWhoseManifestIsGoneIsMarked()
{
    // Version 2's manifest removed behind the catalog's back: the record stays.
    QVERIFY(QFile::remove(m_catalog->folder()
                          + u"/people.lance/_versions/18446744073709551613.manifest"_s));
    TableVersionModel *model = m_catalog->session().workspace()->versionModel();
    model->setTable(m_people);
    QTRY_COMPARE(model->state(), TableVersionModel::State::Loaded);
    QCOMPARE(model->rowCount(), 3);
    QTableView *table = m_catalog->session().workspace()->versionsPanel()->tableView();
    auto *delegate = qobject_cast<lance::ui::StagedVersionsDelegate *>(table->itemDelegate());
    QVERIFY(delegate);
    int marked = 0;
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        const QModelIndex index = table->model()->index(row, TableVersionModel::VersionColumn);
        const QString why = index.data(TableVersionModel::UnreadableRole).toString();
        const bool hasIcon = !delegate->markOf(index).isNull();
        if (index.data(TableVersionModel::VersionRole).toLongLong() != 2) {
            QVERIFY(why.isEmpty());
            QVERIFY(!hasIcon);
            continue;
        }
        ++marked;
        QVERIFY2(why.contains(u"does not exist"_s), qPrintable(why));
        QVERIFY(hasIcon);
        QVERIFY(
            index.data(Qt::ToolTipRole)
                .toString()
                .startsWith(
                    u"The manifest of this version cannot be read, so no reader can open it: "_s));
        QCOMPARE(index.siblingAtColumn(TableVersionModel::RowsColumn).data().toString(),
                 u"unreadable"_s);
    }
    QCOMPARE(marked, 1);
}

LCB_TEST_MAIN(TestUnreadableManifests)
#include "TestUnreadableManifests.moc"
