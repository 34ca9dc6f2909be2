#pragma once

#include "engine/finding.h"

#include <QTreeView>

namespace gputriage {

class GpusModel;

// One row per physical GPU: bus id, name, UUID, its events and the strongest action NVIDIA's
// resolutions call for; the first row is the node. Selecting a GPU asks for its findings only.
class GpusPanel : public QTreeView
{
    Q_OBJECT

public:
    explicit GpusPanel(QWidget *parent = nullptr);
    void setGpus(const QList<GpuVerdict> &gpus);
    // The bus id of the selected GPU; empty for the node row (all findings).
    QString selectedGpu() const;
    GpusModel *model() const { return m_model; }

Q_SIGNALS:
    void gpuSelected(const QString &busId);

private:
    GpusModel *m_model;
};

// The findings about one GPU (bus id as gpuKey() gives it); all of them for an empty id.
// The findings about the GPU at `busId`: those that name it, and those its verdict joined to it
// (a PCIe error a port above it reported).
QList<Finding>
findingsOfGpu(const QList<Finding> &findings, const QList<GpuVerdict> &gpus, const QString &busId);

} // namespace gputriage
