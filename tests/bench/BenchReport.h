// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QElapsedTimer>
#include <QList>
#include <QString>
#include <QTextStream>

#include <functional>
#include <optional>

namespace lance::bench {

/// One timed run: how many operations (requests, tables, ...) it did and how long it took.
struct Sample
{
    qint64 count = 0;
    double ms = 0;

    double perSecond() const { return ms > 0 ? double(count) * 1000.0 / ms : 0; }
};

/// Milliseconds since `timer` started, to the nanosecond it keeps.
double msSince(const QElapsedTimer &timer);

/// CPU model, cores, system, Qt and compiler, and whether the build is optimized: what the
/// numbers were taken on, for a report's notes.
QString machine();

/// `100,000`: thousands separators, so a count reads at a glance.
QString grouped(double value, int decimals = 0);

/// The run with the median rate of `runs` calls of `work` (an odd number avoids averaging two
/// runs into a run that never happened). A benchmark's shared machine is noisy; the median
/// ignores the odd run that lost its core to a neighbour.
Sample medianRun(int runs, const std::function<Sample(int run)> &work);

/// A benchmark program's main(): runs `run` with standard output and the program's arguments
/// (its name left out) under a QCoreApplication. An exception means the benchmark broke (not
/// that it was slow): it is printed after "<name> failed: " and the exit code is 1.
int runBenchmark(int argc, char *argv[], const QString &name,
                 const std::function<void(QTextStream &out, const QStringList &arguments)> &run);

/// What a row is measured against; benchmarks report a miss, they never fail.
struct Goal
{
    enum class Kind { None, AtMostMs, AtLeastPerSecond };
    Kind kind = Kind::None;
    double value = 0;

    static Goal none() { return {}; }
    static Goal atMostMs(double ms) { return {Kind::AtMostMs, ms}; }
    static Goal atLeastPerSecond(double rate) { return {Kind::AtLeastPerSecond, rate}; }
};

/// One aligned table per program: work, count, total time, rate, goal, and "ok" or "MISSED".
class BenchReport
{
public:
    explicit BenchReport(QString title);

    void add(const QString &work, const Sample &sample, const Goal &goal = Goal::none());
    /// A line printed under the table: how the numbers were taken.
    void addNote(const QString &note);
    /// The table, the notes, then how many goals were missed, when any were: those of the
    /// rows plus `missedElsewhere`, goals the program checked outside the table.
    void print(QTextStream &out, int missedElsewhere = 0) const;
    /// Rows that missed their goal (for the exit message; the exit code stays 0).
    int missedCount() const;

private:
    struct Row
    {
        QString work;
        Sample sample;
        Goal goal;
    };
    static std::optional<bool> met(const Row &row);

    QString m_title;
    QList<Row> m_rows;
    QStringList m_notes;
};

} // namespace lance::bench
