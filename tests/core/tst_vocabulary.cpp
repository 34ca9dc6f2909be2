// Error vocabularies matched anywhere (issue 39, item 1): a return code of CUDA, NVML, NCCL, the
// driver's NV_STATUS, DCGM or a CUDA library, by its name, its printed text or its number after
// a call, whatever wrapped it; decoded by its catalog.
#include "engine/analyzer.h"
#include "rules/ruleloader.h"
#include "rules/textalternation.h"
#include "rules/vocabulary.h"
#include "text/logdocument.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <algorithm>

using namespace gputriage;

namespace {

const RuleSet &shippedRules()
{
    static const RuleSet rules = loadRules({}, true);
    return rules;
}

const Vocabulary &vocabulary()
{
    static const Vocabulary v(shippedRules());
    return v;
}

} // namespace

class TestVocabulary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The texts are found where the case-insensitive RE2 alternation of them finds them, with
    // the same text and spelling: on every line of the real-log corpora and on edge cases.
    void textsAreFoundWhereTheAlternationFindsThem()
    {
        QStringList texts;
        for (const auto &[name, catalog] : shippedRules().catalogs)
            for (const auto &[code, entry] : catalog.entries)
                for (const QString &n : entry.names)
                    if (n.contains(QLatin1Char(' ')) && n.size() >= 4)
                        texts << n.trimmed();
        texts << QStringLiteral("toolchain.") << QStringLiteral("(unknown) failure");
        std::stable_sort(texts.begin(), texts.end(),
                         [](const QString &a, const QString &b) { return a.size() > b.size(); });
        texts.removeDuplicates();
        QVERIFY(texts.size() > 300);
        const TextAlternation literal(texts), regex(texts, TextAlternation::Engine::Regex);

        std::vector<std::string> lines = {
            "CUDA error: OUT OF MEMORY (2)",
            "the provided PTX was compiled with an unsupported toolchain.",
            "unsupported toolchain.x and toolchain.",
            "xout of memory; out of memoryx; _out of memory",
            "an (unknown) failure here, (unknown) failurex",
            "Out Of Memory",
            "",
            "out",
            "NVML: GPU is lost (15)",
            "gpu is lost  (-3) and out of memory (2)",
            "GPU is lost (12345), out of memory(2)",
            "GPU is lost\t(7x)",
        };
        for (const char *root : {"real", "real-dev", "variants"}) {
            QDirIterator it(QStringLiteral(TESTDATA "/") + QLatin1String(root),
                            {QStringLiteral("*.log"), QStringLiteral("*.txt")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                for (const QByteArray &l : f.readAll().split('\n'))
                    lines.push_back(l.toStdString());
            }
        }
        QVERIFY(lines.size() > 5000);
        int found = 0, withNumber = 0;
        for (const std::string &line : lines) {
            std::string a, b;
            const bool inLiteral = literal.find(line, a), inRegex = regex.find(line, b);
            QVERIFY2(inLiteral == inRegex && a == b,
                     qPrintable(QString::fromStdString(line + " | " + a + " | " + b)));
            found += inLiteral;
            std::string na, nb;
            a.clear();
            b.clear();
            const bool numLiteral = literal.findWithNumber(line, a, na),
                       numRegex = regex.findWithNumber(line, b, nb);
            QVERIFY2(numLiteral == numRegex && a == b && na == nb,
                     qPrintable(QString::fromStdString(line + " | " + a + " " + na + " | " + b + " "
                                                       + nb)));
            withNumber += numLiteral;
        }
        QVERIFY2(found > 50, qPrintable(QString::number(found)));
        QVERIFY2(withNumber >= 3, qPrintable(QString::number(withNumber)));
    }

    void anyWordingIsDecoded_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("catalog");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("how");
        QTest::newRow("CUDA number after a driver call, through numba")
            << QByteArray("numba.cuda.cudadrv.driver.CudaAPIError: [700] Call to cuModuleUnload "
                          "results in UNKNOWN_CUDA_ERROR")
            << "cuda-error" << 700 << "code";
        QTest::newRow("CUDA text quoted by nccl-tests")
            << QByteArray("node1: Test CUDA failure common.cu:941 'system not yet initialized'")
            << "cuda-error" << 802 << "text";
        QTest::newRow("CUDA number a call returned")
            << QByteArray("cuDevicePrimaryCtxRetain returned 999") << "cuda-error" << 999 << "code";
        QTest::newRow("CUDA number a paste ran into the next word")
            << QByteArray("CUDA error = 999at main.cu:196'cudaDeviceSynchronize()/n")
            << "cuda-error" << 999 << "code";
        QTest::newRow("CUDA code before its own text, in a library's check")
            << QByteArray("> [19078] GDS ERR   gds_register_mem_internal() Error 709 (context is "
                          "destroyed) while register address=0x7f4570008000 size=65536")
            << "cuda-error" << 709 << "text";
        QTest::newRow("NVML number through a Go program")
            << QByteArray("time=2025-01-01T00:00:00.000Z level=INFO source=gpu.go:602 msg=\"unable "
                          "to load cuda driver library\" error=\"nvml vram init failure: 18\"")
            << "nvml-return" << 18 << "code";
        QTest::newRow("NVML enum name")
            << QByteArray("dcgm-exporter: failed: NVML_ERROR_GPU_IS_LOST") << "nvml-return" << 15
            << "name";
        QTest::newRow("NVML exception class of pynvml")
            << QByteArray("pynvml.nvml.NVMLError_DriverNotLoaded: Driver Not Loaded")
            << "nvml-return" << 9 << "name";
        QTest::newRow("NVML printed text with the library named")
            << QByteArray("Failed to initialize NVML: Driver Not Loaded") << "nvml-return" << 9
            << "text";
        QTest::newRow("NCCL number and text after its name: the number is read first")
            << QByteArray("what(): NCCL Error 2: unhandled system error") << "nccl-result" << 2
            << "code";
        QTest::newRow("NCCL number after an NCCL call")
            << QByteArray("ncclCommInitRank failed: 3") << "nccl-result" << 3 << "code";
        QTest::newRow("CUDA number after TensorRT's function name")
            << QByteArray("`runtime.cpp (16) - Cuda Error in allocate: 2") << "cuda-error" << 2
            << "code";
        QTest::newRow("CUDA text that names CUDA's own things, in a Triton model table")
            << QByteArray("| densenet_onnx        | 1       | UNAVAILABLE: Internal: unable to "
                          "create stream: the provided PTX was compiled with an unsupported "
                          "toolchain. |")
            << "cuda-error" << 222 << "text";
        QTest::newRow("NCCL result by name")
            << QByteArray("torch.distributed.DistBackendError: NCCL error: ncclRemoteError")
            << "nccl-result" << 6 << "name";
        QTest::newRow("driver status by value") << QByteArray(
            "NVRM: rpcRmApiAlloc_GSP: GspRmAlloc failed: hClass=0x0000c56f; status=0x00000062")
                                                << "nv-status" << 0x62 << "code";
        QTest::newRow("driver status by name") << QByteArray(
            "NVRM: nvCheckFailed: Check failed: [NV_ERR_GPU_IS_LOST] returned from foo")
                                               << "nv-status" << -1 << "name";
        QTest::newRow("driver status by its text, in the driver's line") << QByteArray(
            "NVRM: nvAssertOkFailedNoLog: Assertion failed: GPU lost from the bus @ gpu_mgr.c:296")
                                                                         << "nv-status"
                                                                         << 0x0000000F << "text";
        QTest::newRow("CUDA number in Ollama's library discovery")
            << QByteArray("time=2024-03-30T15:05:41.304Z level=INFO source=gpu.go:340 "
                          "msg=\"Unable to load cudart CUDA management library "
                          "/tmp/ollama1/runners/cuda_v11/libcudart.so.11.0: cudart init "
                          "failure: 35\"")
            << "cuda-error" << 35 << "code";
        QTest::newRow("CUDA number after a driver call's short error word")
            << QByteArray("cuInit err: 999") << "cuda-error" << 999 << "code";
        QTest::newRow("CUDA number as a record's field after the call (numba)")
            << QByteArray("self = <numba.cuda.cudadrv.driver.Driver object at 0x7fe0b7b132e8>, "
                          "fname = 'cuInit', retcode = 999")
            << "cuda-error" << 999 << "code";
        QTest::newRow("CUDA number after the call and a colon")
            << QByteArray("cuMemAlloc: rc=2") << "cuda-error" << 2 << "code";
        QTest::newRow("CUDA number after a space-colon (DeepStream's libraries)")
            << QByteArray("nvbufsurftransform:cuInit failed : 804 ") << "cuda-error" << 804
            << "code";
        QTest::newRow("CUDA number after a driver call's \"failed:\" (a CUresult streamed)")
            << QByteArray("NvlinkTransport: cuMemCreate failed: 800") << "cuda-error" << 800
            << "code";
        QTest::newRow("CUDA number printed by its type")
            << QByteArray("[torch_memory_saver.cpp] CUresult error  result=2 "
                          "file=csrc/torch_memory_saver.cpp func=cu_mem_create line=103 (5)")
            << "cuda-error" << 2 << "code";
        QTest::newRow("CUDA number TensorFlow has no name for, not its generic text")
            << QByteArray("E tensorflow/stream_executor/cuda/cuda_driver.cc:318] failed call to "
                          "cuInit: UNKNOWN ERROR (303)")
            << "cuda-error" << 303 << "code";
        QTest::newRow("CUDA code in hex as cuda-gdb reports a failed call")
            << QByteArray(
                   "warning: Cuda API error detected: cudaCreateTextureObject returned (0x2)")
            << "cuda-error" << 2 << "code";
        QTest::newRow("NVML code as a Rust binding's variant")
            << QByteArray("thread 'main' panicked at 'Failed to initialize nvml: DriverNotLoaded', "
                          "src/environment/mod.rs:37:31")
            << "nvml-return" << 9 << "text";
        QTest::newRow("NVML code as the Rust binding's own variant name (GpuLost, not GpuIsLost)")
            << QByteArray("Error: failed to read GPU temperature from nvml: GpuLost")
            << "nvml-return" << 15 << "text";
        QTest::newRow("NVML code as the Rust binding's printed text, no other word of NVML")
            << QByteArray("Jul 24 10:29:50 kraken-g1 alumet-agent[660496]:     1: a query to find "
                          "an object was unsuccessful")
            << "nvml-return" << 6 << "text";
        QTest::newRow("NVML code as nvidia-smi's return code (GPU Operator troubleshooting)")
            << QByteArray("infoROM is corrupted (nvidia-smi return code 14)") << "nvml-return" << 14
            << "code";
        QTest::newRow("NVML code as nvidia-smi's exit status in an agent's error")
            << QByteArray(
                   "E! [inputs.nvidia_smi] Error in plugin: nvidia-smi failed: exit status 9")
            << "nvml-return" << 9 << "code";
        QTest::newRow("NVML text where only pynvml names the library")
            << QByteArray("2016-12-14 10:19:34: python.d ERROR: nv pynvml could not be "
                          "initialized Insufficient Permissions")
            << "nvml-return" << 4 << "text";
        QTest::newRow("NVML text in go-nvlib's error chain of the device plugin (a MIG device)")
            << QByteArray("E0407 94 main.go:188] error starting plugins: error building MIG device "
                          "map: error visiting devices: error visiting device: error visiting MIG "
                          "device: error getting MIG profile for MIG device at index '(0, 0)': "
                          "error getting parent memory info: Insufficient Permissions")
            << "nvml-return" << 4 << "text";
        QTest::newRow("DCGM sentence long enough to need no other word of DCGM")
            << QByteArray("[Profiling] Got error from GetSamples: -37 The third-party Profiling "
                          "module returned an unrecoverable error")
            << "dcgm-return" << -37 << "text";
        QTest::newRow("NVML text followed by its own code, in a miner's log")
            << QByteArray("2021.09.24:22:57:10.022: hwmc GPU2: unable to get fan speed - GPU is "
                          "lost (15)")
            << "nvml-return" << 15 << "text";
        QTest::newRow("CUDA text with its code in an NGC container's banner")
            << QByteArray("       [[ Named symbol not found (error 500) ]]") << "cuda-error" << 500
            << "text";
        QTest::newRow("cuDNN status by name")
            << QByteArray("Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR")
            << "cudnn-status" << -1 << "name";
        QTest::newRow("NVML text and its code where no word says whose they are")
            << QByteArray("2025-01-02T10:00:01Z monitor error: Driver Not Loaded (9)")
            << "nvml-return" << 9 << "text";
        QTest::newRow("NCCL result in the proxy's warning of a failed operation")
            << QByteArray("ng30903:3063028:3066152 [3] proxy.cc:1519 NCCL WARN [Proxy Service 3] "
                          "Failed to execute operation Setup from rank 3, retcode 1")
            << "nccl-result" << 1 << "code";
        QTest::newRow("CUDA number in Ollama's driver library discovery")
            << QByteArray("time=2025-08-02T22:42:20.643Z level=INFO source=gpu.go:612 "
                          "msg=\"Unable to load cudart library "
                          "/usr/lib/x86_64-linux-gnu/libcuda.so.575.57.08: cuda driver library "
                          "init failure: 3\"")
            << "cuda-error" << 3 << "code";
        QTest::newRow("cuRAND number in the failure line CNTK and ONNX Runtime print")
            << QByteArray("CURAND failure 105: (see curand.h & look for curandStatus or "
                          "CURAND_STATUS_xxx) ; GPU=0 ; hostname=SLAWEKS ; "
                          "expr=curandGenerateNormal(s_curandGenerator, Data(), n, mean, sigma)")
            << "curand-status" << 105 << "code";
        QTest::newRow("CUDA sentence over the number an older release gave it")
            << QByteArray("RuntimeError: cuda runtime error (6) : the launch timed out and was "
                          "terminated at /opt/conda/work/aten/src/THC/generic/THCStorage.cpp:36")
            << "cuda-error" << 702 << "text";
        QTest::newRow("NVENC status as FFmpeg prints it")
            << QByteArray("[h264_nvenc @ 0x55d754c3ce80] OpenEncodeSessionEx failed: unsupported "
                          "device (2): (no details)")
            << "nvenc-status" << 2 << "code";
        QTest::newRow("NVENC status in a media server's relay of FFmpeg")
            << QByteArray("Oct 21, 2022 16:01:12.613 [0x7f1c07a08b38] ERROR - [Req#225/Transcode] "
                          "[FFMPEG] - [h264_nvenc] OpenEncodeSessionEx failed: out of memory (10)")
            << "nvenc-status" << 10 << "code";
        QTest::newRow("NVENC status returned to the Video Codec SDK's sample encoder")
            << QByteArray("NvEncoder : m_nvenc.nvEncOpenEncodeSessionEx(&encodeSessionExParams, "
                          "&hEncoder) returned error 2 at ../../NvCodec/NvEncoder/NvEncoder.cpp:55")
            << "nvenc-status" << 2 << "code";
        QTest::newRow("NVENC status after the call's name and a colon (NVEncC)") << QByteArray(
            "nvenc : Error on NvEncOpenEncodeSessionEx(device_type=NV_ENC_DEVICE_TYPE_CUDA): 10 "
            "(NVENC indicates that the API call failed because it was unable to allocate enough "
            "memory to perform the requested operation.)") << "nvenc-status" << 10
                                                                                 << "code";
        QTest::newRow("NVENC status by name")
            << QByteArray("encoder: session refused with NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY")
            << "nvenc-status" << 21 << "name";
        QTest::newRow("CUDA text after a name a failed check compared (MXNet)") << QByteArray(
            "mxnet.base.MXNetError: [16:52:49] src/storage/./gpu_device_storage.h:39: "
            "Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading CUDA: "
            "out of memory") << "cuda-error" << 2 << "text";
        QTest::newRow("CUDA text that names a device function, after a kernel's name (SiftGPU)")
            << QByteArray("filterH: invalid device function") << "cuda-error" << 98 << "text";
        QTest::newRow("OpenCL number after the library's name")
            << QByteArray("Cycles: OpenCL error (-4): Mem object allocation failure")
            << "opencl-error" << -4 << "code";
        QTest::newRow("OpenCL number after a call's error")
            << QByteArray("clBuildProgram failed with error -11 for device 0") << "opencl-error"
            << -11 << "code";
        QTest::newRow("OpenCL name anywhere") << QByteArray(
            "worker 3: kernel launch gave CL_INVALID_WORK_GROUP_SIZE, retrying with 64")
                                              << "opencl-error" << -54 << "name";
        QTest::newRow("OpenCL text where a call names the library")
            << QByteArray("clEnqueueReadBuffer: out of resources") << "opencl-error" << -5
            << "text";
        QTest::newRow("OptiX number after the library's call")
            << QByteArray("Optix call (optixInit()) failed with code 7804 (line 86)")
            << "optix-result" << 7804 << "code";
        QTest::newRow("OptiX name anywhere")
            << QByteArray("render: denoiser setup returned OPTIX_ERROR_INVALID_VALUE")
            << "optix-result" << 7001 << "name";
    }

    void anyWordingIsDecoded()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, catalog);
        QFETCH(int, code);
        QFETCH(QString, how);
        const std::optional<VocabularyHit> hit = vocabulary().recognise(line.toStdString());
        QVERIFY(hit);
        // The analysis asks the cheap gate first: it must let through what recognise() reads.
        QVERIFY(vocabulary().mayRecognise(line.toStdString()));
        QCOMPARE(hit->catalog->name, catalog);
        if (code >= 0)
            QCOMPARE(hit->entry->code, code);
        QCOMPARE(hit->how, how);
    }

    // Words any program uses are a code only where the line names the library; a number only
    // after that library's call.
    void ordinaryWordsAreNotCodes_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("a database out of memory")
            << QByteArray("postgres[1234]: ERROR: out of memory");
        QTest::newRow("sshd invalid argument")
            << QByteArray("sshd[99]: error: setsockopt: invalid argument");
        QTest::newRow("an HTTP status") << QByteArray("GET /metrics returned 500 in 3 ms");
        QTest::newRow("a CUDA call's argument, not its result")
            << QByteArray("cudaMemcpy failed: size=4096 ret=-1 res=ok, retrying");
        QTest::newRow("a generic unknown error")
            << QByteArray("kubelet: Unknown Error while syncing pod");
        QTest::newRow("a success code") << QByteArray("nvml returned 0 for nvmlInit");
        QTest::newRow("an errno before its text")
            << QByteArray("open(/dev/nvidia0) failed: error 2 (No such file or directory)");
        QTest::newRow("a number before another code's text")
            << QByteArray("worker: error 1 (out of memory) while loading");
        QTest::newRow("another program's unknown error with a number")
            << QByteArray("kubelet[99]: sync failed: UNKNOWN ERROR (500)");
        QTest::newRow("a variant name where no line names the library")
            << QByteArray("app: state DriverNotLoaded reached, retrying");
        QTest::newRow("a system call's result in an NCCL warning")
            << QByteArray("node1:42:42 [0] misc/socket.cc:586 NCCL WARN socketPollConnect poll() "
                          "returned 1, no POLLOUT events");
        QTest::newRow("a system call's error number after a library's text")
            << QByteArray("mount: /mnt: mount(2) system call failed: Invalid argument (22)");
        QTest::newRow("the proxy's rank number in an NCCL warning") << QByteArray(
            "node1:1:2 [0] proxy.cc:1400 NCCL WARN [Proxy Service 3] Failed to execute "
            "operation Setup from rank 3");
        QTest::newRow("an encoder's words in a line that names no NVENC")
            << QByteArray("x264 [error]: malloc failed: out of memory (10)");
        QTest::newRow("another program's device error that is no NVML call's")
            << QByteArray("udisksd[812]: error getting device state: Not Supported");
        QTest::newRow("an OpenCL status name without its prefix, where nothing names OpenCL")
            << QByteArray("grpc: call failed: OUT_OF_RESOURCES while scheduling pod");
        QTest::newRow("an OpenCL text in a line that names no OpenCL")
            << QByteArray("java.lang.Error: out of resources (-5)");
        QTest::newRow("an OpenCL name quoted in hashcat's start-up warning")
            << QByteArray("             This may cause \"CL_OUT_OF_RESOURCES\" or related errors.");
        QTest::newRow("a number after OptiX that is no OptixResult")
            << QByteArray("OptiX denoiser: error code 2 from the host (retrying)");
        QTest::newRow("a driver status text in an X server line") << QByteArray(
            "[  4002.720] (EE) NVIDIA(GPU-0): Invalid Base Mosaic configuration 1 of 1:");
    }

    void ordinaryWordsAreNotCodes()
    {
        QFETCH(QByteArray, line);
        const std::optional<VocabularyHit> hit = vocabulary().recognise(line.toStdString());
        QVERIFY2(!hit, hit ? qPrintable(hit->entry->name) : "");
    }

    // Every name of every code of the vocabularies is recognised as that code.
    void everyNameOfEveryCode()
    {
        int checked = 0;
        for (const QString &name : {QStringLiteral("nvml-return"), QStringLiteral("nccl-result"),
                                    QStringLiteral("nv-status"), QStringLiteral("dcgm-return"),
                                    QStringLiteral("cudnn-status"), QStringLiteral("cublas-status"),
                                    QStringLiteral("nvenc-status")}) {
            const Catalog *catalog = shippedRules().catalog(name);
            QVERIFY2(catalog, qPrintable(name));
            for (const auto &[code, entry] : catalog->entries) {
                if (code == 0)
                    continue;
                for (const QString &n : entry.names) {
                    if (n.contains(QLatin1Char(' ')) || n.size() < 8
                        || !n.contains(QLatin1Char('_')))
                        continue;
                    const std::string line
                        = "worker 3: call failed: " + n.toStdString() + " (see log)";
                    const std::optional<VocabularyHit> hit = vocabulary().recognise(line);
                    QVERIFY2(hit && hit->entry->code == code,
                             qPrintable(name + QLatin1String(": ") + n));
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 200);
    }

    // In an analysis: a line no rule explains becomes a finding named by its library, with the
    // code decoded; a hand-written rule that explains the line wins.
    void aLineNoRuleExplainsIsAFinding()
    {
        const Analyzer analyzer(shippedRules());
        const AnalysisResult r = analyzer.analyze({LogDocument::fromBytes(
            "numba.cuda.cudadrv.driver.CudaAPIError: [700] Call to cuModuleUnload results in "
            "UNKNOWN_CUDA_ERROR\n"
            "RuntimeError: CUDA error: an illegal memory access was encountered\n",
            QStringLiteral("app.log"))});
        QStringList ids;
        for (const Finding &f : r.findings)
            ids << f.ruleId;
        QVERIFY2(ids.contains(QStringLiteral("cuda.error.vocabulary")), qPrintable(ids.join(u' ')));
        QVERIFY2(ids.contains(QStringLiteral("cuda.error")), qPrintable(ids.join(u' ')));
        for (const Finding &f : r.findings)
            if (f.ruleId == u"cuda.error.vocabulary") {
                QCOMPARE(f.facts.at(QStringLiteral("code")), QStringLiteral("700"));
                QCOMPARE(f.count, 1); // the rule's line is the rule's
                QVERIFY(f.severity > Severity::Info);
            }
    }

    // A line a rule's pattern matched but a condition dropped is no rule's: "failed: out of
    // memory" is CUDA's text only with CUDA on the line, and FFmpeg's NVENC status is decoded.
    void aLineWhoseMatchWasDroppedIsStillDecoded()
    {
        const Analyzer analyzer(shippedRules());
        const AnalysisResult r = analyzer.analyze({LogDocument::fromBytes(
            "[h264_nvenc @ 0x55d754c3ce80] OpenEncodeSessionEx failed: out of memory (10): (no "
            "details)\n",
            QStringLiteral("ffmpeg.log"))});
        QStringList ids;
        for (const Finding &f : r.findings)
            ids << f.ruleId;
        QCOMPARE(ids, QStringList{QStringLiteral("video.nvenc.vocabulary")});
        QCOMPARE(r.findings.front().facts.at(QStringLiteral("code")), QStringLiteral("10"));
    }

    // A rule of one program explains the line, which quotes another library's code: that code
    // is decoded too, at info; a code of the rule's own library is the rule's. (A code whose
    // hand-written rule matches the quoted text itself, as cuda.error.46 and .100 do, is that
    // rule's finding instead.)
    void aCodeQuotedInAnotherProgramsMessageIsDecodedAtInfo()
    {
        const Analyzer analyzer(shippedRules());
        const AnalysisResult r = analyzer.analyze({LogDocument::fromBytes(
            "GPU 0 API call cudaEventCreate failed for GPU0: 'the launch timed out and was "
            "terminated' Check DCGM and system logs for errors. Reset GPU. Restart DCGM. "
            "Rerun diagnostics\n",
            QStringLiteral("diag.log"))});
        const Finding *dcgm = nullptr, *cuda = nullptr;
        for (const Finding &f : r.findings) {
            if (f.ruleId.startsWith(u"dcgm."))
                dcgm = &f;
            if (f.ruleId.startsWith(u"cuda."))
                cuda = &f;
        }
        QVERIFY(dcgm && dcgm->severity > Severity::Info);
        QVERIFY(cuda);
        QCOMPARE(cuda->severity, Severity::Info);
        QCOMPARE(cuda->facts.at(QStringLiteral("code")), QStringLiteral("702"));
        QVERIFY(cuda->explain.contains(u"another program"));
    }

    // The same where the line's own words do not say it is NVIDIA's (a logger's line that a
    // rule explains): dcgm-exporter's fatal quoting DCGM's -37.
    void aCodeQuotedInALoggersLineARuleExplainsIsDecoded()
    {
        const Analyzer analyzer(shippedRules());
        const AnalysisResult r = analyzer.analyze({LogDocument::fromBytes(
            "time=\"2023-01-05T16:23:09Z\" level=fatal msg=\"Failed to watch metrics: Error "
            "watching fields: The third-party Profiling module returned an unrecoverable error\"\n",
            QStringLiteral("exporter.log"))});
        QStringList ids;
        const Finding *dcgm = nullptr;
        for (const Finding &f : r.findings) {
            ids << f.ruleId;
            if (f.ruleId == u"dcgm.error.vocabulary")
                dcgm = &f;
        }
        QVERIFY2(ids.contains(QStringLiteral("k8s.dcgm-exporter.stopped")),
                 qPrintable(ids.join(u' ')));
        QVERIFY2(dcgm, qPrintable(ids.join(u' ')));
        QCOMPARE(dcgm->severity, Severity::Info);
        QCOMPARE(dcgm->facts.at(QStringLiteral("code")), QStringLiteral("-37"));
    }
};

QTEST_GUILESS_MAIN(TestVocabulary)
#include "tst_vocabulary.moc"
