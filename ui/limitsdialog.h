#pragma once

#include "source/bundlereader.h"

#include <QDialog>

class QSpinBox;

namespace gputriage {

// Settings ▸ Bundle limits: the safety limits applied when opening bundles, kept in Settings.
class LimitsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LimitsDialog(QWidget *parent = nullptr);

    BundleLimits limits() const;
    void setLimits(const BundleLimits &limits);

private:
    QSpinBox *m_entries;
    QSpinBox *m_depth;
    QSpinBox *m_entryMiB;
    QSpinBox *m_totalGiB;
    QSpinBox *m_ratio;
};

} // namespace gputriage
