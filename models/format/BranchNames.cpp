// SPDX-License-Identifier: Apache-2.0
#include "format/BranchNames.h"

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

bool allowedCharacter(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9')
           || u == u'.' || u == u'-' || u == u'_';
}

} // namespace

api::Result<void> BranchNames::check(const QString &name)
{
    const auto refuse = [&](const QString &why) -> api::Result<void> {
        return ApiError::invalidInput(tr("\"%1\" cannot be a branch name: %2").arg(name, why));
    };
    if (name.trimmed().isEmpty()) {
        return ApiError::invalidInput(tr("A branch needs a name."));
    }
    if (name.size() > MaxLength) {
        return refuse(tr("it is longer than %1 characters.").arg(MaxLength));
    }
    if (name == u"main"_s) {
        return refuse(tr("\"main\" is the table's own line of versions."));
    }
    if (name.startsWith(u'/') || name.endsWith(u'/') || name.contains(u"//"_s)) {
        return refuse(tr("a \"/\" separates two parts of a name, and no part may be empty."));
    }
    if (name.contains(u".."_s)) {
        return refuse(tr("it may not contain \"..\"."));
    }
    if (name.endsWith(u".lock"_s)) {
        return refuse(tr("it may not end in \".lock\"."));
    }
    for (const QStringView segment : QStringView(name).split(u'/')) {
        if (segment == u".") {
            return refuse(tr("no part of it may be only \".\"."));
        }
        for (const QChar c : segment) {
            if (!allowedCharacter(c)) {
                return refuse(tr("use letters A-Z and a-z, digits, \".\", \"-\" and \"_\", with "
                                 "\"/\" between parts (not \"%1\").")
                                  .arg(c));
            }
        }
    }
    return {};
}

QString BranchNames::refFileName(const QString &name)
{
    return QString(name).replace(u'/', u"%2F"_s) + u".json"_s;
}

} // namespace lance::format
