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
    // The report's title, instead of the one last used.
    void setReportTitle(const QString &title);
    QTextBrowser *preview() const { return m_preview; }
    // Asks for a file name, writes the report there (atomically) and closes the dialog.
    void exportToFile();
    // Where the file dialog starts: the folder of the last export, else the user's documents
    // folder; never the folder a bundle was opened from (reports do not go into the customer's
    // bundle).
    // Named after the bundle: "must-gather-2026-11-30-gputriage-report.html".
    static QString suggestedPath(const QString &suffix, const QString &bundleName = {});
    // The bundle's name as the reader knows it: the archive, folder or file opened, without
    // the suffixes of its format ("must-gather-2026-11-30" for must-gather-2026-11-30.tar.gz).
    static QString bundleName(const AnalysisResult &result);

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
