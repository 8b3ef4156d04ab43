// SPDX-License-Identifier: Apache-2.0
#include "rows/FsstDecoder.h"

#include <QtEndian>

namespace lance::rows {

namespace {

constexpr quint64 FsstMagic = 0x46535354; // "FSST"
constexpr quint8 Escape = 255;

} // namespace

api::Result<FsstDecoder> FsstDecoder::fromTable(QByteArrayView table, const QString &where)
{
    const auto damaged = [&] {
        return api::ApiError::invalidInput(
            tr("%1 is damaged: its FSST symbol table cannot be read.").arg(where));
    };
    if (table.size() < 8) {
        return damaged();
    }
    const auto header = qFromLittleEndian<quint64>(table.data());
    if ((header >> 32) != FsstMagic) {
        return damaged();
    }
    FsstDecoder decoder;
    decoder.m_compressed = (header >> 24) & 1;
    decoder.m_symbols = int(header & 0xff);
    if (decoder.m_symbols > 255 || table.size() < 8 + decoder.m_symbols * 9) {
        return damaged();
    }
    for (int i = 0; i < decoder.m_symbols; ++i) {
        decoder.m_symbol[i] = qFromLittleEndian<quint64>(table.data() + 8 + i * 8);
        decoder.m_length[i] = quint8(table.at(8 + decoder.m_symbols * 8 + i));
        if (decoder.m_length[i] < 1 || decoder.m_length[i] > 8) {
            return damaged();
        }
    }
    return decoder;
}

bool FsstDecoder::decompress(QByteArrayView compressed, QByteArray &out) const
{
    if (!m_compressed) {
        out.append(compressed.data(), compressed.size());
        return true;
    }
    const auto *at = reinterpret_cast<const quint8 *>(compressed.data());
    const auto *end = at + compressed.size();
    while (at < end) {
        const quint8 code = *at++;
        if (code == Escape) {
            if (at == end) {
                return false;
            }
            out.append(char(*at++));
        } else if (code < m_symbols) {
            char bytes[8];
            qToLittleEndian(m_symbol[code], bytes);
            out.append(bytes, m_length[code]);
        } else {
            return false;
        }
    }
    return true;
}

} // namespace lance::rows
