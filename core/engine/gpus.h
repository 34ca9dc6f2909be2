#pragma once

#include "engine/finding.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace gputriage {

// "0000:3b:00" for "00000000:3B:00.0", "PCI:0000:3b:00" or "0000:3b:00": the key that joins
// what nvidia-smi, NVRM and the bug report say about one GPU. Empty for no bus id ("...").
QString gpuKey(const QString &busId);

// The facts that name a finding's GPU by its bus id, in the order gpuOfFacts() reads them.
const QStringList &gpuFactNames();

// The GPU a finding's facts name (pci, gpu_pci, gpu_bus_id or bus_id), as gpuKey() gives it.
QString gpuOfFacts(const Facts &facts);

// Where boots start in each log: path → line numbers of boot markers ("Linux version",
// journald "-- Boot … --"), ascending.
using BootMarks = std::map<QString, std::vector<int>>;

// The GPUs of a bundle: those findings name (by bus id) and those the facts list. A PCIe port's
// error (facts `device`, `source`) joins the GPU it names or the GPUs below the port, as the
// records of `pci_bridge` facts say.
// `records` are fact-rule matches (facts seen together on one line) that join bus ids, UUIDs,
// names and serials.
QList<GpuVerdict> gpuVerdicts(const QList<Finding> &findings,
                              const std::map<Facts, QString> &records,
                              const BootMarks &boots);

// "2 GPUs, 1 needs action: Reboot the node" for a node row.
QString nodeVerdict(const QList<GpuVerdict> &gpus);

} // namespace gputriage
