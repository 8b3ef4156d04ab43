// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLabel>

namespace lance::ui {

/// A quiet, centred hint in an empty pane ("Select a table to see its versions"), in the
/// palette's placeholder colour. Panes show one until their view has something to show.
class PanePlaceholder : public QLabel
{
    Q_OBJECT

public:
    explicit PanePlaceholder(const QString &text, QWidget *parent = nullptr);
};

} // namespace lance::ui
