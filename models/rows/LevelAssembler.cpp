// SPDX-License-Identifier: Apache-2.0
#include "rows/LevelAssembler.h"

#include <utility>
#include <vector>

using lance::api::ApiError;

namespace lance::rows {

bool LevelAssembler::isList(LayerKind layer)
{
    return layer == LayerKind::AllValidList || layer == LayerKind::NullableList
           || layer == LayerKind::EmptyableList || layer == LayerKind::NullAndEmptyList;
}

int LevelAssembler::definitionCodes(LayerKind layer)
{
    switch (layer) {
    case LayerKind::NullableItem:
    case LayerKind::NullableList:
    case LayerKind::EmptyableList:
        return 1;
    case LayerKind::NullAndEmptyList:
        return 2;
    default:
        return 0;
    }
}

quint16 LevelAssembler::maxVisibleDefinition(const QList<LayerKind> &layers)
{
    int codes = 0;
    for (const LayerKind layer : layers) {
        if (isList(layer)) {
            break;
        }
        codes += definitionCodes(layer);
    }
    return quint16(codes);
}

api::Result<LevelAssembler::Assembled> LevelAssembler::assemble(const QList<LayerKind> &layers,
                                                                const QList<quint16> &repetition,
                                                                const QList<quint16> &definition,
                                                                ColumnArray values, qint64 rows,
                                                                const QString &where)
{
    const auto damaged = [&](const QString &what) {
        return ApiError::invalidInput(tr("%1 is damaged: %2.").arg(where, what));
    };
    const qsizetype n = layers.size();
    if (n == 0) {
        return damaged(tr("it names no layers of nesting"));
    }
    Assembled out;
    out.layers.resize(n);
    // What each definition code stops at (outer index), and whether it is an empty list;
    // which layer a repetition level starts its entry at.
    std::vector<std::pair<qsizetype, bool>> codes;
    std::vector<qsizetype> startAt; // by repetition level below the highest
    for (qsizetype inner = 0; inner < n; ++inner) {
        const LayerKind kind = layers.at(inner);
        const qsizetype outer = n - 1 - inner;
        if (kind == LayerKind::Unknown || kind == LayerKind::Unspecified) {
            return ApiError::catalog(api::ErrorCode::Unsupported,
                                     tr("%1 nests its values in a way this version does not "
                                        "read.")
                                         .arg(where));
        }
        out.layers[outer].list = isList(kind);
        if (kind == LayerKind::NullableItem || kind == LayerKind::NullableList
            || kind == LayerKind::NullAndEmptyList) {
            codes.emplace_back(outer, false);
        }
        if (kind == LayerKind::EmptyableList || kind == LayerKind::NullAndEmptyList) {
            codes.emplace_back(outer, true);
        }
        if (isList(kind)) {
            startAt.push_back(outer + 1);
        }
    }
    const auto maxRepetition = quint16(startAt.size());
    if (rows == 0 && repetition.isEmpty() && definition.isEmpty() && values.length == 0) {
        // No rows: every layer empty.
        for (Layer &layer : out.layers) {
            if (layer.list) {
                layer.offsets = {0};
            }
        }
        out.leaf = std::move(values);
        return out;
    }
    if (maxRepetition > 0 && repetition.isEmpty()) {
        return damaged(tr("it has lists but no repetition levels"));
    }
    if (!repetition.isEmpty() && !definition.isEmpty() && repetition.size() != definition.size()) {
        return damaged(tr("it has %1 repetition levels but %2 definition levels")
                           .arg(repetition.size())
                           .arg(definition.size()));
    }
    const qsizetype entries = repetition.isEmpty()
                                  ? (definition.isEmpty() ? qsizetype(rows) : definition.size())
                                  : repetition.size();
    std::vector<qint64> count(static_cast<size_t>(n), 0);
    std::vector<QByteArray> validity(static_cast<size_t>(n));
    std::vector<QList<qint64>> starts(static_cast<size_t>(n));
    for (auto &bytes : validity) {
        bytes.reserve(entries);
    }
    for (qsizetype e = 0; e < entries; ++e) {
        const quint16 rep = repetition.isEmpty() ? maxRepetition : repetition.at(e);
        const quint16 def = definition.isEmpty() ? 0 : definition.at(e);
        if (rep > maxRepetition) {
            return damaged(
                tr("level %1 repeats at %2, past its %3 lists").arg(e).arg(rep).arg(maxRepetition));
        }
        if (def > codes.size()) {
            return damaged(tr("level %1 is defined at %2, past its %3 codes")
                               .arg(e)
                               .arg(def)
                               .arg(codes.size()));
        }
        const qsizetype start = rep == maxRepetition ? 0 : startAt[rep];
        const qsizetype stop = def == 0 ? n : codes[def - 1].first;
        const bool empty = def != 0 && codes[def - 1].second;
        if (stop < start || (start > 0 && count[size_t(start - 1)] == 0)) {
            return damaged(tr("level %1 continues a list that does not exist").arg(e));
        }
        bool nullAbove = false;
        for (qsizetype o = start; o < n; ++o) {
            const auto at = size_t(o);
            ++count[at];
            if (out.layers[o].list) {
                starts[at].append(count[at + 1]);
                if (nullAbove || o == stop) {
                    validity[at].append(char(!nullAbove && empty));
                    break;
                }
                validity[at].append('\1');
                continue;
            }
            const bool valid = !nullAbove && o != stop;
            validity[at].append(char(valid));
            nullAbove = !valid;
        }
    }
    if (count[0] != rows) {
        return damaged(tr("its levels hold %1 rows, not %2").arg(count[0]).arg(rows));
    }
    if (count[size_t(n - 1)] != values.length) {
        return damaged(tr("its levels place %1 values, but it holds %2")
                           .arg(count[size_t(n - 1)])
                           .arg(values.length));
    }
    for (qsizetype o = 0; o < n; ++o) {
        Layer &layer = out.layers[o];
        const auto at = size_t(o);
        layer.length = count[at];
        if (validity[at].contains('\0')) {
            layer.validity = std::move(validity[at]);
        }
        if (layer.list) {
            layer.offsets = std::move(starts[at]);
            layer.offsets.append(count[at + 1]);
        }
    }
    values.validity = out.layers.back().validity;
    out.leaf = std::move(values);
    return out;
}

api::Result<void> LevelAssembler::keepRows(const QList<LayerKind> &layers,
                                           QList<quint16> &repetition, QList<quint16> &definition,
                                           ColumnArray &values, qint64 first, qint64 from,
                                           qint64 to, const QString &where)
{
    qint64 maxRepetition = 0;
    for (const LayerKind layer : layers) {
        maxRepetition += isList(layer) ? 1 : 0;
    }
    const quint16 maxVisible = maxVisibleDefinition(layers);
    const qsizetype entries = std::max(repetition.size(), definition.size());
    if (entries == 0) {
        // No levels: each value is a row.
        if (from < first || to - first > values.length) {
            return ApiError::invalidInput(
                tr("%1 is damaged: it holds no rows %2 to %3.").arg(where).arg(from).arg(to));
        }
        if (from != first || to - from != values.length) {
            values = values.slice(from - first, to - from);
        }
        return {};
    }
    const auto startsRow = [&](qsizetype e) {
        return repetition.isEmpty() || repetition.at(e) == maxRepetition;
    };
    const auto visible = [&](qsizetype e) {
        return definition.isEmpty() || definition.at(e) <= maxVisible;
    };
    // The entries [begin, end) of the rows kept, and the values before and among them.
    qsizetype begin = -1;
    qsizetype end = entries;
    qint64 valuesBefore = 0;
    qint64 valuesKept = 0;
    qint64 row = first - 1;
    for (qsizetype e = 0; e < entries; ++e) {
        if (startsRow(e)) {
            ++row;
            if (row == from) {
                begin = e;
            }
            if (row == to) {
                end = e;
                break;
            }
        }
        if (visible(e)) {
            if (begin < 0) {
                ++valuesBefore;
            } else {
                ++valuesKept;
            }
        }
    }
    if (from == to) {
        begin = end = 0;
        valuesKept = 0;
        valuesBefore = 0;
    }
    if (begin < 0 || valuesBefore + valuesKept > values.length) {
        return ApiError::invalidInput(
            tr("%1 is damaged: its levels hold no rows %2 to %3.").arg(where).arg(from).arg(to));
    }
    if (!repetition.isEmpty()) {
        repetition = repetition.mid(begin, end - begin);
    }
    if (!definition.isEmpty()) {
        definition = definition.mid(begin, end - begin);
    }
    if (valuesBefore != 0 || valuesKept != values.length) {
        values = values.slice(valuesBefore, valuesKept);
    }
    return {};
}

void LevelAssembler::append(Assembled &into, const Assembled &next)
{
    for (qsizetype o = 0; o < into.layers.size() && o < next.layers.size(); ++o) {
        Layer &layer = into.layers[o];
        const Layer &more = next.layers.at(o);
        if (!layer.validity.isEmpty() || !more.validity.isEmpty()) {
            if (layer.validity.isEmpty()) {
                layer.validity.fill('\1', layer.length);
            }
            layer.validity.append(more.validity.isEmpty() ? QByteArray(more.length, '\1')
                                                          : more.validity);
        }
        if (layer.list) {
            const qint64 base = into.layers.at(o + 1).length;
            if (layer.offsets.isEmpty()) {
                layer.offsets.append(0);
            }
            for (qsizetype i = 1; i < more.offsets.size(); ++i) {
                layer.offsets.append(base + more.offsets.at(i));
            }
        }
    }
    // Lengths last: each list's offsets moved by its child's length before the append.
    for (qsizetype o = 0; o < into.layers.size() && o < next.layers.size(); ++o) {
        into.layers[o].length += next.layers.at(o).length;
    }
    into.leaf.append(next.leaf);
}

} // namespace lance::rows
