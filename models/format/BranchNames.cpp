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
    const QList<QStringView> segments = QStringView(name).split(u'/');
    for (qsizetype i = 0; i < segments.size(); ++i) {
        const QStringView segment = segments.at(i);
        if (segment == u".") {
            return refuse(tr("no part of it may be only \".\"."));
        }
        if (i > 0 && ownFolders().contains(segment)) {
            return refuse(tr("\"%1\" is the name of a folder every branch keeps, so it cannot "
                             "follow a \"/\".")
                              .arg(segment));
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

const QStringList &BranchNames::ownFolders()
{
    static const QStringList folders{u"_versions"_s, u"_transactions"_s, u"_deletions"_s,
                                     u"_indices"_s, u"data"_s};
    return folders;
}

QString BranchNames::refFileName(const QString &name)
{
    return QString(name).replace(u'/', u"%2F"_s) + u".json"_s;
}

} // namespace lance::format
