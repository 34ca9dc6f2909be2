#include "rulesdock.h"
#include "counted.h"
#include "settings.h"

#include "atomicfile.h"
#include "messagebanner.h"
#include "palette.h"
#include "panelmodels.h"
#include "rulelistmodel.h"
#include "rules/ruledraft.h"
#include "rules/ruleloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileSystemWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTextBlock>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace gputriage {

namespace {
constexpr int kIdRole = RuleListModel::IdRole;
constexpr int kFilterRole = RuleListModel::FilterRole;
constexpr int kLineRole = Qt::UserRole + 4;
constexpr qint64 kTooBroad = 100000;

// "~/.config/gputriage/rules/x.yaml" rather than the home folder spelled out.
QString shortPath(QString text)
{
    const QString home = QDir::homePath();
    if (home.size() > 1)
        text.replace(home + QLatin1Char('/'), QStringLiteral("~/"));
    return text;
}

QString slug(const QString &id)
{
    QString out = id;
    out.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("-"));
    return out;
}
} // namespace

RulesDock::RulesDock(QWidget *parent)
    : QDockWidget(tr("Rules"), parent)
    , m_search(new QLineEdit(this))
    , m_model(new RuleListModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_list(new QTreeView(this))
    , m_fileLabel(new QLabel(this))
    , m_banner(new MessageBanner(this))
    , m_editor(new YamlEditor(this))
    , m_problems(new QListWidget(this))
    , m_hitsModel(new TextTreeModel({tr("Result"), tr("Facts")}, this))
    , m_hits(new QTreeView(this))
    , m_test(new QPushButton(tr("Test on Open Bundle"), this))
    , m_save(new QPushButton(tr("Save"), this))
    , m_revert(new QPushButton(tr("Revert to Shipped"), this))
    , m_validateTimer(new QTimer(this))
    , m_watcher(new QFileSystemWatcher(this))
    , m_reloadTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("rulesDock"));
    setUpRuleList();
    setUpEditor();
    setUpReload();
    layOut();
    m_fileLabel->setText(tr("Choose a rule to edit, or select a log line and use Rules ▸ New "
                            "Rule from Selected Line."));
    m_editor->setEnabled(false);
    updateButtons();
}

// The searchable rule list, whose check boxes switch rules off and on.
void RulesDock::setUpRuleList()
{
    m_search->setObjectName(QStringLiteral("ruleSearch"));
    m_search->setPlaceholderText(tr("Search rules…"));
    m_search->setClearButtonEnabled(true);
    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterRole(kFilterRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_list->setObjectName(QStringLiteral("ruleList"));
    m_list->setModel(m_proxy);
    m_list->setUniformRowHeights(true);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_list->setIndentation(12);
    m_list->header()->setStretchLastSection(false);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text);
        m_list->expandAll();
    });
    connect(m_list, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const QString id = index.siblingAtColumn(0).data(kIdRole).toString();
        if (!id.isEmpty())
            editRule(id);
    });
    connect(m_model, &QStandardItemModel::itemChanged, this, [this](QStandardItem *item) {
        const QString id = item->data(kIdRole).toString();
        if (m_filling || id.isEmpty() || !item->isCheckable())
            return;
        QStringList disabled = Settings::disabledRules();
        const bool off = item->checkState() == Qt::Unchecked;
        if (off == disabled.contains(id))
            return;
        if (off)
            disabled << id;
        else
            disabled.removeAll(id);
        Settings::setDisabledRules(disabled);
        // Later: reloading refills the list, which deletes this item.
        QTimer::singleShot(0, this, [this, off, id] {
            Q_EMIT rulesChanged(off ? tr("Rule %1 switched off").arg(id)
                                    : tr("Rule %1 switched on").arg(id));
        });
    });
}

// The editor, its problems, its test results and buttons, validated as it is typed in.
void RulesDock::setUpEditor()
{
    m_fileLabel->setObjectName(QStringLiteral("ruleFile"));
    m_fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setObjectName(QStringLiteral("ruleProblems"));
    m_hits->setObjectName(QStringLiteral("ruleHits"));
    m_hits->setModel(m_hitsModel);
    m_hits->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_test->setObjectName(QStringLiteral("testRule"));
    m_save->setObjectName(QStringLiteral("saveRule"));
    m_revert->setObjectName(QStringLiteral("revertRule"));
    m_test->setToolTip(tr("Run the rules of this file on the open bundle and their examples"));
    m_revert->setToolTip(tr("Delete your override and use the shipped rule again"));
    connect(m_test, &QPushButton::clicked, this, &RulesDock::testOnBundle);
    connect(m_save, &QPushButton::clicked, this, &RulesDock::save);
    connect(m_revert, &QPushButton::clicked, this, &RulesDock::revertToShipped);
    connect(m_problems, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        const QTextBlock block
            = m_editor->document()->findBlockByNumber(item->data(kLineRole).toInt() - 1);
        if (block.isValid()) {
            m_editor->setTextCursor(QTextCursor(block));
            m_editor->setFocus();
        }
    });
    connect(m_hits, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const QString path = index.data(PathRole).toString();
        if (!path.isEmpty())
            Q_EMIT lineActivated(path, LineNumber::fromDisplayed(index.data(LineRole).toInt()));
    });

    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(300);
    connect(m_validateTimer, &QTimer::timeout, this, &RulesDock::validate);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        validateSoon();
        updateButtons();
    });
}

// Rule files changed on disk are reloaded, once they are quiet for a moment.
void RulesDock::setUpReload()
{
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(400);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_reloadTimer,
            qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_reloadTimer,
            qOverload<>(&QTimer::start));
    connect(m_reloadTimer, &QTimer::timeout, this, [this] {
        QFile file(m_path);
        const QByteArray onDisk
            = !m_path.isEmpty() && file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        if (!m_path.isEmpty() && onDisk == m_savedText && m_saving) {
            m_saving = false; // our own save, already reloaded
            return;
        }
        m_saving = false;
        if (!m_path.isEmpty() && file.exists() && onDisk != m_savedText) {
            if (!isModified()) {
                m_savedText = onDisk;
                m_editor->setPlainText(QString::fromUtf8(onDisk));
            }
        }
        Q_EMIT rulesChanged(isModified() && onDisk != m_savedText && file.exists()
                                ? tr("Rule files changed on disk were reloaded; %1 has unsaved "
                                     "changes of yours, which are kept in the editor")
                                      .arg(QFileInfo(m_path).fileName())
                                : tr("Rule files changed on disk were reloaded"));
    });
}

void RulesDock::layOut()
{
    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_search);
    topLayout->addWidget(m_list);
    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_fileLabel);
    bottomLayout->addWidget(m_banner);
    auto *editorSplit = new QSplitter(Qt::Vertical, bottom);
    editorSplit->addWidget(m_editor);
    auto *results = new QTabWidget(bottom);
    results->setObjectName(QStringLiteral("ruleResults"));
    results->addTab(m_problems, tr("Problems"));
    results->addTab(m_hits, tr("Test results"));
    connect(this, &RulesDock::testFinished, results,
            [results, this] { results->setCurrentWidget(m_hits); });
    editorSplit->addWidget(results);
    editorSplit->setStretchFactor(0, 3);
    editorSplit->setStretchFactor(1, 1);
    bottomLayout->addWidget(editorSplit, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_test);
    buttons->addStretch();
    buttons->addWidget(m_revert);
    buttons->addWidget(m_save);
    bottomLayout->addLayout(buttons);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    split->setSizes({460, 900});
    setWidget(split);
}

RulesDock::~RulesDock() = default;

void RulesDock::setRules(const RuleSet &rules, const QStringList &extraFolders)
{
    m_rules = rules;
    m_extraFolders = extraFolders;
    fillList();
    watchFiles();
    if (!m_path.isEmpty())
        validateSoon();
}

void RulesDock::fillList()
{
    m_filling = true; // itemChanged while filling is not the user switching rules
    auto done = qScopeGuard([this] { m_filling = false; });
    m_model->setRules(m_rules, Settings::disabledRules());
    m_list->expandAll();
}

void RulesDock::watchFiles()
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    if (!m_watcher->directories().isEmpty())
        m_watcher->removePaths(m_watcher->directories());
    QStringList paths;
    const QString userDir = RuleLoader::userRulesDir();
    if (QFileInfo(userDir).isDir())
        paths << userDir;
    for (const QString &p : std::as_const(m_extraFolders))
        if (QFileInfo::exists(p))
            paths << p;
    for (const RulePackInfo &pack : std::as_const(m_rules.packs))
        if (pack.user && QFileInfo::exists(pack.file))
            paths << pack.file;
    if (!paths.isEmpty())
        m_watcher->addPaths(paths);
}

QString RulesDock::userOverridePath(const QString &id) const
{
    return QDir(RuleLoader::userRulesDir())
        .filePath(QStringLiteral("override-%1.yaml").arg(slug(id)));
}

void RulesDock::editRule(const QString &id)
{
    const Rule *rule = m_rules.find(id);
    if (!rule || !maybeSave())
        return;
    QFile file(rule->file);
    if (!file.open(QIODevice::ReadOnly)) {
        m_banner->setText(tr("Cannot read %1: %2").arg(rule->file, file.errorString()));
        return;
    }
    const QByteArray text = file.readAll();
    if (rule->user) {
        m_overrideOf.clear();
        openFile(rule->file, text, tr("%1 (your rules)").arg(rule->file));
        m_savedText = text;
        m_editor->setPlainText(QString::fromUtf8(text));
        if (const QTextBlock b = m_editor->document()->findBlockByNumber(rule->line - 1);
            b.isValid())
            m_editor->setTextCursor(QTextCursor(b));
        updateButtons();
        return;
    }
    // A shipped rule: its text, cut from the pack file, in a new user file that overrides it.
    const QList<QByteArray> lines = text.split('\n');
    int end = int(lines.size());
    for (const Rule &other : m_rules.rules)
        if (other.file == rule->file && other.line > rule->line)
            end = std::min(end, other.line - 1);
    int start = rule->line - 1;
    while (start > 0 && !lines[start].trimmed().startsWith("- "))
        --start;
    while (end > start + 1
           && (lines[end - 1].trimmed().isEmpty() || lines[end - 1].trimmed().startsWith('#')))
        --end;
    QByteArray yaml = QStringLiteral("# Your override of the shipped rule %1 (from %2).\n"
                                     "# \"Revert to Shipped\" (or deleting this file) goes back.\n"
                                     "schema: gputriage/rules/v1\npack: user-overrides\nrules:\n")
                          .arg(id, QFileInfo(rule->file).fileName())
                          .toUtf8();
    QByteArray cut;
    for (int i = start; i < end; ++i)
        cut += lines[i] + '\n';
    // The cut text keeps its comments, but aliases of anchors elsewhere in the pack would not
    // load: then the rule is written out whole.
    static const QRegularExpression alias(QStringLiteral("(?:^|[\\s\\[,{:])\\*[A-Za-z0-9_-]+"));
    if (alias.match(QString::fromUtf8(cut)).hasMatch())
        if (const QByteArray whole = standaloneRuleYaml(text, id); !whole.isEmpty())
            cut = whole;
    yaml += cut;
    m_overrideOf = id;
    openFile(userOverridePath(id), QByteArray(),
             tr("Override of the shipped rule %1 (not saved)").arg(id));
    m_editor->setPlainText(QString::fromUtf8(yaml));
    // Reading a shipped rule is not editing it: nothing to save until the text changes.
    m_savedText = yaml;
    updateButtons();
}

void RulesDock::newRuleFromLine(const QString &line)
{
    if (!maybeSave())
        return;
    const QByteArray raw = line.toUtf8();
    const RuleDraft draft
        = draftRuleFromLine(std::string_view(raw.constData(), size_t(raw.size())));
    QString path
        = QDir(RuleLoader::userRulesDir()).filePath(slug(draft.id) + QLatin1String(".yaml"));
    for (int i = 2; QFileInfo::exists(path); ++i)
        path = QDir(RuleLoader::userRulesDir())
                   .filePath(QStringLiteral("%1-%2.yaml").arg(slug(draft.id)).arg(i));
    m_overrideOf.clear();
    openFile(path, QByteArray(), tr("New rule (not saved): %1").arg(path));
    m_editor->setPlainText(QString::fromUtf8(draft.yaml()));
    // Put the cursor on the title, the first thing to change.
    if (const QTextBlock b = m_editor->document()->findBlockByNumber(4); b.isValid())
        m_editor->setTextCursor(QTextCursor(b));
    updateButtons();
}

void RulesDock::openFile(const QString &path, const QByteArray &text, const QString &title)
{
    m_path = path;
    m_savedText = text;
    m_fileLabel->setText(shortPath(title));
    m_fileLabel->setToolTip(path);
    m_editor->setEnabled(true);
    m_hitsModel->setRows({});
    show();
    raise();
}

bool RulesDock::isModified() const
{
    return !m_path.isEmpty() && m_editor->toPlainText().toUtf8() != m_savedText;
}

void RulesDock::updateButtons()
{
    m_save->setEnabled(isModified());
    m_test->setEnabled(!m_path.isEmpty());
    bool overrides = !m_overrideOf.isEmpty() && QFileInfo::exists(m_path);
    for (const Rule &r : m_rules.rules)
        overrides = overrides || (r.file == m_path && m_rules.overridden.contains(r.id));
    m_revert->setEnabled(overrides);
}

bool RulesDock::maybeSave()
{
    if (!isModified())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved rule"),
        tr("%1 has changes that are not saved. Save them?").arg(QFileInfo(m_path).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return save();
    m_savedText = m_editor->toPlainText().toUtf8(); // discarded: nothing to ask again
    return true;
}

bool RulesDock::save()
{
    if (m_path.isEmpty())
        return false;
    const QByteArray text = m_editor->toPlainText().toUtf8();
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    if (const QString error = writeFileAtomically(m_path, text); !error.isEmpty()) {
        m_banner->setText(
            tr("Could not save %1: %2 (the file on disk is unchanged)").arg(m_path, error));
        return false;
    }
    m_savedText = text;
    m_banner->setText({});
    m_saving = true;
    m_fileLabel->setText(tr("%1 (your rules)").arg(shortPath(m_path)));
    updateButtons();
    Q_EMIT rulesChanged(tr("Saved %1; the rules were reloaded").arg(m_path));
    return true;
}

void RulesDock::revertToShipped()
{
    QStringList ids;
    for (const Rule &r : m_rules.rules)
        if (r.file == m_path && m_rules.overridden.contains(r.id))
            ids << r.id;
    if (ids.isEmpty() && !m_overrideOf.isEmpty())
        ids << m_overrideOf;
    if (QFileInfo::exists(m_path) && !QFile::remove(m_path)) {
        m_banner->setText(tr("Could not delete %1").arg(m_path));
        return;
    }
    m_path.clear();
    m_overrideOf.clear();
    m_savedText.clear();
    m_editor->clear();
    m_editor->setDiagnostics({});
    m_editor->setEnabled(false);
    m_problems->clear();
    m_fileLabel->setText(tr("Reverted %1 to the shipped rule.").arg(ids.join(QLatin1String(", "))));
    updateButtons();
    Q_EMIT rulesChanged(tr("Reverted %1 to the shipped rule").arg(ids.join(QLatin1String(", "))));
}

void RulesDock::validateSoon()
{
    if (!m_path.isEmpty())
        m_validateTimer->start();
}

void RulesDock::validate()
{
    const QString path = m_path;
    const QByteArray text = m_editor->toPlainText().toUtf8();
    const QStringList folders = m_extraFolders;
    m_validation.start(
        [path, text, folders](JobState &) {
            const RuleSet set = loadRules(folders, true, RuleFileText{path, text});
            QList<Diagnostic> mine;
            for (const Diagnostic &d : set.diagnostics)
                if (QFileInfo(d.where.file).absoluteFilePath()
                    == QFileInfo(path).absoluteFilePath())
                    mine.append(d);
            return mine;
        },
        [this](const QList<Diagnostic> &mine) {
            m_editor->setDiagnostics(mine);
            m_problems->clear();
            for (const Diagnostic &d : mine) {
                auto *item = new QListWidgetItem(
                    QStringLiteral("%1:%2: %3: %4")
                        .arg(d.where.line)
                        .arg(d.where.column)
                        .arg(d.isError() ? tr("error") : tr("warning"), d.where.message),
                    m_problems);
                item->setData(kLineRole, d.where.line);
                item->setForeground(
                    severityColor(d.isError() ? Severity::Error : Severity::Warning));
            }
            if (mine.isEmpty())
                m_problems->addItem(tr("No problems"));
            Q_EMIT validated();
        });
}

void RulesDock::testOnBundle()
{
    if (m_path.isEmpty())
        return;
    m_hitsModel->setRows({TextRow{.text = tr("Testing…")}});
    m_test->setEnabled(false);
    Q_EMIT testRequested(m_path, m_editor->toPlainText().toUtf8());
}

void RulesDock::showTest(const RuleTest &test)
{
    const auto &[mine, examples, result, lines, hasDocs] = test;
    QList<TextRow> rows;
    if (mine.empty())
        rows.append({.text = tr("This file has no rule that loads (see Problems)")});
    int found = 0;
    for (const Finding &f : result.findings) {
        if (!mine.count(f.ruleId))
            continue;
        ++found;
        TextRow top{.text = tr("%1 — %2").arg(f.title, counted(f.count, tr("line"), tr("lines"))),
                    .key = f.ruleId,
                    .severity = f.severity};
        if (f.count > kTooBroad || (lines > 0 && f.count * 5 > lines))
            top.note = tr("Too broad? It matches %1 % of the lines")
                           .arg(f.count * 100 / std::max<qint64>(1, lines));
        for (const Occurrence &o : f.occurrences) {
            QStringList facts;
            for (const auto &[name, value] : o.facts)
                facts << name + QLatin1Char('=') + value;
            top.children.append(
                {.text = QStringLiteral("%1:%2  %3").arg(o.path).arg(o.line).arg(o.text),
                 .note = facts.join(QLatin1String("  ")),
                 .toolTip = o.text,
                 .path = o.path,
                 .line = o.line});
        }
        rows.append(std::move(top));
    }
    if (!mine.empty() && (!hasDocs || !found))
        rows.append({.text = hasDocs ? tr("No hits in the open bundle")
                                     : tr("Open a bundle to test on it")});
    int passed = 0;
    for (const ExampleResult &e : examples)
        passed += e.passed;
    TextRow ex{.text
               = tr("Examples: %1 passed, %2 failed").arg(passed).arg(examples.size() - passed),
               .key = QStringLiteral("examples"),
               .severity = passed == examples.size() ? Severity::Info : Severity::Error};
    for (const ExampleResult &e : examples)
        ex.children.append(
            {.text = QStringLiteral("%1 %2 #%3: %4")
                         .arg(e.passed ? QStringLiteral("✓") : QStringLiteral("✗"), e.ruleId)
                         .arg(e.index)
                         .arg(e.message)});
    rows.append(std::move(ex));
    m_hitsModel->setRows(std::move(rows));
    m_hits->expandAll();
    updateButtons();
    Q_EMIT testFinished();
}
} // namespace gputriage
