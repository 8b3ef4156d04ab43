// SPDX-License-Identifier: Apache-2.0
#include "api/TagNames.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::api {

Result<void> TagNames::check(const QString &name)
{
    const auto refused = [&name](const QString &why) {
        return ApiError::invalidInput(tr("The tag name \"%1\" %2").arg(name, why));
    };
    if (name.isEmpty()) {
        return ApiError::invalidInput(tr("The tag name is empty."));
    }
    // Lance tests each character with Rust's char::is_alphanumeric(): letters and numbers of
    // any script. QString holds UTF-16, so a character outside the BMP is a surrogate pair.
    for (qsizetype i = 0; i < name.size(); ++i) {
        char32_t c = name.at(i).unicode();
        if (name.at(i).isHighSurrogate() && i + 1 < name.size()
            && name.at(i + 1).isLowSurrogate()) {
            c = QChar::surrogateToUcs4(name.at(i), name.at(i + 1));
            ++i;
        }
        const bool allowed = QChar::isLetterOrNumber(c) || c == U'.' || c == U'-' || c == U'_';
        if (!allowed) {
            return refused(c == U' ' ? tr("holds a space; a tag may hold only letters, digits, "
                                          "'.', '-' and '_'.")
                                     : tr("holds '%1'; a tag may hold only letters, digits, '.', "
                                          "'-' and '_'.")
                                           .arg(QString::fromUcs4(&c, 1)));
        }
    }
    if (name.startsWith(u'.')) {
        return refused(tr("starts with a dot."));
    }
    if (name.endsWith(u'.')) {
        return refused(tr("ends with a dot."));
    }
    if (name.endsWith(u".lock"_s)) {
        return refused(tr("ends with .lock, which Lance keeps for its lock files."));
    }
    if (name.contains(u".."_s)) {
        return refused(tr("holds two dots in a row."));
    }
    return {};
}

} // namespace lance::api
