// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;

namespace lance::ui {

/// One sentence with a small icon for its kind, inside a form: why Save is refused, where a
/// secret is kept. Lighter than a MessageBanner (no buttons, no tint); hidden while empty.
/// Screen readers get the kind in the accessible name.
class InlineNote : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { Information, Warning, Error };

    explicit InlineNote(QWidget *parent = nullptr);

    /// Shows `text`; an empty text hides the note.
    void setNote(Kind kind, const QString &text);
    void clear() { setNote(Kind::Information, QString()); }
    QString text() const;
    Kind kind() const { return m_kind; }

private:
    QLabel *m_icon = nullptr;
    QLabel *m_text = nullptr;
    Kind m_kind = Kind::Information;
};

} // namespace lance::ui
