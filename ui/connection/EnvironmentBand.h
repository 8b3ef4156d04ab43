// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connection/ConnectionProfile.h"
#include "ui/common/StatusColors.h"

#include <QFrame>

#include <optional>

class QLabel;

namespace lance::ui {

/// A thin strip across the top of the window naming the open connection and its environment in
/// the environment's colour: development green, staging amber, production red (a profile's
/// ConnectionProfile::Environment), and the palette's own colours without one (the embedded
/// local catalog, a folder or URL given on the command line). The text is black or white,
/// whichever contrasts more, in light and dark palettes.
class EnvironmentBand : public QFrame
{
    Q_OBJECT

public:
    using Environment = connection::ConnectionProfile::Environment;

    explicit EnvironmentBand(QWidget *parent = nullptr);

    /// Shows `name` (the profile, or a catalog's title), its `environment` (none: neutral) and,
    /// at the right, `target`: the URL or the folder it is connected to (elided in the middle if
    /// long).
    void setConnection(const QString &name, std::optional<Environment> environment,
                       const QString &target = {});
    /// Adds a "Read-only" mark.
    void setReadOnly(bool readOnly);

    QString name() const { return m_name; }
    std::optional<Environment> environment() const { return m_environment; }
    QString target() const { return m_target; }
    bool isReadOnly() const { return m_readOnly; }
    /// The colour the band is painted in now.
    QColor bandColor() const;
    QColor textColor() const;

    static StatusColors::Tone tone(std::optional<Environment> environment);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void applyColors();
    void updateTexts();
    void elideTarget();

    QLabel *m_nameLabel = nullptr;
    QLabel *m_environmentLabel = nullptr;
    QLabel *m_targetLabel = nullptr;
    QLabel *m_readOnlyLabel = nullptr;
    QString m_name;
    QString m_target;
    std::optional<Environment> m_environment;
    bool m_readOnly = false;
    bool m_applyingColors = false;
};

} // namespace lance::ui
