#include "findingspanel.h"
#include "counted.h"

#include "findingsmodel.h"
#include "report/markdownreport.h"
#include "report/textreport.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLineEdit>

#include <QDesktopServices>
#include <QHeaderView>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolTip>
#include <QTreeView>
#include <QUrlQuery>
#include <QVBoxLayout>

namespace gputriage {

namespace {
constexpr auto kOccurrenceScheme = "gputriage-occurrence";
constexpr int kShownOccurrences = 50;

// "container_driver" → "container driver", which also lets narrow table cells wrap at spaces.
QString humanName(QString name)
{
    return name.replace(QLatin1Char('_'), QLatin1Char(' '));
}

} // namespace

FindingsPanel::FindingsPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new FindingsModel(this))
    , m_view(new QTreeView(this))
    , m_details(new QTextBrowser(this))
    , m_filter(new QLineEdit(this))
    , m_followFile(new QCheckBox(tr("This file"), this))
{
    setObjectName(QStringLiteral("findingsPanel"));
    m_view->setObjectName(QStringLiteral("findingsView"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(FindingsModel::TitleColumn, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(FindingsModel::SeverityColumn,
                                           QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(FindingsModel::CountColumn,
                                           QHeaderView::ResizeToContents);

    m_details->setObjectName(QStringLiteral("findingDetails"));
    m_details->setOpenLinks(false);
    m_details->installEventFilter(this);
    m_details->setPlaceholderText(tr("Select a finding to see what it means."));
    // Lines break between words only: a version or bus id is never cut in a narrow panel.
    m_details->setWordWrapMode(QTextOption::WordWrap);
    connect(m_details, &QTextBrowser::anchorClicked, this, &FindingsPanel::linkActivated);
    connect(m_details, qOverload<const QUrl &>(&QTextBrowser::highlighted), this,
            [this](const QUrl &url) {
                if (url.scheme().startsWith(QLatin1String("http")))
                    QToolTip::showText(QCursor::pos(), url.toString(), m_details);
                else
                    QToolTip::hideText();
            });

    m_filter->setObjectName(QStringLiteral("findingsFilter"));
    m_filter->setPlaceholderText(tr("Filter findings…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &FindingsPanel::applyFilter);
    m_followFile->setObjectName(QStringLiteral("findingsFollowFile"));
    m_followFile->setToolTip(tr("Only the findings with evidence in the file shown"));
    connect(m_followFile, &QCheckBox::toggled, this, &FindingsPanel::applyFilter);
    auto *list = new QWidget(this);
    auto *listLayout = new QVBoxLayout(list);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->setSpacing(2);
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_followFile);
    listLayout->addLayout(filterRow);
    listLayout->addWidget(m_view, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(list);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_view, &QTreeView::clicked, this, [this](const QModelIndex &index) {
        showFinding(index);
        if (const Finding *f = m_model->finding(index); f && !f->occurrences.isEmpty())
            showOccurrence(0);
    });
    auto *copy = new QAction(tr("Copy Finding as Markdown"), m_view);
    copy->setObjectName(QStringLiteral("actionCopyMarkdown"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &FindingsPanel::copySelectedAsMarkdown);
    m_view->addAction(copy);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    // Enter (or a double-click) jumps to the evidence; moving with the keys shows the details.
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        showFinding(index);
        showOccurrence(0);
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid()
                    && current.siblingAtColumn(0) != QModelIndex(m_index).siblingAtColumn(0))
                    showFinding(current);
            });
}

void FindingsPanel::setFilter(const QString &text)
{
    m_filter->setText(text);
}

void FindingsPanel::setFileFilter(const QString &file)
{
    m_file = file;
    if (m_followFile->isChecked())
        applyFilter();
}

bool FindingsPanel::followsFile() const
{
    return m_followFile->isChecked();
}

int FindingsPanel::visibleRowCount() const
{
    int n = 0;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex top = m_model->index(row, 0);
        if (m_view->isRowHidden(row, {}))
            continue;
        if (!m_model->isGroup(top)) {
            ++n;
            continue;
        }
        for (int child = 0; child < m_model->rowCount(top); ++child)
            n += !m_view->isRowHidden(child, top);
    }
    return n;
}

void FindingsPanel::applyFilter()
{
    const QString text = m_filter->text().trimmed();
    const bool byFile = m_followFile->isChecked() && !m_file.isEmpty();
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex top = m_model->index(row, 0);
        bool shown = false;
        if (m_model->isGroup(top)) {
            for (int child = 0; child < m_model->rowCount(top); ++child) {
                const bool childShown
                    = matchesFilter(*m_model->finding(m_model->index(child, 0, top)), text, byFile);
                m_view->setRowHidden(child, top, !childShown);
                shown = shown || childShown;
            }
        } else {
            shown = matchesFilter(*m_model->finding(top), text, byFile);
        }
        m_view->setRowHidden(row, {}, !shown);
    }
}

bool FindingsPanel::matchesFilter(const Finding &f, const QString &text, bool byFile) const
{
    const bool shown = text.isEmpty() || f.title.contains(text, Qt::CaseInsensitive)
                       || f.ruleId.contains(text, Qt::CaseInsensitive)
                       || severityName(f.severity).contains(text, Qt::CaseInsensitive);
    if (!shown || !byFile)
        return shown;
    return std::any_of(f.occurrences.begin(), f.occurrences.end(),
                       [&](const Occurrence &o) { return o.path == m_file; });
}

void FindingsPanel::setFindings(const QList<Finding> &findings)
{
    m_model->setFindings(findings);
    m_view->setRootIsDecorated(m_model->hasGroups());
    m_index = QPersistentModelIndex();
    m_details->clear();
    m_detailsHtml.clear();
    applyFilter();
    if (!findings.isEmpty()) {
        m_view->setCurrentIndex(m_model->index(0, FindingsModel::TitleColumn));
        showFinding(m_model->index(0, FindingsModel::TitleColumn));
    }
}

QString FindingsPanel::detailsHtml(const Finding &f)
{
    QString html;
    html += QStringLiteral("<h3>%1</h3><p><b>%2</b> · %3 · <code>%4</code></p>")
                .arg(htmlText(f.title), htmlText(severityName(f.severity)))
                .arg(counted(f.count, tr("occurrence"), tr("occurrences")))
                .arg(htmlText(f.ruleId));
    if (!f.comparisons.isEmpty()) {
        html += QLatin1String("<table cellspacing='0' cellpadding='4' border='1'>");
        for (const Comparison &c : f.comparisons) {
            html += QStringLiteral(
                        "<tr><td>%1<br><b>%2</b></td><td "
                        "align='center'><b>%3</b></td><td>%4<br><b>%5</b></td>"
                        "<td align='center'><span style='color:%6'>%7</span></td><td>%8</td></tr>")
                        .arg(htmlText(humanName(c.leftName)), htmlText(c.left),
                             htmlText(compareOpName(c.op)), htmlText(humanName(c.rightName)),
                             htmlText(c.right),
                             c.holds ? QStringLiteral("#2a9d3a") : QStringLiteral("#d03020"),
                             c.holds ? QStringLiteral("✓") : QStringLiteral("✗"), htmlText(c.says));
        }
        html += QLatin1String("</table>");
        for (const Comparison &c : f.comparisons)
            if (const QString from = comparisonSources(f, c); !from.isEmpty())
                html += QLatin1String("<p><small>Read from: ") + htmlText(from)
                        + QLatin1String("</small></p>");
    }
    if (!f.facts.empty()) {
        html += QLatin1String("<p><b>Facts</b></p><table cellspacing='0' cellpadding='3'>");
        for (const auto &[k, v] : f.facts) {
            const QString from = factSourceNote(f, k);
            // A value of several lines (the shapes of unrecognised messages) keeps its lines.
            QStringList lines = v.split(QLatin1Char('\n'));
            for (QString &l : lines)
                l = htmlText(l);
            html += QStringLiteral("<tr><td>%1</td><td><code>%2</code>%3</td></tr>")
                        .arg(htmlText(k), lines.join(QLatin1String("<br>")),
                             from.isEmpty() ? QString()
                                            : QLatin1String(" <small>(") + htmlText(from)
                                                  + QLatin1String(")</small>"));
        }
        html += QLatin1String("</table>");
    }
    if (!f.explain.isEmpty())
        html += QLatin1String("<p>") + htmlText(f.explain) + QLatin1String("</p>");
    if (!f.resolution.isEmpty())
        html += QStringLiteral("<p><b>%1:</b> %2 <code>%3</code></p>")
                    .arg(htmlText(resolutionLabel(f.nvidiaResolution)),
                         htmlText(resolutionText(f.resolution)), htmlText(f.resolution));
    if (!f.action.isEmpty())
        html
            += QLatin1String("<p><b>What to do:</b> ") + htmlText(f.action) + QLatin1String("</p>");
    if (!f.references.isEmpty()) {
        html += QLatin1String("<p><b>Documentation</b></p><ul>");
        for (const Reference &r : f.references)
            if (isWebUrl(r.url))
                html += QStringLiteral("<li><a href='%1'>%2</a></li>")
                            .arg(r.url.toHtmlEscaped(), htmlText(r.title));
        html += QLatin1String("</ul>");
    }
    html += QLatin1String("<p><b>Evidence</b></p><ul>");
    for (int i = 0; i < std::min<qsizetype>(kShownOccurrences, f.occurrences.size()); ++i) {
        const Occurrence &o = f.occurrences[i];
        const QString text = shortLine(o.text, 200);
        html += QStringLiteral("<li><a href='%1:%2'>%3:%4</a> <code>%5</code></li>")
                    .arg(QLatin1String(kOccurrenceScheme))
                    .arg(i)
                    .arg(htmlText(o.path))
                    .arg(o.line)
                    .arg(htmlText(text));
    }
    if (f.count > kShownOccurrences)
        html += QStringLiteral("<li>… %1 more</li>").arg(f.count - kShownOccurrences);
    html += QLatin1String("</ul>");
    return html;
}

void FindingsPanel::showOccurrence(int delta)
{
    const Finding *f = m_model->finding(m_index);
    if (!f || f->occurrences.isEmpty())
        return;
    const int n = int(f->occurrences.size());
    m_occurrence = delta == 0 ? 0 : ((std::max(m_occurrence, 0) + delta) % n + n) % n;
    const Occurrence &o = f->occurrences[m_occurrence];
    Q_EMIT occurrenceActivated(o.path, LineNumber::fromDisplayed(o.line));
    Q_EMIT occurrenceShown(f->title, m_occurrence + 1, n);
}

void FindingsPanel::copySelectedAsMarkdown()
{
    const Finding *f = m_model->finding(m_view->currentIndex());
    if (!f)
        return;
    ReportOptions options;
    QGuiApplication::clipboard()->setText(markdownFinding(*f, options));
}

void FindingsPanel::showFinding(const QModelIndex &index)
{
    const Finding *f = m_model->finding(index);
    m_index = index;
    m_occurrence = -1;
    if (!f) {
        m_details->clear();
        m_detailsHtml.clear();
        return;
    }
    m_detailsHtml = detailsHtml(*f);
    m_details->setHtml(m_detailsHtml);
}

bool FindingsPanel::eventFilter(QObject *watched, QEvent *event)
{
    // Links and severity colours are fixed when the text is laid out: a new theme lays it out
    // again, or the other theme's dark blue stays on black.
    if (watched == m_details && event->type() == QEvent::PaletteChange && !m_detailsHtml.isEmpty())
        m_details->setHtml(m_detailsHtml);
    return QWidget::eventFilter(watched, event);
}

void FindingsPanel::linkActivated(const QUrl &url)
{
    if (url.scheme() == QLatin1String(kOccurrenceScheme)) {
        const Finding *f = m_model->finding(m_index);
        const int i = url.path().toInt();
        if (f && i >= 0 && i < f->occurrences.size()) {
            m_occurrence = i;
            Q_EMIT occurrenceActivated(f->occurrences[i].path,
                                       LineNumber::fromDisplayed(f->occurrences[i].line));
        }
        return;
    }
    // Only web links leave the application; anything else in a rule is ignored.
    if (isWebUrl(url.toString()))
        QDesktopServices::openUrl(url);
}

} // namespace gputriage
