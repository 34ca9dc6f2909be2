#include "searchbar.h"
#include "counted.h"
#include "settings.h"

#include "logview.h"
#include "text/logdocument.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>

namespace gputriage {

SearchBar::SearchBar(LogView *view, QWidget *parent)
    : QWidget(parent)
    , m_view(view)
    , m_input(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_case(new QCheckBox(tr("Match case"), this))
    , m_only(new QCheckBox(tr("Only matching lines"), this))
    , m_exclude(new QCheckBox(tr("Hide matching"), this))
    , m_context(new QSpinBox(this))
    , m_status(new QLabel(this))
    , m_allFiles(new QToolButton(this))
{
    setObjectName(QStringLiteral("searchBar"));
    m_input->setObjectName(QStringLiteral("searchInput"));
    m_input->setPlaceholderText(tr("Search the open file…"));
    m_input->setClearButtonEnabled(true);
    // The options beside it must not squeeze the text typed out of sight.
    m_input->setMinimumWidth(m_input->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 24);
    auto *previousButton = new QToolButton(this);
    previousButton->setArrowType(Qt::UpArrow);
    previousButton->setToolTip(tr("Previous hit (Shift+F3)"));
    auto *nextButton = new QToolButton(this);
    nextButton->setArrowType(Qt::DownArrow);
    nextButton->setToolTip(tr("Next hit (F3)"));
    m_allFiles->setText(tr("All Files"));
    m_allFiles->setObjectName(QStringLiteral("searchAllFiles"));
    m_allFiles->setToolTip(tr("Search every file of the bundle and list the hits (Ctrl+Shift+G)"));
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setToolTip(tr("Close (Esc)"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_input, 1);
    layout->addWidget(previousButton);
    layout->addWidget(nextButton);
    layout->addWidget(m_regex);
    layout->addWidget(m_case);
    layout->addWidget(m_only);
    layout->addWidget(m_context);
    layout->addWidget(m_exclude);
    layout->addWidget(m_status);
    layout->addWidget(m_allFiles);
    layout->addWidget(close);

    connect(m_input, &QLineEdit::textChanged, this, &SearchBar::startSearch);
    connect(m_input, &QLineEdit::returnPressed, this, &SearchBar::remember);
    connect(m_input, &QLineEdit::returnPressed, this, &SearchBar::next);
    m_history = Settings::searchHistory();
    connect(m_regex, &QCheckBox::toggled, this, &SearchBar::startSearch);
    connect(m_case, &QCheckBox::toggled, this, &SearchBar::startSearch);
    m_only->setObjectName(QStringLiteral("onlyMatchingLines"));
    m_only->setToolTip(tr("Hide the lines without a hit"));
    connect(m_only, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            m_exclude->setChecked(false);
        m_context->setEnabled(on);
        applyFilter();
    });
    m_context->setObjectName(QStringLiteral("searchContext"));
    m_context->setRange(0, 50);
    m_context->setPrefix(tr("± "));
    m_context->setSuffix(tr(" lines"));
    m_context->setToolTip(tr("Lines shown around each hit with \"Only matching lines\""));
    m_context->setEnabled(false);
    connect(m_context, &QSpinBox::valueChanged, this, &SearchBar::applyFilter);
    m_exclude->setObjectName(QStringLiteral("hideMatchingLines"));
    m_exclude->setToolTip(tr("Hide the lines with a hit (filter them out)"));
    connect(m_exclude, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            m_only->setChecked(false);
        applyFilter();
    });
    connect(m_view, &LogView::filterChanged, this, [this] {
        if (m_view->filterOwner() != LogView::FilterOwner::Search) {
            const QSignalBlocker blocker(m_only);
            m_only->setChecked(false);
            const QSignalBlocker blockerOut(m_exclude);
            m_exclude->setChecked(false);
        }
    });
    connect(nextButton, &QToolButton::clicked, this, &SearchBar::next);
    connect(previousButton, &QToolButton::clicked, this, &SearchBar::previous);
    connect(close, &QToolButton::clicked, this, &SearchBar::close);
    connect(m_allFiles, &QToolButton::clicked, this, [this] {
        if (!m_input->text().isEmpty()) {
            remember();
            Q_EMIT searchAllFiles(query());
        }
    });
    connect(m_view, &LogView::documentChanged, this, &SearchBar::startSearch);
    hide();
}

SearchBar::~SearchBar() = default;

void SearchBar::activate()
{
    const bool wasHidden = isHidden();
    show();
    m_input->setFocus();
    m_input->selectAll();
    if (wasHidden && !m_input->text().isEmpty())
        startSearch(); // the marks were cleared when the bar closed
}

void SearchBar::find(const QString &text)
{
    show();
    m_regex->setChecked(false);
    if (m_input->text() == text)
        startSearch();
    m_input->setText(text);
    m_input->setFocus();
}

SearchQuery SearchBar::query() const
{
    return {m_input->text(), m_regex->isChecked(), m_case->isChecked()};
}

void SearchBar::close()
{
    m_job.discard();
    hide();
    m_view->setSearch(std::nullopt);
    m_view->setSearchHits({});
    applyFilter();
    m_view->setFocus();
    Q_EMIT closed();
}

void SearchBar::remember()
{
    const QString text = m_input->text();
    m_historyAt = -1;
    if (text.isEmpty() || (!m_history.isEmpty() && m_history.front() == text))
        return;
    m_history.removeAll(text);
    m_history.prepend(text);
    while (m_history.size() > 30)
        m_history.removeLast();
    Settings::setSearchHistory(m_history);
}

void SearchBar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        close();
        return;
    }
    // The input leaves Up and Down to us: older and newer searches, as in a shell.
    if (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down) {
        const int at = m_historyAt + (event->key() == Qt::Key_Up ? 1 : -1);
        if (at >= int(m_history.size()))
            return;
        m_historyAt = std::max(-1, at);
        m_input->setText(m_historyAt < 0 ? QString() : m_history[m_historyAt]);
        return;
    }
    QWidget::keyPressEvent(event);
}

void SearchBar::startSearch()
{
    m_job.discard(); // a newer search makes the running one stale
    const auto doc = m_view->document();
    const SearchQuery q = query();
    if (!doc || q.text.isEmpty() || isHidden()) {
        searchDone(std::vector<LineNumber>());
        return;
    }
    auto compiled = TextSearch::compile(q);
    if (!compiled) {
        searchDone(compiled.error());
        return;
    }
    const TextSearch &search = compiled.value(); // compiled once, matched on the worker too
    m_view->setSearch(search);
    m_status->setText(tr("searching…"));
    m_job.start([doc, search](JobState &job) { return searchLines(*doc, search, &job.cancel); },
                [this](std::vector<LineNumber> lines) { searchDone(std::move(lines)); });
}

void SearchBar::searchDone(Result<std::vector<LineNumber>> result)
{
    if (!result) {
        m_hits.clear();
        m_view->setSearchHits({});
        m_view->setSearch(std::nullopt);
        // A pattern being typed is often invalid for a moment ("alpha(" on the way to
        // "alpha(1|2)"): the lines of the last valid search stay shown, not none.
        m_status->setText(tr("invalid: %1").arg(result.error().message));
        m_input->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #d03020; }"));
        Q_EMIT searchFinished();
        return;
    }
    m_input->setStyleSheet(QString());
    m_hits = std::move(result).value();
    if (m_hits.empty())
        m_view->setSearch(std::nullopt);
    m_view->setSearchHits(m_hits);
    applyFilter();
    updateStatus();
    Q_EMIT searchFinished();
}

void SearchBar::applyFilter()
{
    const bool active = !m_input->text().isEmpty() && !isHidden();
    const auto doc = m_view->document();
    if (active && doc && m_only->isChecked()) {
        const LinesCount context(m_context->value());
        if (context == LinesCount(0)) {
            m_view->setLineFilter(m_hits, LogView::FilterOwner::Search);
            return;
        }
        // The hits and `context` lines around each, once, in order.
        std::vector<LineNumber> lines;
        const LineNumber last(doc->lineCount() - 1);
        for (const LineNumber hit : m_hits)
            for (LineNumber line
                 = std::max({LineNumber(0), hit - context,
                             lines.empty() ? LineNumber(0) : lines.back() + LinesCount(1)});
                 line <= std::min(last, hit + context); ++line)
                lines.push_back(line);
        m_view->setLineFilter(std::move(lines), LogView::FilterOwner::Search);
    } else if (active && doc && m_exclude->isChecked()) {
        std::vector<LineNumber> lines;
        lines.reserve(size_t(doc->lineCount()) - m_hits.size());
        auto hit = m_hits.begin();
        for (LineNumber line(0); line.get() < doc->lineCount(); ++line) {
            if (hit != m_hits.end() && *hit == line)
                ++hit;
            else
                lines.push_back(line);
        }
        m_view->setLineFilter(std::move(lines), LogView::FilterOwner::Search);
    } else if (m_view->filterOwner() == LogView::FilterOwner::Search) {
        m_view->setLineFilter(std::nullopt);
    }
}

void SearchBar::next()
{
    jump(+1);
}

void SearchBar::previous()
{
    jump(-1);
}

void SearchBar::jump(int delta)
{
    if (m_hits.empty())
        return;
    // Without a current line, from before the first line.
    const LineNumber current = m_view->currentLine().value_or(LineNumber(-1));
    LineNumber target;
    if (delta > 0) {
        const auto it = std::upper_bound(m_hits.begin(), m_hits.end(), current);
        target = it == m_hits.end() ? m_hits.front() : *it;
    } else {
        const auto it = std::lower_bound(m_hits.begin(), m_hits.end(), current);
        target = it == m_hits.begin() ? m_hits.back() : *std::prev(it);
    }
    m_view->setCurrentLine(target);
    m_view->revealSearchHit(target);
    updateStatus();
}

void SearchBar::updateStatus()
{
    if (m_input->text().isEmpty()) {
        m_status->clear();
        return;
    }
    const auto it = std::find(m_hits.begin(), m_hits.end(), m_view->currentLine());
    if (m_hits.empty())
        m_status->setText(tr("no hits"));
    else if (it != m_hits.end())
        m_status->setText(tr("%1 of %2")
                              .arg(QLocale().toString(qint64(it - m_hits.begin() + 1)),
                                   QLocale().toString(qint64(m_hits.size()))));
    else
        m_status->setText(counted(qint64(m_hits.size()), tr("hit"), tr("hits")));
}

} // namespace gputriage
