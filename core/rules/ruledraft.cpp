#include "ruledraft.h"

#include "text/normalizer.h"

#include <QRegularExpression>

#include <string>

namespace gputriage {

namespace {

bool isWord(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

QString escaped(QStringView text)
{
    static const QString special = QStringLiteral("\\^$.|?*+()[]{}");
    QString out;
    for (const QChar c : text) {
        if (special.contains(c))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

// A YAML single-quoted scalar.
QString quoted(const QString &text)
{
    return QLatin1Char('\'') + QString(text).replace(QLatin1Char('\''), QLatin1String("''"))
           + QLatin1Char('\'');
}

struct Token
{
    QRegularExpression re;
    QString generalized; // the pattern that replaces it; {name} marks a named capture
    QString name;        // fixed capture name, or empty: named from the words before it
};

const std::vector<Token> &tokens()
{
    auto re = [](const char *p) {
        return QRegularExpression(QString::fromLatin1(p),
                                  QRegularExpression::CaseInsensitiveOption);
    };
    // Tried in order at each word start; the first that matches wins.
    static const std::vector<Token> list = {
        {re(R"(GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"),
         QStringLiteral("GPU-[0-9a-fA-F-]{36}"), QStringLiteral("gpu_uuid")},
        // Dates and times inside the message (prefixes are already gone).
        {re(R"(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)"),
         QStringLiteral("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}\\S*"), QString()},
        {re(R"((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) +[A-Z][a-z]{2} +\d{1,2} +\d{2}:\d{2}:\d{2}(?: +[A-Z]{2,5})? +\d{4})"),
         QStringLiteral(
             "\\w{3}\\s+\\w{3}\\s+\\d{1,2}\\s+\\d{2}:\\d{2}:\\d{2}(?:\\s+[A-Z]+)?\\s+\\d{4}"),
         QString()},
        {re(R"(\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?)"),
         QStringLiteral("\\d{1,2}:\\d{2}:\\d{2}(?:[.,]\\d+)?"), QString()},
        // PCI bus ids: with the domain (0000:86:00[.0]) or with the function (86:00.0).
        {re(R"((?:[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}(?:\.[0-7])?|[0-9a-f]{2}:[0-9a-f]{2}\.[0-7])(?![0-9a-f]))"),
         QStringLiteral("(?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\\.[0-7])?"),
         QStringLiteral("pci")},
        {re(R"(0x[0-9a-f]+)"), QStringLiteral("0x[0-9a-fA-F]+"), QString()},
        {re(R"(\d+(?:\.\d+)+(?:-\w+)?)"), QStringLiteral("{name}\\d+(?:\\.\\d+)+(?:-\\w+)?"),
         QString()},
        {re(R"(\d+)"), QStringLiteral("{name}\\d+"), QString()},
    };
    return list;
}

// The capture name for a value from the words just before it ("Driver Version: 580.65.06" →
// driver_version), or `fallback`.
QString nameFromContext(const QString &before, const QString &fallback)
{
    static const QRegularExpression words(QStringLiteral("([A-Za-z][A-Za-z_]*)[\\s:=#]*$"));
    const QString lower = before.right(40).toLower();
    if (fallback == QLatin1String("version")) {
        if (lower.contains(QLatin1String("kernel module")))
            return QStringLiteral("kernel_driver"); // NVRM's name for the loaded driver
        for (const char *what : {"cuda", "driver", "nccl", "firmware", "vbios", "kernel"})
            if (lower.contains(QLatin1String(what)))
                return QLatin1String(what) + QLatin1String("_version");
        return fallback;
    }
    const auto m = words.match(before.right(24)); // the word right before the value
    return m.hasMatch() ? m.captured(1).toLower() : fallback;
}

} // namespace

RuleDraft draftRuleFromLine(std::string_view rawLine)
{
    std::string normalized;
    Normalizer::normalize(rawLine, normalized);
    RuleDraft draft;
    draft.line = QString::fromUtf8(normalized.data(), qsizetype(normalized.size()));
    const QString &text = draft.line;

    QString pattern;
    QString literal; // pending text, escaped when flushed
    auto flush = [&] {
        static const QRegularExpression spaces(QStringLiteral(" +"));
        pattern += escaped(literal).replace(spaces, QStringLiteral("\\s+"));
        literal.clear();
    };
    auto capture = [&](QString name, const QString &value) {
        name.replace(QRegularExpression(QStringLiteral("[^a-z0-9_]")), QStringLiteral("_"));
        if (name.isEmpty() || name.front().isDigit())
            name.prepend(QLatin1String("n"));
        QString unique = name;
        for (int i = 2; draft.facts.count(unique); ++i)
            unique = name + QLatin1Char('_') + QString::number(i);
        draft.facts[unique] = value;
        return unique;
    };

    qsizetype i = 0;
    while (i < text.size()) {
        const bool wordStart = i == 0 || !isWord(text[i - 1]);
        bool replaced = false;
        if (wordStart && text[i].isLetterOrNumber()) {
            for (const Token &token : tokens()) {
                const auto m = token.re.match(text, i, QRegularExpression::NormalMatch,
                                              QRegularExpression::AnchorAtOffsetMatchOption);
                if (!m.hasMatch())
                    continue;
                const qsizetype end = m.capturedEnd();
                if (end < text.size() && isWord(text[end]) && text[end - 1].isDigit())
                    continue; // "3b" in "0000:3b:00" is not the number 3
                const QString value = m.captured();
                const QString before = text.left(i);
                QString piece = token.generalized;
                if (!token.name.isEmpty()) {
                    piece = QStringLiteral("(?P<%1>%2)").arg(capture(token.name, value), piece);
                } else if (piece.startsWith(QLatin1String("{name}"))) {
                    piece.remove(0, 6);
                    const bool isVersion = value.contains(QLatin1Char('.'));
                    const QString lower = before.right(8).toLower();
                    // Process ids and counters in brackets change every time: not facts.
                    if (!isVersion
                        && (lower.endsWith(QLatin1String("pid="))
                            || lower.endsWith(QLatin1String("pid "))
                            || lower.endsWith(QLatin1Char('[')))) {
                    } else {
                        QString name = isVersion
                                           ? nameFromContext(before, QStringLiteral("version"))
                                       : before.toLower().contains(QLatin1String("xid"))
                                               && !draft.facts.count(QStringLiteral("xid"))
                                           ? QStringLiteral("xid")
                                           : nameFromContext(before, QStringLiteral("n"));
                        piece = QStringLiteral("(?P<%1>%2)").arg(capture(name, value), piece);
                    }
                }
                flush();
                pattern += piece;
                i = end;
                replaced = true;
                break;
            }
        }
        if (!replaced) {
            // Copy the rest of this word (or one other character) as text.
            qsizetype j = i + 1;
            if (isWord(text[i]))
                while (j < text.size() && isWord(text[j]))
                    ++j;
            literal += text.mid(i, j - i);
            i = j;
        }
    }
    flush();
    draft.pattern = pattern;

    // id and title from the first words of the message.
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z]+"));
    QStringList words;
    for (auto it = word.globalMatch(text); it.hasNext() && words.size() < 5;)
        words << it.next().captured().toLower();
    draft.id = QStringLiteral("user.")
               + (words.isEmpty() ? QStringLiteral("new-rule") : words.join(QLatin1Char('-')));
    draft.title = text.size() > 72 ? text.left(71) + QChar(0x2026) : text;
    return draft;
}

QByteArray RuleDraft::yaml() const
{
    QString out;
    out += QStringLiteral("schema: gputriage/rules/v1\npack: user\nrules:\n");
    out += QStringLiteral("  - id: %1\n").arg(id);
    out += QStringLiteral("    title: %1\n").arg(quoted(title));
    out += QStringLiteral("    severity: warning\n");
    out += QStringLiteral("    match:\n      pattern: %1\n").arg(quoted(pattern));
    out += QStringLiteral(
        "    explain: |\n      What this message means, and whether it matters.\n");
    out += QStringLiteral("    action: |\n      What the customer should do.\n");
    out += QStringLiteral("    examples:\n      - log: %1\n").arg(quoted(line));
    if (facts.empty()) {
        out += QStringLiteral("        expect: match\n");
    } else {
        QStringList expect;
        for (const auto &[name, value] : facts)
            expect << QStringLiteral("%1: %2").arg(name, quoted(value));
        out += QStringLiteral("        expect: {%1}\n").arg(expect.join(QLatin1String(", ")));
    }
    return out.toUtf8();
}

} // namespace gputriage
