#include "settingsdialog.h"
#include "settings.h"

#include "rules/ruleloader.h"

#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gputriage {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_font(new QFontComboBox(this))
    , m_fontSize(new QSpinBox(this))
    , m_theme(new QComboBox(this))
    , m_folders(new QListWidget(this))
{
    setWindowTitle(tr("Preferences"));
    m_font->setObjectName(QStringLiteral("logFont"));
    m_font->setFontFilters(QFontComboBox::MonospacedFonts);
    m_fontSize->setObjectName(QStringLiteral("logFontSize"));
    m_fontSize->setRange(6, 48);
    m_fontSize->setSuffix(QStringLiteral(" pt"));
    m_theme->setObjectName(QStringLiteral("theme"));
    m_theme->addItem(tr("Follow the system's light/dark palette"), QString());
    const KSyntaxHighlighting::Repository repository;
    for (const KSyntaxHighlighting::Theme &theme : repository.themes())
        m_theme->addItem(theme.translatedName(), theme.name());

    auto *appearance = new QWidget(this);
    auto *form = new QFormLayout(appearance);
    auto *fontRow = new QHBoxLayout;
    fontRow->addWidget(m_font, 1);
    fontRow->addWidget(m_fontSize);
    form->addRow(tr("Log font:"), fontRow);
    form->addRow(tr("Colour theme:"), m_theme);

    auto *rules = new QWidget(this);
    auto *rulesLayout = new QVBoxLayout(rules);
    auto *note = new QLabel(tr("The shipped rules and your own rules in %1 are always loaded. "
                               "Add team folders or files of rules here; they load after them, "
                               "and a rule with the same id replaces the earlier one.")
                                .arg(QDir::toNativeSeparators(RuleLoader::userRulesDir())),
                            rules);
    note->setWordWrap(true);
    m_folders->setObjectName(QStringLiteral("ruleFolders"));
    auto *add = new QPushButton(tr("Add…"), rules);
    auto *remove = new QPushButton(tr("Remove"), rules);
    remove->setObjectName(QStringLiteral("removeRuleFolder"));
    connect(add, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Add a folder of rules"));
        if (!dir.isEmpty())
            addRuleFolder(dir);
    });
    connect(remove, &QPushButton::clicked, this, [this] { delete m_folders->currentItem(); });
    auto *buttonsRow = new QHBoxLayout;
    buttonsRow->addWidget(add);
    buttonsRow->addWidget(remove);
    buttonsRow->addStretch();
    rulesLayout->addWidget(note);
    rulesLayout->addWidget(m_folders, 1);
    rulesLayout->addLayout(buttonsRow);

    auto *tabs = new QTabWidget(this);
    tabs->addTab(appearance, tr("Appearance"));
    tabs->addTab(rules, tr("Rule folders"));
    auto *buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] {
                Preferences defaults;
                defaults.logFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
                setPreferences(defaults);
            });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(tabs);
    layout->addWidget(buttons);
    setPreferences(Settings::preferences());
    resize(560, 380);
}

void SettingsDialog::addRuleFolder(const QString &path)
{
    if (m_folders->findItems(path, Qt::MatchExactly).isEmpty())
        m_folders->addItem(path);
}

Preferences SettingsDialog::preferences() const
{
    Preferences p;
    p.logFont = m_font->currentFont();
    p.logFont.setPointSize(m_fontSize->value());
    p.theme = m_theme->currentData().toString();
    for (int i = 0; i < m_folders->count(); ++i)
        p.ruleFolders << m_folders->item(i)->text();
    return p;
}

void SettingsDialog::setPreferences(const Preferences &p)
{
    m_font->setCurrentFont(p.logFont);
    m_fontSize->setValue(p.logFont.pointSize() > 0 ? p.logFont.pointSize() : 10);
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(p.theme)));
    m_folders->clear();
    m_folders->addItems(p.ruleFolders);
}

} // namespace gputriage
