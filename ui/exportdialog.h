#pragma once

#include "exportsettings.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;
class QTextBrowser;
class QTimer;

namespace gputriage {

// File ▸ Export Report: format and options with a live preview of the report.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    ExportDialog(const AnalysisResult &result, QWidget *parent = nullptr);

    ExportSettings settings() const;
    QTextBrowser *preview() const { return m_preview; }
    // Asks for a file name, writes the report there (atomically) and closes the dialog.
    void exportToFile();
    // Where the file dialog starts: the folder of the last export, else the user's documents
    // folder; never the folder a bundle was opened from (reports do not go into the customer's
    // bundle).
    static QString suggestedPath(const QString &suffix);

Q_SIGNALS:
    // Emitted by exportToFile with the chosen name; the window writes the file.
    void exportRequested(const QString &fileName, const ExportSettings &settings);

private:
    void updatePreview();

    const AnalysisResult &m_result;
    QComboBox *m_format;
    QComboBox *m_severity;
    QSpinBox *m_evidence;
    QCheckBox *m_redact;
    QCheckBox *m_unmatched;
    QLineEdit *m_title;
    QTextBrowser *m_preview;
    QTimer *m_debounce;
};

} // namespace gputriage
