#pragma once

#include <QString>
#include <QStringList>

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

namespace re2 {
class RE2;
}

namespace gputriage {

// The print levels of the software that prints a message, normalised across components
// (RM's LEVEL_*, NV_DBG_*, syslog, logrus, NCCL WARN/INFO, X's (EE)/(WW)/(II)).
enum class PrintLevel { Debug, Info, Notice, Warning, Error, Fatal, Unknown };
PrintLevel printLevelFromName(QStringView name);
QString printLevelName(PrintLevel level);

// One component's catalog (rules/catalogs/messages/<component>.json, `gputriage/messages/v1`):
// what printed the messages and where the catalog came from.
struct MessageComponent
{
    QString id;         // nvidia-rm, libnvidia-container ...
    QString title;      // "NVIDIA kernel driver (resource manager)"
    QString lineFormat; // what precedes a message: "NVRM: <function>: <message>"
    QString generator;  // tools/catalogs/... or "hand-written"
    QString source;     // repository or document
    QStringList versions;
    QString file;
};

// One message a component prints, from its format string in the source.
struct CatalogMessage
{
    int component = 0;
    std::string format; // printf-style, without the line prefix
    QString function;   // RM prints it before the message: a key for lookup
    PrintLevel level = PrintLevel::Unknown;
    QString sourceLevel, subsystem, file, first, last, meaning, source;
    bool generic = false;      // too little literal text to recognise a line by
    bool continuation = false; // a later line of a message printed over several ("part": "2/4")
    int literalLetters = 0;
    int literalChars = 0; // letters and punctuation: between equal letters, the longer text wins
};

// A line recognised as a catalog message, with the values its conversions took.
struct Recognition
{
    const CatalogMessage *message = nullptr;
    const MessageComponent *component = nullptr;
    int index = -1; // the message's index in the catalog
    // Its place among the catalogs' messages (the files' order, then each file's), whatever
    // order they were read in.
    uint64_t order = 0;
    std::vector<std::string> values;
    std::vector<char> conversions; // the printf conversion of each value ('s', 'd', 'x' ...)
    size_t start = 0; // where the message starts in the line: what is before it is the prefix
};

// Every message catalog, each file read the first time a line may be one of its component's
// messages (a bundle with no unexplained NVIDIA line reads none; a kernel line reads only the
// kernel driver's). Lookup is keyed: RM lines by their function name, other lines by the rarest
// literal word of each format, so its cost does not grow with the number of messages.
class MessageCatalog
{
public:
    MessageCatalog() = default;
    explicit MessageCatalog(QStringList files);
    ~MessageCatalog();
    MessageCatalog(const MessageCatalog &) = delete;
    MessageCatalog &operator=(const MessageCatalog &) = delete;

    // Which components a line may come from (by id; a catalog file is named after its component).
    using Wanted = std::function<bool(const QString &component)>;
    // The best-matching message of a normalized line (the most literal text wins), if any, among
    // the components `wanted` accepts (all when it is empty).
    std::optional<Recognition> recognise(std::string_view message, const Wanted &wanted = {}) const;
    // An RM line ("NVRM: function: …") that recognise() did not place, when the catalogs know
    // its function: a message of that function whose text they do not hold (another driver
    // version's wording). Its message has no format, the function's subsystem and file, and no
    // level; its index is negative (apart from the catalogs' messages).
    std::optional<Recognition> recogniseFunction(std::string_view line,
                                                 const Wanted &wanted = {}) const;
    // Reads the catalogs `wanted` accepts on a thread of its own, file by file, so that an
    // analysis that will need them does not wait for them in its serial steps (recognise() waits
    // only for a file being read). Once per catalog; stopped when the catalog is destroyed.
    void readAhead(Wanted wanted) const;

    // Every catalog, all read (references stay valid while the catalog lives).
    const std::deque<MessageComponent> &components() const;
    const std::deque<CatalogMessage> &messages() const;
    // Problems met while loading (a file that is not a catalog), as "file: why".
    QStringList problems() const;
    QStringList files() const { return m_files; }

    // printf format → RE2 pattern with one group per conversion; conversions receive their
    // letters. Whitespace runs match any whitespace (a normalized line has single blanks).
    static std::string formatToPattern(std::string_view format, std::vector<char> *conversions);
    // A line the format would print, with sample values (tests, `rules list`).
    static std::string sampleLine(std::string_view format);
    // The format as a title reads it: each value "…", blanks collapsed, at most 120 characters.
    static std::string shape(std::string_view format);
    // The literal text just before each conversion ("status=0x" before a status value).
    static std::vector<std::string> literalsBefore(std::string_view format);

private:
    struct Compiled;
    void load(const Wanted &wanted) const; // with m_mutex held
    void loadFile(const QString &path) const;
    // The messages of a JSON catalog; `c` receives its component as the file gives it.
    int loadJson(const QString &path, const QByteArray &json, MessageComponent &c) const;
    int componentIndex(const MessageComponent &c) const;
    void add(const MessageComponent &c, std::vector<CatalogMessage> messages) const;
    // The word each message of [from, end) is filed under (empty: none), and the filing.
    std::vector<std::string> indexWords(size_t from) const;
    void index(size_t from, const std::vector<std::string> &words) const;
    // Per loaded component: whether `wanted` takes it.
    std::vector<char> wantedComponents(const Wanted &wanted) const;
    // `lists`: the wanted components' formats filed under the line's words (see recognise()).
    void recogniseCut(std::string_view line,
                      const std::vector<std::vector<int>> &lists,
                      Recognition &best) const;
    void recogniseWrapped(std::string_view line,
                          size_t from,
                          const std::vector<int> &candidates,
                          const Wanted &wanted,
                          Recognition &best) const;
    bool tryMessage(int index,
                    std::string_view line,
                    size_t from,
                    bool anchored,
                    const Wanted &wanted,
                    Recognition &best,
                    int &bestLetters) const;

    QStringList m_files;
    mutable QStringList m_baseNames; // per file: its component
    mutable std::mutex m_mutex;
    mutable std::thread m_readAhead;
    std::atomic<bool> m_stopReadAhead{false};
    mutable std::vector<bool> m_loaded; // per file
    mutable std::deque<MessageComponent> m_components;
    mutable std::deque<CatalogMessage> m_messages;
    mutable std::vector<uint64_t> m_order; // per message: its file's index, then its own
    mutable size_t m_loadingFile = 0;      // the index of the file load() reads
    mutable std::vector<std::unique_ptr<Compiled>> m_compiled;
    mutable std::unordered_map<std::string, std::vector<int>> m_byFunction;
    mutable std::unordered_map<std::string, std::vector<int>> m_byWord;
    // recogniseFunction()'s messages, one per function key, made on first use.
    mutable std::deque<CatalogMessage> m_functionMessages;
    mutable std::unordered_map<std::string, int> m_functionMessageOf;
    mutable QStringList m_problems;
};

} // namespace gputriage
