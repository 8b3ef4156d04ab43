// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CompareVersionsDialog.h"

#include "details/RowChangesText.h"
#include "details/VersionComparer.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace lance::ui {

CompareVersionsDialog::CompareVersionsDialog(const api::Identifier &table, const QString &delimiter,
                                             QWidget *parent)
    : QDialog(parent)
    , m_tableName(table.toString(delimiter))
{
    setWindowTitle(tr("Compare Versions of %1").arg(m_tableName));
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setObjectName(u"compareTitle"_s);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    layout->addWidget(m_title);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(u"compareReport"_s);
    m_text->setAccessibleName(tr("Comparison"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    // Monospaced: the totals are a table of aligned columns.
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_text, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_copyText = buttons->addButton(tr("Copy as &Text"), QDialogButtonBox::ActionRole);
    m_copyText->setObjectName(u"copyText"_s);
    m_copyJson = buttons->addButton(tr("Copy as &JSON"), QDialogButtonBox::ActionRole);
    m_copyJson->setObjectName(u"copyJson"_s);
    m_copyText->setEnabled(false);
    m_copyJson->setEnabled(false);
    connect(m_copyText, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(reportText()); });
    connect(m_copyJson, &QPushButton::clicked, this, [this] {
        if (m_report) {
            QApplication::clipboard()->setText(QString::fromUtf8(m_report->json()));
        }
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(560, 460);
}

void CompareVersionsDialog::compare(details::ManifestAccess access,
                                    const std::optional<api::TableVersion> &from,
                                    const api::TableVersion &to, Staged staged)
{
    m_report.reset();
    m_copyText->setEnabled(false);
    m_copyJson->setEnabled(false);
    const auto name = [](const api::TableVersion &version, bool isStaged) {
        return isStaged ? tr("staged version %1").arg(version.version)
                        : tr("version %1").arg(version.version);
    };
    QString title = from ? tr("What changed in %1 from %2 to %3, read from their manifests.")
                               .arg(m_tableName, name(*from, staged.from), name(to, staged.to))
                         : tr("What %1 of %2 holds, against an empty table, read from its "
                              "manifest.")
                               .arg(name(to, staged.to), m_tableName);
    if (staged.from || staged.to) {
        title += u' ' + tr("Staged versions are not in the catalog until you commit.");
    }
    m_title->setText(title);
    m_text->setPlainText(tr("Reading the manifests…"));
    // The manifests compared, then the rows: a few of those one version has and the other
    // has not, read from the data files.
    struct Compared
    {
        api::Result<format::VersionDiffReport> report;
        QString rows;
    };
    const QString fromName = from ? name(*from, staged.from) : tr("an empty table");
    const QString toName = name(to, staged.to);
    auto *watcher = new QFutureWatcher<Compared>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        const Compared compared = watcher->result();
        m_rowsText = compared.rows;
        showResult(compared.report);
        watcher->deleteLater();
        emit finished();
    });
    watcher->setFuture(QtConcurrent::run([access = std::move(access), from, to, fromName, toName] {
        auto report = details::VersionComparer::compare(access, from, to);
        QString rows;
        if (report) {
            const auto compared = access.compareRows(from, to, SampleRows);
            rows = compared ? details::RowChangesText::text(*compared, fromName, toName)
                            : tr("Rows: not compared here. %1").arg(compared.error().userMessage());
        }
        return Compared{std::move(report), rows};
    }));
}

QString CompareVersionsDialog::reportText() const
{
    if (!m_report) {
        return {};
    }
    return m_rowsText.isEmpty() ? m_report->text() : m_report->text() + u"\n\n"_s + m_rowsText;
}

void CompareVersionsDialog::showResult(const api::Result<format::VersionDiffReport> &result)
{
    if (!result) {
        m_text->setPlainText(
            tr("These versions cannot be compared here.\n\n%1").arg(result.error().userMessage()));
        return;
    }
    m_report = *result;
    m_text->setPlainText(reportText());
    m_copyText->setEnabled(true);
    m_copyJson->setEnabled(true);
}

} // namespace lance::ui
