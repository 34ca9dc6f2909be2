#include "librarywindow.h"

#include "atomicfile.h"
#include "exportdialog.h"
#include "library/caselibrary.h"
#include "messagebanner.h"

#include <QDateEdit>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimeZone>
#include <QVBoxLayout>

namespace gputriage {

namespace {

QLineEdit *field(const char *name, const QString &placeholder)
{
    auto *edit = new QLineEdit;
    edit->setObjectName(QString::fromLatin1(name));
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

QDateEdit *dateField(const char *name, const QDate &date)
{
    auto *edit = new QDateEdit(date);
    edit->setObjectName(QString::fromLatin1(name));
    edit->setCalendarPopup(true);
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    return edit;
}

// A label whose mnemonic (Alt+letter) moves the focus to its field.
QLabel *buddyLabel(const QString &text, QWidget *field)
{
    auto *label = new QLabel(text);
    label->setBuddy(field);
    return label;
}

QTableView *table(const char *name, QStandardItemModel *model)
{
    auto *view = new QTableView;
    view->setObjectName(QString::fromLatin1(name));
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setSortingEnabled(true);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

} // namespace

LibraryWindow::LibraryWindow(const QString &url, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_url(url)
    , m_banner(new MessageBanner)
    , m_location(new QLabel)
    , m_rule(field("rule", tr("rule id, or a prefix*")))
    , m_xid(field("xid", tr("79")))
    , m_gpu(field("gpu", tr("serial number or GPU UUID")))
    , m_driver(field("driver", tr("570.158.08")))
    , m_case(field("case", tr("case or ticket id")))
    , m_customer(field("customer", tr("only this customer's bundles")))
    , m_text(field("text", tr("in the bundle's name or case id")))
    , m_from(dateField("from", QDate(2000, 1, 1)))
    , m_to(dateField("to", QDate::currentDate().addYears(1)))
    , m_searchButton(new QPushButton(tr("&Search")))
    , m_reportButton(new QPushButton(tr("Open &Report")))
    , m_deleteButton(new QPushButton(tr("&Delete Entry…")))
    , m_tabs(new QTabWidget)
    , m_results(new QStandardItemModel(this))
    , m_stats(new QStandardItemModel(this))
    , m_resultsView(table("results", m_results))
    , m_statsView(table("stats", m_stats))
{
    setObjectName(QStringLiteral("libraryWindow"));
    setWindowTitle(tr("Case Library"));
    m_searchButton->setObjectName(QStringLiteral("searchButton"));
    m_deleteButton->setObjectName(QStringLiteral("deleteButton"));
    m_reportButton->setObjectName(QStringLiteral("reportButton"));
    m_location->setObjectName(QStringLiteral("location"));
    m_location->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_searchButton->setDefault(true);

    auto *form = new QFormLayout;
    auto *row1 = new QHBoxLayout;
    row1->addWidget(m_rule);
    row1->addWidget(buddyLabel(tr("&Xid:"), m_xid));
    row1->addWidget(m_xid);
    form->addRow(buddyLabel(tr("&Rule:"), m_rule), row1);
    auto *row2 = new QHBoxLayout;
    row2->addWidget(m_gpu);
    row2->addWidget(buddyLabel(tr("Dri&ver:"), m_driver));
    row2->addWidget(m_driver);
    form->addRow(buddyLabel(tr("&GPU:"), m_gpu), row2);
    auto *row3 = new QHBoxLayout;
    row3->addWidget(m_case);
    row3->addWidget(buddyLabel(tr("C&ustomer:"), m_customer));
    row3->addWidget(m_customer);
    form->addRow(buddyLabel(tr("&Case:"), m_case), row3);
    auto *row4 = new QHBoxLayout;
    row4->addWidget(m_from);
    row4->addWidget(new QLabel(tr("to")));
    row4->addWidget(m_to);
    row4->addWidget(m_text, 1);
    row4->addWidget(m_searchButton);
    form->addRow(buddyLabel(tr("&Analysed:"), m_from), row4);

    m_results->setHorizontalHeaderLabels({tr("#"), tr("Case"), tr("Analysed"), tr("Bundle"),
                                          tr("Customer"), tr("Driver"), tr("CUDA"), tr("Findings"),
                                          tr("Most severe"), tr("Matched")});
    m_stats->setHorizontalHeaderLabels({tr("Rule"), tr("Driver version"), tr("Bundles")});
    m_tabs->addTab(m_resultsView, tr("&Entries"));
    m_tabs->addTab(m_statsView, tr("Rule × Driver &Table"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_location, 1);
    buttons->addWidget(m_reportButton);
    buttons->addWidget(m_deleteButton);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(form);
    layout->addWidget(m_tabs, 1);
    layout->addLayout(buttons);

    for (QLineEdit *edit : {m_rule, m_xid, m_gpu, m_driver, m_case, m_customer, m_text})
        connect(edit, &QLineEdit::returnPressed, this, &LibraryWindow::search);
    connect(m_searchButton, &QPushButton::clicked, this, &LibraryWindow::search);
    connect(m_deleteButton, &QPushButton::clicked, this, [this] { deleteSelected(); });
    connect(m_reportButton, &QPushButton::clicked, this, &LibraryWindow::openSelectedReport);
    connect(m_resultsView, &QTableView::doubleClicked, this, &LibraryWindow::openSelectedReport);
    connect(m_customer, &QLineEdit::editingFinished, this, &LibraryWindow::refreshStats);
    resize(960, 560);
    if (ensureOpen()) {
        search();
        refreshStats();
    }
}

LibraryWindow::~LibraryWindow() = default;

QString LibraryWindow::bannerText() const
{
    return m_banner->text();
}

bool LibraryWindow::ensureOpen()
{
    if (m_library)
        return true;
    const Result<LibraryLocation> location = parseLibraryUrl(m_url);
    if (!location) {
        m_banner->setText(location.error().message);
        return false;
    }
    m_location->setText(tr("Library: %1").arg(location.value().shown()));
    Result<std::unique_ptr<CaseLibrary>> opened
        = CaseLibrary::open(location.value(), CaseLibrary::Mode::Write);
    if (!opened) {
        m_banner->setText(opened.error().message);
        return false;
    }
    m_library = std::move(opened).value();
    m_banner->setText({});
    return true;
}

void LibraryWindow::search()
{
    if (!ensureOpen())
        return;
    LibraryQuery q;
    q.rule = m_rule->text().trimmed();
    q.xid = m_xid->text().trimmed();
    q.gpu = m_gpu->text().trimmed();
    q.driver = m_driver->text().trimmed();
    q.caseId = m_case->text().trimmed();
    q.text = m_text->text().trimmed();
    q.from = QDateTime(m_from->date(), QTime(0, 0), QTimeZone::UTC);
    q.to = QDateTime(m_to->date(), QTime(23, 59, 59), QTimeZone::UTC);
    q.limit = 1000;
    const Result<QList<PastCase>> found = m_library->search(q, {m_customer->text().trimmed()});
    if (!found) {
        m_banner->setText(found.error().message);
        return;
    }
    m_banner->setText({});
    m_resultsView->setSortingEnabled(false);
    m_results->removeRows(0, m_results->rowCount());
    for (const PastCase &c : found.value()) {
        auto *id = new QStandardItem;
        id->setData(c.id, Qt::DisplayRole);
        auto *findings = new QStandardItem;
        findings->setData(c.findings, Qt::DisplayRole);
        QList<QStandardItem *> row{
            id,
            new QStandardItem(c.caseId),
            new QStandardItem(c.analysedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm"))),
            new QStandardItem(c.name),
            new QStandardItem(c.customer),
            new QStandardItem(c.driverVersion),
            new QStandardItem(c.cudaVersion),
            findings,
            new QStandardItem(
                c.worst ? QStringLiteral("%1 (%2)").arg(c.worstRule, severityName(*c.worst))
                        : QString()),
            new QStandardItem(c.matched.join(QLatin1String(", ")))};
        m_results->appendRow(row);
    }
    m_resultsView->setSortingEnabled(true);
    m_resultsView->resizeColumnsToContents();
    m_tabs->setTabText(0, tr("&Entries (%1)").arg(found.value().size()));
}

void LibraryWindow::refreshStats()
{
    if (!ensureOpen())
        return;
    const Result<QList<StatRow>> rows = m_library->stats({m_customer->text().trimmed()});
    if (!rows) {
        m_banner->setText(rows.error().message);
        return;
    }
    m_statsView->setSortingEnabled(false);
    m_stats->removeRows(0, m_stats->rowCount());
    for (const StatRow &r : rows.value()) {
        auto *count = new QStandardItem;
        count->setData(r.bundles, Qt::DisplayRole);
        m_stats->appendRow({new QStandardItem(r.rule), new QStandardItem(r.driverVersion), count});
    }
    m_statsView->setSortingEnabled(true);
    m_statsView->resizeColumnsToContents();
}

void LibraryWindow::openSelectedReport()
{
    const QModelIndexList rows = m_resultsView->selectionModel()->selectedRows(0);
    if (rows.isEmpty() || !ensureOpen()) {
        m_banner->setText(tr("Select an entry to open its report."));
        return;
    }
    const qint64 id = rows.first().data().toLongLong();
    const Result<std::optional<LibraryEntry>> entry = m_library->entry(id);
    if (!entry) {
        m_banner->setText(entry.error().message);
        return;
    }
    const std::optional<LibraryEntry> &found = entry.value();
    if (!found) {
        m_banner->setText(tr("Entry #%1 is no longer in the case library.").arg(id));
        return;
    }
    m_banner->setText({});
    // The dialog shows a reference to the result: the result lives as long as its connection.
    const auto result = std::make_shared<const AnalysisResult>(analysisOf(*found));
    auto *dialog = new ExportDialog(*result, this);
    dialog->setWindowFlag(Qt::Window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString caseId
        = found->caseId.isEmpty() ? QString() : tr(" (case %1)").arg(found->caseId);
    dialog->setWindowTitle(tr("Report of Case Library Entry #%1%2").arg(id).arg(caseId));
    dialog->setReportTitle(tr("GPU Triage report: case library entry #%1%2").arg(id).arg(caseId));
    connect(dialog, &ExportDialog::exportRequested, dialog,
            [this, result](const QString &fileName, const ExportSettings &settings) {
                if (const QString error
                    = writeFileAtomically(fileName, renderReport(*result, settings));
                    !error.isEmpty())
                    m_banner->setText(
                        tr("Could not write the report to %1: %2").arg(fileName, error));
            });
    dialog->show();
    Q_EMIT reportOpened(dialog);
}

void LibraryWindow::deleteSelected(bool confirm)
{
    const QModelIndexList rows = m_resultsView->selectionModel()->selectedRows(0);
    if (rows.isEmpty() || !ensureOpen()) {
        m_banner->setText(tr("Select an entry to delete."));
        return;
    }
    const qint64 id = rows.first().data().toLongLong();
    const QString caseId = m_results->index(rows.first().row(), 1).data().toString();
    if (confirm
        && QMessageBox::question(this, tr("Delete Entry"),
                                 tr("Delete entry #%1 (case %2) from the case library? What it "
                                    "found will no longer count as seen before.")
                                     .arg(id)
                                     .arg(caseId.isEmpty() ? tr("none") : caseId))
               != QMessageBox::Yes)
        return;
    const Result<bool> removed = m_library->remove(id);
    if (!removed) {
        m_banner->setText(removed.error().message);
        return;
    }
    search();
    refreshStats();
}

} // namespace gputriage
