// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/PageLayout.h"
#include "rows/ColumnArray.h"

#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// Rebuilds the nesting of one leaf column from its repetition and definition levels
/// (`rust/lance-encoding/src/repdef.rs`): which lists start where, which are null or empty,
/// which structs and values are null.
///
/// Levels are read one entry at a time. The repetition level says where the entry starts: a new
/// row (the highest level, or no lists at all), or a new element of the list whose rank from
/// the inside is one more than the level. From there inwards every layer gets a slot: a struct
/// or value its validity, a list a new list. The definition level says where that stops: 0 is
/// a value at the leaf, and each nullable or emptyable layer, innermost first, owns the next
/// codes (null before empty). A null struct still gives its children a slot (null too), as
/// Arrow wants; a null or empty list gives none. Only entries that reach the leaf take one of
/// the page's values, null or not.
///
/// Pure functions, any thread.
class LevelAssembler
{
    Q_DECLARE_TR_FUNCTIONS(LevelAssembler)

public:
    using LayerKind = format::PageLayout::Layer;

    /// One layer's slots, outermost layer first.
    struct Layer
    {
        bool list = false;
        qint64 length = 0;
        QByteArray validity;   //!< one byte a slot, empty when every slot is valid
        QList<qint64> offsets; //!< a list layer's: length + 1 offsets into the next layer
    };

    struct Assembled
    {
        QList<Layer> layers; //!< outermost first; the last is the leaf's
        ColumnArray leaf;    //!< the values, with the leaf layer's validity
    };

    /// The layers of a page whose `layers` (innermost first, as Lance lists them) hold
    /// `rows` rows. `repetition` and `definition` are the page's levels, either empty when the
    /// page has none; `values` its values, in the order entries reach the leaf.
    static api::Result<Assembled> assemble(const QList<LayerKind> &layers,
                                           const QList<quint16> &repetition,
                                           const QList<quint16> &definition, ColumnArray values,
                                           qint64 rows, const QString &where);

    /// The highest definition level whose entry still reaches the leaf (`max_visible_def`):
    /// the codes of the layers inside the innermost list.
    static quint16 maxVisibleDefinition(const QList<LayerKind> &layers);
    /// Whether the layer is a list's.
    static bool isList(LayerKind layer);
    /// How many definition codes the layer owns.
    static int definitionCodes(LayerKind layer);

    /// Keeps of `repetition`, `definition` and `values` (a page's levels and values, or some of
    /// its chunks') only the entries of rows [from, to), rows numbered in the page. `first` is
    /// the number of the first row that starts in them; entries before it, the end of a row
    /// that started earlier, are dropped too. InvalidInput when they do not hold those rows.
    static api::Result<void> keepRows(const QList<LayerKind> &layers, QList<quint16> &repetition,
                                      QList<quint16> &definition, ColumnArray &values, qint64 first,
                                      qint64 from, qint64 to, const QString &where);

    /// Appends `next`'s slots (a later page of the same column) to `into`.
    static void append(Assembled &into, const Assembled &next);
};

} // namespace lance::rows
