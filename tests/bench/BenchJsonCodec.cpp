// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): how fast the codec reads the large answers a 100,000-table catalog
// produces, against QJsonDocument parsing the same bytes as a baseline. Run with
// `cmake --build <dir> --target bench`; the numbers go in the README with the machine.
#include "api/JsonCodec.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace {

constexpr int Runs = 7;

// Median wall time of `Runs` calls, in milliseconds.
double medianMs(const std::function<void()> &work)
{
    std::vector<double> times;
    for (int i = 0; i < Runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        times.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

QByteArray tablesAnswer(int count)
{
    ListTablesResponse response;
    for (int i = 0; i < count; ++i) {
        response.tables.append(u"table_%1_events"_s.arg(i, 6, 10, QChar(u'0')));
    }
    response.pageToken = u"table_%1"_s.arg(count);
    return json::encode(response);
}

QByteArray versionsAnswer(int count)
{
    ListTableVersionsResponse response;
    for (int i = 0; i < count; ++i) {
        TableVersion version;
        version.version = count - i;
        version.manifestPath = u"bucket/warehouse/sales/orders.lance/_versions/%1.manifest"_s.arg(
            std::numeric_limits<quint64>::max() - static_cast<quint64>(count - i));
        version.manifestSize = 600 + i % 100;
        version.eTag = u"\"%1\""_s.arg(i, 8, 16, QChar(u'0'));
        version.timestampMillis = 1755000000000 + i;
        version.metadata.insert(u"total_rows"_s, QString::number(i * 10));
        response.versions.append(version);
    }
    return json::encode(response);
}

template <typename T> void report(QTextStream &out, const QString &name, const QByteArray &bytes)
{
    const double codec = medianMs([&] {
        const auto decoded = json::decode<T>(bytes);
        Q_ASSERT(decoded);
    });
    const double baseline = medianMs([&] { (void)QJsonDocument::fromJson(bytes); });
    out << name.leftJustified(34) << QString::number(bytes.size() / 1e6, 'f', 1).rightJustified(6)
        << u" MB  "_s << QString::number(codec, 'f', 1).rightJustified(7) << u" ms  "_s
        << QString::number(bytes.size() / 1e6 / (codec / 1000), 'f', 0).rightJustified(5)
        << u" MB/s  "_s << QString::number(codec / baseline, 'f', 2).rightJustified(5) << u'\n';
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    out << u"decode (median of %1 runs)                  size       time      rate  "
           u"x QJsonDocument\n"_s.arg(Runs);
    report<ListTablesResponse>(out, u"ListTables, 100000 names"_s, tablesAnswer(100000));
    report<ListTableVersionsResponse>(out, u"ListTableVersions, 10000 versions"_s,
                                      versionsAnswer(10000));
    report<ListTableVersionsResponse>(out, u"ListTableVersions, 100000 versions"_s,
                                      versionsAnswer(100000));
    return 0;
}
