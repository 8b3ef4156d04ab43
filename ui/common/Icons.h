// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QIcon>

namespace lance::ui {

/// The app's own icons (resources/icons), drawn for 16 px and crisp at any size, in the
/// palette's colours (see PaletteIconEngine).
class Icons
{
public:
    enum class Id {
        App,
        Namespace,
        NewNamespace,
        Table,
        DeclaredTable, //!< a table declared but without data
        Version,
        Refresh,
        LoadAll,
        Filter,
        Copy,
        Cancel,
        Close,
        Connect,
        OpenFolder,
        Error,
        Warning,
        Information,
        Positive,
        Undo,
        Redo,
        Export,
        Import,
    };

    static QIcon icon(Id id);
    /// The resource path of `id`'s SVG file.
    static QString path(Id id);
};

} // namespace lance::ui
