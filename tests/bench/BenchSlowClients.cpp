// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): how long an ordinary client waits for lance-catalog-server while 200
// other connections stall it, against the same with none. The stalled ones come from
// 127.0.0.2 to 127.0.0.5 (as other machines would, each under the per-address cap): 100 send
// nothing, 50 trickle their headers, 50 announce a 1 MiB body and trickle it, one byte per
// connection every 100 ms, from a thread of their own. The ordinary client is the product's
// RestClient on 127.0.0.1, describing one table, one request after another.
#include "BenchReport.h"
#include "BenchWorkload.h"
#include "CatalogServerProcess.h"
#include "ProcessMemory.h"
#include "engine/CatalogEngine.h"
#include "rest/RestClient.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;

namespace {

using Clock = std::chrono::steady_clock;

constexpr int Stalled = 200;
constexpr int Requests = 500;

// 200 connections that stall the server until stop().
class StalledClients
{
public:
    explicit StalledClients(int port)
    {
        for (int i = 0; i < Stalled; ++i) {
            const int socket = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in source{};
            source.sin_family = AF_INET;
            source.sin_addr.s_addr = htonl(0x7f000002 + quint32(i % 4)); // 127.0.0.2-5
            sockaddr_in server{};
            server.sin_family = AF_INET;
            server.sin_port = htons(quint16(port));
            server.sin_addr.s_addr = htonl(0x7f000001);
            if (::bind(socket, reinterpret_cast<sockaddr *>(&source), sizeof(source)) != 0
                || ::connect(socket, reinterpret_cast<sockaddr *>(&server), sizeof(server)) != 0) {
                throw std::runtime_error("a stalled client cannot connect");
            }
            const char *start = i % 4 == 1   ? "GET /v1/namespace/%24/list HTTP/1.1\r\nHost: x"
                                : i % 4 == 3 ? "POST /v1/table/batch-commit HTTP/1.1\r\nHost: x\r\n"
                                               "Content-Type: application/json\r\n"
                                               "Content-Length: 1048576\r\n\r\n{"
                                             : "";
            ::send(socket, start, std::strlen(start), MSG_NOSIGNAL);
            m_sockets.push_back(socket);
        }
        m_trickle = std::thread([this] {
            while (!m_stop) {
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
                for (std::size_t i = 0; i < m_sockets.size(); ++i) {
                    if (i % 2 == 1) {
                        ::send(m_sockets[i], i % 4 == 1 ? "x" : " ", 1, MSG_NOSIGNAL);
                    }
                }
            }
        });
    }
    ~StalledClients()
    {
        m_stop = true;
        m_trickle.join();
        for (int socket : m_sockets) {
            ::close(socket);
        }
    }
    StalledClients(const StalledClients &) = delete;
    StalledClients &operator=(const StalledClients &) = delete;

private:
    std::vector<int> m_sockets;
    std::atomic<bool> m_stop{false};
    std::thread m_trickle;
};

struct Waits
{
    std::vector<double> ms; //!< each request's wait, sorted
    int failed = 0;         //!< requests without an answer (counted at the client's timeout)
};

Waits describeWaits(rest::RestClient &client, int requests)
{
    Waits waits;
    const api::DescribeTableRequest request = workload::describe();
    for (int i = 0; i < requests; ++i) {
        const Clock::time_point start = Clock::now();
        bool failed = false;
        QEventLoop loop;
        client.call(request, &loop, [&](api::Result<api::DescribeTableResponse> result) {
            failed = !result;
            loop.quit();
        });
        loop.exec();
        waits.failed += failed ? 1 : 0;
        waits.ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(waits.ms.begin(), waits.ms.end());
    return waits;
}

// `--server PATH` runs another build's lance-catalog-server (an older commit, to compare).
void run(QTextStream &out, const QStringList &arguments)
{
    QTemporaryDir root;
    if (!root.isValid()) {
        throw std::runtime_error("no temporary folder");
    }
    workload::seededCatalog(root.path()); // closed again: the servers open it
    test::CatalogServerProcess server;
    const qsizetype serverOption = arguments.indexOf(u"--server"_s);
    if (serverOption >= 0 && serverOption + 1 < arguments.size()) {
        server.executable = arguments[serverOption + 1];
    }
    if (!server.start(root.path(), {u"--quiet"_s})) {
        throw std::runtime_error(server.standardError().toStdString());
    }
    QNetworkAccessManager network;
    rest::RestClientConfig config;
    config.baseUrl = server.url();
    config.retry.maxAttempts = 1;
    config.timeoutMs = 10000;
    rest::RestClient client(&network, config);

    BenchReport report(u"An ordinary client beside %1 stalled connections (%2 describes each, "
                       u"one after another)"_s.arg(Stalled)
                           .arg(Requests));
    describeWaits(client, 50); // warm
    const Waits alone = describeWaits(client, Requests);
    const qint64 residentAlone = test::ProcessMemory::residentKilobytes(server.processId());
    Waits beside;
    qint64 residentBeside = 0;
    {
        StalledClients stalled(server.url().port());
        std::this_thread::sleep_for(std::chrono::milliseconds(500)); // all of them in the park
        // Fewer when they go unanswered: each then costs the client's whole timeout.
        beside = describeWaits(client, 20);
        if (beside.failed == 0) {
            beside = describeWaits(client, Requests);
        }
        residentBeside = test::ProcessMemory::residentKilobytes(server.processId());
    }
    const auto row = [&](const QString &work, double ms, const Goal &goal) {
        report.add(work, Sample{1, ms}, goal);
    };
    row(u"describe, no other client: median wait"_s, alone.ms[alone.ms.size() / 2], Goal::none());
    row(u"describe, no other client: worst wait"_s, alone.ms.back(), Goal::none());
    row(u"describe beside %1 stalled: median wait"_s.arg(Stalled), beside.ms[beside.ms.size() / 2],
        Goal::atMostMs(1000));
    row(u"describe beside %1 stalled: worst wait"_s.arg(Stalled), beside.ms.back(),
        Goal::atMostMs(2000));
    report.addNote(u"Unanswered within the client's 10 s: %1 of %2 alone, %3 of %4 beside the "
                   u"stalled connections."_s.arg(alone.failed)
                       .arg(alone.ms.size())
                       .arg(beside.failed)
                       .arg(beside.ms.size()));
    report.addNote(u"Server: 16 worker threads (the default), --quiet. Resident memory: %1 kB "
                   u"alone, %2 kB with the stalled connections."_s.arg(residentAlone)
                       .arg(residentBeside));
    report.addNote(u"count and rate are not meaningful here: each row is one wait."_s);
    report.print(out);
    server.stop();
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchSlowClients"_s, run);
}
