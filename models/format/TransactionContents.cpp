// SPDX-License-Identifier: Apache-2.0
#include "format/TransactionContents.h"

using namespace Qt::StringLiterals;

namespace lance::format {

QString TransactionContents::commitMessage() const
{
    return properties.value(QString::fromLatin1(CommitMessageKey));
}

QString TransactionContents::operationName() const
{
    // Lance's own names of the operations (the messages of the oneof), which its tools and
    // errors show; not translated, like a column type.
    switch (operation) {
    case Operation::None:
        return {};
    case Operation::Append:
        return u"Append"_s;
    case Operation::Delete:
        return u"Delete"_s;
    case Operation::Overwrite:
        return u"Overwrite"_s;
    case Operation::CreateIndex:
        return u"CreateIndex"_s;
    case Operation::Rewrite:
        return u"Rewrite"_s;
    case Operation::Merge:
        return u"Merge"_s;
    case Operation::Restore:
        return u"Restore"_s;
    case Operation::ReserveFragments:
        return u"ReserveFragments"_s;
    case Operation::Update:
        return u"Update"_s;
    case Operation::Project:
        return u"Project"_s;
    case Operation::UpdateConfig:
        return u"UpdateConfig"_s;
    case Operation::DataReplacement:
        return u"DataReplacement"_s;
    case Operation::UpdateMemWalState:
        return u"UpdateMemWalState"_s;
    case Operation::Clone:
        return u"Clone"_s;
    case Operation::UpdateBases:
        return u"UpdateBases"_s;
    case Operation::DataOverlay:
        return u"DataOverlay"_s;
    case Operation::AppendFragmentReuseTransitions:
        return u"AppendFragmentReuseTransitions"_s;
    case Operation::Unknown:
        break;
    }
    return u"unknown (field %1)"_s.arg(operationField);
}

} // namespace lance::format
