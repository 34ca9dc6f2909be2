#pragma once

#include "engine/finding.h"
#include "text/linetypes.h"

#include <QTreeView>

namespace gputriage {

class FactsModel;

// Bundle facts (driver, CUDA, GPU, kernel versions) with the file and line they came from.
class FactsPanel : public QTreeView
{
    Q_OBJECT

public:
    explicit FactsPanel(QWidget *parent = nullptr);
    void setFacts(const QList<BundleFact> &facts);
    FactsModel *model() const { return m_model; }

Q_SIGNALS:
    void sourceActivated(const QString &path, LineNumber line); // a line of that file

private:
    FactsModel *m_model;
};

} // namespace gputriage
