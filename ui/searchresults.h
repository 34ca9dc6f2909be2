#pragma once

#include "engine/textsearch.h"
#include "jobtracker.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QTreeView;

namespace gputriage {

class LogDocument;

// The lines of every file of the bundle that hold a search: file, line number, text.
class SearchResultsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { FileColumn, LineColumn, TextColumn, ColumnCount };
    enum Role { PathRole = Qt::UserRole + 1, LineNumberRole };
    using QAbstractTableModel::QAbstractTableModel;

    // With `search`, a line whose first hit lies past what is shown shows the part around it.
    void setResults(std::vector<std::shared_ptr<const LogDocument>> docs,
                    std::vector<BundleSearchHit> hits,
                    std::optional<TextSearch> search = std::nullopt);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<std::shared_ptr<const LogDocument>> m_docs;
    std::vector<BundleSearchHit> m_hits;
    std::optional<TextSearch> m_search;
};

// The lines of the open document that hold the search, in line order (klogg's filtered view):
// line number and text. Rows are made when shown, so a million hits cost 4 bytes each.
class HitLinesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { LineColumn, TextColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    // At most kMaxRows are listed (a tree view lays out every row it has); the header says so.
    static constexpr size_t kMaxRows = 100'000;
    void setHits(std::shared_ptr<const LogDocument> doc,
                 std::vector<LineNumber> hits,
                 std::optional<TextSearch> search);
    LineNumber hitAt(int row) const { return m_hits[size_t(row)]; } // a line of the document
    // The row of the last hit at or before `line` (the first if none is), -1 if no hits.
    int rowAtOrBefore(LineNumber line) const;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::shared_ptr<const LogDocument> m_doc;
    std::vector<LineNumber> m_hits;
    size_t m_allHits = 0;
    std::optional<TextSearch> m_search;
};

// The pane under the text while a search is open: the hit lines of the open file. A click or
// Enter moves the text there; moving in the text selects the hit at or before its line.
class HitsPane : public QWidget
{
    Q_OBJECT

public:
    explicit HitsPane(QWidget *parent = nullptr);
    void setHits(std::shared_ptr<const LogDocument> doc,
                 std::vector<LineNumber> hits,
                 const SearchQuery &query);
    void followLine(LineNumber line); // the text's current line
    HitLinesModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }

Q_SIGNALS:
    void lineActivated(LineNumber line); // of the document

private:
    QTreeView *m_view;
    HitLinesModel *m_model;
    bool m_following = false;
};

// The "Search" tab: what was searched, how many lines in how many files, and the list; a click
// or Enter opens the line.
class SearchResultsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SearchResultsPanel(QWidget *parent = nullptr);
    ~SearchResultsPanel() override;
    // Searches `docs` off the GUI thread (a newer search cancels the one running).
    void search(std::vector<std::shared_ptr<const LogDocument>> docs, const SearchQuery &query);
    void clear();
    SearchResultsModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    QLabel *summary() const { return m_summary; }

Q_SIGNALS:
    void lineActivated(const QString &path, LineNumber line); // a line of that file
    void searchFinished();

private:
    void showResults(const SearchQuery &query,
                     std::vector<std::shared_ptr<const LogDocument>> docs,
                     Result<BundleSearch> search);

    QLabel *m_summary;
    QTreeView *m_view;
    SearchResultsModel *m_model;
    JobTracker m_job{this};
};

} // namespace gputriage
