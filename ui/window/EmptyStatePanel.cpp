// SPDX-License-Identifier: Apache-2.0
#include "ui/window/EmptyStatePanel.h"

#include "ui/common/Icons.h"

#include <QCommandLinkButton>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

constexpr int ContentWidth = 380;
constexpr int ArtSize = 56;

QCommandLinkButton *stepButton(const QString &objectName, Icons::Id icon, const QString &title,
                               const QString &description, QWidget *parent)
{
    auto *button = new QCommandLinkButton(title, description, parent);
    button->setObjectName(objectName);
    button->setIcon(Icons::icon(icon));
    button->setIconSize(QSize(24, 24));
    button->setAccessibleDescription(description);
    return button;
}

} // namespace

EmptyStatePanel::EmptyStatePanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"emptyStatePanel"_s);

    auto *art = new QLabel(this);
    art->setObjectName(u"emptyStateArtLabel"_s);
    art->setPixmap(
        Icons::icon(Icons::Id::App).pixmap(QSize(ArtSize, ArtSize), devicePixelRatioF()));
    art->setAlignment(Qt::AlignHCenter);
    m_titleLabel = new QLabel(this);
    m_titleLabel->setObjectName(u"emptyStateTitleLabel"_s);
    m_titleLabel->setAlignment(Qt::AlignHCenter);
    QFont title = m_titleLabel->font();
    title.setPointSizeF(title.pointSizeF() * 1.35);
    title.setBold(true);
    m_titleLabel->setFont(title);
    m_textLabel = new QLabel(this);
    m_textLabel->setObjectName(u"emptyStateTextLabel"_s);
    m_textLabel->setAlignment(Qt::AlignHCenter);
    m_textLabel->setWordWrap(true);

    m_demoButton = stepButton(u"demoButton"_s, Icons::Id::Table, tr("Open the demo catalog"),
                              tr("Real LanceDB tables with several versions each, to look "
                                 "around safely."),
                              this);
    m_connectButton = stepButton(u"connectButton"_s, Icons::Id::Connect, tr("Connect to a server…"),
                                 tr("lance-catalog-server, Apache Gravitino or any other "
                                    "Lance namespace REST server."),
                                 this);
    m_openFolderButton
        = stepButton(u"openFolderButton"_s, Icons::Id::OpenFolder, tr("Open a catalog folder…"),
                     tr("A local catalog, or a folder of LanceDB tables to "
                        "register."),
                     this);
    m_createNamespaceButton
        = stepButton(u"createNamespaceButton"_s, Icons::Id::NewNamespace, tr("Create a namespace…"),
                     tr("Start organizing this catalog."), this);

    auto *content = new QWidget(this);
    content->setFixedWidth(ContentWidth);
    auto *column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(4);
    column->addWidget(art);
    column->addSpacing(6);
    column->addWidget(m_titleLabel);
    column->addWidget(m_textLabel);
    column->addSpacing(14);
    for (QCommandLinkButton *button :
         {m_demoButton, m_connectButton, m_openFolderButton, m_createNamespaceButton}) {
        column->addWidget(button);
    }

    // Centred by stretches, not by an alignment: an aligned widget gets its size hint, which
    // knows nothing of the height the wrapped descriptions need at this width.
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(content);
    row->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(2);
    layout->addLayout(row);
    layout->addStretch(3);

    connect(m_demoButton, &QCommandLinkButton::clicked, this, &EmptyStatePanel::demoRequested);
    connect(m_connectButton, &QCommandLinkButton::clicked, this,
            &EmptyStatePanel::connectRequested);
    connect(m_openFolderButton, &QCommandLinkButton::clicked, this,
            &EmptyStatePanel::openFolderRequested);
    connect(m_createNamespaceButton, &QCommandLinkButton::clicked, this,
            &EmptyStatePanel::createNamespaceRequested);
    updateTexts();
}

void EmptyStatePanel::setSituation(Situation situation, const QString &catalogName)
{
    m_situation = situation;
    m_catalogName = catalogName;
    updateTexts();
}

void EmptyStatePanel::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    updateTexts();
}

void EmptyStatePanel::updateTexts()
{
    const bool empty = m_situation == Situation::EmptyCatalog;
    const QString name = m_catalogName.isEmpty() ? tr("This catalog") : m_catalogName;
    m_titleLabel->setText(empty ? tr("This catalog is empty") : tr("No catalog is open"));
    m_textLabel->setText(
        empty ? tr("%1 has no namespaces or tables yet. Start with one of these:").arg(name)
              : tr("Open a catalog to browse its namespaces, tables and "
                   "versions:"));
    m_createNamespaceButton->setVisible(empty && !m_readOnly);
}

} // namespace lance::ui
