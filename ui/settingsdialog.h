#pragma once

#include <QDialog>
#include <QFont>
#include <QStringList>

class QComboBox;
class QFontComboBox;
class QListWidget;
class QSpinBox;

namespace gputriage {

// What Settings ▸ Preferences changes, kept in Settings.
struct Preferences
{
    QFont logFont;           // the log view's font
    QString theme;           // a KSyntaxHighlighting theme; empty follows the light/dark palette
    QStringList ruleFolders; // rule files or folders loaded after the shipped and user rules

    friend bool operator==(const Preferences &, const Preferences &) = default;
};

class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    Preferences preferences() const;
    void setPreferences(const Preferences &preferences);
    QListWidget *ruleFolderList() const { return m_folders; }
    // Adds a rule folder as if chosen in the file dialog (for the "Add…" button and tests).
    void addRuleFolder(const QString &path);

private:
    QFontComboBox *m_font;
    QSpinBox *m_fontSize;
    QComboBox *m_theme;
    QListWidget *m_folders;
};

} // namespace gputriage
