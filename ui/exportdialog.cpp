#include "exportdialog.h"
#include "settings.h"

#include "pdfexport.h"
#include "report/redactor.h"
#include "report/reportwriter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <cstring>

namespace gputriage {

namespace {

// Previews show at most this many evidence lines per finding, whatever the export writes.
constexpr int kPreviewEvidence = 20;

} // namespace

ExportDialog::ExportDialog(const AnalysisResult &result, QWidget *parent)
    : QDialog(parent)
    , m_result(result)
    , m_format(new QComboBox(this))
    , m_severity(new QComboBox(this))
    , m_evidence(new QSpinBox(this))
    , m_redact(new QCheckBox(tr("Mask IP and MAC addresses, host names, e-mail addresses and "
                                "tokens in evidence lines"),
                             this))
    , m_unmatched(new QCheckBox(tr("Add the other notable messages (error lines no rule "
                                   "matched, as message shapes)"),
                                this))
    , m_title(new QLineEdit(this))
    , m_preview(new QTextBrowser(this))
    , m_debounce(new QTimer(this))
{
    setWindowTitle(tr("Export Report"));
    setObjectName(QStringLiteral("exportDialog"));
    for (const ReportFormatInfo &f : reportFormats())
        m_format->addItem(tr(f.label), QString::fromLatin1(f.id));
    m_severity->addItem(tr("All findings"), QString());
    for (Severity s : {Severity::Warning, Severity::Error, Severity::Critical})
        m_severity->addItem(tr("%1 and above").arg(severityName(s)), severityName(s));
    m_evidence->setRange(1, 1000);
    m_evidence->setSuffix(tr(" lines per finding"));
    m_format->setObjectName(QStringLiteral("exportFormat"));
    m_severity->setObjectName(QStringLiteral("exportMinSeverity"));
    m_evidence->setObjectName(QStringLiteral("exportMaxEvidence"));
    m_redact->setObjectName(QStringLiteral("exportRedact"));
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setOpenLinks(false); // a preview, not a browser

    const ExportSettings saved = Settings::exportSettings();
    m_format->setCurrentIndex(std::max(0, m_format->findData(reportFormatId(saved.format))));
    m_severity->setCurrentIndex(std::max(
        0, m_severity->findData(saved.minSeverity ? severityName(*saved.minSeverity) : QString())));
    m_evidence->setValue(saved.maxEvidence);
    m_redact->setChecked(saved.redact);
    m_unmatched->setChecked(saved.unmatched);
    m_unmatched->setObjectName(QStringLiteral("exportUnmatched"));
    m_title->setText(saved.title);

    auto *form = new QFormLayout;
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Findings:"), m_severity);
    form->addRow(tr("&Evidence:"), m_evidence);
    form->addRow(tr("&Title:"), m_title);
    form->addRow(QString(), m_redact);
    form->addRow(QString(), m_unmatched);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *save = buttons->addButton(tr("&Export…"), QDialogButtonBox::AcceptRole);
    save->setObjectName(QStringLiteral("exportSave"));
    save->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(save, &QPushButton::clicked, this, &ExportDialog::exportToFile);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_preview, 1);
    layout->addWidget(buttons);
    resize(900, 700);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &ExportDialog::updatePreview);
    auto later = [this] {
        m_debounce->start();
    };
    connect(m_format, &QComboBox::currentIndexChanged, this, later);
    connect(m_severity, &QComboBox::currentIndexChanged, this, later);
    connect(m_evidence, &QSpinBox::valueChanged, this, later);
    connect(m_redact, &QCheckBox::toggled, this, later);
    connect(m_unmatched, &QCheckBox::toggled, this, later);
    connect(m_title, &QLineEdit::textChanged, this, later);
    updatePreview();
}

ExportSettings ExportDialog::settings() const
{
    ExportSettings s;
    s.format = reportFormatOfId(m_format->currentData().toString()).value_or(ReportFormat::Html);
    s.minSeverity = severityFromName(m_severity->currentData().toString());
    s.maxEvidence = m_evidence->value();
    s.redact = m_redact->isChecked();
    s.unmatched = m_unmatched->isChecked();
    s.title = m_title->text();
    return s;
}

void ExportDialog::updatePreview()
{
    // The preview shows what the file will say; PDF is previewed as the HTML it is made from.
    ExportSettings s = settings();
    s.maxEvidence = std::min(s.maxEvidence, kPreviewEvidence);
    const bool rich = s.format == ReportFormat::Html || s.format == ReportFormat::Pdf;
    if (s.format == ReportFormat::Pdf)
        s.format = ReportFormat::Html;
    const QString text = QString::fromUtf8(renderReport(m_result, s));
    const int scroll = m_preview->verticalScrollBar()->value();
    if (rich) {
        m_preview->document()->setDefaultStyleSheet(printStyleSheet());
        m_preview->setHtml(printableHtml(text, m_preview->document()));
    } else {
        m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        m_preview->setPlainText(text);
    }
    m_preview->verticalScrollBar()->setValue(scroll);
}

void ExportDialog::setReportTitle(const QString &title)
{
    m_title->setText(title);
}

QString ExportDialog::bundleName(const AnalysisResult &result)
{
    if (result.inputs.isEmpty())
        return {};
    // The archive itself, or the top folder of a folder's files.
    QString name = result.inputs.front().path.section(QLatin1Char('!'), 0, 0);
    name = QDir::cleanPath(name).section(QLatin1Char('/'), 0, 0, QString::SectionSkipEmpty);
    for (bool stripped = true; stripped;) {
        stripped = false;
        for (const char *suffix :
             {".tgz", ".tar", ".zip", ".gz", ".xz", ".zst", ".bz2", ".log", ".txt", ".json"})
            if (name.endsWith(QLatin1String(suffix), Qt::CaseInsensitive)
                && name.size() > qsizetype(strlen(suffix))) {
                name.chop(qsizetype(strlen(suffix)));
                stripped = true;
            }
    }
    for (QChar &c : name)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_')
            && c != QLatin1Char('.'))
            c = QLatin1Char('-');
    return name;
}

QString ExportDialog::suggestedPath(const QString &suffix, const QString &bundleName)
{
    QString dir = Settings::exportFolder();
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QDir(dir).filePath((bundleName.isEmpty() ? QString() : bundleName + QLatin1Char('-'))
                              + QStringLiteral("gputriage-report.") + suffix);
}

void ExportDialog::exportToFile()
{
    const ExportSettings s = settings();
    const QString fileName = QFileDialog::getSaveFileName(
        this, tr("Export report"), suggestedPath(s.suffix(), bundleName(m_result)),
        tr("%1 (*.%2)").arg(m_format->currentText(), s.suffix()));
    if (fileName.isEmpty())
        return;
    Settings::setExportFolder(QFileInfo(fileName).absolutePath());
    Settings::setExportSettings(s);
    Q_EMIT exportRequested(fileName, s);
    accept();
}

} // namespace gputriage
