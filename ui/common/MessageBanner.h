// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

#include <functional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QToolButton;

namespace lance::api {
class ApiError;
}

namespace lance::ui {

/// An inline message above the view it is about, like KDE's KMessageWidget: an icon and a
/// sentence in the severity's tint, optional Retry and Details buttons, and a close button.
/// Details expand inline below the sentence. Screen readers are told when a message appears.
///
/// Object names for tests: `retryButton`, `detailsButton`, `closeButton`, `messageLabel`,
/// `detailsText`.
class MessageBanner : public QFrame
{
    Q_OBJECT

public:
    enum class Severity { Information, Positive, Warning, Error };

    explicit MessageBanner(QWidget *parent = nullptr);

    /// Shows `text` (one or two sentences). A Details button appears when `details` is not
    /// empty, a Retry button when `retryable`.
    void showMessage(Severity severity, const QString &text, const QString &details = {},
                     bool retryable = false);
    /// Shows an error's userMessage(), with its details() behind Details.
    void showError(const api::ApiError &error, bool retryable);
    /// Shows `text` with a Retry button that runs `retry`. The banner keeps `retry` only while
    /// this message shows, so a Retry never runs what an earlier message offered.
    void showRetryable(Severity severity, const QString &text, const QString &details,
                       std::function<void()> retry);

    /// Adds a button labelled `label` (with a mnemonic) that runs `action`, to the message that
    /// shows now: the next message drops it. For a link from a message to where it leads
    /// ("Show in History").
    void setAction(const QString &label, std::function<void()> action);
    /// The label of the shown message's action button; empty when it has none.
    QString actionText() const;

    Severity severity() const { return m_severity; }
    QString text() const;
    QString details() const;
    bool isRetryable() const;
    bool isShowingDetails() const;

    /// Hides the banner and emits dismissed().
    void dismiss();

signals:
    void retryRequested();   //!< Retry was clicked; the banner has hidden itself
    void detailsRequested(); //!< Details were opened
    void dismissed();        //!< closed by its button, Escape or dismiss()

protected:
    void paintEvent(QPaintEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void onRetryClicked();
    void onDetailsToggled(bool shown);

    QLabel *m_iconLabel = nullptr;
    QLabel *m_messageLabel = nullptr;
    QPushButton *m_retryButton = nullptr;
    QPushButton *m_actionButton = nullptr;
    std::function<void()> m_action; //!< the shown message's action, if it came with one
    std::function<void()> m_retry;  //!< the shown message's Retry, if it came with one
    QPushButton *m_detailsButton = nullptr;
    QToolButton *m_closeButton = nullptr;
    QPlainTextEdit *m_detailsText = nullptr;
    Severity m_severity = Severity::Information;
};

} // namespace lance::ui
