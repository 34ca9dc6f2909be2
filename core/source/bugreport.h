#pragma once

#include <limits>
#include <memory>
#include <vector>

namespace gputriage {

class LogDocument;

// nvidia-bug-report.sh output: blocks separated by a line of 44 underscores, each titled by
// the file (`*** /proc/driver/nvidia/version`) or command (`dmesg:`) it holds.
bool isBugReport(const LogDocument &doc);

// One section document per block, named `<report>!<title>`, with line numbers of the report.
// At most `maxSections`: the blocks past them make one last section.
std::vector<std::shared_ptr<const LogDocument>>
splitBugReport(const std::shared_ptr<const LogDocument> &doc,
               int maxSections = std::numeric_limits<int>::max());

} // namespace gputriage
