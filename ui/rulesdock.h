#pragma once

#include "analysisjobs.h"
#include "jobtracker.h"
#include "yamleditor.h"

#include "rules/ruleset.h"
#include "text/linetypes.h"

#include <QDockWidget>

class QFileSystemWatcher;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTimer;
class QTreeView;

namespace gputriage {

class MessageBanner;
class RuleListModel;
class TextTreeModel;

// View ▸ Rules: every rule (shipped, user, overridden, disabled, with errors) with search and
// enable/disable, and an editor that validates while typing, tests the rules on the open bundle,
// runs their examples and saves user rules (shipped ones as user overrides) atomically.
class RulesDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit RulesDock(QWidget *parent = nullptr);
    ~RulesDock() override;

    // The rules as loaded, and where extra rule folders are (to validate against everything).
    void setRules(const RuleSet &rules, const QStringList &extraFolders);

    // Opens a rule: a user rule in its file, a shipped rule as a new override of it.
    void editRule(const QString &id);
    // A draft rule from a log line, in a new user file.
    void newRuleFromLine(const QString &line);
    bool save();
    void revertToShipped(); // removes the user override of the shipped rule being edited
    void testOnBundle();    // asks for a test of the edited rules (testRequested)
    void showTest(const RuleTest &test); // the test's results, in hits()
    bool isModified() const;
    // Asks to save unsaved changes; false when the user cancels.
    bool maybeSave();

    YamlEditor *editor() const { return m_editor; }
    QListWidget *problems() const { return m_problems; }
    QTreeView *hits() const { return m_hits; }
    TextTreeModel *hitsModel() const { return m_hitsModel; }
    QTreeView *ruleList() const { return m_list; }
    RuleListModel *model() const { return m_model; }
    QString filePath() const { return m_path; }

Q_SIGNALS:
    void rulesChanged(const QString &notice); // saved, reverted, switched, changed on disk
    void validated();
    // The edited file's text, to test on the open bundle (AnalysisController::testRules).
    void testRequested(const QString &path, const QByteArray &text);
    void testFinished();
    void lineActivated(const QString &path, LineNumber line); // a line of that file

private:
    void setUpRuleList();
    void setUpEditor();
    void setUpReload();
    void layOut();
    void validateSoon();
    void validate();
    void openFile(const QString &path, const QByteArray &text, const QString &title);
    void updateButtons();
    void fillList();
    QString userOverridePath(const QString &id) const;
    void watchFiles();

    RuleSet m_rules;
    QStringList m_extraFolders;

    QLineEdit *m_search;
    RuleListModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTreeView *m_list;
    QLabel *m_fileLabel;
    MessageBanner *m_banner; // a file that could not be read, saved or deleted
    YamlEditor *m_editor;
    QListWidget *m_problems;
    TextTreeModel *m_hitsModel; // the test's results
    QTreeView *m_hits;
    QPushButton *m_test;
    QPushButton *m_save;
    QPushButton *m_revert;
    QTimer *m_validateTimer;
    QFileSystemWatcher *m_watcher;
    QTimer *m_reloadTimer;

    QString m_path;                // the file being edited
    QString m_overrideOf;          // the shipped rule id this file overrides, if it is new
    QByteArray m_savedText;        // what is on disk, to know whether the editor is modified
    JobTracker m_validation{this}; // the editor's text, checked as it is typed
    bool m_saving = false;         // our own write, not an outside change
    bool m_filling = false;        // fillList() at work
};

} // namespace gputriage
