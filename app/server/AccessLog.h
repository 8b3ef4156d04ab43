// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>

#include <cstdio>
#include <mutex>

namespace lance::server {

/// The server's access log: one line per request, `METHOD PATH STATUS MILLISECONDS ms`, on a
/// stream (stderr). Never headers, query strings or bodies: those may carry credentials or
/// data. Thread-safe; each line is flushed at once so a supervising process sees it live.
class AccessLog
{
public:
    explicit AccessLog(std::FILE *stream);

    void record(QByteArrayView method, QByteArrayView rawPath, int status, double milliseconds);

private:
    std::mutex m_mutex;
    std::FILE *m_stream;
};

} // namespace lance::server
