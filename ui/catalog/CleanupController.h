// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/catalog/CleanupDialog.h"

#include <QObject>
#include <QPointer>

namespace lance::ui {

class CatalogSession;
class WindowHost;

/// Changes > Clean Up Old Versions… for the table the Versions view shows (the one selected in
/// the tree): opens a CleanupDialog
/// on it (window-modal, one at a time), and once a cleanup is applied says so on the status
/// line and has the window read the table again (its versions, details and health).
class CleanupController : public QObject
{
    Q_OBJECT

public:
    CleanupController(WindowHost &window, CatalogSession &session, QObject *parent = nullptr);

    void cleanUp();
    /// The dialog open now, if any.
    CleanupDialog *dialog() const { return m_dialog; }

private:
    void updateActions();

    WindowHost &m_window;
    CatalogSession &m_session;
    QPointer<CleanupDialog> m_dialog;
};

} // namespace lance::ui
