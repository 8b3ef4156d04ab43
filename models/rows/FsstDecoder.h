// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>

#include <array>

namespace lance::rows {

/// Decompresses strings Lance compressed with FSST (`rust/compression/fsst`): a table of up to
/// 255 symbols of 1 to 8 bytes, each compressed byte c < 255 standing for symbol c and 255
/// escaping the literal byte after it. The table is what `Fsst.symbol_table` holds: a u64
/// header ("FSST" in its high half, bit 24 set when the strings are compressed at all, the
/// symbol count in its low byte), the symbols as u64 words, then one length byte each.
class FsstDecoder
{
    Q_DECLARE_TR_FUNCTIONS(FsstDecoder)

public:
    /// The decoder of the table `table`; InvalidInput naming `where` when it is damaged.
    static api::Result<FsstDecoder> fromTable(QByteArrayView table, const QString &where);

    /// Appends the decompressed `compressed` to `out`; false when it ends inside an escape.
    bool decompress(QByteArrayView compressed, QByteArray &out) const;

private:
    bool m_compressed = true;
    int m_symbols = 0;
    std::array<quint64, 255> m_symbol{};
    std::array<quint8, 255> m_length{};
};

} // namespace lance::rows
