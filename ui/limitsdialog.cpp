#include "limitsdialog.h"
#include "settings.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

namespace gputriage {

namespace {

QSpinBox *spinBox(QWidget *parent, const char *name, int min, int max, const QString &suffix = {})
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(QString::fromLatin1(name));
    box->setRange(min, max);
    box->setSuffix(suffix);
    box->setGroupSeparatorShown(true);
    return box;
}

} // namespace

LimitsDialog::LimitsDialog(QWidget *parent)
    : QDialog(parent)
    , m_entries(spinBox(this, "maxEntries", 1, 10000000))
    , m_depth(spinBox(this, "maxDepth", 0, 16))
    , m_entryMiB(spinBox(this, "maxEntryMiB", 1, 1 << 20, QStringLiteral(" MiB")))
    , m_totalGiB(spinBox(this, "maxTotalGiB", 1, 1 << 16, QStringLiteral(" GiB")))
    , m_ratio(spinBox(this, "maxRatio", 2, 100000000, QStringLiteral(" : 1")))
{
    setWindowTitle(tr("Bundle limits"));
    auto *form = new QFormLayout;
    form->addRow(tr("Files read from one bundle:"), m_entries);
    form->addRow(tr("Archives inside archives:"), m_depth);
    form->addRow(tr("Size of one decompressed file:"), m_entryMiB);
    form->addRow(tr("Everything decompressed:"), m_totalGiB);
    form->addRow(tr("Compression ratio taken as a bomb:"), m_ratio);
    auto *note
        = new QLabel(tr("Bundles come from customers' systems: these limits stop archive bombs and "
                        "runaway bundles. What is over a limit is reported, the rest is analysed."),
                     this);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { setLimits(BundleLimits()); });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(form);
    layout->addWidget(buttons);
    setLimits(Settings::limits());
}

BundleLimits LimitsDialog::limits() const
{
    BundleLimits l;
    l.maxEntries = m_entries->value();
    l.maxDepth = m_depth->value();
    l.maxEntryBytes = qint64(m_entryMiB->value()) << 20;
    l.maxTotalBytes = qint64(m_totalGiB->value()) << 30;
    l.maxRatio = m_ratio->value();
    return l;
}

void LimitsDialog::setLimits(const BundleLimits &l)
{
    m_entries->setValue(l.maxEntries);
    m_depth->setValue(l.maxDepth);
    m_entryMiB->setValue(int(l.maxEntryBytes >> 20));
    m_totalGiB->setValue(int(l.maxTotalBytes >> 30));
    m_ratio->setValue(l.maxRatio);
}

} // namespace gputriage
