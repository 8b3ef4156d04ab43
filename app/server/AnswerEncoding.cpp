// SPDX-License-Identifier: Apache-2.0
#include "AnswerEncoding.h"

#include <QList>

#include <brotli/encode.h>
#include <limits>
#include <zlib.h>

using namespace Qt::StringLiterals;

namespace lance::server {

namespace {

constexpr int BrotliQuality = 1;
constexpr int GzipLevel = 1;
constexpr int GzipWindowBits = 15 + 16; // 15: the largest window; +16: a gzip header

// The q-value a coding gets from an Accept-Encoding header (RFC 9110 12.5.3): its own entry,
// else `*`'s, else 0.
double qualityOf(const QByteArray &header, QByteArrayView coding)
{
    std::optional<double> own;
    std::optional<double> wildcard;
    for (const QByteArray &entry : header.split(',')) {
        const QList<QByteArray> parts = entry.split(';');
        const QByteArray name = parts.first().trimmed().toLower();
        double quality = 1.0;
        for (qsizetype i = 1; i < parts.size(); ++i) {
            const QByteArray parameter = parts[i].trimmed().toLower();
            if (parameter.startsWith("q=")) {
                bool ok = false;
                quality = parameter.mid(2).toDouble(&ok);
                if (!ok) {
                    quality = 0.0; // unreadable: not acceptable
                }
            }
        }
        if (name == coding) {
            own = quality;
        } else if (name == "*") {
            wildcard = quality;
        }
    }
    return own.value_or(wildcard.value_or(0.0));
}

std::optional<QByteArray> gzip(const QByteArray &body)
{
    z_stream stream{};
    if (deflateInit2(&stream, GzipLevel, Z_DEFLATED, GzipWindowBits, 8, Z_DEFAULT_STRATEGY)
        != Z_OK) {
        return std::nullopt;
    }
    QByteArray out(qsizetype(deflateBound(&stream, uLong(body.size()))), Qt::Uninitialized);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(body.constData()));
    stream.avail_in = uInt(body.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    const int result = deflate(&stream, Z_FINISH);
    const auto written = qsizetype(stream.total_out);
    deflateEnd(&stream);
    if (result != Z_STREAM_END) {
        return std::nullopt;
    }
    out.truncate(written);
    return out;
}

std::optional<QByteArray> brotli(const QByteArray &body)
{
    std::size_t size = BrotliEncoderMaxCompressedSize(std::size_t(body.size()));
    if (size == 0) {
        return std::nullopt;
    }
    QByteArray out(qsizetype(size), Qt::Uninitialized);
    if (BrotliEncoderCompress(BrotliQuality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT,
                              std::size_t(body.size()),
                              reinterpret_cast<const uint8_t *>(body.constData()), &size,
                              reinterpret_cast<uint8_t *>(out.data()))
        != BROTLI_TRUE) {
        return std::nullopt;
    }
    out.truncate(qsizetype(size));
    return out;
}

} // namespace

AnswerEncoding::Coding AnswerEncoding::choose(Policy policy,
                                              const std::optional<QByteArray> &acceptEncoding,
                                              qsizetype bodyBytes, bool loopbackPeer)
{
    if (policy == Policy::Never || !acceptEncoding || bodyBytes < MinimumBytes
        || (loopbackPeer && policy == Policy::Auto)
        || bodyBytes > qsizetype(std::numeric_limits<uInt>::max())) {
        return Coding::Identity;
    }
    if (qualityOf(*acceptEncoding, "br") > 0) {
        return Coding::Brotli;
    }
    if (qualityOf(*acceptEncoding, "gzip") > 0 || qualityOf(*acceptEncoding, "x-gzip") > 0) {
        return Coding::Gzip;
    }
    return Coding::Identity;
}

std::optional<QByteArray> AnswerEncoding::encode(Coding coding, const QByteArray &body)
{
    switch (coding) {
    case Coding::Identity:
        return body;
    case Coding::Gzip:
        return gzip(body);
    case Coding::Brotli:
        return brotli(body);
    }
    return std::nullopt;
}

QByteArray AnswerEncoding::token(Coding coding)
{
    switch (coding) {
    case Coding::Identity:
        return {};
    case Coding::Gzip:
        return "gzip";
    case Coding::Brotli:
        return "br";
    }
    return {};
}

std::optional<AnswerEncoding::Policy> AnswerEncoding::policyNamed(const QString &name)
{
    if (name == u"auto"_s) {
        return Policy::Auto;
    }
    if (name == u"always"_s) {
        return Policy::Always;
    }
    if (name == u"never"_s) {
        return Policy::Never;
    }
    return std::nullopt;
}

} // namespace lance::server
