// The Xid and SXid catalogs as the shipped pack uses them: every documented code gives its own
// finding, with NVIDIA's resolution, in every form the kernel log writes the line in.
#include "engine/analyzer.h"
#include "engine/gpus.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace gputriage;

namespace {

// The bus id given to one code's GPU, so each code has a GPU of its own: domain, bus, device.
QString busFor(int code, const QString &domain = QStringLiteral("0000"))
{
    return QStringLiteral("%1:%2:%3")
        .arg(domain)
        .arg(code / 32 + 1, 2, 16, QLatin1Char('0'))
        .arg(code % 32, 2, 16, QLatin1Char('0'));
}

// One NVSwitch per SXid code (switches share bus numbers across codes; each log is its own).
QString switchBusFor(int code)
{
    return QStringLiteral("0000:%1:00").arg(code % 200 + 16, 2, 16, QLatin1Char('0'));
}

// One Xid line in each form the kernel log and its collectors give it.
struct Form
{
    const char *name;
    QString (*line)(int code, const QString &bus);
    bool busKnown; // false: the redacted form hides the bus id
};

const QString kTail = QStringLiteral("pid=4242, name=python3, Ch 00000010");

const Form kForms[] = {
    {"dmesg",
     [](int c, const QString &b) {
         return QStringLiteral("[ 3021.%1] NVRM: Xid (PCI:%2): %3, %4")
             .arg(c, 6, 10, QLatin1Char('0'))
             .arg(b)
             .arg(c)
             .arg(kTail);
     },
     true},
    {"dmesg -T",
     [](int c, const QString &b) {
         return QStringLiteral("[Thu Dec  4 09:12:33 2026] NVRM: Xid (PCI:%1): %2, %3")
             .arg(b)
             .arg(c)
             .arg(kTail);
     },
     true},
    {"journald",
     [](int c, const QString &b) {
         return QStringLiteral("Dec 04 09:12:33 gpu-node-7 kernel: NVRM: Xid (PCI:%1): %2, %3")
             .arg(b)
             .arg(c)
             .arg(kTail);
     },
     true},
    {"syslog ISO",
     [](int c, const QString &b) {
         return QStringLiteral("2026-12-04T09:12:33.123456+00:00 gpu-node-7 kernel: [ 3021.5] "
                               "NVRM: Xid (PCI:%1): %2, %3")
             .arg(b)
             .arg(c)
             .arg(kTail);
     },
     true},
    {"CRI container",
     [](int c, const QString &b) {
         return QStringLiteral("2026-12-04T09:12:33.123456789Z stdout F NVRM: Xid (PCI:%1): %2, %3")
             .arg(b)
             .arg(c)
             .arg(kTail);
     },
     true},
    {"MIG",
     [](int c, const QString &b) {
         return QStringLiteral("NVRM: Xid (PCI:%1 GPU-I:01 GPU-CI:00): %2, %3")
             .arg(b)
             .arg(c)
             .arg(kTail);
     },
     true},
    {"MIG instance only",
     [](int c, const QString &b) {
         return QStringLiteral("NVRM: Xid (PCI:%1 GPU-I:05): %2, %3").arg(b).arg(c).arg(kTail);
     },
     true},
    {"PCI function",
     [](int c, const QString &b) {
         return QStringLiteral("NVRM: Xid (PCI:%1.0): %2, %3").arg(b).arg(c).arg(kTail);
     },
     true},
    {"pre-R470 without PCI:",
     [](int c, const QString &b) {
         return QStringLiteral("NVRM: Xid (%1): %2, %3").arg(b).arg(c).arg(kTail);
     },
     true},
    {"no detail",
     [](int c, const QString &b) { return QStringLiteral("NVRM: Xid (PCI:%1): %2").arg(b).arg(c); },
     true},
    {"redacted bus id",
     [](int c, const QString &) {
         return QStringLiteral("NVRM: Xid (PCI:...): %1, %2").arg(c).arg(kTail);
     },
     false},
};

} // namespace

class TestCatalogs : public QObject
{
    Q_OBJECT

    RuleSet m_set;
    std::unique_ptr<Analyzer> m_analyzer;

private Q_SLOTS:
    void initTestCase()
    {
        m_set = loadRules({}, true);
        QVERIFY2(!m_set.hasErrors(), qPrintable(m_set.diagnostics.value(0).toString()));
        m_analyzer = std::make_unique<Analyzer>(m_set);
    }

    void theXidCatalogIsComplete()
    {
        const Catalog *xid = m_set.catalog(QStringLiteral("xid"));
        QVERIFY(xid);
        // NVIDIA's catalog lists Xid 1 to 172 (some as unused): every one is an entry.
        for (int code = 1; code <= 172; ++code)
            QVERIFY2(xid->entries.count(code), qPrintable(QString::number(code)));
        for (const auto &[code, e] : xid->entries) {
            QVERIFY2(!e.name.isEmpty() && !e.meaning.isEmpty() && !e.action.isEmpty(),
                     qPrintable(QString::number(code)));
            // The catalog has no resolution yet for the newest codes (162 and up).
            QVERIFY2(!e.resolution.isEmpty() || code >= 162, qPrintable(QString::number(code)));
            QVERIFY2(e.resolution.isEmpty() || severityForResolution(e.resolution).has_value(),
                     qPrintable(QStringLiteral("Xid %1: bucket %2").arg(code).arg(e.resolution)));
            QVERIFY2(e.source.isEmpty() || e.source.startsWith(u"https://docs.nvidia.com/"),
                     qPrintable(e.source));
        }
    }

    void everyXidGivesItsOwnFindingInEveryForm_data()
    {
        QTest::addColumn<int>("form");
        for (int i = 0; i < int(std::size(kForms)); ++i)
            QTest::newRow(kForms[i].name) << i;
    }

    // One GPU per code: each code's finding names its GPU, comes from a rule that knows the
    // code (not a catch-all title), and carries NVIDIA's resolution from the catalog.
    void everyXidGivesItsOwnFindingInEveryForm()
    {
        QFETCH(int, form);
        const Form &f = kForms[form];
        const Catalog *xid = m_set.catalog(QStringLiteral("xid"));
        QVERIFY(xid);
        // One log per code: Xid 45 is reported only when no other Xid is near it.
        std::vector<std::shared_ptr<const LogDocument>> logs;
        for (const auto &[code, e] : xid->entries)
            logs.push_back(LogDocument::fromBytes(f.line(code, busFor(code)).toUtf8() + '\n',
                                                  QStringLiteral("kern-%1.log").arg(code)));
        const Analyzer analyzer(m_set);
        const AnalysisResult result = analyzer.analyze(logs);

        std::map<int, const Finding *> byCode;
        for (const Finding &finding : result.findings) {
            const auto it = finding.facts.find(QStringLiteral("xid"));
            if (it == finding.facts.end() || finding.ruleId == u"gpu.xid.application-repeated")
                continue;
            const int code = it->second.toInt();
            if (f.busKnown)
                QVERIFY2(!byCode.count(code), qPrintable(QStringLiteral("Xid %1 twice").arg(code)));
            byCode[code] = &finding;
        }
        for (const auto &[code, e] : xid->entries) {
            const QString what = QStringLiteral("Xid %1 (%2)").arg(code).arg(e.name);
            QVERIFY2(byCode.count(code), qPrintable(what + QLatin1String(": no finding")));
            const Finding &finding = *byCode[code];
            QVERIFY2(finding.ruleId.startsWith(u"gpu.xid"), qPrintable(what + finding.ruleId));
            QCOMPARE(finding.resolution, e.resolution);
            if (!e.resolution.isEmpty())
                QCOMPARE(finding.severity, *severityForResolution(e.resolution));
            if (finding.ruleId == u"gpu.xid")
                QVERIFY2(finding.title.contains(e.name), qPrintable(finding.title));
            QVERIFY2(!finding.action.isEmpty(), qPrintable(what));
            if (f.busKnown)
                QCOMPARE(finding.facts.at(QStringLiteral("pci")), busFor(code));
        }
        // One GPU per code: the GPUs section has one entry for each, with that Xid as its event.
        if (f.busKnown) {
            QCOMPARE(result.gpus.size(), qsizetype(xid->entries.size()));
            for (const auto &[code, e] : xid->entries) {
                const auto gpu = std::find_if(
                    result.gpus.begin(), result.gpus.end(),
                    [&](const GpuVerdict &g) { return g.key == gpuKey(busFor(code)); });
                QVERIFY2(gpu != result.gpus.end(), qPrintable(QString::number(code)));
                QVERIFY2(std::any_of(gpu->events.begin(), gpu->events.end(),
                                     [&](const GpuEvent &ev) {
                                         return ev.code == QStringLiteral("Xid %1").arg(code);
                                     }),
                         qPrintable(QString::number(code)));
            }
        }
    }

    // What a report prints for an Xid agrees with NVIDIA's immediate bucket: the severity the
    // bucket stands for, and a first action that says what the bucket says. A rule that differs
    // says why, with NVIDIA's text, in catalog_deviation.
    void everyXidSaysWhatItsBucketSays_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("bucket");
        const Catalog *xid = m_set.catalog(QStringLiteral("xid"));
        QVERIFY(xid);
        for (const auto &[code, e] : xid->entries)
            if (!e.resolution.isEmpty())
                QTest::addRow("Xid %d", code)
                    << kForms[0].line(code, busFor(code)) << code << e.resolution;
        // Lines whose text decides the bucket: NVIDIA's NVLink5 decode sheet, Xid 154's value.
        const QString nvl = QStringLiteral("NVRM: Xid (PCI:0018:01:00): %1, %2 XC0 i0 Link 13 (%3 "
                                           "%4 0x00000001 0x00000000 0x00100000 0x00000004)");
        QTest::newRow("Xid 145 RLW_REMAP non-fatal 0x4: follow an Xid 154, else restart the app")
            << nvl.arg(145).arg(u"RLW_REMAP Nonfatal", u"0x00000084", u"0x00000004") << 145
            << QStringLiteral("xid_154_eval");
        QTest::newRow("Xid 145 RLW_REMAP non-fatal 0x20")
            << nvl.arg(145).arg(u"RLW_REMAP Nonfatal", u"0x00000084", u"0x00000020") << 145
            << QStringLiteral("xid_154_eval");
        QTest::newRow("Xid 145 RLW_SRC_TRACK non-fatal 0x8")
            << nvl.arg(145).arg(u"RLW_SRC_TRACK Nonfatal", u"0x000000e2", u"0x00000008") << 145
            << QStringLiteral("xid_154_eval");
        QTest::newRow("Xid 145 RLW_REMAP non-fatal 0x100 is ignored")
            << nvl.arg(145).arg(u"RLW_REMAP Nonfatal", u"0x00000084", u"0x00000100") << 145
            << QStringLiteral("ignore");
        QTest::newRow("Xid 149 link down 0x26 (V1) is ignored")
            << nvl.arg(149).arg(u"NETIR_LINK_EVT Fatal", u"0x026001c6", u"0x00000000") << 149
            << QStringLiteral("ignore");
        QTest::newRow("Xid 149 link down 0x28 (V2) is ignored")
            << nvl.arg(149).arg(u"NETIR_LINK_DOWN Fatal", u"0x02800011", u"0x00000000") << 149
            << QStringLiteral("ignore");
        QTest::newRow("Xid 149 link down 0x25 resets the GPU")
            << nvl.arg(149).arg(u"NETIR_LINK_EVT Fatal", u"0x025001c6", u"0x00000000") << 149
            << QStringLiteral("reset_gpu");
        QTest::newRow("Xid 154 node reboot")
            << QStringLiteral("NVRM: Xid (PCI:0000:3b:00): 154, GPU recovery action changed from "
                              "0x0 (None) to 0x2 (Node Reboot Required)")
            << 154 << QStringLiteral("restart_bm");
    }

    void everyXidSaysWhatItsBucketSays()
    {
        QFETCH(QString, line);
        QFETCH(int, code);
        QFETCH(QString, bucket);
        // What the first clause of the action must say for each of NVIDIA's buckets.
        static const std::map<QString, QString> says{
            {QStringLiteral("ignore"),
             QStringLiteral(
                 "^(no action|nothing|none|no immediate action|no gpu reset|informational)")},
            {QStringLiteral("restart_app"),
             QStringLiteral("restart the (application|program|affected application)")},
            {QStringLiteral("reset_gpu"), QStringLiteral("\\breset\\b")},
            {QStringLiteral("contact_support"), QStringLiteral("nvidia support")},
            {QStringLiteral("restart_bm"), QStringLiteral("\\breboot")},
            {QStringLiteral("restart_vm"), QStringLiteral("\\b(vm|virtual machine)\\b")},
            {QStringLiteral("check_mechanicals"), QStringLiteral("seat|cabl|connect")},
            {QStringLiteral("check_uvm"), QStringLiteral("\\b(uvm|unified memory)\\b")},
            {QStringLiteral("update_sw"), QStringLiteral("\\b(update|upgrade)\\b")},
            {QStringLiteral("workflow_xid_45"), QStringLiteral("fabric manager")},
            {QStringLiteral("workflow_xid_48"), QStringLiteral("\\breset\\b")},
            {QStringLiteral("workflow_nvlink_err"), QStringLiteral("decode|register")},
            {QStringLiteral("workflow_nvlink5_err"), QStringLiteral("decode")},
            {QStringLiteral("xid_154"), QStringLiteral("recovery action")},
            {QStringLiteral("xid_154_eval"), QStringLiteral("xid 154")},
        };
        const AnalysisResult result = m_analyzer->analyze(
            {LogDocument::fromBytes(line.toUtf8() + '\n', QStringLiteral("kern.log"))});
        const auto found
            = std::find_if(result.findings.begin(), result.findings.end(), [&](const Finding &f) {
                  const auto it = f.facts.find(QStringLiteral("xid"));
                  return it != f.facts.end() && it->second.toInt() == code;
              });
        QVERIFY2(found != result.findings.end(), "no finding");
        const Finding &f = *found;
        const auto rule = std::find_if(m_set.rules.begin(), m_set.rules.end(),
                                       [&](const Rule &r) { return r.id == f.ruleId; });
        QVERIFY(rule != m_set.rules.end());
        if (!rule->deviationWhy.isEmpty()) {
            QVERIFY2(rule->deviationSource.startsWith(u"https://docs.nvidia.com/"),
                     qPrintable(rule->deviationSource));
            return;
        }
        QCOMPARE(f.resolution, bucket);
        QVERIFY2(f.nvidiaResolution, qPrintable(f.ruleId));
        const CatalogEntry *entry
            = m_set.catalog(QStringLiteral("xid"))->find(QString::number(code));
        const bool fromEntry = entry && entry->resolution == bucket;
        QCOMPARE(f.severity,
                 fromEntry && entry->severity ? *entry->severity : *severityForResolution(bucket));
        const QString first
            = f.action.section(QRegularExpression(QStringLiteral("[;\\n]|\\. ")), 0, 0);
        QVERIFY2(says.count(bucket), qPrintable(bucket));
        QVERIFY2(QRegularExpression(says.at(bucket), QRegularExpression::CaseInsensitiveOption)
                     .match(first)
                     .hasMatch(),
                 qPrintable(QStringLiteral("%1 (%2): \"%3\" does not say %4")
                                .arg(f.ruleId, bucket, first, says.at(bucket))));
    }

    // What a report prints for these Xids carries what NVIDIA's catalog says of them (its
    // trigger conditions and buckets; docs/knowledge-sources.md).
    void xidTextsSayWhatNvidiaSays_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("says");
        QTest::newRow("14 is an injected error") << 14 << QStringLiteral("injected");
        QTest::newRow("32 is mostly PCIe quality") << 32 << QStringLiteral("PCIe quality");
        QTest::newRow("45 alone: restart Fabric Manager")
            << 45 << QStringLiteral("restart Fabric Manager");
        QTest::newRow("48 in SRAM: threshold flag and field diagnostics")
            << 48 << QStringLiteral("sram_threshold_exceeded.*field diagnostics");
        QTest::newRow("56 is a display engine error")
            << 56 << QStringLiteral("Display Engine error.*display engine");
        QTest::newRow("61 is unused on data-center GPUs") << 61 << QStringLiteral("unused on A100");
        QTest::newRow("64: RMA only once the field diagnostic validates")
            << 64 << QStringLiteral("only once NVIDIA's field diagnostic validates");
        QTest::newRow("93 is cleared with nvflash") << 93 << QStringLiteral("elsessionclear");
        QTest::newRow("109 is a GPU reset")
            << 109 << QStringLiteral("Drain the GPU and reset it \\(NVIDIA.s immediate action");
        QTest::newRow("110 is hardware: cold reset")
            << 110 << QStringLiteral("hardware failure.*cold-reset");
        QTest::newRow("121 has no operational impact")
            << 121 << QStringLiteral("no operational impact");
        QTest::newRow("140 stopped page offlining or row remapping")
            << 140 << QStringLiteral("page offlining or row remapping");
        QTest::newRow("159 resets the GPU only with UVM or vGPU")
            << 159 << QStringLiteral("UVM\\) or vGPU is in use, reset the GPU");
        QTest::newRow("163 needs no reset") << 163 << QStringLiteral("No GPU reset needed");
        QTest::newRow("165 lets power swing") << 165 << QStringLiteral("power swings");
        QTest::newRow("168 is seen with ECC disabled") << 168 << QStringLiteral("ECC disabled");
    }

    void xidTextsSayWhatNvidiaSays()
    {
        QFETCH(int, code);
        QFETCH(QString, says);
        const AnalysisResult result = m_analyzer->analyze({LogDocument::fromBytes(
            kForms[0].line(code, busFor(code)).toUtf8() + '\n', QStringLiteral("kern.log"))});
        QCOMPARE(result.findings.size(), 1);
        const Finding &f = result.findings.front();
        const QString text = f.title + u'\n' + f.explain + u'\n' + f.action;
        QVERIFY2(QRegularExpression(says, QRegularExpression::DotMatchesEverythingOption
                                              | QRegularExpression::MultilineOption)
                     .match(QString(text).replace(u'\n', u' '))
                     .hasMatch(),
                 qPrintable(text));
    }

    // Every SXid of the Fabric Manager guide's tables gives its own finding, per switch, with
    // NVIDIA's resolution and name, in the forms the kernel log takes.
    void everySxidIsResolvedFromTheCatalog_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("dmesg") << QStringLiteral(
            "[ 25.948274] nvidia-nvswitch%1: SXid (PCI:%2): %3, Non-fatal, Link 00 %4");
        QTest::newRow("journald") << QStringLiteral(
            "Dec 04 09:12:33 hgx-3 kernel: nvidia-nvswitch%1: SXid (PCI:%2): %3, Fatal, Link 12 %4 "
            "(First)");
        QTest::newRow("dmesg --decode ISO")
            << QStringLiteral("kern  :err   : 2025-01-25T10:34:54,859532+00:00 nvidia-nvswitch%1: "
                              "SXid (PCI:%2): %3, Data {0x000001c0, 0x00bd5c8a} %4");
        QTest::newRow("no host name")
            << QStringLiteral("Dec 04 09:12:33 kernel: nvidia-nvswitch%1: SXid (PCI:%2): %3, "
                              "Severity 1 Engine instance 00 %4");
    }

    void everySxidIsResolvedFromTheCatalog()
    {
        QFETCH(QString, format);
        const Catalog *sxid = m_set.catalog(QStringLiteral("sxid"));
        QVERIFY(sxid);
        QVERIFY(sxid->entries.size() >= 90);
        std::vector<std::shared_ptr<const LogDocument>> logs;
        for (const auto &[code, e] : sxid->entries) {
            // The guide gives no recovery for a few notable codes (10001, 10002).
            QVERIFY2(
                !e.name.isEmpty() && !e.meaning.isEmpty() && !e.action.isEmpty()
                    && (e.resolution.isEmpty() || severityForResolution(e.resolution).has_value()),
                qPrintable(QString::number(code)));
            logs.push_back(
                LogDocument::fromBytes(format.arg(code % 12)
                                               .arg(switchBusFor(code) + QLatin1String(".0"))
                                               .arg(code)
                                               .arg(e.name)
                                               .toUtf8()
                                           + '\n',
                                       QStringLiteral("sxid-%1.log").arg(code)));
        }
        const AnalysisResult result = Analyzer(m_set).analyze(logs);
        std::map<int, const Finding *> byCode;
        for (const Finding &f : result.findings)
            if (f.ruleId == u"nvswitch.sxid")
                byCode[f.facts.at(QStringLiteral("sxid")).toInt()] = &f;
        for (const auto &[code, e] : sxid->entries) {
            QVERIFY2(byCode.count(code),
                     qPrintable(QStringLiteral("SXid %1: no finding").arg(code)));
            const Finding &f = *byCode[code];
            QCOMPARE(f.resolution, e.resolution);
            QCOMPARE(f.severity, e.severity               ? *e.severity
                                 : e.resolution.isEmpty() ? Severity::Warning
                                                          : *severityForResolution(e.resolution));
            QCOMPARE(f.nvidiaResolution, !e.resolution.isEmpty());
            QVERIFY2(f.title.contains(e.name), qPrintable(f.title));
            QCOMPARE(gpuKey(f.facts.at(QStringLiteral("pci"))), switchBusFor(code));
        }
    }

    // The Fabric Manager guide's class decides: these are not fatal to the fabric.
    void sxidSeverityFollowsTheGuidesClass_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<int>("severityValue");
        QTest::newRow("10001 host privileged error: not fatal, may be followed")
            << 10001 << int(Severity::Warning);
        QTest::newRow("10002 host privileged timeout: not fatal, may be followed")
            << 10002 << int(Severity::Warning);
        QTest::newRow("10004 thermal event start: check cooling")
            << 10004 << int(Severity::Warning);
        QTest::newRow("10005 thermal event end: check cooling") << 10005 << int(Severity::Warning);
        QTest::newRow("20012 broken connection: no impact on one GPU")
            << 20012 << int(Severity::Warning);
        QTest::newRow("10003 unhandled interrupt stays always fatal")
            << 10003 << int(Severity::Critical);
    }

    void sxidSeverityFollowsTheGuidesClass()
    {
        QFETCH(int, code);
        QFETCH(int, severityValue);
        const auto severity = Severity(severityValue);
        const CatalogEntry *e = m_set.catalog(QStringLiteral("sxid"))->find(QString::number(code));
        QVERIFY(e);
        QCOMPARE(e->severityClass, severity == Severity::Critical ? QStringLiteral("always-fatal")
                                                                  : QStringLiteral("non-fatal"));
        const QString line
            = QStringLiteral("nvidia-nvswitch3: SXid (PCI:0000:05:00.0): %1, Non-fatal, Link 08 %2")
                  .arg(code)
                  .arg(e->name);
        const AnalysisResult result = m_analyzer->analyze(
            {LogDocument::fromBytes(line.toUtf8() + '\n', QStringLiteral("kern.log"))});
        QCOMPARE(result.findings.size(), 1);
        QCOMPARE(result.findings.front().severity, severity);
    }

    // Every CUDA error the catalog knows is recognised by each of its names, as frameworks print
    // them, with its code and resolution.
    void everyCudaErrorIsKnownByItsNames()
    {
        const Catalog *cuda = m_set.catalog(QStringLiteral("cuda-error"));
        QVERIFY(cuda);
        QVERIFY(cuda->entries.size() >= 130); // every cudaError_t and CUresult code
        const Analyzer analyzer(m_set);
        for (const auto &[code, e] : cuda->entries) {
            if (code == 0)
                continue; // cudaSuccess: success is never a finding
            for (const QString &name : e.names) {
                const bool isText = name.contains(QLatin1Char(' '));
                const QString line = isText
                                         ? QStringLiteral("RuntimeError: CUDA error: %1").arg(name)
                                         : QStringLiteral("failed call to cuInit: %1").arg(name);
                const AnalysisResult r = analyzer.analyze(
                    {LogDocument::fromBytes(line.toUtf8() + '\n', QStringLiteral("app.log"))});
                // A code a rule names as its condition (`vocabulary:`) is that rule's finding.
                const Rule *claim = nullptr;
                for (const Rule &rule : m_set.rules)
                    if (rule.vocabulary && rule.vocabulary->catalog == u"cuda-error"
                        && rule.vocabulary->codes.contains(code))
                        claim = &rule;
                QVERIFY2(
                    r.findings.size() == 1
                        && (claim ? r.findings.front().ruleId == claim->id
                                  : r.findings.front().ruleId.startsWith(u"cuda.error")),
                    qPrintable(line + QLatin1String(": ")
                               + (r.findings.isEmpty() ? QString() : r.findings.front().ruleId)));
                const Finding &f = r.findings.front();
                // Errors with rules of their own (35, 100, 802, 803, 804, out of memory) are
                // reported by those; the rest by the catalog rules with NVIDIA's code.
                if (!f.ruleId.startsWith(u"cuda.error.by-name") && f.ruleId != u"cuda.error")
                    continue;
                QCOMPARE(f.resolution, e.resolution);
                QVERIFY2(f.title.contains(e.name), qPrintable(f.title));
                const auto codeFact = f.facts.find(QStringLiteral("cuda_error_code"));
                QVERIFY2(codeFact != f.facts.end() && codeFact->second == QString::number(code),
                         qPrintable(line));
            }
        }
    }

    // "CUDA error: <text>" takes in no line of its own that follows it.
    void aCudaErrorEndsWhereItsTextEnds_data()
    {
        QTest::addColumn<QString>("log");
        const QString error = QStringLiteral(
            "RuntimeError: CUDA error: an illegal memory access was encountered\n");
        QTest::newRow("a plain line after it") << error + QStringLiteral("foo bar\n");
        QTest::newRow("another CUDA error after it")
            << error + QStringLiteral("CUDA error: device-side assert triggered\n");
        QTest::newRow("PyTorch's note after it")
            << error
                   + QStringLiteral("CUDA kernel errors might be asynchronously reported at some "
                                    "other API call\n");
        QTest::newRow("alone") << error;
        QTest::newRow("ONNX Runtime's details after it")
            << QStringLiteral("2020-09-25 21:36:09.156043014 [E:onnxruntime:test, cuda_call.cc:119 "
                              "CudaCall] CUDA failure 700: an illegal memory access was "
                              "encountered ; GPU=0 ; hostname=node1 ; expr=cudaMemcpy(dst, src, "
                              "bytes, cudaMemcpyHostToDevice); \n");
    }

    void aCudaErrorEndsWhereItsTextEnds()
    {
        QFETCH(QString, log);
        const AnalysisResult result = m_analyzer->analyze(
            {LogDocument::fromBytes(log.toUtf8(), QStringLiteral("app.log"))});
        const auto f
            = std::find_if(result.findings.begin(), result.findings.end(), [](const Finding &x) {
                  return x.occurrences.value(0).line == 1 && x.ruleId.startsWith(u"cuda.error");
              });
        QVERIFY(f != result.findings.end());
        QCOMPARE(f->facts.at(QStringLiteral("cuda_error")),
                 QStringLiteral("an illegal memory access was encountered"));
        QVERIFY2(!f->title.contains(u"not in the catalog"), qPrintable(f->title));
    }

    // A user catalog of the same name adds to the shipped one code by code: the codes it does
    // not give keep NVIDIA's meaning and resolution, the one it gives is the user's (not
    // labelled NVIDIA's), and a warning says what was merged.
    void aUserCatalogMergesWithTheShippedOne()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("my-xid.yaml")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("schema: gputriage/catalog/v1\ncatalog: xid\nresolutions: gputriage\n"
                   "entries:\n  - code: 79\n    name: \"Our own words\"\n"
                   "    resolution: check_mechanicals\n  - code: 9999\n    name: \"A new code\"\n");
        file.close();
        const RuleSet set = loadRules({file.fileName()}, true);
        QVERIFY2(!set.hasErrors(), qPrintable(set.diagnostics.value(0).toString()));
        const Catalog *xid = set.catalog(QStringLiteral("xid"));
        QVERIFY(xid);
        QCOMPARE(xid->entries.size(), m_set.catalog(QStringLiteral("xid"))->entries.size() + 1);
        QCOMPARE(xid->entries.at(79).name, QStringLiteral("Our own words"));
        QCOMPARE(xid->entries.at(48).resolution, QStringLiteral("workflow_xid_48"));
        QVERIFY(
            std::any_of(set.diagnostics.begin(), set.diagnostics.end(), [](const Diagnostic &d) {
                return !d.isError() && d.where.message.contains(u"merged")
                       && d.where.message.contains(u"(79)");
            }));
        const Analyzer analyzer(set);
        const AnalysisResult result = analyzer.analyze({LogDocument::fromBytes(
            (kForms[0].line(48, busFor(48)) + u'\n' + kForms[0].line(79, busFor(79))).toUtf8(),
            QStringLiteral("k"))});
        std::map<QString, const Finding *> byCode;
        for (const Finding &f : result.findings)
            if (f.facts.count(QStringLiteral("xid")))
                byCode[f.facts.at(QStringLiteral("xid"))] = &f;
        QVERIFY(byCode.count(QStringLiteral("48")) && byCode.count(QStringLiteral("79")));
        QCOMPARE(byCode[QStringLiteral("48")]->resolution, QStringLiteral("workflow_xid_48"));
        QVERIFY(byCode[QStringLiteral("48")]->nvidiaResolution);
        QCOMPARE(byCode[QStringLiteral("79")]->resolution, QStringLiteral("check_mechanicals"));
        QVERIFY(!byCode[QStringLiteral("79")]->nvidiaResolution);
    }

    void aPciDomainOtherThanZeroIsKept()
    {
        const Analyzer analyzer(m_set);
        const AnalysisResult result = analyzer.analyze({LogDocument::fromBytes(
            kForms[0].line(79, busFor(79, QStringLiteral("0002"))).toUtf8(), QStringLiteral("k"))});
        QCOMPARE(result.findings.size(), 1);
        QCOMPARE(result.findings[0].facts.at(QStringLiteral("pci")),
                 busFor(79, QStringLiteral("0002")));
        QCOMPARE(result.findings[0].resolution, QStringLiteral("restart_bm"));
    }
};

QTEST_GUILESS_MAIN(TestCatalogs)
#include "tst_catalogs.moc"
