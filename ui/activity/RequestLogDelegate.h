// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace lance::ui {

/// Draws the request log's rows: a failed exchange (RequestLog::FailedRole) gets a red tint
/// from StatusColors and an error icon in its status column, so failures stand out in a long
/// log without reading every status. URLs are elided in the middle, where they say the least.
class RequestLogDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace lance::ui
