#pragma once

#include "rules/messagecatalog.h"
#include "source/sectionkind.h"

#include <QString>

#include <string_view>

namespace gputriage {

// Which NVIDIA component a line comes from and the level it was printed at, read from the
// line's own markers: X's (EE)/(WW)/(II), logrus level=, klog's E1204, NCCL WARN/INFO,
// "ERROR:", drm's *ERROR*, a kernel WARNING splat. Unknown when the line does not say.
struct LineOrigin
{
    QString component; // an id: kernel-driver, xorg, installer, container-toolkit ...
    PrintLevel level = PrintLevel::Unknown;
};

// `raw`: the line as written; who wrote it, as its prefix says (Normalizer::source), is read
// from it when the message itself does not say.
LineOrigin lineOrigin(std::string_view normalized, SectionKind kind, std::string_view raw = {});
// The origin a message catalog's component is (nvidia-rm → kernel-driver, pytorch →
// cuda-application ...), to check a recognised line against the origin its markers give.
QString catalogOrigin(const QString &catalogComponent);
// Whether a line of origin `line` may be a message of a catalog of origin `catalog`: a line
// that names its component must be that component's.
bool originsAgree(const QString &line, const QString &catalog);
// The NVIDIA kernel module a kernel line names first ("NVRM", "nvidia-modeset", "nvidia-drm",
// "nvidia-uvm", "nvidia-peermem"), or empty.
std::string_view kernelModuleOf(std::string_view line);
// Whether a line of kernel module `module` (kernelModuleOf) may be a message of a catalog
// component: the kernel driver's catalogs are each one module's, whose name its lines carry
// ("NVRM: nvAssertOkFailedNoLog: Assertion failed: Out of memory" is not nvidia-modeset's "Out of
// memory"). A line without a module, and other catalogs, agree.
bool kernelModulesAgree(std::string_view module, const QString &catalogComponent);
// "X server (NVIDIA driver)" for "xorg".
QString componentTitle(const QString &component);

} // namespace gputriage
