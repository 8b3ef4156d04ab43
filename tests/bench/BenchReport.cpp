// SPDX-License-Identifier: Apache-2.0
#include "BenchReport.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QSysInfo>
#include <QThread>

#include <algorithm>
#include <exception>
#include <vector>

using namespace Qt::StringLiterals;

namespace lance::bench {

namespace {

QString goalText(const Goal &goal)
{
    switch (goal.kind) {
    case Goal::Kind::AtMostMs:
        return u"<= %1 ms"_s.arg(grouped(goal.value));
    case Goal::Kind::AtLeastPerSecond:
        return u">= %1 /s"_s.arg(grouped(goal.value));
    case Goal::Kind::None:
        break;
    }
    return u"-"_s;
}

} // namespace

double msSince(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

QString machine()
{
    QString cpu = u"unknown CPU"_s;
    QFile cpuinfo(u"/proc/cpuinfo"_s);
    if (cpuinfo.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : cpuinfo.readAll().split('\n')) {
            if (line.startsWith("model name")) {
                cpu = QString::fromUtf8(line.mid(line.indexOf(':') + 1)).trimmed();
                break;
            }
        }
    }
#ifdef NDEBUG
    const QString build = u"optimized (NDEBUG)"_s;
#else
    const QString build = u"NOT optimized: numbers meaningless, configure Release"_s;
#endif
    return u"%1 x %2, %3, kernel %4, Qt %5, GCC %6, %7"_s.arg(
        QString::number(QThread::idealThreadCount()), cpu, QSysInfo::prettyProductName(),
        QSysInfo::kernelVersion(), QString::fromLatin1(qVersion()), QStringLiteral(__VERSION__),
        build);
}

QString grouped(double value, int decimals)
{
    return QLocale(QLocale::English).toString(value, 'f', decimals);
}

Sample medianRun(int runs, const std::function<Sample(int run)> &work)
{
    std::vector<Sample> samples;
    samples.reserve(std::size_t(std::max(runs, 0)));
    for (int run = 0; run < runs; ++run) {
        samples.push_back(work(run));
    }
    std::sort(samples.begin(), samples.end(),
              [](const Sample &a, const Sample &b) { return a.perSecond() < b.perSecond(); });
    return samples[samples.size() / 2];
}

int runBenchmark(int argc, char *argv[], const QString &name,
                 const std::function<void(QTextStream &out, const QStringList &arguments)> &run)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    try {
        run(out, app.arguments().mid(1));
    } catch (const std::exception &error) {
        // A broken benchmark (not a slow one) is an error: the numbers would mean nothing.
        QTextStream(stderr) << name << u" failed: "_s << QString::fromStdString(error.what())
                            << u'\n';
        return 1;
    }
    return 0;
}

BenchReport::BenchReport(QString title)
    : m_title(std::move(title))
{}

void BenchReport::add(const QString &work, const Sample &sample, const Goal &goal)
{
    m_rows.append({work, sample, goal});
}

void BenchReport::addNote(const QString &note)
{
    m_notes.append(note);
}

std::optional<bool> BenchReport::met(const Row &row)
{
    switch (row.goal.kind) {
    case Goal::Kind::AtMostMs:
        return row.sample.ms <= row.goal.value;
    case Goal::Kind::AtLeastPerSecond:
        return row.sample.perSecond() >= row.goal.value;
    case Goal::Kind::None:
        break;
    }
    return std::nullopt;
}

int BenchReport::missedCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(),
                             [](const Row &row) { return met(row) == false; }));
}

void BenchReport::print(QTextStream &out, int missedElsewhere) const
{
    const QStringList header{u"work"_s, u"count"_s, u"total"_s, u"rate"_s, u"goal"_s, u"result"_s};
    QList<QStringList> cells{header};
    for (const Row &row : m_rows) {
        const std::optional<bool> ok = met(row);
        cells.append({row.work, grouped(double(row.sample.count)),
                      u"%1 ms"_s.arg(grouped(row.sample.ms, 1)),
                      u"%1 /s"_s.arg(grouped(row.sample.perSecond())), goalText(row.goal),
                      ok ? (*ok ? u"ok"_s : u"MISSED"_s) : u"-"_s});
    }
    QList<qsizetype> widths(header.size(), 0);
    for (const QStringList &line : cells) {
        for (qsizetype i = 0; i < line.size(); ++i) {
            widths[i] = std::max(widths[i], line[i].size());
        }
    }
    out << m_title << u'\n';
    for (const QStringList &line : cells) {
        // The work column reads left to right; the numbers line up on their last digit.
        out << line[0].leftJustified(widths[0]);
        for (qsizetype i = 1; i < line.size(); ++i) {
            out << u"  "_s << line[i].rightJustified(widths[i]);
        }
        out << u'\n';
    }
    for (const QString &note : m_notes) {
        out << u"  "_s << note << u'\n';
    }
    if (const int missed = missedCount() + missedElsewhere) {
        out << u"%1 goal(s) missed (reported, not a failure).\n"_s.arg(missed);
    }
    out.flush();
}

} // namespace lance::bench
