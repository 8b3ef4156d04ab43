// SPDX-License-Identifier: Apache-2.0
#include "ui/common/Icons.h"

#include "ui/common/PaletteIconEngine.h"

using namespace Qt::StringLiterals;

namespace lance::ui {

QString Icons::path(Id id)
{
    const auto file = [id] {
        switch (id) {
        case Id::App:
            return u"lance-catalog-browser"_s;
        case Id::Namespace:
            return u"namespace"_s;
        case Id::NewNamespace:
            return u"namespace-new"_s;
        case Id::Table:
            return u"table"_s;
        case Id::DeclaredTable:
            return u"table-declared"_s;
        case Id::Version:
            return u"version"_s;
        case Id::Refresh:
            return u"refresh"_s;
        case Id::LoadAll:
            return u"load-all"_s;
        case Id::Filter:
            return u"filter"_s;
        case Id::Copy:
            return u"copy"_s;
        case Id::Cancel:
            return u"cancel"_s;
        case Id::Close:
            return u"close"_s;
        case Id::Connect:
            return u"connect"_s;
        case Id::OpenFolder:
            return u"folder-open"_s;
        case Id::Error:
            return u"error"_s;
        case Id::Warning:
            return u"warning"_s;
        case Id::Information:
            return u"information"_s;
        case Id::Positive:
            return u"positive"_s;
        case Id::Undo:
            return u"undo"_s;
        case Id::Redo:
            return u"redo"_s;
        case Id::Export:
            return u"export"_s;
        case Id::Import:
            return u"import"_s;
        }
        return QString();
    };
    return u":/icons/%1.svg"_s.arg(file());
}

QIcon Icons::icon(Id id)
{
    return QIcon(new PaletteIconEngine(path(id)));
}

} // namespace lance::ui
