// SPDX-License-Identifier: Apache-2.0
// Tags from the real window, on the embedded catalog holding LanceDB's `people` (versions 1 to
// 3): Ctrl+T tags the selected version and the Tags column shows it; a second tag of that name
// is refused with a way out (Move Tag Here); a move and a delete are confirmed, and Cancel
// changes nothing; a version deleted behind the window's back is explained. The catalog itself
// is asked after each step. A screenshot of the Tags column goes to LCB_SCREENSHOT_DIR when set.
#include "BrowserApplication.h"
#include "SettledLayout.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "catalog/TableVersionModel.h"
#include "engine/CatalogEngine.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionTagController.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/window/MainWindow.h"

#include <QDir>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::catalog::TableVersionModel;
using lance::test::StagingTestbed;

namespace {} // namespace

class TestVersionTags : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void tagsAreMadeMovedAndDeletedFromTheWindow();
    void aVersionGoneMeanwhileIsExplained();

private:
    /// The version tag `tag` of people names in the catalog; -1 when there is no such tag.
    qint64 taggedVersion(const QString &tag);
    /// Runs `action` and waits for the controller to finish.
    static bool run(BrowserApplication &app, const std::function<void()> &action);

    std::optional<StagingTestbed> m_bed;
};

void TestVersionTags::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestVersionTags::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

qint64 TestVersionTags::taggedVersion(const QString &tag)
{
    lance::engine::CatalogEngine::Options options;
    options.root = m_bed->catalog();
    auto engine = lance::engine::CatalogEngine::open(options);
    lance::api::GetTableTagVersionRequest request;
    request.id = lance::api::Identifier({u"people"_s});
    request.tag = tag;
    const auto found
        = engine ? (*engine)->run(request)
                 : lance::api::Result<lance::api::GetTableTagVersionResponse>(engine.error());
    return found ? found->version : -1;
}

bool TestVersionTags::run(BrowserApplication &app, const std::function<void()> &action)
{
    auto *tags = app.session()->findChild<lance::ui::VersionTagController *>();
    QSignalSpy finished(tags, &lance::ui::VersionTagController::finished);
    action();
    return finished.count() == 1 || finished.wait(StagingTestbed::TimeoutMs);
}

void TestVersionTags::tagsAreMadeMovedAndDeletedFromTheWindow()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    TableVersionModel *model = app.session()->workspace()->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, StagingTestbed::TimeoutMs);
    auto *tags = app.session()->findChild<lance::ui::VersionTagController *>();
    QVERIFY(tags);

    // Ctrl+T on version 2: the tag is in the catalog and in the Tags column.
    StagingTestbed::selectVersions(app, {2});
    m_bed->prompter().answerText(u"stable"_s);
    m_bed->prompter().answerChoice(u"Tag Version"_s);
    QVERIFY(run(app, [&] { StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::Key_T)); }));
    QCOMPARE(taggedVersion(u"stable"_s), 2);
    const auto tagsCell = [model](qint64 version) {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->versionAt(row).version == version) {
                return model->index(row, TableVersionModel::TagsColumn).data().toString();
            }
        }
        return u"(no row)"_s;
    };
    QTRY_COMPARE_WITH_TIMEOUT(tagsCell(2), u"stable"_s, StagingTestbed::TimeoutMs);

    // The same name on version 3: refused, and the answer says how to move it instead.
    StagingTestbed::selectVersions(app, {3});
    m_bed->prompter().answerText(u"stable"_s);
    m_bed->prompter().answerChoice(u"Tag Version"_s);
    m_bed->prompter().answerChoice(u"OK"_s);
    QVERIFY(run(app, [&] { tags->tagVersion(); }));
    QVERIFY2(m_bed->prompter().lastQuestion().informativeText.contains(u"Move Tag Here"_s),
             qPrintable(m_bed->prompter().lastQuestion().informativeText));
    QCOMPARE(taggedVersion(u"stable"_s), 2);

    // Moved to 3, after a confirmation that says from where; Cancel first changes nothing.
    QTRY_COMPARE_WITH_TIMEOUT(tagsCell(2), u"stable"_s, StagingTestbed::TimeoutMs);
    StagingTestbed::selectVersions(app, {3});
    m_bed->prompter().answerText(u"stable"_s);
    m_bed->prompter().answerChoice(u"Cancel"_s);
    QVERIFY(run(app, [&] { tags->moveTag(); }));
    QCOMPARE(taggedVersion(u"stable"_s), 2);
    m_bed->prompter().answerText(u"stable"_s);
    m_bed->prompter().answerChoice(u"Move Tag"_s);
    QVERIFY(run(app, [&] { tags->moveTag(); }));
    QCOMPARE(m_bed->prompter().lastQuestion().text,
             u"Move tag stable from version 2 to version 3?"_s);
    QCOMPARE(taggedVersion(u"stable"_s), 3);
    QTRY_COMPARE_WITH_TIMEOUT(tagsCell(3), u"stable"_s, StagingTestbed::TimeoutMs);
    QCOMPARE(tagsCell(2), QString());
    app.window()->resize(1200, 760);
    app.window()->detailsTabs()->setCurrentWidget(app.session()->workspace()->versionsPanel());
    QVERIFY(lance::test::SettledLayout::wait(*app.window()));
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(app.window()->grab().toImage().save(QDir(folder).filePath(u"browser-tags.png"_s)));

    // Deleted, the selected version's tag suggested.
    StagingTestbed::selectVersions(app, {3});
    m_bed->prompter().answerText(u"stable"_s);
    m_bed->prompter().answerChoice(u"Delete Tag"_s);
    QVERIFY(run(app, [&] { tags->deleteTag(); }));
    QCOMPARE(m_bed->prompter().lastTextQuestion().text, u"stable"_s);
    QCOMPARE(taggedVersion(u"stable"_s), -1);
    QTRY_COMPARE_WITH_TIMEOUT(tagsCell(3), QString(), StagingTestbed::TimeoutMs);
}

void TestVersionTags::aVersionGoneMeanwhileIsExplained()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    TableVersionModel *model = app.session()->workspace()->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, StagingTestbed::TimeoutMs);
    {
        // Another client deletes version 1 while the window still lists it.
        lance::engine::CatalogEngine::Options options;
        options.root = m_bed->catalog();
        auto engine = lance::engine::CatalogEngine::open(options);
        QVERIFY(engine);
        lance::api::BatchDeleteTableVersionsRequest remove;
        remove.id = lance::api::Identifier({u"people"_s});
        remove.ranges = {{1, 2}};
        QVERIFY((*engine)->run(remove));
    }
    StagingTestbed::selectVersions(app, {1});
    m_bed->prompter().answerText(u"old"_s);
    m_bed->prompter().answerChoice(u"Tag Version"_s);
    m_bed->prompter().answerChoice(u"OK"_s);
    auto *tags = app.session()->findChild<lance::ui::VersionTagController *>();
    QVERIFY(run(app, [&] { tags->tagVersion(); }));
    QVERIFY2(m_bed->prompter().lastQuestion().informativeText.contains(
                 u"Version 1 is no longer in the catalog"_s),
             qPrintable(m_bed->prompter().lastQuestion().informativeText));
    QCOMPARE(taggedVersion(u"old"_s), -1);
    // The table is read again: version 1 is gone from the view too.
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, StagingTestbed::TimeoutMs);
}

LCB_TEST_MAIN(TestVersionTags)
#include "TestVersionTags.moc"
