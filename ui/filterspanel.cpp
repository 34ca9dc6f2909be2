#include "filterspanel.h"

#include "counted.h"
#include "logview.h"
#include "text/logdocument.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace gputriage {

namespace {
SearchQuery queryOf(const QString &pattern)
{
    return {pattern, true, false};
}
} // namespace

FiltersPanel::FiltersPanel(LogView *view, QWidget *parent)
    : QWidget(parent)
    , m_view(view)
    , m_pattern(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_add(new QPushButton(tr("Add"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_list(new QTreeWidget(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("filtersPanel"));
    m_pattern->setObjectName(QStringLiteral("filterPattern"));
    m_pattern->setPlaceholderText(tr("Regular expression…"));
    m_pattern->setClearButtonEnabled(true);
    m_kind->setObjectName(QStringLiteral("filterKind"));
    m_kind->addItem(tr("Show only lines matching"));
    m_kind->addItem(tr("Hide lines matching"));
    m_add->setObjectName(QStringLiteral("addFilter"));
    m_remove->setObjectName(QStringLiteral("removeFilter"));
    m_list->setObjectName(QStringLiteral("filterList"));
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("Filter"), tr("Lines")});
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_status->setObjectName(QStringLiteral("filterStatus"));
    m_status->setWordWrap(true);

    auto *row = new QHBoxLayout;
    row->addWidget(m_kind);
    row->addWidget(m_pattern, 1);
    row->addWidget(m_add);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_list, 1);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_remove);
    layout->addLayout(bottom);

    auto add = [this] {
        if (addFilter(m_kind->currentIndex() == 0 ? Kind::In : Kind::Out, m_pattern->text()))
            m_pattern->clear();
    };
    connect(m_add, &QPushButton::clicked, this, add);
    connect(m_pattern, &QLineEdit::returnPressed, this, add);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int index = m_list->indexOfTopLevelItem(m_list->currentItem());
        if (index >= 0)
            removeFilter(index);
    });
    connect(m_list, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *item) {
        const int index = m_list->indexOfTopLevelItem(item);
        if (index >= 0 && size_t(index) < m_filters.size())
            setEnabled(index, item->checkState(0) == Qt::Checked);
    });
    connect(m_view, &LogView::documentChanged, this, &FiltersPanel::apply);
    refreshList();
}

bool FiltersPanel::addFilter(Kind kind, const QString &pattern)
{
    if (pattern.isEmpty())
        return false;
    if (auto compiled = TextSearch::compile(queryOf(pattern)); !compiled) {
        m_status->setText(tr("Invalid expression: %1").arg(compiled.error().message));
        return false;
    }
    m_filters.push_back({kind, pattern, true, -1});
    apply();
    return true;
}

void FiltersPanel::setEnabled(int index, bool enabled)
{
    if (index < 0 || size_t(index) >= m_filters.size()
        || m_filters[size_t(index)].enabled == enabled)
        return;
    m_filters[size_t(index)].enabled = enabled;
    apply();
}

void FiltersPanel::removeFilter(int index)
{
    if (index < 0 || size_t(index) >= m_filters.size())
        return;
    m_filters.erase(m_filters.begin() + index);
    apply();
}

void FiltersPanel::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Delete && m_list->hasFocus() && m_list->currentItem()) {
        removeFilter(m_list->indexOfTopLevelItem(m_list->currentItem()));
        return;
    }
    QWidget::keyPressEvent(event);
}

void FiltersPanel::refreshList()
{
    const QSignalBlocker blocker(m_list);
    const int current = m_list->indexOfTopLevelItem(m_list->currentItem());
    m_list->clear();
    const QLocale locale;
    for (const Filter &f : m_filters) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(0, (f.kind == Kind::In ? tr("in: %1") : tr("out: %1")).arg(f.pattern));
        item->setToolTip(0, f.kind == Kind::In
                                ? tr("Shows only the lines matching %1").arg(f.pattern)
                                : tr("Hides the lines matching %1").arg(f.pattern));
        item->setText(1, f.hits < 0 ? QStringLiteral("…") : locale.toString(f.hits));
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(0, f.enabled ? Qt::Checked : Qt::Unchecked);
    }
    if (current >= 0 && current < m_list->topLevelItemCount())
        m_list->setCurrentItem(m_list->topLevelItem(current));
    m_remove->setEnabled(!m_filters.empty());
}

// Counts each filter's lines and shows what passes all that are on.
void FiltersPanel::apply()
{
    m_job.discard();
    const auto doc = m_view->document();
    const bool any = std::any_of(m_filters.begin(), m_filters.end(),
                                 [](const Filter &f) { return f.enabled; });
    if (!doc || m_filters.empty()) {
        for (Filter &f : m_filters)
            f.hits = -1;
        m_view->setStackFilter(std::nullopt);
        m_status->setText(m_filters.empty() ? tr("No filter: every line is shown.") : QString());
        refreshList();
        Q_EMIT filtersApplied();
        return;
    }
    m_status->setText(tr("filtering…"));
    std::vector<TextSearch> searches;
    std::vector<Filter> filters = m_filters;
    searches.reserve(filters.size());
    for (const Filter &f : filters)
        searches.push_back(TextSearch::compile(queryOf(f.pattern)).value());
    struct Outcome
    {
        std::vector<int> hits;
        std::optional<std::vector<LineNumber>> shown;
    };
    m_job.start(
        [doc, searches = std::move(searches), filters, any](JobState &job) {
            Outcome out;
            std::vector<std::vector<LineNumber>> lines;
            for (const TextSearch &search : searches)
                lines.push_back(searchLines(*doc, search, &job.cancel));
            for (const auto &l : lines)
                out.hits.push_back(int(l.size()));
            if (!any)
                return out;
            std::vector<LineNumber> shown;
            std::vector<size_t> at(lines.size(), 0);
            for (LineNumber line(0); line.get() < doc->lineCount() && !job.cancel; ++line) {
                bool pass = true;
                for (size_t i = 0; i < lines.size(); ++i) {
                    auto &pos = at[i];
                    while (pos < lines[i].size() && lines[i][pos] < line)
                        ++pos;
                    const bool hit = pos < lines[i].size() && lines[i][pos] == line;
                    if (filters[i].enabled && hit != (filters[i].kind == Kind::In))
                        pass = false;
                }
                if (pass)
                    shown.push_back(line);
            }
            out.shown = std::move(shown);
            return out;
        },
        [this, doc, any](Outcome out) {
            if (doc != m_view->document())
                return;
            for (size_t i = 0; i < m_filters.size() && i < out.hits.size(); ++i)
                m_filters[i].hits = out.hits[i];
            m_view->setStackFilter(std::move(out.shown));
            const int shown = m_view->rowCount().get();
            m_status->setText(any ? tr("%1 of %2 shown")
                                        .arg(counted(shown, tr("line"), tr("lines")),
                                             QLocale().toString(doc->lineCount()))
                                  : tr("Every filter is off: every line is shown."));
            refreshList();
            Q_EMIT filtersApplied();
        });
}

} // namespace gputriage
