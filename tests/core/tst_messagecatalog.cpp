// The message catalogs (rules/catalogs/messages/): a printf format becomes a matcher with its
// values; every message a component prints is recognised as that component's, at its level; and
// lines the sources print at info level never become findings above info.
#include "engine/analyzer.h"
#include "engine/matcher.h"
#include "rules/messagecatalog.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <re2/re2.h>

#include <map>
#include <set>

using namespace gputriage;

namespace {

// The line a component writes around a message, without any level marker of its own.
std::string linePrefix(const MessageComponent &c, const CatalogMessage &m)
{
    if (!m.function.isEmpty())
        return "NVRM: " + m.function.toStdString() + ": ";
    if (c.lineFormat.startsWith(u"NVRM"))
        return "NVRM: ";
    return {};
}

// The shipped rules' analysis of `text` as the file `name`.
AnalysisResult analyzeText(const QByteArray &text, const QString &name)
{
    static const RuleSet rules = loadRules({}, true);
    return Analyzer(rules).analyze({LogDocument::fromBytes(text, name)});
}

} // namespace

class TestMessageCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFormatMatchesWhatItPrints_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("line");
        QTest::addColumn<QStringList>("values");
        QTest::newRow("hex status and ints")
            << "GspRmAlloc failed: hClient=0x%08x; status=0x%08x\n"
            << "GspRmAlloc failed: hClient=0xc1d00047; status=0x00000062"
            << QStringList{QStringLiteral("c1d00047"), QStringLiteral("00000062")};
        QTest::newRow("a string at the end takes the rest")
            << "Failed to open %s: %s"
            << "Failed to open libnvidia-cfg.so.1: cannot open shared object file"
            << QStringList{QStringLiteral("libnvidia-cfg.so.1"),
                           QStringLiteral("cannot open shared object file")};
        QTest::newRow("padded numbers and a literal percent")
            << "GPU%d utilisation %3d%% at %s" << "GPU0 utilisation  97% at 10:00"
            << QStringList{QStringLiteral("0"), QStringLiteral("97"), QStringLiteral("10:00")};
        QTest::newRow("length modifiers and a pointer")
            << "fault at %p, size %llu (%lx)" << "fault at 0xffff8881deadbeef, size 4096 (1000)"
            << QStringList{QStringLiteral("0xffff8881deadbeef"), QStringLiteral("4096"),
                           QStringLiteral("1000")};
        QTest::newRow("blanks collapsed around a value")
            << "prefix  %s\tsuffix\n"
            << "prefix x suffix" << QStringList{QStringLiteral("x")};
    }

    void aFormatMatchesWhatItPrints()
    {
        QFETCH(QString, format);
        QFETCH(QString, line);
        QFETCH(QStringList, values);
        std::vector<char> conversions;
        const RE2 re(MessageCatalog::formatToPattern(format.toStdString(), &conversions));
        QVERIFY2(re.ok(), re.error().c_str());
        QCOMPARE(int(conversions.size()), values.size());
        std::vector<re2::StringPiece> sub(conversions.size() + 1);
        const std::string text = line.toStdString();
        QVERIFY(re.Match(text, 0, text.size(), RE2::ANCHOR_BOTH, sub.data(), int(sub.size())));
        for (qsizetype i = 0; i < values.size(); ++i)
            QCOMPARE(QString::fromStdString(std::string(sub[size_t(i) + 1])), values[i]);
    }

    // A blank next to a value may be missing (an empty or padded value), but a word the format
    // prints between blanks is not part of a longer word: libnvidia-container's "executing %s
    // at %s" is not nvkind's "… executing command: exit status 126" (the "at" of "status").
    void aWordOfTheFormatStaysAWord()
    {
        const auto matches = [](const char *format, const std::string &line) {
            std::vector<char> conversions;
            const RE2 re(MessageCatalog::formatToPattern(format, &conversions));
            return RE2::FullMatch(line, re);
        };
        QVERIFY(matches("executing %s at %s", "executing /sbin/ldconfig at /run/nvidia/driver"));
        QVERIFY(matches("executing %s at %s", "executing /sbin/ldconfig at/run"));
        QVERIFY(!matches("executing %s at %s", "executing command: exit status 126"));
        QVERIFY(matches("%s failed", "/dev/nvidia0 failed"));
        QVERIFY(matches("%s failed", "/dev/nvidia0: failed"));
        QVERIFY(!matches("%s failed", "operation unfailed"));
        // A pointer printed last may be left off, with its "0x", by a reader who retyped the line;
        // a format of little text keeps it.
        QVERIFY(matches("Failed to map NvKmsKapiMemory 0x%p\n", "Failed to map NvKmsKapiMemory"));
        QVERIFY(matches("Failed to map NvKmsKapiMemory 0x%p\n",
                        "Failed to map NvKmsKapiMemory 0x00000000a1b2c3d4"));
        QVERIFY(!matches("Failed to map NvKmsKapiMemory 0x%p\n", "Failed to map NvKmsKapiMemoryX"));
        QVERIFY(!matches("%d %p", "7"));
    }

    // One line per message of every shipped catalog, as the component prints it: each is
    // recognised as a message of its component at its level (or as another message that prints
    // the very same text, or an equally literal one at the same level: "Starting %s" of the
    // container toolkit and "Starting %s %s" of the device plugin read "Starting plugin" alike).
    void everyCatalogMessageIsRecognised()
    {
        const RuleSet rules = loadRules({}, true);
        QVERIFY(rules.messages);
        const MessageCatalog &catalog = *rules.messages;
        QVERIFY2(catalog.problems().isEmpty(), qPrintable(catalog.problems().join(u'\n')));
        QVERIFY(catalog.components().size() >= 10);
        int tried = 0, recognised = 0;
        QStringList wrong;
        for (const CatalogMessage &m : catalog.messages()) {
            if (m.generic)
                continue;
            const MessageComponent &c = catalog.components()[size_t(m.component)];
            const std::string sample = MessageCatalog::sampleLine(m.format);
            const std::string line = linePrefix(c, m) + sample;
            ++tried;
            const std::optional<Recognition> r = catalog.recognise(line);
            const bool same = r && r->component->id == c.id && r->message->level == m.level;
            const bool sameText = r
                                  && (MessageCatalog::sampleLine(r->message->format) == sample
                                      || (r->message->literalLetters == m.literalLetters
                                          && r->message->level == m.level));
            if (same || sameText)
                ++recognised;
            else if (wrong.size() < 30)
                wrong << QStringLiteral("%1 [%2] %3 → %4")
                             .arg(c.id, printLevelName(m.level),
                                  QString::fromStdString(line).left(120),
                                  r ? r->component->id + QLatin1Char(' ')
                                          + QString::fromStdString(r->message->format).left(80)
                                    : QStringLiteral("nothing"));
        }
        qInfo("%d of %d catalog messages recognised as their component's at their level",
              recognised, tried);
        for (const QString &w : wrong)
            qInfo("not recognised: %s", qPrintable(w));
        QVERIFY(tried > 10000);
        QCOMPARE(recognised, tried);
    }

    // A known RM message names the component, subsystem and function, and decodes its status:
    // a value after "status=" and a status printed by name.
    void aKnownMessageDecodesItsStatus_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("function");
        QTest::addColumn<QString>("status");
        QTest::newRow("a status value")
            << QByteArray(
                   "Jul 13 10:16:09 host kernel: NVRM: rpcRmApiAlloc_GSP: GspRmAlloc failed: "
                   "hClient=0xc1d00047; hParent=0xc1d00047; hObject=0xcaf00000; hClass=0x00000080; "
                   "paramsSize=0x00000078; paramsStatus=0x00000065; status=0x00000065")
            << QStringLiteral("rpcRmApiAlloc_GSP") << QStringLiteral("NV_ERR_TIMEOUT");
        QTest::newRow("a status by name")
            << QByteArray(
                   "[ 1234.5] NVRM: nvAssertOkFailedNoLog: Assertion failed: Reset required "
                   "[NV_ERR_RESET_REQUIRED] (0x00000065) returned from pRmApi->Control(pRmApi, "
                   "hClient, hObject, cmd, pParams, paramsSize) @ rs_server.c:1439")
            << QStringLiteral("nvAssertOkFailedNoLog") << QStringLiteral("NV_ERR_RESET_REQUIRED");
    }

    void aKnownMessageDecodesItsStatus()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, function);
        QFETCH(QString, status);
        const AnalysisResult result = analyzeText(line + '\n', QStringLiteral("kern.log"));
        const Finding *known = nullptr;
        for (const Finding &f : result.findings)
            if (f.ruleId.startsWith(u"catalog.nvidia-rm."))
                known = &f;
        QVERIFY2(known, qPrintable(result.findings.isEmpty() ? QStringLiteral("no finding")
                                                             : result.findings.front().ruleId));
        QCOMPARE(known->facts.at(QStringLiteral("component")), QStringLiteral("nvidia-rm"));
        QCOMPARE(known->facts.at(QStringLiteral("function")), function);
        QVERIFY2(known->facts.at(QStringLiteral("status_name")).startsWith(status),
                 qPrintable(known->facts.at(QStringLiteral("status_name"))));
    }

    // NV_STATUS numbers are the driver's: a status another program prints (systemd's exit
    // status, Fabric Manager's in-band status) is not decoded as one.
    void onlyTheDriverPrintsNvStatusValues()
    {
        static const RuleSet rules = loadRules({}, true);
        const QByteArray line = "Nov 05 13:55:26 node1 systemd[1]: nvidia-fabricmanager.service: "
                                "Control process exited, code=exited, status=1/FAILURE\n";
        const AnalysisResult result = Analyzer(rules).analyze(
            {LogDocument::fromBytes(line, QStringLiteral("journal.log"))});
        bool catalogued = false;
        for (const Finding &f : result.findings) {
            catalogued = catalogued || f.ruleId.startsWith(u"catalog.");
            const auto status = f.facts.find(QStringLiteral("status_name"));
            QVERIFY2(status == f.facts.end(),
                     qPrintable(status == f.facts.end() ? QString()
                                                        : f.ruleId + u": " + status->second));
        }
        QVERIFY(catalogued);
    }

    // A kernel line is a message of the module whose name it carries, a journal line of the
    // program it names: another catalog does not claim it because a short text of it is in the
    // line.
    void aKernelLineIsItsOwnModulesMessage_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("notCatalog"); // a finding of this catalog is wrong
        QTest::addColumn<QString>("catalog");    // and one of this catalog is right (or empty)
        QTest::newRow("RM assertion with modeset's 'Out of memory'")
            << QByteArray("kernel: NVRM: nvAssertOkFailedNoLog: Assertion failed: Out of memory "
                          "[NV_ERR_NO_MEMORY] (0x00000051) returned from x @ y.c:273")
            << QStringLiteral("catalog.nvidia-modeset") << QString();
        QTest::newRow("modeset's own message")
            << QByteArray("kernel: nvidia-modeset: ERROR: Filesystems not mounted")
            << QStringLiteral("catalog.nvidia-rm") << QStringLiteral("catalog.nvidia-modeset");
        // The program the journal names printed it, whatever file name its message holds.
        QTest::newRow("a container toolkit line naming nvidia-drm's file")
            << QByteArray("nvidia-ctk[1111]: time=\"2026-01-25T12:17:03+01:00\" level=warning "
                          "msg=\"Could not locate X11/xorg.conf.d/nvidia-drm-outputclass.conf: "
                          "pattern X11/xorg.conf.d/nvidia-drm-outputclass.conf not found\"")
            << QStringLiteral("catalog.nvidia-rm")
            << QStringLiteral("catalog.nvidia-container-toolkit");
        QTest::newRow("modeset's text after NVRM")
            << QByteArray("kernel: NVRM: Filesystems not mounted")
            << QStringLiteral("catalog.nvidia-modeset") << QString();
    }

    void aKernelLineIsItsOwnModulesMessage()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, notCatalog);
        QFETCH(QString, catalog);
        const AnalysisResult result
            = analyzeText("Nov 05 13:55:26 node1 " + line + '\n', QStringLiteral("kern.log"));
        bool found = catalog.isEmpty();
        for (const Finding &f : result.findings) {
            QVERIFY2(!f.ruleId.startsWith(notCatalog), qPrintable(f.ruleId + u": " + f.title));
            found = found || f.ruleId.startsWith(catalog);
        }
        QVERIFY(found);
    }

    // A rule that names a kind of message (`messages:`) is the condition of every message of
    // that kind, in wordings no pattern of it spells out; other messages keep the catalog's name.
    void aRuleNamesAKindOfMessage_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("rule");
        QTest::newRow("GSP boot, by its function")
            << QByteArray("[    5.231] NVRM: kgspWaitForGfwBootOk_TU102: failed to wait for GFW "
                          "boot complete: 0x65 VBIOS version 94.02.71.40.83")
            << QStringLiteral("driver.gsp-failed");
        QTest::newRow("GSP message queue")
            << QByteArray("Jul 13 10:16:09 host kernel: NVRM: _kgspRpcSendMessage: "
                          "GspMsgQueueSendCommand failed on GPU0: 0x65")
            << QStringLiteral("driver.gsp-failed");
        // A reader's terminal wrapped the line at a blank: the function's message is the one
        // whose text the line holds up to that blank.
        QTest::newRow("GSP firmware version, wrapped by the reader")
            << QByteArray("NVRM: GPU0 _kgspFwContainerVerifyVersion: GSP firmware image version "
                          "mismatch:")
            << QStringLiteral("driver.gsp-failed");
        // The 515 to early 535 releases printed "NVRM <function>:" without the colon.
        QTest::newRow("GSP boot, in the prefix of the first open releases")
            << QByteArray("[ 1225.021550] NVRM kgspWaitForGfwBootOk_TU102: failed to wait for "
                          "GFW boot complete: 0x65 VBIOS version 94.02.71.40.83")
            << QStringLiteral("driver.gsp-failed");
        QTest::newRow("an application's control call is not a GSP failure")
            << QByteArray("Jul 13 10:16:09 host kernel: NVRM: rpcRmApiControl_GSP: GspRmControl "
                          "failed: hClient=0xc1d00047; hObject=0xc1d00047; cmd=0x20803039; "
                          "paramsSize=0x00000008; paramsStatus=0x00000056; status=0x00000056")
            << QStringLiteral("catalog.nvidia-rm.gsp");
        QTest::newRow("persistence daemon")
            << QByteArray("Dec 01 10:00:00 host nvidia-persistenced[1234]: device 0000:3b:00.0 - "
                          "failed to open.")
            << QStringLiteral("driver.persistenced-failed");
    }

    void aRuleNamesAKindOfMessage()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, rule);
        const AnalysisResult result = analyzeText(line + '\n', QStringLiteral("syslog"));
        QStringList ids;
        for (const Finding &f : result.findings)
            ids << f.ruleId;
        QVERIFY2(ids.contains(rule), qPrintable(ids.join(u' ')));
    }

    // A line journalctl's pager or systemctl cut at the terminal's width ("...timeou>",
    // "...…") is still its message: the formats are tried as far as the line goes. A line that
    // merely ends in '>' (an XML value, a shell prompt) is not cut inside any format.
    void aLineCutAtTheTerminalsWidthIsItsMessage_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("known");
        QTest::newRow("journalctl's pager")
            << QByteArray("May 06 14:45:07 ubuntu kernel: [drm:nv_drm_atomic_commit [nvidia_drm]] "
                          "*ERROR* [nvidia-drm] [GPU ID 0x00000100] Flip event timeou>")
            << true;
        QTest::newRow("systemctl's ellipsis")
            << QByteArray("May 06 14:45:07 ubuntu kernel: [drm:nv_drm_atomic_commit [nvidia_drm]] "
                          "*ERROR* [nvidia-drm] [GPU ID 0x00000100] Flip event time\xe2\x80\xa6")
            << true;
        QTest::newRow("an XML value is no cut message")
            << QByteArray("<product_name>NVIDIA event timeout</product_name>") << false;
    }

    void aLineCutAtTheTerminalsWidthIsItsMessage()
    {
        QFETCH(QByteArray, line);
        QFETCH(bool, known);
        const AnalysisResult result = analyzeText(line + '\n', QStringLiteral("journal.txt"));
        QStringList ids;
        for (const Finding &f : result.findings)
            ids << f.ruleId;
        QCOMPARE(ids.contains(QStringLiteral("catalog.nvidia-drm.disp")), known);
    }

    // Several messages of the kind a rule names are one condition: one finding, its count all
    // of their lines, its explanation naming each message.
    void theMessagesARuleNamesAreOneFinding()
    {
        static const RuleSet rules = loadRules({}, true);
        const QByteArray log
            = "[    5.231] NVRM: kgspWaitForGfwBootOk_TU102: failed to wait for GFW boot "
              "complete: 0x65 VBIOS version 94.02.71.40.83\n"
              "[    6.100] NVRM: _kgspRpcSendMessage: GspMsgQueueSendCommand failed on GPU0: "
              "0x65\n"
              "[    6.200] NVRM: _kgspProcessRpcEvent: Unexpected RPC event from GPU0: 0x1001 "
              "(GSP_RM_ALLOC)\n"
              "[    7.000] NVRM: GPU0 _kgspRpcRecvPoll: GSP RM heartbeat timed out\n";
        const AnalysisResult result
            = Analyzer(rules).analyze({LogDocument::fromBytes(log, QStringLiteral("kern.log"))});
        QList<const Finding *> gsp;
        for (const Finding &f : result.findings)
            if (f.ruleId == u"driver.gsp-failed")
                gsp << &f;
        QCOMPARE(gsp.size(), 1);
        QCOMPARE(gsp.front()->count, 4);
        QCOMPARE(gsp.front()->occurrences.size(), 4);
        QVERIFY2(gsp.front()->explain.contains(u"The messages: ")
                     && gsp.front()->explain.contains(u"GspMsgQueueSendCommand failed")
                     && gsp.front()->explain.contains(u"Unexpected RPC event"),
                 qPrintable(gsp.front()->explain));
        QVERIFY(gsp.front()->facts.at(QStringLiteral("function")).contains(u", "));
    }

    // RM's HAL has one implementation of a function per chip; the catalog holds the ones its
    // source has, a log prints the running chip's: the same message.
    void aChipsImplementationIsTheSameMessage_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("known");
        QTest::newRow("the chip the source names") << QByteArray(
            "NVRM: kgspExecuteFwsec_TU102: failed to execute FWSEC for FRTS: FRTS error code 0x3")
                                                   << true;
        QTest::newRow("another chip") << QByteArray(
            "NVRM: kgspExecuteFwsec_GA102: failed to execute FWSEC for FRTS: FRTS error code 0x3")
                                      << true;
        QTest::newRow("a Blackwell chip") << QByteArray(
            "NVRM: kgspExecuteFwsec_GB202: failed to execute FWSEC for FRTS: FRTS error code 0x3")
                                          << true;
        QTest::newRow("another function") // the message is filed under its function too
            << QByteArray("NVRM: kfooBar_GA102: frobnication of the widget went badly") << false;
    }

    // An RM line whose function the catalogs know, in words none of its messages has (another
    // driver version's), is that function's: its subsystem, at info, and not an unrecognised
    // line. Without error words it stays nobody's concern; an unknown function stays unknown.
    void aKnownFunctionNamesAMessageItsCatalogLacks_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("finding"); // empty: no finding at all
        QTest::newRow("GSP, a failure the catalog lacks")
            << QByteArray("NVRM: kgspInitRm_IMPL: cannot frobnicate the widget (status 0x1)")
            << QStringLiteral("catalog.nvidia-rm.gsp");
        QTest::newRow("a chip's implementation, with its GPU")
            << QByteArray("NVRM: GPU0 kgspBootstrap_GH100: widget failed to start")
            << QStringLiteral("catalog.nvidia-rm.gsp");
        QTest::newRow("an unknown function")
            << QByteArray("NVRM: kfooFrobnicate_IMPL: cannot frobnicate the widget")
            << QStringLiteral("nvidia.unrecognised");
        QTest::newRow("no error words")
            << QByteArray("NVRM: kgspInitRm_IMPL: the widget is blue today") << QString();
    }

    void aKnownFunctionNamesAMessageItsCatalogLacks()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, finding);
        const AnalysisResult result = analyzeText("Nov 05 13:55:26 node1 kernel: " + line + '\n',
                                                  QStringLiteral("kern.log"));
        if (finding.isEmpty()) {
            QVERIFY2(result.findings.isEmpty(), qPrintable(result.findings.value(0).ruleId));
            return;
        }
        QCOMPARE(result.findings.size(), 1);
        const Finding &f = result.findings.front();
        QCOMPARE(f.ruleId, finding);
        QCOMPARE(f.severity, Severity::Info);
        if (finding.startsWith(u"catalog.")) {
            QCOMPARE(f.facts.at(QStringLiteral("subsystem")), QStringLiteral("gsp"));
            const QString function = f.facts.at(QStringLiteral("function"));
            QVERIFY2(line.contains(function.toUtf8()), qPrintable(function));
            QCOMPARE(result.nvidiaUnrecognisedLines, 0);
        }
    }

    // Fabric Manager's and IMEX's own log files name neither on their lines: their prefix makes a
    // line theirs, so a message that names no component is still looked up.
    void aFabricManagerLogLineIsLookedUpByItsPrefix_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("named");
        QTest::newRow("fabricmanager.log")
            << QByteArray("[Oct 31 2023 20:59:37] [ERROR] [tid 527118] failed to release "
                          "multicast team with handle 3, cannot find the team")
            << true;
        QTest::newRow("the same words without the prefix")
            << QByteArray("failed to release multicast team with handle 3, cannot find the team")
            << false;
    }

    void aFabricManagerLogLineIsLookedUpByItsPrefix()
    {
        QFETCH(QByteArray, line);
        QFETCH(bool, named);
        const AnalysisResult result = analyzeText(line + '\n', QStringLiteral("fabricmanager.log"));
        bool found = false;
        for (const Finding &f : result.findings)
            found = found || f.ruleId.startsWith(u"catalog.fabric-manager");
        QCOMPARE(found, named);
    }

    // Catalogs read ahead on their own thread (a large bundle's kernel catalogs) answer as
    // catalogs read on demand do, whatever is asked while they are read; one destroyed while
    // reading ahead stops.
    void readingAheadChangesNoAnswer()
    {
        const RuleSet rules = loadRules({}, true);
        const MessageCatalog &all = *rules.messages;
        std::vector<std::string> lines;
        for (const CatalogMessage &m : all.messages())
            if (!m.generic && lines.size() < 4000
                && (m.component % 3 == 0 || lines.size() % 7 == 0))
                lines.push_back(linePrefix(all.components()[size_t(m.component)], m)
                                + MessageCatalog::sampleLine(m.format));
        QVERIFY(lines.size() > 1000);
        const MessageCatalog onDemand(rules.messageCatalogFiles);
        const MessageCatalog ahead(rules.messageCatalogFiles);
        ahead.readAhead([](const QString &component) { return component.startsWith(u"nvidia-"); });
        int recognised = 0;
        for (const std::string &line : lines) {
            const auto a = ahead.recognise(line), b = onDemand.recognise(line);
            QCOMPARE(bool(a), bool(b));
            if (a) {
                QCOMPARE(a->component->id, b->component->id);
                QCOMPARE(a->message->format, b->message->format);
                QCOMPARE(a->values, b->values);
                ++recognised;
            }
        }
        QVERIFY(recognised > 1000);
        for (int i = 0; i < 5; ++i) {
            const MessageCatalog stopped(rules.messageCatalogFiles);
            stopped.readAhead([](const QString &) { return true; });
        }
    }

    // A line asked of some components is read the same whatever other catalogs were read
    // before (by the read-ahead, or for other lines): their formats neither use up the tries nor
    // come first.
    void theOtherCatalogsReadChangeNoAnswer()
    {
        const RuleSet rules = loadRules({}, true);
        const MessageCatalog &all = *rules.messages;
        std::map<QString, std::vector<std::string>> lines; // component → sample lines
        for (size_t i = 0; i < all.messages().size(); i += 2) {
            const CatalogMessage &m = all.messages()[i];
            const MessageComponent &c = all.components()[size_t(m.component)];
            if (!m.generic)
                lines[c.id].push_back(linePrefix(c, m) + MessageCatalog::sampleLine(m.format));
        }
        const MessageCatalog everything(rules.messageCatalogFiles);
        QVERIFY(everything.problems().isEmpty()); // reads every file
        int compared = 0;
        for (const auto &[component, texts] : lines) {
            const auto wanted = [&component](const QString &c) {
                return c == component;
            };
            const MessageCatalog alone(rules.messageCatalogFiles);
            for (const std::string &line : texts) {
                const auto a = alone.recognise(line, wanted);
                const auto b = everything.recognise(line, wanted);
                QVERIFY2(bool(a) == bool(b), line.c_str());
                if (!a)
                    continue;
                QVERIFY2(a->message->format == b->message->format,
                         qPrintable(QString::fromStdString(line + "\n" + a->message->format + "\n"
                                                           + b->message->format)));
                QCOMPARE(a->values, b->values);
                QCOMPARE(a->order, b->order);
                ++compared;
            }
        }
        QVERIFY(compared > 5000);
    }

    // Many formats of one component filed under a word do not hide another's format filed
    // under it when only the other is asked (they once used up the tries when read before it).
    void anotherComponentsFormatsUseUpNoTries()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&](const QString &name, const QByteArray &component,
                         const QList<QByteArray> &formats) {
            QByteArray json = "{\"schema\": \"gputriage/messages/v1\", \"component\": \""
                              + component + "\", \"messages\": [";
            for (qsizetype i = 0; i < formats.size(); ++i)
                json += (i ? ", " : "") + QByteArray("{\"format\": \"") + formats[i]
                        + "\", \"level\": \"error\"}";
            QFile f(dir.filePath(name));
            return f.open(QIODevice::WriteOnly) && f.write(json + "]}") > 0;
        };
        QList<QByteArray> many;
        for (int i = 1; i <= 500; ++i)
            many << "widgetfrobnicator" + QByteArray(" %d").repeated(i);
        QVERIFY(write(QStringLiteral("alpha.json"), "alpha", many));
        QVERIFY(
            write(QStringLiteral("beta.json"), "beta", {"widgetfrobnicator refused gadget %s"}));
        const QStringList files{dir.filePath(QStringLiteral("alpha.json")),
                                dir.filePath(QStringLiteral("beta.json"))};
        const auto beta = [](const QString &c) {
            return c == u"beta";
        };
        const std::string line = "widgetfrobnicator refused gadget g7";
        const MessageCatalog alone(files), everything(files);
        QVERIFY(everything.problems().isEmpty()); // reads both
        const auto a = alone.recognise(line, beta), b = everything.recognise(line, beta);
        QVERIFY2(a, "alone");
        QVERIFY2(b, "everything");
        QCOMPARE(a->message->format, std::string("widgetfrobnicator refused gadget %s"));
        QCOMPARE(b->message->format, a->message->format);
        QCOMPARE(b->values, std::vector<std::string>{"g7"});
    }

    // A format of one or two words (Ollama's slog.Info("packages"), the container toolkit's
    // "Initializing", RM's "not found") is a line's whole message or nothing: not a path or a
    // longer sentence that holds the words.
    void aShortFormatIsAWholeMessage_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("format"); // empty: no one-word format names the line
        QTest::newRow("slog message with its attributes")
            << QByteArray("time=2025-03-01T10:00:00.000Z level=INFO source=gpu_windows.go:167 "
                          "msg=packages count=1")
            << QStringLiteral("packages");
        QTest::newRow("slog message quoted, at the end")
            << QByteArray("time=2025-03-01T10:00:00.000Z level=INFO source=gpu_windows.go:167 "
                          "msg=\"packages\"")
            << QStringLiteral("packages");
        QTest::newRow("a path holding the word")
            << QByteArray("  File \"/usr/lib/python3/site-packages/torch/cuda/__init__.py\", "
                          "line 293, in _lazy_init")
            << QString();
        QTest::newRow("the word in a sentence")
            << QByteArray("I0301 10:00:00.000000 1 main.go:42] Initializing NVML for the GPU")
            << QString();
        QTest::newRow("two words ending another sentence")
            << QByteArray("(EE) Failed to initialize GLX extension (Compatible NVIDIA X driver "
                          "not found)")
            << QString();
        QTest::newRow("blanks and full stops after the word")
            << QByteArray("I0301 10:00:00.000000 1 main.go:42] Initializing  .. ")
            << QStringLiteral("Initializing");
        QTest::newRow("the word after a tag")
            << QByteArray("I0301 10:00:00.000000 1 main.go:42] Initializing")
            << QStringLiteral("Initializing");
    }

    void aShortFormatIsAWholeMessage()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, format);
        static const RuleSet rules = loadRules({}, true);
        const MessageCatalog catalog(rules.messageCatalogFiles);
        const auto r = catalog.recognise(line.toStdString());
        const auto words = [](const std::string &f) {
            return QString::fromStdString(f).split(u' ', Qt::SkipEmptyParts).size();
        };
        const bool shortFormat = r && words(r->message->format) <= 2
                                 && r->message->format.find('%') == std::string::npos;
        if (format.isEmpty())
            QVERIFY2(!shortFormat, r ? r->message->format.c_str() : "");
        else
            QCOMPARE(shortFormat ? QString::fromStdString(r->message->format) : QString(), format);
    }

    void aChipsImplementationIsTheSameMessage()
    {
        QFETCH(QByteArray, line);
        QFETCH(bool, known);
        static const RuleSet rules = loadRules({}, true);
        MessageCatalog catalog(rules.messageCatalogFiles);
        const auto r = catalog.recognise(line.toStdString());
        QCOMPARE(bool(r), known);
        if (known)
            QVERIFY(r->message->function.startsWith(u"kgspExecuteFwsec_")
                    || r->message->function.startsWith(u"s_executeFwsec_"));
    }

    // A kernel module's line needs no error word to be looked up: every message the driver's
    // sources print at warning or error level without one ("NVRM: …: More than one type of SLI
    // bridge detected!", gdrdrv's "unsupported IOCTL code") is named by its catalog or a rule,
    // module by module. A line of the module that no catalog knows and that says no error word
    // is nobody's concern.
    void kernelMessagesWithoutErrorWordsAreLookedUp_data()
    {
        QTest::addColumn<QString>("component");
        QTest::addColumn<int>("atLeast"); // lines of the log
        QTest::newRow("RM") << "nvidia-rm" << 1000;
        QTest::newRow("nvidia-modeset") << "nvidia-modeset" << 10;
        QTest::newRow("nvidia-uvm") << "nvidia-uvm" << 10;
        QTest::newRow("nvidia-fs (GPUDirect Storage)") << "nvidia-fs" << 10;
        QTest::newRow("gdrdrv (GDRCopy)") << "gdrdrv" << 5;
    }

    void kernelMessagesWithoutErrorWordsAreLookedUp()
    {
        QFETCH(QString, component);
        QFETCH(int, atLeast);
        static const RuleSet rules = loadRules({}, true);
        const MessageCatalog &catalog = *rules.messages;
        const Analyzer analyzer(rules);
        QTemporaryDir dir;
        QFile log(dir.filePath(QStringLiteral("kernel.log")));
        QVERIFY(log.open(QIODevice::WriteOnly));
        int lines = 0;
        for (const CatalogMessage &m : catalog.messages()) {
            if (m.generic || m.continuation || m.level == PrintLevel::Unknown
                || m.level < PrintLevel::Warning
                || catalog.components()[size_t(m.component)].id != component)
                continue;
            if (m.function.isEmpty() && (component == u"nvidia-rm" || component == u"gdrdrv"))
                continue;
            // Each module's wrapping, as its catalog's line_format says.
            std::string prefix = component.toStdString() + ": ";
            if (component == u"nvidia-rm")
                prefix = "NVRM: " + m.function.toStdString() + ": ";
            else if (component == u"nvidia-fs")
                prefix = "nvidia-fs:";
            else if (component == u"gdrdrv")
                prefix = "gdrdrv:" + m.function.toStdString() + ":";
            const std::string line
                = "[  12.345678] " + prefix + MessageCatalog::sampleLine(m.format);
            if (analyzer.matcher().hasErrorWords(line))
                continue;
            log.write((line + "\n").c_str());
            ++lines;
        }
        log.write("[  12.345679] NVRM: notAnRmFunction_XYZ: nothing happened here\n");
        log.close();
        QVERIFY2(lines >= atLeast, qPrintable(QString::number(lines)));
        const AnalysisResult result = analyzer.analyzePaths({log.fileName()});
        int named = 0;
        for (const Finding &f : result.findings) {
            QVERIFY2(f.ruleId != u"nvidia.unrecognised", qPrintable(f.title));
            named += f.count;
            for (const Occurrence &o : f.occurrences)
                QVERIFY2(!o.text.contains(u"nothing happened here"), qPrintable(f.ruleId));
        }
        qInfo("%d of %d lines without error words named", named, lines);
        QVERIFY2(named >= lines * 95 / 100, qPrintable(QString::number(named)));
    }

    // A log of every message the sources print at info, notice or debug level, each line in
    // its component's wrapping: the catalogs raise nothing above info from it (a hand-written
    // rule may know better: XLA logs a missing kernel driver at INFO).
    void infoMessagesGiveNothingAboveInfo()
    {
        const RuleSet rules = loadRules({}, true);
        const MessageCatalog &catalog = *rules.messages;
        QTemporaryDir dir;
        QFile log(dir.filePath(QStringLiteral("info.log")));
        QVERIFY(log.open(QIODevice::WriteOnly));
        int lines = 0;
        for (const CatalogMessage &m : catalog.messages()) {
            if (m.generic
                || (m.level != PrintLevel::Info && m.level != PrintLevel::Notice
                    && m.level != PrintLevel::Debug))
                continue;
            const MessageComponent &c = catalog.components()[size_t(m.component)];
            log.write((c.id.toStdString() + ": " + linePrefix(c, m)
                       + MessageCatalog::sampleLine(m.format) + "\n")
                          .c_str());
            ++lines;
        }
        log.close();
        QVERIFY(lines > 1000);
        const AnalysisResult result = Analyzer(rules).analyzePaths({log.fileName()});
        QStringList above;
        for (const Finding &f : result.findings)
            if (f.severity > Severity::Info
                && (f.ruleId.startsWith(u"catalog.") || f.ruleId == u"nvidia.unrecognised"))
                above << f.ruleId + QLatin1String(": ") + f.title.left(120) + QLatin1String(" — ")
                             + (f.occurrences.isEmpty() ? QString()
                                                        : f.occurrences.front().text.left(160));
        QVERIFY2(above.isEmpty(), qPrintable(above.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestMessageCatalog)
#include "tst_messagecatalog.moc"
