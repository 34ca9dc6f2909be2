#pragma once

#include "engine/finding.h"
#include "engine/lineorigin.h"
#include "engine/matcher.h"
#include "rules/ruleset.h"
#include "rules/vocabulary.h"
#include "source/bundlereader.h"
#include "source/sectionkind.h"

#include <QSet>
#include <QStringList>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <span>
#include <unordered_map>
#include <vector>

namespace gputriage {

class LogDocument;
class RulesOnLines; // analyzer.cpp: the rules whose matches cover each line

struct AnalyzeOptions
{
    int jobs = 0;              // 0 = one per core
    int maxOccurrences = 1000; // kept per finding; the count is always exact
    bool keepMatches = false;  // fill AnalysisResult::matches (for highlighting)
    bool unmatched = false;    // fill AnalysisResult::unmatched (other notable messages)
    // analyzePaths(): keep every document whole in AnalysisResult::documents (to view them).
    bool keepDocuments = false;
    // analyzePaths(): files read and listed but not analysed, each noted in the problems.
    QSet<QString> excluded;
    BundleLimits limits; // for analyzePaths()
    const std::atomic<bool> *cancel = nullptr;
    std::function<void(qint64 doneBytes, qint64 totalBytes)> progress; // called from workers
};

// Runs the rules over documents, in parallel over chunks of lines, and aggregates findings.
class Analyzer
{
public:
    explicit Analyzer(const RuleSet &rules);

    // Reads files, folders and archives (see BundleReader); what cannot be read becomes a problem.
    static std::vector<std::shared_ptr<const LogDocument>>
    openInputs(const QStringList &paths, QList<Error> &problems, const BundleLimits &limits = {});

    AnalysisResult analyze(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                           const AnalyzeOptions &options = {}) const;
    // Reads and analyses files, folders and archives: the entry point of the CLI and the GUI.
    AnalysisResult analyzePaths(const QStringList &paths, const AnalyzeOptions &options = {}) const;
    // For a folder, an archive or a large log: starts reading the kernel's message catalogs,
    // which nearly every such bundle needs, on a thread of their own (analyzePaths() does it
    // too; called before the Analyzer is built, the reading overlaps building it).
    static void readCatalogsAhead(const RuleSet &rules, const QStringList &paths);

    const Matcher &matcher() const { return m_matcher; }
    const RuleSet &rules() const { return m_rules; }

    // The rule's comparisons over a line match's facts; `source` names where they were read.
    static QList<Comparison> compare(const Rule &rule, const Facts &facts, const QString &source);

    // The error vocabularies of the code catalogs, built on first use.
    const Vocabulary &vocabulary() const;

private:
    RuleSet m_rules;
    Matcher m_matcher;
    struct LazyVocabulary
    {
        std::once_flag once;
        std::unique_ptr<Vocabulary> vocabulary;
    };
    std::shared_ptr<LazyVocabulary> m_vocabulary = std::make_shared<LazyVocabulary>();
};

// One analysis fed document by document (or chunk by chunk of a huge entry): documents are
// matched in batches on worker threads and only the aggregated findings are kept.
class AnalysisSession
{
public:
    AnalysisSession(const Analyzer &analyzer, const AnalyzeOptions &options);
    ~AnalysisSession();

    // Matches lines [0, matchLines) of `doc` (-1: all). A `continuation` carries on the input
    // added before it (the next chunk of the same entry).
    void add(const std::shared_ptr<const LogDocument> &doc,
             int matchLines = -1,
             bool continuation = false);
    AnalysisResult finish();

private:
    struct Batch;
    // Starts matching the batch on worker threads (after taking in the one before), so the
    // next documents are read while it runs.
    void flush();
    // Waits for the batch being matched and adds its matches to the findings, in order.
    void collect();
    // The error lines of a task: explained ones checked for codes of other libraries, the
    // others looked up in the vocabularies and message catalogs (NVIDIA's: collectNvidiaLine).
    void collectErrorLines(const LogDocument &doc,
                           const std::vector<LineMatch> &hits,
                           const std::vector<int> &notable,
                           const std::vector<int> &explained);
    std::vector<int> collectExplainedLines(const LogDocument &doc,
                                           const std::vector<int> &explained,
                                           const RulesOnLines &rulesOn);
    void collectNvidiaLine(const LogDocument &doc,
                           int line,
                           const std::string &normalized,
                           SectionKind kind,
                           bool indented);
    void mineUnmatched(const LogDocument &doc, const std::vector<int> &notable);
    void keepMatches(const LogDocument &doc, size_t input, const std::vector<LineMatch> &hits);
    // A fact rule's match: its facts for the bundle; a finding rule's: its group's occurrence.
    void addFactMatch(const LogDocument &doc, const Rule &rule, const LineMatch &m);
    void addFindingMatch(const LogDocument &doc, const Rule &rule, LineMatch &m, bool earlierBoot);
    // The steps of finish(): the line rules' findings (those of an earlier boot or driver
    // marked), which of all findings are reported, and a reported one's words and facts.
    std::vector<std::pair<size_t, Finding>> lineFindings();
    void markEarlier(const std::pair<size_t, QString> &key, Finding &f) const;
    std::vector<bool> reportedFindings(const std::vector<std::pair<size_t, Finding>> &found) const;
    bool completeFinding(const Rule &rule, Finding &f) const;
    std::vector<Finding> bundleFindings(const Rule &rule) const;
    bool compareFacts(const Rule &rule,
                      std::map<QString, const BundleFact *> &from,
                      Facts &facts,
                      QList<Comparison> &comparisons) const;
    void applyCatalog(const Rule &rule, Finding &f) const;
    // The rule that names code `code` of catalog `catalog` as its condition (`vocabulary:`).
    void addForeignCode(const LogDocument &doc,
                        int line,
                        std::string_view normalized,
                        std::span<const std::pair<int, int>> rulesOnLine);
    const Rule *claimOf(const QString &catalog, int code) const;
    // A finding of a code a rule claims becomes that rule's: its id, words and severity.
    static void adoptClaim(const Rule &claim, Finding &f);
    // Findings of one rule found both by its pattern and by a code it claims: one finding.
    void mergeSameRule();
    // The catalog messages a rule names (`messages:`, or the status they carry) are one
    // condition: one finding per rule, title and GPU, the messages listed.
    void mergeClaimedMessages();
    void addUnrecognisedNvidiaMessages();
    // A line no rule explains that a message catalog knows: kept per message (and GPU), when
    // printed at `minimum` or above (Unknown: any level). ByFunction: an RM line by its function
    // alone (MessageCatalog::recogniseFunction).
    enum class CatalogLookup { Message, ByFunction };
    bool addCatalogLine(const LogDocument &doc,
                        int line,
                        std::string_view normalized,
                        SectionKind kind,
                        const LineOrigin &origin,
                        PrintLevel minimum = PrintLevel::Unknown,
                        CatalogLookup lookup = CatalogLookup::Message);
    bool addRecognition(const LogDocument &doc,
                        int line,
                        std::string_view normalized,
                        SectionKind kind,
                        const Recognition &r,
                        PrintLevel minimum);
    void addCatalogFindings();
    void foldConsequences();
    void foldRestatements();
    void notePartialRunsCut(const LogDocument &doc, int lines);

    const Analyzer &m_analyzer;
    AnalyzeOptions m_options;
    std::vector<std::unique_ptr<Matcher>> m_matchers; // one per helper thread
    std::unique_ptr<Batch> m_batch;                   // being filled
    std::unique_ptr<Batch> m_running;                 // being matched
    AnalysisResult m_result;
    ClockReader m_clock;
    std::map<std::pair<size_t, QString>, Finding> m_groups; // rule index, group_by values
    std::set<std::pair<size_t, QString>> m_currentBoot;     // groups seen outside earlier boots
    struct RuleHits
    {
        qint64 lines = 0;     // lines the rule matched
        int groups = 0;       // distinct group_by values
        qint64 ungrouped = 0; // matches past kMaxGroupsPerRule
    };
    std::map<size_t, RuleHits> m_ruleHits;
    std::set<QString> m_matchesCapped; // inputs whose kept matches were cut
    QSet<QString> m_partialRunNoted;   // inputs with a partial-record run longer than matched
    // Mapped inputs, to say which ones shrank while they were read.
    std::vector<std::pair<QString, std::shared_ptr<const std::atomic<bool>>>> m_shrinkFlags;
    static constexpr int kMaxGroupsPerRule = 1000;
    static constexpr qint64 kTooBroadLines = 100000;
    static constexpr size_t kMaxKeptMatches = 500000;
    void addLimitNotes();
    std::set<size_t> m_seen;                     // fact rules that matched
    std::map<QString, std::vector<int>> m_boots; // path → boot marker lines (engine/gpus.h)
    std::map<Facts, QString> m_records; // each fact-rule match's facts together → "path:line"
    struct SeenFact
    {
        BundleFact fact;
        std::pair<quint64, LineNumber> lastLine{0, LineNumber(-1)}; // document serial: once a line
    };
    std::map<std::pair<QString, QString>, SeenFact> m_facts;
    QStringList m_paths;
    TemplateMiner m_miner;
    // Error lines from NVIDIA components that no rule explained (engine/analyzer.cpp: never
    // silent); a run of such lines in one file is one message.
    struct Unrecognised
    {
        TemplateMiner miner;
        std::map<QString, qint64> errorLines; // by file
    };
    // What the bundle shows of the driver installed now: the kernel module loaded when it was
    // collected (/proc/driver/nvidia/version), and the version each installer log installed.
    std::set<QString> m_loadedModules;
    // The slots (domain:bus:device) of the PCI devices whose maker the bundle shows.
    std::set<std::string> m_nvidiaSlots, m_otherSlots;
    enum class DeviceVendor { None, Nvidia, Other, Unknown };
    void noteDeviceVendors(const std::vector<LineMatch> &hits);
    DeviceVendor deviceVendor(std::string_view line) const;
    bool collectUnknownDeviceLine(const LogDocument &doc,
                                  int line,
                                  SectionKind kind,
                                  std::string &normalized);
    std::map<quint64, SectionKind> m_kinds;         // by document serial
    SectionKind kindOf(const LogDocument &doc);     // by its path, else by an NVIDIA banner in it
    std::map<QString, QString> m_installerVersions; // path → version
    QString loadedModule() const;                   // empty unless exactly one is known
    QString staleInstallerLog(const QString &path) const; // "why", if from another installation
    std::map<QString, Unrecognised> m_unrecognised;       // by component (engine/lineorigin.h)
    struct CatalogHit
    {
        Recognition first;
        QString pci;
        PrintLevel level = PrintLevel::Unknown; // the highest a line showed
        int count = 0;
        QList<Occurrence> occurrences;
    };
    std::map<std::pair<uint64_t, QString>, CatalogHit> m_catalogHits; // message order, GPU
    // A bundle repeats its lines (dmesg and the journal in one bug report, an assertion printed
    // hundreds of times): each text and origin is looked up in the catalogs once.
    std::unordered_map<std::string, std::optional<Recognition>> m_recognised;
    std::unordered_map<std::string, std::optional<VocabularyHit>> m_codes;
    const std::optional<Recognition> &recogniseMessage(const MessageCatalog &catalog,
                                                       std::string_view normalized,
                                                       const LineOrigin &origin);
    const std::optional<VocabularyHit> &recogniseCode(std::string_view normalized);
    void adoptCatalogClaim(const CatalogHit &hit, const CatalogEntry *status, Finding &f) const;
    struct VocabularyHits
    {
        VocabularyHit first;
        int count = 0;
        QList<Occurrence> occurrences;
        bool onlyQuoted = true; // every line was explained by a rule of another library
    };
    std::map<std::pair<QString, int>, VocabularyHits> m_vocabularyHits; // catalog, code
    bool addVocabularyLine(const LogDocument &doc, int line, std::string_view normalized);
    // `quoted`: in a line a rule of another library explains (see addForeignCode).
    void addVocabularyHit(const LogDocument &doc, int line, VocabularyHit hit, bool quoted);
    void addVocabularyFindings();
    void addClaimedCode(const Rule &rule, Finding &f) const;
    quint64 m_nvidiaDoc = 0; // the serial of the document of the last NVIDIA line
    int m_nvidiaPrevLine = -2;
    std::string m_nvidiaPrevSource; // component, prefix and NCCL process of that line
    // A Python traceback is one message: its last line (the exception) stands for it.
    struct TracebackFold
    {
        quint64 doc = 0; // serial
        bool inside = false;
        bool skip(const LogDocument &d, bool indented, std::string_view normalized);
    };
    TracebackFold m_unmatchedTraceback, m_nvidiaTraceback;
    static constexpr qint64 kMaxMinedLines = 1'000'000;
    static constexpr qsizetype kMaxUnmatchedSamples = 5000;
    std::atomic<qint64> m_totalBytes{0};
    std::atomic<qint64> m_doneBytes{0};
};

} // namespace gputriage
