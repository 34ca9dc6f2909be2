#pragma once

#include "analysisjobs.h"
#include "comparemodel.h"

#include <QDialog>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QStandardItemModel;
class QTextBrowser;
class QTreeView;
class QUrl;

namespace gputriage {

class LogView;

// File ▸ Compare: the bundle to compare with, chosen in one dialog: a path typed or picked as
// a folder or a file, or a bundle opened before.
class CompareBundleDialog : public QDialog
{
    Q_OBJECT

public:
    CompareBundleDialog(const QList<QStringList> &recent, QWidget *parent = nullptr);
    QStringList paths() const;
    QComboBox *pathBox() const { return m_path; }

private:
    QComboBox *m_path;
};

// A tab with what changed from the open bundle to another: the findings (unchanged ones
// too), the facts with other values, and for the selected finding its evidence in both
// bundles: a line of the open bundle opens in the main view, one of the other bundle below.
class CompareTab : public QWidget
{
    Q_OBJECT

public:
    explicit CompareTab(QWidget *parent = nullptr);
    ~CompareTab() override;

    // Says that `other` is being analysed to compare the open bundle, `leftName`, with it.
    void showAnalysing(const QString &leftName, const QStringList &other);
    // Shows a comparison the controller made (AnalysisController::compareWith).
    void setComparison(std::shared_ptr<const BundleComparison> comparison);
    QString html() const; // the comparison as HTML (for saving)

    CompareModel *model() const { return m_model; }
    QStandardItemModel *factsModel() const { return m_facts; }
    QTreeView *view() const { return m_view; }
    QTextBrowser *evidence() const { return m_evidence; }
    LogView *otherView() const { return m_otherView; }
    QLabel *summary() const { return m_summary; }
    void showChange(int row);

Q_SIGNALS:
    void finished(); // shown, or failed / cancelled (said in the summary)
    void leftLineActivated(const QString &path, LineNumber line); // in the open bundle

private:
    void linkActivated(const QUrl &url);
    void saveHtml();

    QLabel *m_summary;
    CompareModel *m_model;
    QTreeView *m_view;
    QStandardItemModel *m_facts;
    QTreeView *m_factsView;
    QTextBrowser *m_evidence;
    LogView *m_otherView;
    QLabel *m_otherTitle;
    std::shared_ptr<const BundleComparison> m_comparison;
};

} // namespace gputriage
