// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "commit/CommitOutcome.h"

#include <QDialog>

class QTreeWidget;

namespace lance::ui {

/// What the steward sees when a batch commit answered 409: the server's code and message,
/// every staged operation with the conflicting ones marked and why, and four ways on. None of
/// them loses staged work by itself: even "Discard All" only unstages (undo brings it back).
///
/// Object names for tests: `conflictTree`, `conflictDetails` (the current row in full),
/// `serverMessage`, and the buttons `removeAndRetry`,
/// `refreshAndReview`, `keepStaged`, `discardAll`.
class ConflictDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Choice {
        RemoveConflictingAndRetry, //!< unstage the conflicting operations, send the rest
        RefreshAndReview,          //!< re-read the catalog, keep everything staged
        KeepStaged,                //!< close; everything stays as it is
        DiscardAll,                //!< unstage everything (one undo step)
    };

    /// `operations`: a readable line per staged operation, in request order.
    ConflictDialog(const commit::CommitOutcome &outcome, const QStringList &operations,
                   QWidget *parent = nullptr);

    /// The way chosen; KeepStaged when the dialog was closed.
    Choice choice() const { return m_choice; }

private:
    void choose(Choice choice);

    Choice m_choice = Choice::KeepStaged;
    QTreeWidget *m_tree = nullptr;
};

} // namespace lance::ui
