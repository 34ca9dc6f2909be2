#include "engine/gpus.h"

#include "plural.h"

#include "engine/timeline.h"

#include <QRegularExpression>

#include <algorithm>
#include <optional>
#include <set>

namespace gputriage {

QString gpuKey(const QString &busId)
{
    static const QRegularExpression re(QStringLiteral(
        "(?:PCI:)?([0-9A-Fa-f]{3,8}):([0-9A-Fa-f]{2}):([0-9A-Fa-f]{2})(?:\\.[0-7])?"));
    const auto m = re.match(busId);
    if (!m.hasMatch()) {
        // lspci and X write the bus id without its PCI domain ("04:00.0"): domain 0.
        static const QRegularExpression bare(
            QStringLiteral("(?<![0-9A-Fa-f:])([0-9A-Fa-f]{2}):([0-9A-Fa-f]{2})\\.[0-7]\\b"));
        const auto b = bare.match(busId);
        if (!b.hasMatch())
            return {};
        return QStringLiteral("0000:%1:%2").arg(b.captured(1).toLower(), b.captured(2).toLower());
    }
    // The domain without the zeros an 8-digit spelling adds, but a 5-digit one (Intel VMD puts
    // devices in domains 10000 and up) kept whole.
    QString domain = m.captured(1).toLower();
    while (domain.size() > 4 && domain.front() == QLatin1Char('0'))
        domain.remove(0, 1);
    return QStringLiteral("%1:%2:%3")
        .arg(domain.rightJustified(4, QLatin1Char('0')), m.captured(2).toLower(),
             m.captured(3).toLower());
}

const QStringList &gpuFactNames()
{
    static const QStringList names{QStringLiteral("pci"), QStringLiteral("gpu_pci"),
                                   QStringLiteral("gpu_bus_id"), QStringLiteral("bus_id")};
    return names;
}

QString gpuOfFacts(const Facts &facts)
{
    for (const QString &name : gpuFactNames())
        if (const auto it = facts.find(name); it != facts.end())
            if (QString key = gpuKey(it->second); !key.isEmpty())
                return key;
    return {};
}

namespace {

// Seconds of a line: its wall-clock time, else the kernel's uptime stamp ("[ 3021.5]").
std::optional<double> secondsOf(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    if (const auto t = lineTime(std::string_view(utf8.constData(), size_t(utf8.size()))))
        return double(*t) / 1e6;
    static const QRegularExpression uptime(QStringLiteral("^\\[\\s*(\\d+\\.\\d+)\\]"));
    if (const auto m = uptime.match(text); m.hasMatch())
        return m.captured(1).toDouble();
    return std::nullopt;
}

int bootOf(const BootMarks &boots, const QString &path, int line)
{
    const auto it = boots.find(path);
    if (it == boots.end())
        return 0;
    return int(std::upper_bound(it->second.begin(), it->second.end(), line) - it->second.begin());
}

bool lastBoot(const BootMarks &boots, const QString &path, int boot)
{
    const auto it = boots.find(path);
    return it == boots.end() || boot == int(it->second.size());
}

GpuEvent eventOf(const Finding &f, const BootMarks &boots)
{
    GpuEvent e;
    e.rule = f.ruleId;
    e.title = f.title;
    e.severity = f.severity;
    e.resolution = f.resolution;
    e.nvidiaResolution = f.nvidiaResolution;
    e.count = f.count;
    for (const char *name : {"xid", "sxid"})
        if (const auto it = f.facts.find(QLatin1String(name)); it != f.facts.end())
            e.code = QLatin1String(name == std::string_view("xid") ? "Xid " : "SXid ") + it->second;
    std::set<std::pair<QString, int>> seenBoots;
    bool current = false;
    std::optional<double> previous;
    for (const Occurrence &o : f.occurrences) {
        const int boot = bootOf(boots, o.path, o.line);
        seenBoots.emplace(o.path, boot);
        current = current || lastBoot(boots, o.path, boot);
        if (!o.time.isEmpty()) {
            if (e.firstTime.isEmpty())
                e.firstTime = o.time;
            e.lastTime = o.time;
        }
        const auto t = secondsOf(o.text);
        if (!previous || !t || *t < *previous || *t - *previous > 300)
            ++e.bursts;
        previous = t;
    }
    // Logs of several files may each have boots; count the boots of the file that has most.
    std::map<QString, int> perPath;
    for (const auto &[path, boot] : seenBoots)
        ++perPath[path];
    for (const auto &[path, n] : perPath)
        e.boots = std::max(e.boots, n);
    e.currentBoot = current || f.occurrences.isEmpty();
    return e;
}

int bucketRank(const QString &bucket)
{
    // Among buckets of equal severity, the one that takes more away wins.
    static const QStringList order{QStringLiteral("ignore"),
                                   QStringLiteral("restart_app"),
                                   QStringLiteral("xid_154_eval"),
                                   QStringLiteral("check_app"),
                                   QStringLiteral("update_sw"),
                                   QStringLiteral("unused"),
                                   QStringLiteral("contact_support"),
                                   QStringLiteral("restart_vm"),
                                   QStringLiteral("xid_154"),
                                   QStringLiteral("reset_gpu"),
                                   QStringLiteral("workflow_xid_48"),
                                   QStringLiteral("run_fieldiag"),
                                   QStringLiteral("check_mechanicals"),
                                   QStringLiteral("restart_bm")};
    return int(order.indexOf(bucket));
}

// "0000:00:03.1" for "0000:00:03.1" or "00000000:00:03.1": a PCI function's full address.
QString functionKey(const QString &busId)
{
    const QString key = gpuKey(busId);
    const qsizetype dot = busId.lastIndexOf(QLatin1Char('.'));
    return key.isEmpty() || dot < 0 ? QString() : key + busId.mid(dot).toLower();
}

// An error a PCIe port reported (a finding with a `device` and maybe a `source` bus id) belongs
// to the GPU it names, or to the GPUs on the buses below that port, as the kernel's boot log
// lists its bridges ("pci 0000:00:03.1: PCI bridge to [bus 07-08]").
void joinPortErrors(const QList<Finding> &findings,
                    const std::map<Facts, QString> &records,
                    const BootMarks &boots,
                    std::map<QString, GpuVerdict> &gpus)
{
    std::map<QString, std::pair<int, int>> bridges; // port → first and last bus below it
    for (const auto &[facts, source] : records) {
        const auto port = facts.find(QStringLiteral("pci_bridge"));
        const auto first = facts.find(QStringLiteral("bus_first"));
        if (port == facts.end() || first == facts.end())
            continue;
        const auto last = facts.find(QStringLiteral("bus_last"));
        bridges[functionKey(port->second)]
            = {first->second.toInt(nullptr, 16),
               (last == facts.end() ? first : last)->second.toInt(nullptr, 16)};
    }
    for (const Finding &f : findings) {
        if (!gpuOfFacts(f.facts).isEmpty())
            continue;
        std::set<QString> below;
        for (const char *name : {"source", "device"}) {
            const auto it = f.facts.find(QLatin1String(name));
            if (it == f.facts.end())
                continue;
            if (const QString key = gpuKey(it->second); gpus.count(key)) {
                below.insert(key);
                continue;
            }
            const auto bridge = bridges.find(functionKey(it->second));
            if (bridge == bridges.end())
                continue;
            const QString domain = gpuKey(it->second).section(QLatin1Char(':'), 0, 0);
            for (const auto &[key, g] : gpus) {
                const int bus = key.section(QLatin1Char(':'), 1, 1).toInt(nullptr, 16);
                if (key.section(QLatin1Char(':'), 0, 0) == domain && bus >= bridge->second.first
                    && bus <= bridge->second.second)
                    below.insert(key);
            }
        }
        for (const QString &key : below)
            gpus[key].events.append(eventOf(f, boots));
    }
}

} // namespace

QList<GpuVerdict> gpuVerdicts(const QList<Finding> &findings,
                              const std::map<Facts, QString> &records,
                              const BootMarks &boots)
{
    std::map<QString, GpuVerdict> gpus;
    for (const auto &[facts, source] : records) {
        const QString key = gpuOfFacts(facts);
        if (key.isEmpty())
            continue;
        GpuVerdict &g = gpus[key];
        g.key = key;
        for (const auto &[field, name] :
             {std::pair(&g.uuid, "gpu_uuid"), std::pair(&g.name, "gpu_name"),
              std::pair(&g.serial, "gpu_serial")})
            if (const auto it = facts.find(QLatin1String(name));
                it != facts.end() && field->isEmpty())
                *field = it->second;
    }
    for (const Finding &f : findings) {
        const QString key = gpuOfFacts(f.facts);
        if (key.isEmpty())
            continue;
        GpuVerdict &g = gpus[key];
        g.key = key;
        if (const auto it = f.facts.find(QStringLiteral("gpu_uuid"));
            it != f.facts.end() && g.uuid.isEmpty())
            g.uuid = it->second;
        g.events.append(eventOf(f, boots));
    }
    joinPortErrors(findings, records, boots, gpus);
    QList<GpuVerdict> out;
    for (auto &[key, g] : gpus) {
        std::stable_sort(g.events.begin(), g.events.end(),
                         [](const GpuEvent &a, const GpuEvent &b) {
                             if (a.severity != b.severity)
                                 return a.severity > b.severity;
                             return bucketRank(a.resolution) > bucketRank(b.resolution);
                         });
        // The current boot decides; events only from earlier boots decide when nothing recent.
        const bool anyCurrent = std::any_of(g.events.begin(), g.events.end(),
                                            [](const GpuEvent &e) { return e.currentBoot; });
        const GpuEvent *strongest = nullptr;
        for (const GpuEvent &e : g.events) {
            g.recurredAfterReboots = std::max(g.recurredAfterReboots, e.boots - 1);
            if (anyCurrent && !e.currentBoot)
                continue;
            if (!strongest || e.severity > strongest->severity
                || (e.severity == strongest->severity
                    && bucketRank(e.resolution) > bucketRank(strongest->resolution)))
                strongest = &e;
        }
        if (strongest) {
            g.severity = strongest->severity;
            g.resolution = strongest->resolution;
            g.action = strongest->resolution.isEmpty()
                           ? QStringLiteral("See: %1").arg(strongest->title)
                           : resolutionText(strongest->resolution)
                                 + (strongest->nvidiaResolution
                                        ? QString()
                                        : QStringLiteral(" (GPU Triage's advice)"));
            if (g.recurredAfterReboots > 0)
                g.action += QStringLiteral(" (recurred after %1: a hardware signal)")
                                .arg(plural(g.recurredAfterReboots, u"reboot", u"reboots"));
        }
        out.append(std::move(g));
    }
    return out;
}

QString nodeVerdict(const QList<GpuVerdict> &gpus)
{
    const GpuVerdict *worst = nullptr;
    int needing = 0;
    for (const GpuVerdict &g : gpus) {
        if (!g.hasEvents())
            continue;
        ++needing;
        if (!worst || g.severity > worst->severity
            || (g.severity == worst->severity
                && bucketRank(g.resolution) > bucketRank(worst->resolution)))
            worst = &g;
    }
    QString s = QStringLiteral("%1, %2 with events")
                    .arg(plural(qint64(gpus.size()), u"GPU", u"GPUs"))
                    .arg(needing);
    if (worst)
        s += QStringLiteral("; strongest action: %1 (GPU %2)").arg(worst->action, worst->key);
    return s;
}

} // namespace gputriage
