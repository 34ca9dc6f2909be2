#pragma once

#include "engine/finding.h"

#include <QMainWindow>

#include <memory>
#include <vector>

class QLabel;
class QProgressBar;
class QStackedWidget;
class QTreeWidget;

namespace gputriage {

class Analyzer;
class FindingsPanel;
class LogDocument;
class LogView;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens files and folders and analyses them in the background.
    void openPaths(const QStringList &paths);
    void openSample();
    bool showDocument(const QString &path, int line = 0); // line is 1-based; 0 = keep position

    LogView *logView() const { return m_logView; }
    FindingsPanel *findingsPanel() const { return m_findings; }
    QTreeWidget *fileTree() const { return m_files; }
    const AnalysisResult &result() const { return m_result; }

Q_SIGNALS:
    void analysisFinished();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createMenus();
    QWidget *createWelcomePage();
    void chooseFiles();
    void chooseFolder();
    void showBanner(const QString &text);
    void analysisDone(quint64 generation, std::vector<std::shared_ptr<const LogDocument>> docs,
                      AnalysisResult result);

    std::shared_ptr<const Analyzer> m_analyzer;
    std::vector<std::shared_ptr<const LogDocument>> m_docs;
    AnalysisResult m_result;
    quint64 m_generation = 0;
    std::vector<Severity> m_ruleSeverity;

    QStackedWidget *m_stack;
    QTreeWidget *m_files;
    LogView *m_logView;
    FindingsPanel *m_findings;
    QLabel *m_banner;
    QProgressBar *m_progress;
};

} // namespace gputriage
