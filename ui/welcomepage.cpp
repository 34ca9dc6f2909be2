#include "welcomepage.h"
#include "settings.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace gputriage {

void fillRecentMenu(QMenu *menu, const std::function<void(const QStringList &)> &open)
{
    menu->clear();
    const QList<QStringList> recent = Settings::recentBundles();
    for (const QStringList &paths : recent) {
        QString label = paths.join(QLatin1String(", "));
        if (label.size() > 90)
            label = QChar(0x2026) + label.right(89);
        menu->addAction(label, menu, [open, paths] { open(paths); });
    }
    menu->setEnabled(!recent.isEmpty());
}

QString recentLabel(const QStringList &paths, const QList<QStringList> &recent)
{
    if (paths.isEmpty())
        return {};
    const QFileInfo first(paths.front());
    QString label = first.fileName();
    const bool ambiguous = std::any_of(recent.begin(), recent.end(), [&](const QStringList &other) {
        return other != paths && !other.isEmpty() && QFileInfo(other.front()).fileName() == label;
    });
    if (ambiguous) {
        // The folders just above it tell the tickets apart.
        const QStringList dirs = first.absolutePath().split(QLatin1Char('/'), Qt::SkipEmptyParts);
        label += QStringLiteral(" \u2014 %1")
                     .arg(dirs.mid(std::max<qsizetype>(0, dirs.size() - 2)).join(u'/'));
    }
    if (paths.size() > 1)
        label += QCoreApplication::translate("gputriage", " and %1 more").arg(paths.size() - 1);
    return label;
}

QStringList chooseBundle(QWidget *parent, bool folder)
{
    const QString last = Settings::lastFolder();
    QStringList paths
        = folder ? QStringList{QFileDialog::getExistingDirectory(
                       parent, QCoreApplication::translate("gputriage", "Open a folder of logs"),
                       last)}
                 : QFileDialog::getOpenFileNames(
                       parent, QCoreApplication::translate("gputriage", "Open log files"), last);
    if (paths.isEmpty() || paths.front().isEmpty())
        return {};
    Settings::setLastFolder(folder ? paths.front() : QFileInfo(paths.front()).absolutePath());
    return paths;
}

void rememberRecentBundle(const QStringList &paths)
{
    QStringList absolute;
    for (const QString &p : paths)
        absolute << QFileInfo(p).absoluteFilePath();
    QList<QStringList> recent = Settings::recentBundles();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    Settings::setRecentBundles(recent.mid(0, 10));
}

WelcomePage::WelcomePage(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(2);
    auto *title = new QLabel(
        tr("<h1>GPU Triage</h1><p>Drop a log file, folder or bundle here, or:</p>"), this);
    title->setAlignment(Qt::AlignCenter);
    layout->addWidget(title);
    auto *openButton = new QPushButton(tr("Open…"), this);
    openButton->setObjectName(QStringLiteral("welcomeOpen"));
    auto *sampleButton = new QPushButton(tr("Open sample bundle"), this);
    sampleButton->setObjectName(QStringLiteral("welcomeSample"));
    for (QPushButton *b : {openButton, sampleButton}) {
        b->setMinimumWidth(220);
        layout->addWidget(b, 0, Qt::AlignHCenter);
    }
    connect(openButton, &QPushButton::clicked, this, &WelcomePage::openRequested);
    connect(sampleButton, &QPushButton::clicked, this, &WelcomePage::sampleRequested);
    // The last bundles, each named so that two bug reports of the same file name differ.
    const QList<QStringList> recent = Settings::recentBundles();
    for (qsizetype i = 0; i < std::min<qsizetype>(recent.size(), 5); ++i) {
        auto *reopen = new QPushButton(tr("Reopen %1").arg(recentLabel(recent[i], recent)), this);
        reopen->setObjectName(i == 0 ? QStringLiteral("welcomeReopen")
                                     : QStringLiteral("welcomeReopen%1").arg(i + 1));
        reopen->setToolTip(recent[i].join(QLatin1Char('\n')));
        reopen->setMinimumWidth(220);
        layout->addWidget(reopen, 0, Qt::AlignHCenter);
        connect(reopen, &QPushButton::clicked, this,
                [this, paths = recent[i]] { Q_EMIT pathsRequested(paths); });
    }
    layout->addStretch(3);
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menus, QWidget *parent)
    : QDialog(parent)
{
    QString rows;
    auto row = [&](const QString &what, const QString &keys) {
        rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                    .arg(what.toHtmlEscaped(), keys.toHtmlEscaped());
    };
    auto heading = [&](const QString &text) {
        rows += QStringLiteral("<tr><th colspan='2' align='left'>%1</th></tr>").arg(text);
    };
    for (QAction *menu : menus->actions()) {
        if (!menu->menu())
            continue;
        heading(menu->text().remove(QLatin1Char('&')));
        for (QAction *a : menu->menu()->actions())
            if (!a->shortcut().isEmpty())
                row(a->text().remove(QLatin1Char('&')).remove(QStringLiteral("…")),
                    a->shortcut().toString(QKeySequence::NativeText));
    }
    heading(tr("Log view"));
    row(tr("Select lines"), tr("Shift+Up / Shift+Down, Shift+click"));
    row(tr("Select part of a line"), tr("mouse drag, Shift+Left / Shift+Right, Shift+Home / End"));
    row(tr("Select by word"), tr("Ctrl+Shift+Left / Ctrl+Shift+Right"));
    row(tr("Show the line whole"), tr("Enter, double-click"));
    row(tr("First / last line"), tr("Ctrl+Home / Ctrl+End"));
    heading(tr("Findings"));
    row(tr("Jump to the evidence"), tr("Enter, click"));
    row(tr("Copy the finding as Markdown"),
        QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText));
    heading(tr("Search bar"));
    row(tr("Next / previous hit"), tr("Enter / Shift+Enter, F3 / Shift+F3"));
    row(tr("Close and clear the marks"), tr("Esc"));
    heading(tr("Bookmarks tab"));
    row(tr("Edit the note"), tr("Double-click, F2"));
    row(tr("Remove the bookmark"), tr("Delete"));

    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts — GPU Triage"));
    auto *text = new QTextBrowser(this);
    text->setObjectName(QStringLiteral("shortcutsText"));
    text->setHtml(QStringLiteral("<table cellpadding='3'>%1</table>").arg(rows));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    resize(520, 640);
}

} // namespace gputriage
