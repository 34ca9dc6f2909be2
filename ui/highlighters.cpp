#include "highlighters.h"
#include "settings.h"

#include <QColorDialog>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace gputriage {

namespace {
const QColor kColours[]
    = {QColor(0xff, 0xd5, 0x4f), QColor(0x81, 0xd4, 0xfa), QColor(0xa5, 0xd6, 0xa7),
       QColor(0xf4, 0x8f, 0xb1), QColor(0xce, 0x93, 0xd8), QColor(0xff, 0xab, 0x91)};

Result<TextSearch> compile(const Highlighter &h)
{
    return TextSearch::compile(SearchQuery{h.pattern, h.regex, h.caseSensitive});
}
} // namespace

void HighlightersModel::setHighlighters(QList<Highlighter> highlighters)
{
    beginResetModel();
    m_highlighters = std::move(highlighters);
    endResetModel();
}

int HighlightersModel::add(const QString &pattern)
{
    const int row = int(m_highlighters.size());
    beginInsertRows({}, row, row);
    Highlighter h;
    h.pattern = pattern;
    h.colour = kColours[size_t(row) % std::size(kColours)];
    m_highlighters.append(h);
    endInsertRows();
    return row;
}

void HighlightersModel::remove(int row)
{
    if (row < 0 || row >= m_highlighters.size())
        return;
    beginRemoveRows({}, row, row);
    m_highlighters.removeAt(row);
    endRemoveRows();
}

void HighlightersModel::move(int row, int delta)
{
    const int to = row + delta;
    if (row < 0 || row >= m_highlighters.size() || to < 0 || to >= m_highlighters.size())
        return;
    // beginMoveRows counts the destination before the move.
    if (!beginMoveRows({}, row, row, {}, delta > 0 ? to + 1 : to))
        return;
    m_highlighters.move(row, to);
    endMoveRows();
}

void HighlightersModel::setColour(int row, const QColor &colour)
{
    if (row < 0 || row >= m_highlighters.size() || !colour.isValid())
        return;
    m_highlighters[row].colour = colour;
    const QModelIndex cell = index(row, ColourColumn);
    Q_EMIT dataChanged(cell, cell);
}

QString HighlightersModel::error(int row) const
{
    if (row < 0 || row >= m_highlighters.size())
        return {};
    const Highlighter &h = m_highlighters[row];
    if (h.pattern.isEmpty())
        return tr("The pattern is empty");
    const auto compiled = compile(h);
    return compiled ? QString() : compiled.error().message;
}

int HighlightersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_highlighters.size());
}

int HighlightersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HighlightersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Highlighter &h = m_highlighters[index.row()];
    auto check = [](bool on) {
        return on ? Qt::Checked : Qt::Unchecked;
    };
    switch (index.column()) {
    case EnabledColumn: return role == Qt::CheckStateRole ? QVariant(check(h.enabled)) : QVariant();
    case PatternColumn:
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return h.pattern;
        if (role == Qt::ToolTipRole) {
            const QString why = error(index.row());
            return why.isEmpty() ? QVariant() : tr("Not used: %1").arg(why);
        }
        if (role == Qt::DecorationRole && !error(index.row()).isEmpty())
            return QColor(Qt::red);
        return {};
    case RegexColumn: return role == Qt::CheckStateRole ? QVariant(check(h.regex)) : QVariant();
    case CaseColumn:
        return role == Qt::CheckStateRole ? QVariant(check(h.caseSensitive)) : QVariant();
    case WholeLineColumn:
        return role == Qt::CheckStateRole ? QVariant(check(h.wholeLine)) : QVariant();
    case ColourColumn:
        if (role == Qt::DecorationRole)
            return h.colour;
        if (role == Qt::DisplayRole)
            return h.colour.name();
        if (role == Qt::ToolTipRole)
            return tr("Double-click to choose the colour");
        return {};
    default: return {};
    }
}

bool HighlightersModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    Highlighter &h = m_highlighters[index.row()];
    const bool on = value.toInt() == Qt::Checked;
    switch (index.column()) {
    case EnabledColumn:
        if (role != Qt::CheckStateRole)
            return false;
        h.enabled = on;
        break;
    case PatternColumn:
        if (role != Qt::EditRole)
            return false;
        h.pattern = value.toString();
        break;
    case RegexColumn:
        if (role != Qt::CheckStateRole)
            return false;
        h.regex = on;
        break;
    case CaseColumn:
        if (role != Qt::CheckStateRole)
            return false;
        h.caseSensitive = on;
        break;
    case WholeLineColumn:
        if (role != Qt::CheckStateRole)
            return false;
        h.wholeLine = on;
        break;
    default: return false;
    }
    // The pattern's validity shows in its cell: it changes with the pattern and the options.
    Q_EMIT dataChanged(this->index(index.row(), 0), this->index(index.row(), ColumnCount - 1));
    return true;
}

Qt::ItemFlags HighlightersModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid())
        return f;
    switch (index.column()) {
    case PatternColumn: return f | Qt::ItemIsEditable;
    case ColourColumn: return f;
    default: return f | Qt::ItemIsUserCheckable;
    }
}

QVariant HighlightersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case EnabledColumn: return tr("On");
    case PatternColumn: return tr("Pattern");
    case RegexColumn: return tr("Regex");
    case CaseColumn: return tr("Case");
    case WholeLineColumn: return tr("Whole line");
    case ColourColumn: return tr("Colour");
    default: return {};
    }
}

HighlightersDialog::HighlightersDialog(const QList<Highlighter> &highlighters, QWidget *parent)
    : QDialog(parent)
    , m_model(new HighlightersModel(this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("highlightersDialog"));
    setWindowTitle(tr("Highlighters — GPU Triage"));
    m_model->setHighlighters(highlighters);
    m_view->setObjectName(QStringLiteral("highlightersView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(HighlightersModel::PatternColumn,
                                                     QHeaderView::Stretch);
    auto chooseColour = [this](int row) {
        if (row < 0 || row >= m_model->rowCount())
            return;
        const QColor colour = QColorDialog::getColor(m_model->highlighters()[row].colour, this,
                                                     tr("Highlighter colour"));
        m_model->setColour(row, colour);
    };
    connect(m_view, &QTableView::doubleClicked, this, [chooseColour](const QModelIndex &index) {
        if (index.column() == HighlightersModel::ColourColumn)
            chooseColour(index.row());
    });

    auto button = [this](const QString &text, const char *name) {
        auto *b = new QPushButton(text, this);
        b->setObjectName(QLatin1String(name));
        return b;
    };
    QPushButton *add = button(tr("&Add"), "highlighterAdd");
    QPushButton *remove = button(tr("&Remove"), "highlighterRemove");
    QPushButton *up = button(tr("Move &Up"), "highlighterUp");
    QPushButton *down = button(tr("Move &Down"), "highlighterDown");
    QPushButton *colour = button(tr("&Colour…"), "highlighterColour");
    connect(add, &QPushButton::clicked, this, [this] {
        const QModelIndex cell
            = m_model->index(m_model->add(QString()), HighlightersModel::PatternColumn);
        m_view->setCurrentIndex(cell);
        m_view->edit(cell);
    });
    auto current = [this] {
        return m_view->currentIndex().row();
    };
    connect(remove, &QPushButton::clicked, this, [this, current] { m_model->remove(current()); });
    auto moveBy = [this, current](int delta) {
        const int row = current();
        m_model->move(row, delta);
        m_view->setCurrentIndex(m_model->index(row + delta, HighlightersModel::PatternColumn));
    };
    connect(up, &QPushButton::clicked, this, [moveBy] { moveBy(-1); });
    connect(down, &QPushButton::clicked, this, [moveBy] { moveBy(+1); });
    connect(colour, &QPushButton::clicked, this,
            [chooseColour, current] { chooseColour(current()); });
    auto *buttons = new QVBoxLayout;
    for (QPushButton *b : {add, remove, up, down, colour})
        buttons->addWidget(b);
    buttons->addStretch(1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_view, 1);
    row->addLayout(buttons);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Patterns painted in colour in every file, the later over the "
                                    "earlier; text on them stays readable."),
                                 this));
    layout->addLayout(row, 1);
    layout->addWidget(box);
    resize(640, 360);
}

} // namespace gputriage
