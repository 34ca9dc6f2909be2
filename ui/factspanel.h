#pragma once

#include "engine/finding.h"

#include <QTreeWidget>

namespace gputriage {

// Bundle facts (driver, CUDA, GPU, kernel versions) with the file and line they came from.
class FactsPanel : public QTreeWidget
{
    Q_OBJECT

public:
    explicit FactsPanel(QWidget *parent = nullptr);
    void setFacts(const QList<BundleFact> &facts);

Q_SIGNALS:
    void sourceActivated(const QString &path, int line); // line is 1-based
};

} // namespace gputriage
