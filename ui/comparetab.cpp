#include "comparetab.h"
#include "analysiscontroller.h"
#include "counted.h"
#include "settings.h"

#include "atomicfile.h"
#include "logview.h"
#include "report/textreport.h"
#include "text/logdocument.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTextBrowser>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

namespace gputriage {

namespace {
constexpr auto kLeftScheme = "gputriage-before";
constexpr auto kRightScheme = "gputriage-after";
} // namespace

CompareBundleDialog::CompareBundleDialog(const QList<QStringList> &recent, QWidget *parent)
    : QDialog(parent)
    , m_path(new QComboBox(this))
{
    setObjectName(QStringLiteral("compareBundleDialog"));
    setWindowTitle(tr("Compare with Another Bundle — GPU Triage"));
    m_path->setObjectName(QStringLiteral("comparePath"));
    m_path->setEditable(true);
    m_path->setInsertPolicy(QComboBox::NoInsert);
    m_path->setMinimumContentsLength(50);
    for (const QStringList &paths : recent)
        m_path->addItem(paths.join(QLatin1String(", ")), paths);
    m_path->setCurrentIndex(-1);
    m_path->lineEdit()->setPlaceholderText(tr("A folder, archive or log file"));
    auto *folder = new QPushButton(tr("&Folder…"), this);
    auto *file = new QPushButton(tr("F&ile…"), this);
    const QString start = Settings::lastFolder();
    connect(folder, &QPushButton::clicked, this, [this, start] {
        if (const QString dir
            = QFileDialog::getExistingDirectory(this, tr("Compare with a folder"), start);
            !dir.isEmpty())
            m_path->setEditText(dir);
    });
    connect(file, &QPushButton::clicked, this, [this, start] {
        if (const QString path
            = QFileDialog::getOpenFileName(this, tr("Compare with a bundle file"), start);
            !path.isEmpty())
            m_path->setEditText(path);
    });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Compare"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto updateOk = [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!paths().isEmpty());
    };
    connect(m_path, &QComboBox::editTextChanged, this, updateOk);
    updateOk();
    auto *row = new QHBoxLayout;
    row->addWidget(m_path, 1);
    row->addWidget(folder);
    row->addWidget(file);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Compare the open bundle with (a bundle from before a fix, "
                                    "or another node):"),
                                 this));
    layout->addLayout(row);
    layout->addWidget(buttons);
}

QStringList CompareBundleDialog::paths() const
{
    const QString text = m_path->currentText().trimmed();
    if (text.isEmpty())
        return {};
    if (m_path->currentIndex() >= 0 && m_path->itemText(m_path->currentIndex()) == text)
        return m_path->currentData().toStringList(); // a recent bundle of several paths
    return {text};
}

CompareTab::CompareTab(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_model(new CompareModel(this))
    , m_view(new QTreeView(this))
    , m_facts(new QStandardItemModel(this))
    , m_factsView(new QTreeView(this))
    , m_evidence(new QTextBrowser(this))
    , m_otherView(new LogView(this))
    , m_otherTitle(new QLabel(this))
    , m_comparison(std::make_shared<const BundleComparison>())
{
    setObjectName(QStringLiteral("compareTab"));
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_view->setObjectName(QStringLiteral("compareView"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(CompareModel::FindingColumn, QHeaderView::Stretch);
    m_facts->setHorizontalHeaderLabels({tr("Fact"), tr("Before"), tr("After")});
    m_factsView->setObjectName(QStringLiteral("compareFacts"));
    m_factsView->setModel(m_facts);
    m_factsView->setRootIsDecorated(false);
    m_factsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_evidence->setObjectName(QStringLiteral("compareEvidence"));
    m_evidence->setOpenLinks(false);
    m_evidence->setPlaceholderText(tr("Select a finding to see its evidence in both bundles."));
    m_otherView->setObjectName(QStringLiteral("compareOtherLog"));

    auto *save = new QPushButton(tr("Save as HTML…"), this);
    save->setObjectName(QStringLiteral("compareSave"));
    connect(save, &QPushButton::clicked, this, &CompareTab::saveHtml);
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(save);

    auto *lists = new QSplitter(Qt::Horizontal, this);
    lists->addWidget(m_view);
    lists->addWidget(m_factsView);
    lists->setStretchFactor(0, 3);
    lists->setStretchFactor(1, 1);
    m_otherTitle->setObjectName(QStringLiteral("compareOtherTitle"));
    m_otherTitle->setText(
        tr("Lines of the other bundle open here (click an \u201cAfter\u201d line)."));
    auto *other = new QWidget(this);
    auto *otherLayout = new QVBoxLayout(other);
    otherLayout->setContentsMargins(0, 0, 0, 0);
    otherLayout->addWidget(m_otherTitle);
    otherLayout->addWidget(m_otherView, 1);
    auto *below = new QSplitter(Qt::Horizontal, this);
    below->addWidget(m_evidence);
    below->addWidget(other);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(lists);
    splitter->addWidget(below);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { showChange(current.row()); });
    connect(m_evidence, &QTextBrowser::anchorClicked, this, &CompareTab::linkActivated);
}

CompareTab::~CompareTab() = default;

void CompareTab::showAnalysing(const QString &leftName, const QStringList &other)
{
    m_summary->setText(tr("Analysing %1 to compare with %2…")
                           .arg(AnalysisController::bundleName(other), leftName));
}

void CompareTab::setComparison(std::shared_ptr<const BundleComparison> comparison)
{
    m_comparison = std::move(comparison);
    m_model->setDiff(m_comparison->diff);
    const BundleDiff &d = m_model->diff();
    m_summary->setText(
        tr("<b>%1</b> → <b>%2</b>: %3 new, %4 gone, %5 changed, %6 unchanged; %7 changed.")
            .arg(htmlText(d.left), htmlText(d.right))
            .arg(d.count(BundleDiff::Change::New))
            .arg(d.count(BundleDiff::Change::Gone))
            .arg(d.count(BundleDiff::Change::Changed))
            .arg(d.count(BundleDiff::Change::Same))
            .arg(counted(d.facts.size(), tr("fact"), tr("facts"))));
    m_facts->removeRows(0, m_facts->rowCount());
    for (const BundleDiff::FactChange &f : d.facts) {
        QList<QStandardItem *> row{new QStandardItem(f.name),
                                   new QStandardItem(f.before.join(QLatin1String(", "))),
                                   new QStandardItem(f.after.join(QLatin1String(", ")))};
        m_facts->appendRow(row);
    }
    if (m_model->rowCount() > 0)
        m_view->setCurrentIndex(m_model->index(0, CompareModel::FindingColumn));
    Q_EMIT finished();
}

QString CompareTab::html() const
{
    return QString::fromUtf8(writeDiff(m_model->diff(), ReportFormat::Html));
}

void CompareTab::showChange(int row)
{
    if (row < 0 || row >= m_model->rowCount()) {
        m_evidence->clear();
        return;
    }
    const BundleDiff::FindingChange &c = m_model->diff().findings[row];
    QString html = QStringLiteral("<h3>%1</h3><p>%2 · %3 → %4</p>")
                       .arg(htmlText(c.title), htmlText(changeText(c.change)))
                       .arg(QLocale().toString(c.before))
                       .arg(counted(c.after, tr("occurrence"), tr("occurrences")));
    auto side = [&](const QString &heading, const AnalysisResult &result, int finding,
                    const char *scheme) {
        html += QStringLiteral("<p><b>%1</b></p>").arg(htmlText(heading));
        if (finding < 0 || finding >= result.findings.size()) {
            html += tr("<p>Not seen.</p>");
            return;
        }
        html += QLatin1String("<ul>");
        const Finding &f = result.findings[finding];
        for (qsizetype i = 0; i < std::min<qsizetype>(f.occurrences.size(), 20); ++i) {
            const Occurrence &o = f.occurrences[i];
            const QString text = shortLine(o.text, 160);
            html += QStringLiteral("<li><a href='%1:%2:%3'>%4:%5</a> <code>%6</code></li>")
                        .arg(QLatin1String(scheme))
                        .arg(finding)
                        .arg(i)
                        .arg(htmlText(o.path))
                        .arg(o.line)
                        .arg(htmlText(text));
        }
        html += QLatin1String("</ul>");
    };
    side(tr("Before: %1 (opens in the main view)").arg(m_model->diff().left), m_comparison->left,
         c.left, kLeftScheme);
    side(tr("After: %1 (opens beside)").arg(m_model->diff().right), m_comparison->right, c.right,
         kRightScheme);
    m_evidence->setHtml(html);
}

void CompareTab::linkActivated(const QUrl &url)
{
    const QStringList parts = url.path().split(QLatin1Char(':'));
    if (parts.size() != 2)
        return;
    const bool left = url.scheme() == QLatin1String(kLeftScheme);
    const AnalysisResult &result = left ? m_comparison->left : m_comparison->right;
    const int finding = parts[0].toInt(), occurrence = parts[1].toInt();
    if (finding < 0 || finding >= result.findings.size()
        || occurrence >= result.findings[finding].occurrences.size())
        return;
    const Occurrence &o = result.findings[finding].occurrences[occurrence];
    if (left) {
        Q_EMIT leftLineActivated(o.path, LineNumber::fromDisplayed(o.line));
        return;
    }
    const AnalysisResult &right = m_comparison->right;
    const auto &docs = right.documents;
    for (size_t i = 0; i < docs.size(); ++i) {
        if (docs[i]->path() != o.path)
            continue;
        m_otherTitle->setText(tr("%1, line %2 (the other bundle)").arg(o.path).arg(o.line));
        if (m_otherView->document() != docs[i]) {
            m_otherView->setDocument(docs[i]);
            m_otherView->setMatches(i < right.matches.size() ? right.matches[i]
                                                             : std::vector<LineMatch>());
        }
        m_otherView->setCurrentLine(docs[i]->lineOfNumber(o.line));
        return;
    }
}

void CompareTab::saveHtml()
{
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Save comparison"), QStringLiteral("changes.html"), tr("HTML (*.html)"));
    if (file.isEmpty())
        return;
    if (const QString error = writeFileAtomically(file, html().toUtf8()); !error.isEmpty())
        m_summary->setText(m_summary->text() + QLatin1String("<br>")
                           + tr("Could not write %1: %2").arg(htmlText(file), htmlText(error)));
}

} // namespace gputriage
