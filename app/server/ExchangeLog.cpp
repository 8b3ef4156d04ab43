// SPDX-License-Identifier: Apache-2.0
#include "ExchangeLog.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace lance::server {

namespace {

using Json = nlohmann::json;

// How deeply arrays and objects nest in `text` (strings skipped), stopping early past `limit`.
int nestingDepth(const QByteArray &text, int limit)
{
    int depth = 0;
    int deepest = 0;
    bool inString = false;
    for (qsizetype i = 0; i < text.size() && deepest <= limit; ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inString = false;
            }
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

// Parsed (not copied as text) so the line stays one valid JSON value whatever the body was;
// nlohmann keeps integers exact, so versions and sizes are not rounded through double.
Json bodyValue(const QByteArray &body)
{
    // Printing recurses once per level: a hostile body nested a million deep would overflow the
    // stack. No spec message nests anywhere near this deep.
    constexpr int MaxDepth = 200;
    if (body.isEmpty() || nestingDepth(body, MaxDepth) > MaxDepth) {
        return nullptr;
    }
    Json value = Json::parse(body.cbegin(), body.cend(), nullptr, false);
    return value.is_discarded() ? Json(nullptr) : value;
}

} // namespace

ExchangeLog::ExchangeLog(const QString &path)
    : m_file(path)
{}

std::unique_ptr<ExchangeLog> ExchangeLog::open(const QString &path, QString &error)
{
    std::unique_ptr<ExchangeLog> log(new ExchangeLog(path));
    // Unbuffered: QFile's own buffer handed a long line to the system in pieces, and a kill
    // between two of them left half a line. Append opens the descriptor with O_APPEND, so the
    // lines of the server's threads never overlap.
    if (!log->m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        error = tr("Cannot open the exchange log \"%1\": %2").arg(path, log->m_file.errorString());
        return nullptr;
    }
    return log;
}

void ExchangeLog::record(const std::optional<QString> &operation, const QByteArray &method,
                         const QByteArray &rawPath, int status, const QByteArray &requestBody,
                         const QByteArray &responseBody)
{
    Json line = Json::object();
    line["operation"] = operation ? Json(operation->toStdString()) : Json(nullptr);
    line["method"] = method.toStdString();
    line["path"] = rawPath.toStdString();
    line["status"] = status;
    line["request"] = bodyValue(requestBody);
    line["response"] = bodyValue(responseBody);
    // A raw path may hold bytes that are not UTF-8; replace them rather than lose the line.
    const std::string text = line.dump(-1, ' ', false, Json::error_handler_t::replace) + '\n';

    // One write() of the whole line (Qt repeats it only for the rest of a short write).
    std::lock_guard lock(m_mutex);
    m_file.write(text.data(), qint64(text.size()));
}

} // namespace lance::server
