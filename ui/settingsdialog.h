#pragma once

#include "preferences.h"

#include <QDialog>
#include <QFont>
#include <QStringList>

class QComboBox;
class QFontComboBox;
class QListWidget;
class QSpinBox;

namespace gputriage {

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
