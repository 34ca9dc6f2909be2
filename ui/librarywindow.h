#pragma once

#include <QWidget>

#include <memory>

class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QStandardItemModel;
class QTableView;
class QTabWidget;

namespace gputriage {

class CaseLibrary;
class MessageBanner;

// The case library's window: search by rule, Xid, GPU serial or UUID, driver version, case id,
// customer and dates; the table of rule × driver version counts; open an entry's report; delete
// an entry (asked first).
// A library that cannot be opened is said in the banner; the rest of the app is untouched.
class LibraryWindow : public QWidget
{
    Q_OBJECT

public:
    // `url` as --library-url takes it; empty: $GPUTRIAGE_LIBRARY_URL or the default file.
    explicit LibraryWindow(const QString &url = {}, QWidget *parent = nullptr);
    ~LibraryWindow() override;

    void search();
    void refreshStats();
    // Deletes the selected entry after asking (`confirm` false: without asking, for tests).
    void deleteSelected(bool confirm = true);
    // Opens the selected entry's report, rebuilt from what the library kept, in the export
    // dialog (preview, formats, Export…).
    void openSelectedReport();
    QString bannerText() const;

Q_SIGNALS:
    void reportOpened(QWidget *dialog); // for tests and screenshots

private:
    bool ensureOpen();

    std::unique_ptr<CaseLibrary> m_library;
    QString m_url;
    MessageBanner *m_banner;
    QLabel *m_location;
    QLineEdit *m_rule, *m_xid, *m_gpu, *m_driver, *m_case, *m_customer, *m_text;
    QDateEdit *m_from, *m_to;
    QPushButton *m_searchButton, *m_reportButton, *m_deleteButton;
    QTabWidget *m_tabs;
    QStandardItemModel *m_results, *m_stats;
    QTableView *m_resultsView, *m_statsView;
};

} // namespace gputriage
