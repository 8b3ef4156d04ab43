// SPDX-License-Identifier: Apache-2.0
#include "engine/RootRelativePaths.h"

using namespace Qt::StringLiterals;

namespace lance::engine {

RootRelativePaths::RootRelativePaths(const std::optional<QString> &root)
{
    if (!root || root->isEmpty() || *root == u"/"_s) {
        return; // no folder, or one that holds every path: nothing is relative to it
    }
    // `/a/b` is `a/b` in an object-store path; a Windows folder `C:/a` has no leading `/`.
    const QString core = root->startsWith(u'/') ? root->mid(1) : *root;
    const QString folder = core + u'/';
    const QString placeholder = Placeholder + u'/';
    m_prefixes.append({u"file:///"_s + placeholder, u"file:///"_s + folder});
    if (root->startsWith(u'/')) {
        m_prefixes.append({u"/"_s + placeholder, u"/"_s + folder});
    }
    m_prefixes.append({placeholder, folder});
}

QString RootRelativePaths::store(const QString &path) const
{
    for (const Prefix &prefix : m_prefixes) {
        if (path.startsWith(prefix.resolved) && path.size() > prefix.resolved.size()) {
            return prefix.stored + path.mid(prefix.resolved.size());
        }
    }
    return path;
}

QString RootRelativePaths::resolve(const QString &stored) const
{
    for (const Prefix &prefix : m_prefixes) {
        if (stored.startsWith(prefix.stored)) {
            return prefix.resolved + stored.mid(prefix.stored.size());
        }
    }
    return stored;
}

} // namespace lance::engine
