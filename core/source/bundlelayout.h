#pragma once

#include "source/bundlefact.h"

#include <QList>
#include <QStringList>

#include <memory>
#include <vector>

namespace gputriage {

class LogDocument;

// What an entry's path says about it: "namespace/pod/container" for kubelet log paths
// (`/var/log/pods/<ns>_<pod>_<uid>/<container>/0.log`), "pod <name>" for GPU Operator
// must-gather operand logs (`gpu_operand_pod_<pod>.log`), "sos <plugin>: <command>" for
// sosreport command output, else empty.
QString entryLabel(const QString &path);

// Facts from the layout of the bundle: which kinds of bundle it holds.
QList<BundleFact> layoutFacts(const QStringList &entryPaths);

} // namespace gputriage
