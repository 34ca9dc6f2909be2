#include "text/normalizer.h"

#include <QTest>

using namespace gputriage;

class TestNormalizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalize_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("expected");

        QTest::newRow("plain text is kept")
            << QByteArray("INFO: all good") << QByteArray("INFO: all good");
        QTest::newRow("whitespace runs collapse and ends are trimmed")
            << QByteArray("  a \t  b   c  ") << QByteArray("a b c");
        QTest::newRow("box frame on both sides is removed")
            << QByteArray("\xE2\x94\x82 NOTE: CUDA Forward Compatibility mode ENABLED.            "
                          "\xE2\x94\x82")
            << QByteArray("NOTE: CUDA Forward Compatibility mode ENABLED.");
        QTest::newRow("box frame with the right side cut off")
            << QByteArray("\xE2\x94\x82       detected.  Multi-node communication performance may "
                          "be reduced.")
            << QByteArray("detected. Multi-node communication performance may be reduced.");
        QTest::newRow("heavy and double frames")
            << QByteArray("\xE2\x94\x83 x \xE2\x94\x83") << QByteArray("x");
        QTest::newRow("double frame")
            << QByteArray("\xE2\x95\x91 y \xE2\x95\x91") << QByteArray("y");
        QTest::newRow("ASCII pipe frame")
            << QByteArray("|   NOTE: framed   |") << QByteArray("NOTE: framed");
        QTest::newRow("nested frames")
            << QByteArray("\xE2\x94\x82 | inner | \xE2\x94\x82") << QByteArray("inner");
        QTest::newRow("a pipe inside the text stays") << QByteArray("a | b") << QByteArray("a | b");
        QTest::newRow("markdown bold around part of a pasted line is dropped")
            << QByteArray(
                   "[  998.955012] NVRM: **Xid (PCI:0000:01:00): 31,** pid=8970, Ch 00000033")
            << QByteArray("NVRM: Xid (PCI:0000:01:00): 31, pid=8970, Ch 00000033");
        QTest::newRow("the RM prefix of the 515 to 535 releases reads as later ones print it")
            << QByteArray("[  463.505116] NVRM kgspInitRm_IMPL: missing NVDEC0 engine, cannot "
                          "initialize GSP-RM")
            << QByteArray("NVRM: kgspInitRm_IMPL: missing NVDEC0 engine, cannot initialize GSP-RM");
        QTest::newRow("the old RM prefix after a journal prefix")
            << QByteArray("Feb 02 01:08:04 Host-24 kernel: NVRM nvAssertFailedNoLog: Assertion "
                          "failed: 0 @ timer_gv100.c:80")
            << QByteArray("NVRM: nvAssertFailedNoLog: Assertion failed: 0 @ timer_gv100.c:80");
        QTest::newRow("NVRM version of /proc/driver/nvidia/version stays")
            << QByteArray("NVRM version: NVIDIA UNIX x86_64 Kernel Module  435.21")
            << QByteArray("NVRM version: NVIDIA UNIX x86_64 Kernel Module 435.21");
        QTest::newRow("NVRM before a word that is no function stays")
            << QByteArray("the NVRM Xid (PCI:0000:01:00): 79 and NVRM: RmInitAdapter: x")
            << QByteArray("the NVRM Xid (PCI:0000:01:00): 79 and NVRM: RmInitAdapter: x");
        QTest::newRow("make's three asterisks stay")
            << QByteArray("make: *** [Makefile:140: modules] Error 2")
            << QByteArray("make: *** [Makefile:140: modules] Error 2");
        QTest::newRow("unpaired double asterisks stay")
            << QByteArray("return forward_call(*args, **kwargs)")
            << QByteArray("return forward_call(*args, **kwargs)");
        QTest::newRow("a power inside a word is no bold")
            << QByteArray("size 2**31 and 3**2") << QByteArray("size 2**31 and 3**2");
        QTest::newRow("a whole line pasted as markdown inline code")
            << QByteArray("`error: vmiop_log: (0x0): Incompatible Guest/Host drivers`")
            << QByteArray("error: vmiop_log: (0x0): Incompatible Guest/Host drivers");
        QTest::newRow("inline code around a syslog line")
            << QByteArray("`Jun 27 01:10:14 logos kernel: NVRM: Xid (PCI:0000:01:00): 79, pid=589`")
            << QByteArray("NVRM: Xid (PCI:0000:01:00): 79, pid=589");
        QTest::newRow("inline code spans around parts of a line stay")
            << QByteArray("`nvidia-smi` says `No devices were found`")
            << QByteArray("`nvidia-smi` says `No devices were found`");
        QTest::newRow("a code fence stays") << QByteArray("```") << QByteArray("```");
        QTest::newRow("markdown italics around words of a pasted line are dropped")
            << QByteArray("_Check_ failed: result == ncclSuccess (1 vs. 0)  unhandled cuda _error_")
            << QByteArray("Check failed: result == ncclSuccess (1 vs. 0) unhandled cuda error");
        QTest::newRow("underscores of identifiers stay")
            << QByteArray("File \"x.py\", line 3, in _check_error: self._check_error(fname) "
                          "__init__ NV_ERR_GENERIC _PyEval_EvalFrameDefault")
            << QByteArray("File \"x.py\", line 3, in _check_error: self._check_error(fname) "
                          "__init__ NV_ERR_GENERIC _PyEval_EvalFrameDefault");
        QTest::newRow("a link GitHub made of an address-like word keeps the word")
            << QByteArray("Error: error setting up CDI devices: unresolvable CDI devices "
                          "[nvidia.com/gpu=all](http://nvidia.com/gpu=all).")
            << QByteArray("Error: error setting up CDI devices: unresolvable CDI devices "
                          "nvidia.com/gpu=all.");
        QTest::newRow("a bare URL GitHub linked keeps the URL")
            << QByteArray("see [https://docs.nvidia.com/x](https://docs.nvidia.com/x) now")
            << QByteArray("see https://docs.nvidia.com/x now");
        QTest::newRow("a link whose text is not its address stays")
            << QByteArray("see [the guide](https://docs.nvidia.com/x) and [0](1)")
            << QByteArray("see [the guide](https://docs.nvidia.com/x) and [0](1)");
        QTest::newRow("bold around an autolinked word")
            << QByteArray(
                   "**unresolvable CDI devices [nvidia.com/gpu=0](http://nvidia.com/gpu=0)**")
            << QByteArray("unresolvable CDI devices nvidia.com/gpu=0");
        QTest::newRow("a pipe glued to a word is not a frame")
            << QByteArray("|x|") << QByteArray("|x|");
        QTest::newRow("CRI prefix with nanoseconds")
            << QByteArray("2025-11-30T08:15:02.118374652Z stdout F NOTE: hello")
            << QByteArray("NOTE: hello");
        QTest::newRow("CRI partial line")
            << QByteArray("2025-11-30T08:15:02.118374652Z stderr P part one")
            << QByteArray("part one");
        // Found by fuzz_normalizer: a frame with nothing inside once read past its end.
        QTest::newRow("empty box")
            << QByteArray("\xE2\x94\x82                    \xE2\x94\x82") << QByteArray("");
        QTest::newRow("empty box, one space")
            << QByteArray("\xE2\x94\x82 \xE2\x94\x82") << QByteArray("");
        QTest::newRow("empty ASCII box") << QByteArray("|   |") << QByteArray("");
        QTest::newRow("lone frame") << QByteArray("\xE2\x94\x82") << QByteArray("");
        QTest::newRow("CRI prefix before a boxed line")
            << QByteArray("2025-11-30T08:15:02.1Z stdout F \xE2\x94\x82 boxed \xE2\x94\x82")
            << QByteArray("boxed");
        QTest::newRow("CRI empty message")
            << QByteArray("2025-11-30T08:15:02.1Z stdout F ") << QByteArray("");
        QTest::newRow("kubectl --timestamps with a zone offset")
            << QByteArray("2025-11-30T09:15:02.118374+01:00 started") << QByteArray("started");
        QTest::newRow("a date without a zone in the message stays")
            << QByteArray("2025-11-30 09:15:02 started")
            << QByteArray("2025-11-30 09:15:02 started");
        QTest::newRow("ANSI colours are removed")
            << QByteArray("\x1b[1;33mWARNING:\x1b[0m  driver") << QByteArray("WARNING: driver");
        QTest::newRow("ANSI OSC title is removed")
            << QByteArray("\x1b]0;title\x07text") << QByteArray("text");
        QTest::newRow("carriage return at the end") << QByteArray("line\r") << QByteArray("line");
        QTest::newRow("only a frame")
            << QByteArray("\xE2\x94\x82   \xE2\x94\x82") << QByteArray("");
        QTest::newRow("empty") << QByteArray("") << QByteArray("");
        QTest::newRow("docker json-file record is decoded") << QByteArray(
            "{\"log\":\"NOTE: Mellanox "
            "\\\"x\\\"\\tdetected\\n\",\"stream\":\"stdout\",\"time\":\"2025-11-30T08:15:02.1Z\"}")
                                                            << QByteArray(
                                                                   "NOTE: Mellanox \"x\" detected");
        QTest::newRow("docker json with a window title (OSC ended by BEL) before the message")
            << QByteArray("{\"log\":\"\\u001b]0;title\\u0007NVRM: Xid (PCI:0000:3b:00): "
                          "13\\n\",\"stream\":\"stdout\"}")
            << QByteArray("NVRM: Xid (PCI:0000:3b:00): 13");
        QTest::newRow("docker json with a unicode escape and colours")
            << QByteArray("{\"log\":\"\\u001b[31m\\u2502 boxed \\u2502\\u001b[0m\\n\"}")
            << QByteArray("boxed");
        QTest::newRow("logrus text: the message's escaped quotes read as printed")
            << QByteArray("time=\"2024-01-02T10:00:00Z\" level=error msg=\"could not select device "
                          "driver \\\"\\\" with capabilities: [[gpu]]\"")
            << QByteArray("time=\"2024-01-02T10:00:00Z\" level=error msg=\"could not select device "
                          "driver \"\" with capabilities: [[gpu]]\"");
        QTest::newRow("an escaped line break in a quoted error goes on as a blank")
            << QByteArray("level=error error=\"stderr: Auto-detected mode as "
                          "'legacy'\\nnvidia-container-cli: initialization error: unknown\"")
            << QByteArray("level=error error=\"stderr: Auto-detected mode as 'legacy' "
                          "nvidia-container-cli: initialization error: unknown\"");
        QTest::newRow("zap JSON with an escaped backslash before a quote")
            << QByteArray("{\"level\":\"error\",\"msg\":\"path C:\\\\temp\\\\\\\"x\\\"\\r\\n\"}")
            << QByteArray("{\"level\":\"error\",\"msg\":\"path C:\\temp\\\"x\" \"}");
        QTest::newRow("a Windows path outside a quoted string keeps its backslashes")
            << QByteArray("Loading C:\\Windows\\System32\\nvidia-smi.exe")
            << QByteArray("Loading C:\\Windows\\System32\\nvidia-smi.exe");
        QTest::newRow("syslog prefix with host and ident")
            << QByteArray("Nov 30 08:15:02 gpu-node-3 kernel: NVRM: Xid (PCI:0000:3b:00): 79")
            << QByteArray("NVRM: Xid (PCI:0000:3b:00): 79");
        QTest::newRow("syslog without a host name")
            << QByteArray("Mar 27 17:40:36 kernel: NVRM: Xid (PCI:0000:01:00): 62, 223b6a66")
            << QByteArray("NVRM: Xid (PCI:0000:01:00): 62, 223b6a66");
        QTest::newRow("syslog without a host name, ident with a pid")
            << QByteArray("Mar 27 17:40:36 nvidia-persistenced[812]: Started (812)")
            << QByteArray("Started (812)");
        QTest::newRow("syslog with a host name keeps a message that starts like an ident")
            << QByteArray("Mar 27 17:40:36 node1 kernel: NVRM: GPU0 x")
            << QByteArray("NVRM: GPU0 x");
        QTest::newRow("journald short-precise with a pid")
            << QByteArray("Nov  3 08:15:02.123456 node1 nvidia-persistenced[1234]: Started")
            << QByteArray("Started");
        QTest::newRow("journald in a Chinese locale: the month is \"4月\"")
            << QByteArray("4\xe6\x9c\x88 05 10:46:34 Zephyrus /usr/bin/nvidia-powerd[605]: "
                          "Failed to initialize Dynamic Boost")
            << QByteArray("Failed to initialize Dynamic Boost");
        QTest::newRow("journald in a Spanish locale: the month is \"dic\"")
            << QByteArray("dic 29 13:39:53 pop-os nvidia-powerd[1018]: ERROR! x")
            << QByteArray("ERROR! x");
        QTest::newRow("journald in a French locale: the month is \"févr.\"")
            << QByteArray("f\xc3\xa9vr. 03 08:15:02 host kernel: NVRM: x") << QByteArray("NVRM: x");
        QTest::newRow("a capitalised word and a time are no localised syslog time")
            << QByteArray("ERROR 12 10:00:00 host kernel: x")
            << QByteArray("ERROR 12 10:00:00 host kernel: x");
        QTest::newRow("journald short-iso with a pid")
            << QByteArray("2025-11-30T08:15:02+0000 node1 containerd[811]: msg here")
            << QByteArray("msg here");
        QTest::newRow("journald kernel line with a dmesg time inside")
            << QByteArray("Nov 30 08:15:02 node1 kernel: [  4.131977] NVRM: loading")
            << QByteArray("NVRM: loading");
        QTest::newRow("kubectl --timestamps keeps a message that looks like an ident")
            << QByteArray("2025-11-30T08:15:02Z INFO main: started")
            << QByteArray("INFO main: started");
        QTest::newRow("kubectl logs --prefix")
            << QByteArray("[pod/nvidia-driver-daemonset-x7k2p/nvidia-driver-ctr] Loading NVIDIA "
                          "driver kernel modules...")
            << QByteArray("Loading NVIDIA driver kernel modules...");
        QTest::newRow("docker compose v2")
            << QByteArray("fauxpilot-triton-1         | [FT][ERROR] CUDA runtime error: x")
            << QByteArray("[FT][ERROR] CUDA runtime error: x");
        QTest::newRow("docker compose v1 with --timestamps")
            << QByteArray("ollama_1  | 2025-11-30T08:15:02.1Z NOTE: x") << QByteArray("NOTE: x");
        QTest::newRow("a table row is not a compose prefix")
            << QByteArray("GPU 0 | 45C | P0") << QByteArray("GPU 0 | 45C | P0");
        QTest::newRow("kubectl --prefix and --timestamps")
            << QByteArray("[pod/p/c] 2025-11-30T08:15:02.1Z NOTE: x") << QByteArray("NOTE: x");
        QTest::newRow("dmesg seconds") << QByteArray("[    4.131977] NVRM: loading NVIDIA UNIX")
                                       << QByteArray("NVRM: loading NVIDIA UNIX");
        QTest::newRow("dmesg -T") << QByteArray("[Sun Nov 30 08:15:02 2025] NVRM: Xid 79")
                                  << QByteArray("NVRM: Xid 79");
        QTest::newRow("a guest kernel line relayed in kata's logfmt msg")
            << QByteArray("level=info msg=\"[   67.492525] pci 0000:00:06.0: BAR 1: no space for "
                          "[mem size 0x400000000 64bit pref]\\n\" source=agent")
            << QByteArray(
                   "pci 0000:00:06.0: BAR 1: no space for [mem size 0x400000000 64bit pref]");
        QTest::newRow("a logfmt msg that is no kernel line stays")
            << QByteArray("level=info msg=\"[rank0] started\"")
            << QByteArray("level=info msg=\"[rank0] started\"");
        QTest::newRow("a bracketed word is not a dmesg time")
            << QByteArray("[rank0]: init") << QByteArray("[rank0]: init");
        QTest::newRow("rsyslog #012 escapes become spaces")
            << QByteArray("NVRM: GPU at PCI:0000:3b:00#012NVRM: GPU Board Serial")
            << QByteArray("NVRM: GPU at PCI:0000:3b:00 NVRM: GPU Board Serial");
        QTest::newRow("a # that is not an escape stays")
            << QByteArray("issue #42") << QByteArray("issue #42");
    }

    void normalize()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, expected);
        std::string out;
        std::vector<uint32_t> map;
        Normalizer::normalize(std::string_view(raw.constData(), size_t(raw.size())), out, &map);
        QCOMPARE(QByteArray::fromStdString(out), expected);
        // Every kept byte maps back into the original; outside escaped records, to the same byte
        // (spaces may stand for tabs and escapes, and the colon an old RM prefix lacked maps to
        // the blank after "NVRM").
        QCOMPARE(map.size(), out.size());
        const bool escaped = raw.startsWith("{\"log\"");
        for (size_t i = 0; i < out.size(); ++i) {
            QVERIFY(map[i] < size_t(raw.size()));
            const bool addedColon = out[i] == ':' && raw[qsizetype(map[i])] == ' ';
            if (out[i] != ' ' && !escaped && !addedColon)
                QCOMPARE(raw[qsizetype(map[i])], out[i]);
        }
    }

    void criDetection()
    {
        bool cri = false;
        QVERIFY(Normalizer::timestampPrefixLength("2025-11-30T08:15:02.118374652Z stdout F x", &cri)
                > 0);
        QVERIFY(cri);
        QVERIFY(Normalizer::timestampPrefixLength("2025-11-30T08:15:02Z hello", &cri) > 0);
        QVERIFY(!cri);
        QCOMPARE(Normalizer::timestampPrefixLength("hello 2025-11-30T08:15:02Z", &cri), size_t(0));
    }

    void timestamps_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("CRI") << QByteArray("2025-11-30T08:15:02.118374652Z stdout F x")
                             << QByteArray("2025-11-30T08:15:02.118374652Z");
        QTest::newRow("kubectl --timestamps with offset")
            << QByteArray("2025-11-30T09:15:02.1+01:00 x")
            << QByteArray("2025-11-30T09:15:02.1+01:00");
        QTest::newRow("kubectl --prefix")
            << QByteArray("[pod/p/c] 2025-11-30T08:15:02Z x") << QByteArray("2025-11-30T08:15:02Z");
        QTest::newRow("syslog") << QByteArray("Nov 30 08:15:02 node1 kernel: x")
                                << QByteArray("Nov 30 08:15:02");
        QTest::newRow("dmesg") << QByteArray("[    4.131977] NVRM: x") << QByteArray("4.131977");
        QTest::newRow("dmesg -T") << QByteArray("[Sun Nov 30 08:15:02 2025] x")
                                  << QByteArray("Sun Nov 30 08:15:02 2025");
        QTest::newRow("docker json") << QByteArray(
            "{\"log\":\"x\\n\",\"stream\":\"stdout\",\"time\":\"2025-11-30T08:15:02.1Z\"}")
                                     << QByteArray("2025-11-30T08:15:02.1Z");
        QTest::newRow("none") << QByteArray("NOTE: no time here") << QByteArray("");
    }

    void timestamps()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, expected);
        QCOMPARE(QByteArray::fromStdString(
                     Normalizer::timestamp(std::string_view(raw.constData(), size_t(raw.size())))),
                 expected);
    }

    void criPartialLinesAreFlagged()
    {
        std::string out;
        bool partial = false;
        Normalizer::normalize("2025-11-30T08:15:02.1Z stdout P first half", out, nullptr, &partial);
        QVERIFY(partial);
        Normalizer::normalize("2025-11-30T08:15:02.1Z stdout F second half", out, nullptr,
                              &partial);
        QVERIFY(!partial);
    }
};

QTEST_GUILESS_MAIN(TestNormalizer)
#include "tst_normalizer.moc"
