#include "searchresults.h"
#include "counted.h"

#include "text/logdocument.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace gputriage {

namespace {
constexpr int kMaxShownCharacters = 400;
constexpr int kHitContext = 60; // bytes shown before a hit that lies past the first 400
constexpr size_t kMaxHits = 100'000;

// A hit line as a list shows it: its first 400 characters, or, for a hit past them, the text
// from a little before the hit.
QString shownText(std::string_view raw, const std::optional<TextSearch> &search)
{
    QString lead;
    if (search && raw.size() > size_t(kMaxShownCharacters)) {
        const auto spans = search->spans(raw, 1);
        if (!spans.empty() && spans.front().second > kMaxShownCharacters - kHitContext) {
            size_t from = size_t(std::max(0, spans.front().first - kHitContext));
            while (from > 0 && (static_cast<unsigned char>(raw[from]) & 0xC0) == 0x80)
                --from; // not inside a character
            raw.remove_prefix(from);
            lead = QChar(0x2026);
        }
    }
    QString text
        = QString::fromUtf8(raw.substr(0, std::min<size_t>(raw.size(), kMaxShownCharacters * 4)));
    if (text.size() > kMaxShownCharacters)
        text = text.left(kMaxShownCharacters) + QChar(0x2026);
    return QString(lead + text).simplified();
}

} // namespace

void SearchResultsModel::setResults(std::vector<std::shared_ptr<const LogDocument>> docs,
                                    std::vector<BundleSearchHit> hits,
                                    std::optional<TextSearch> search)
{
    beginResetModel();
    m_docs = std::move(docs);
    m_hits = std::move(hits);
    m_search = std::move(search);
    endResetModel();
}

int SearchResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hits.size());
}

int SearchResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SearchResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const BundleSearchHit &hit = m_hits[size_t(index.row())];
    const LogDocument &doc = *m_docs[size_t(hit.doc)];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case FileColumn: return QFileInfo(doc.path()).fileName();
        case LineColumn: return doc.lineNumber(hit.line);
        case TextColumn: return shownText(doc.line(hit.line), m_search);
        default: return {};
        }
    case Qt::ToolTipRole: return index.column() == FileColumn ? doc.path() : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == LineColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                            : QVariant();
    case PathRole: return doc.path();
    case LineNumberRole: return doc.lineNumber(hit.line);
    default: return {};
    }
}

QVariant SearchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FileColumn: return tr("File");
    case LineColumn: return tr("Line");
    case TextColumn: return tr("Text");
    default: return {};
    }
}

void HitLinesModel::setHits(std::shared_ptr<const LogDocument> doc,
                            std::vector<LineNumber> hits,
                            std::optional<TextSearch> search)
{
    beginResetModel();
    m_doc = std::move(doc);
    m_hits = m_doc ? std::move(hits) : std::vector<LineNumber>();
    m_allHits = m_hits.size();
    if (m_hits.size() > kMaxRows)
        m_hits.resize(kMaxRows);
    m_search = std::move(search);
    endResetModel();
}

int HitLinesModel::rowAtOrBefore(LineNumber line) const
{
    if (m_hits.empty())
        return -1;
    const auto after = std::upper_bound(m_hits.begin(), m_hits.end(), line);
    return after == m_hits.begin() ? 0 : int(after - m_hits.begin()) - 1;
}

int HitLinesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hits.size());
}

int HitLinesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HitLinesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LineNumber line = m_hits[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == LineColumn ? QVariant(m_doc->lineNumber(line))
                                            : QVariant(shownText(m_doc->line(line), m_search));
    case Qt::TextAlignmentRole:
        return index.column() == LineColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                            : QVariant();
    default: return {};
    }
}

QVariant HitLinesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    if (section == LineColumn)
        return tr("Line");
    return m_allHits > m_hits.size() ? tr("Hits in this file (the first %L1 of %L2)")
                                           .arg(qint64(m_hits.size()))
                                           .arg(qint64(m_allHits))
                                     : tr("Hits in this file");
}

HitsPane::HitsPane(QWidget *parent)
    : QWidget(parent)
    , m_view(new QTreeView(this))
    , m_model(new HitLinesModel(this))
{
    setObjectName(QStringLiteral("hitsPane"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(HitLinesModel::LineColumn,
                                           QHeaderView::ResizeToContents);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT lineActivated(m_model->hitAt(index.row()));
    });
    connect(m_view, &QTreeView::clicked, m_view, &QTreeView::activated);
    // Keys in the list move the text along with it.
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!m_following && current.isValid())
                    Q_EMIT lineActivated(m_model->hitAt(current.row()));
            });
    hide();
}

void HitsPane::setHits(std::shared_ptr<const LogDocument> doc,
                       std::vector<LineNumber> hits,
                       const SearchQuery &query)
{
    std::optional<TextSearch> search;
    if (auto compiled = TextSearch::compile(query))
        search = compiled.value();
    const QSignalBlocker blocker(m_view->selectionModel());
    m_model->setHits(std::move(doc), std::move(hits), std::move(search));
}

void HitsPane::followLine(LineNumber line)
{
    const int row = m_model->rowAtOrBefore(line);
    if (row < 0)
        return;
    const QModelIndex index = m_model->index(row, HitLinesModel::TextColumn);
    m_following = true;
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    m_following = false;
}

SearchResultsPanel::SearchResultsPanel(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_model(new SearchResultsModel(this))
{
    setObjectName(QStringLiteral("searchResults"));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Search every file of the bundle: Ctrl+F, then \"All Files\" "
                          "(Ctrl+Shift+G)."));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(SearchResultsModel::FileColumn,
                                           QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(SearchResultsModel::LineColumn,
                                           QHeaderView::ResizeToContents);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT lineActivated(
            index.data(SearchResultsModel::PathRole).toString(),
            LineNumber::fromDisplayed(index.data(SearchResultsModel::LineNumberRole).toInt()));
    });
    connect(m_view, &QTreeView::clicked, m_view, &QTreeView::activated);
}

SearchResultsPanel::~SearchResultsPanel() = default;

void SearchResultsPanel::clear()
{
    m_job.discard();
    m_model->setResults({}, {});
    m_summary->setText(tr("Search every file of the bundle: Ctrl+F, then \"All Files\" "
                          "(Ctrl+Shift+G)."));
}

void SearchResultsPanel::search(std::vector<std::shared_ptr<const LogDocument>> docs,
                                const SearchQuery &query)
{
    m_summary->setText(tr("Searching every file for \u201c%1\u201d…").arg(query.text));
    m_model->setResults({}, {});
    m_job.start(
        [query, docs](JobState &job) { return searchBundle(docs, query, kMaxHits, &job.cancel); },
        [this, query, docs](Result<BundleSearch> result) mutable {
            showResults(query, std::move(docs), std::move(result));
        });
}

void SearchResultsPanel::showResults(const SearchQuery &query,
                                     std::vector<std::shared_ptr<const LogDocument>> docs,
                                     Result<BundleSearch> result)
{
    if (!result) {
        m_summary->setText(tr("Not searched: %1").arg(result.error().message));
        Q_EMIT searchFinished();
        return;
    }
    BundleSearch found = std::move(result).value();
    std::set<int> files;
    for (const BundleSearchHit &hit : found.hits)
        files.insert(hit.doc);
    QString text
        = found.hits.empty()
              ? tr("\u201c%1\u201d is in none of the %2.")
                    .arg(query.text, counted(qint64(docs.size()), tr("file"), tr("files")))
              : tr("\u201c%1\u201d: %2 in %3 of %4.")
                    .arg(query.text, counted(qint64(found.hits.size()), tr("line"), tr("lines")),
                         QLocale().toString(qint64(files.size())),
                         counted(qint64(docs.size()), tr("file"), tr("files")));
    if (found.capped)
        text += tr(" Only the first %L1 lines are listed.").arg(qint64(found.hits.size()));
    m_summary->setText(text);
    std::optional<TextSearch> search;
    if (auto compiled = TextSearch::compile(query))
        search = compiled.value();
    m_model->setResults(std::move(docs), std::move(found.hits), std::move(search));
    Q_EMIT searchFinished();
}

} // namespace gputriage
