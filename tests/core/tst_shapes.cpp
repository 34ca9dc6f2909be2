// Form invariance: every example of every shipped line rule, rendered in the forms logs arrive
// in (container runtimes, journald, kubectl prefixes, dmesg -T, rsyslog #012 records, terminal
// boxes, colours, CRLF, wrapped at a blank at 80, 72, 60 and 40 columns), gives the same match
// with the same facts as the plain example.
#include "engine/matcher.h"
#include "rules/ruleloader.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <map>
#include <memory>

using namespace gputriage;

namespace {

// One way of carrying a log line; `line` gets the whole line, `index` counts from 0. A shape
// with `whole` renders the example's lines together (a collector that joins them).
struct Shape
{
    const char *name;
    QString (*render)(const QString &line, int index);
    QString (*whole)(const QStringList &lines) = nullptr;
    // Examples the shape does not apply to: ones that carry their own kernel-log prefix (a
    // second one is not a real form), or (`onlyIf`) ones that are not of the shape's kind.
    const char *skipIf = nullptr;
    const char *onlyIf = nullptr;
    // Word-wrapped at this width: the same match with the same facts. Examples with a word
    // longer than the width (a hard cut, not a wrap at a blank), boxes, tables (nvidia-smi -q
    // key/value columns, kubectl describe's conditions) are not wrapped.
    int wrapWidth = 0;
};

QString json(const QString &line, bool newline)
{
    return QString::fromUtf8(
        QJsonDocument(
            QJsonObject{{QStringLiteral("log"),
                         QString(line + (newline ? QStringLiteral("\n") : QString()))},
                        {QStringLiteral("stream"), QStringLiteral("stdout")},
                        {QStringLiteral("time"), QStringLiteral("2025-11-30T08:15:02.1Z")}})
            .toJson(QJsonDocument::Compact));
}

// A message wrapped at a blank within `width` columns, as terminals with word wrap, fold -s,
// banners and installers write it (a word longer than the width is cut).
QString wordWrap(const QStringList &lines, int width)
{
    QStringList out;
    for (QString l : lines) {
        while (l.size() > width) {
            qsizetype cut = l.lastIndexOf(QLatin1Char(' '), width - 1);
            cut = cut > 0 ? cut + 1 : width;
            out << l.left(cut);
            l = l.mid(cut);
        }
        out << l;
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// A program's line that goes on the line before ("cudaGetDeviceCount returned 30" then
// "-> unknown error") is read with it only when it is not a record of its own (a journal's,
// the kernel's): known, not matched there.
constexpr const char *kOwnLine = "\\n-> ";

const Shape kShapes[] = {
    {"CRI F",
     [](const QString &l, int) -> QString {
         return QStringLiteral("2025-11-30T08:15:02.123456789Z stdout F ") + l;
     }},
    {"docker json-file",
     [](const QString &l, int) -> QString {
         return json(l, true);
     }},
    {"kubectl --timestamps",
     [](const QString &l, int) -> QString {
         return QStringLiteral("2025-11-30T08:15:02.123456789Z ") + l;
     }},
    {"kubectl --prefix",
     [](const QString &l, int) -> QString {
         return QStringLiteral("[pod/trainer-0/main] ") + l;
     }},
    {"docker compose",
     [](const QString &l, int) -> QString {
         return QStringLiteral("trainer-1  | ") + l;
     }},
    {"journald",
     [](const QString &l, int) -> QString {
         return QStringLiteral("Nov 30 08:15:02 gpu-node-7 app[4242]: ") + l;
     },
     nullptr, kOwnLine},
    {"syslog ISO",
     [](const QString &l, int) -> QString {
         return QStringLiteral("2025-11-30T08:15:02.123456+00:00 gpu-node-7 app[4242]: ") + l;
     }},
    {"boxed",
     [](const QString &l, int) -> QString {
         return QStringLiteral("│ ") + l + QStringLiteral("   │");
     }},
    {"ANSI colour",
     [](const QString &l, int) -> QString {
         return QStringLiteral("\x1b[1;31m") + l + QStringLiteral("\x1b[0m");
     }},
    {"CRLF",
     [](const QString &l, int) -> QString {
         return l + QLatin1Char('\r');
     }},
    {"dmesg -T",
     [](const QString &l, int) -> QString {
         return QStringLiteral("[Sun Nov 30 08:15:02 2025] ") + l;
     },
     nullptr, "^\\s*\\[|^-- |\\n-> "},
    // rsyslog keeps a kernel message's continuation lines in one record, newlines as #012.
    {"syslog #012", nullptr,
     [](const QStringList &lines) -> QString {
         return QStringLiteral("Nov 30 08:15:02 gpu-node-7 kernel: ")
                + lines.join(QStringLiteral("#012")) + QLatin1Char('\n');
     },
     "^\\s*\\[", "^NVRM: "},
    {"word-wrapped at 80", nullptr, [](const QStringList &l) { return wordWrap(l, 80); },
     "│|^\\s*\\||\\S {3,}: |^\\s*\\w+ {3,}(?:True|False|Unknown) {3,}", nullptr, 80},
    {"word-wrapped at 72", nullptr, [](const QStringList &l) { return wordWrap(l, 72); },
     "│|^\\s*\\||\\S {3,}: |^\\s*\\w+ {3,}(?:True|False|Unknown) {3,}", nullptr, 72},
    {"word-wrapped at 60", nullptr, [](const QStringList &l) { return wordWrap(l, 60); },
     "│|^\\s*\\||\\S {3,}: |^\\s*\\w+ {3,}(?:True|False|Unknown) {3,}", nullptr, 60},
    {"word-wrapped at 40", nullptr, [](const QStringList &l) { return wordWrap(l, 40); },
     "│|^\\s*\\||\\S {3,}: |^\\s*\\w+ {3,}(?:True|False|Unknown) {3,}", nullptr, 40},
    // Records the runtime split in the middle of the line: CRI partial (P) then final (F), and
    // docker json-file records without, then with, the final newline.
    {"CRI P-split",
     [](const QString &l, int) -> QString {
         const qsizetype half = l.size() / 2;
         return QStringLiteral("2025-11-30T08:15:02.1Z stdout P ") + l.left(half)
                + QStringLiteral("\n2025-11-30T08:15:02.2Z stdout F ") + l.mid(half);
     }},
    {"docker json-file split",
     [](const QString &l, int) -> QString {
         const qsizetype half = l.size() / 2;
         return json(l.left(half), false) + QLatin1Char('\n') + json(l.mid(half), true);
     }},
};

QString render(const QString &log, const Shape &shape)
{
    QStringList lines = log.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    if (shape.whole)
        return shape.whole(lines);
    QStringList out;
    for (int i = 0; i < lines.size(); ++i)
        out << shape.render(lines[i], i);
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// The facts of the rule's first hit, or nullopt for no hit.
std::optional<Facts> firstHit(const Matcher &m, const QString &text)
{
    for (const LineMatch &hit : m.matchText(text))
        return hit.facts;
    return std::nullopt;
}

} // namespace

class TestShapes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyExampleMatchesInEveryShape_data()
    {
        QTest::addColumn<int>("shape");
        for (int i = 0; i < int(std::size(kShapes)); ++i)
            QTest::newRow(kShapes[i].name) << i;
    }

    void everyExampleMatchesInEveryShape()
    {
        QFETCH(int, shape);
        static const RuleSet set = loadRules({}, true);
        // One matcher per rule, built once for all shapes (compiling them dominates under ASan).
        static std::map<const Rule *, std::unique_ptr<Matcher>> matchers;
        const Shape &sh = kShapes[shape];
        const QRegularExpression skipIf(QString::fromUtf8(sh.skipIf ? sh.skipIf : "(?!)"),
                                        QRegularExpression::MultilineOption);
        const QRegularExpression onlyIf(QLatin1String(sh.onlyIf ? sh.onlyIf : ""));
        int checked = 0;
        QStringList failures;
        for (const Rule &rule : set.rules) {
            if (rule.scope != RuleScope::Line)
                continue;
            auto &cached = matchers[&rule];
            if (!cached)
                cached = std::make_unique<Matcher>(std::vector<Rule>{rule});
            const Matcher &matcher = *cached;
            for (const RuleExample &e : rule.examples) {
                // Examples that already carry a runtime's framing are not framed again.
                static const QRegularExpression framed(
                    QStringLiteral("^(?:\\{\"log\":|\\d{4}-\\d\\d-\\d\\dT)"),
                    QRegularExpression::MultilineOption);
                if (e.expectNone || framed.match(e.log).hasMatch())
                    continue;
                if (skipIf.match(e.log).hasMatch() || !onlyIf.match(e.log).hasMatch())
                    continue;
                if (sh.wrapWidth) {
                    static const QRegularExpression blank(QStringLiteral("\\s+"));
                    const QStringList words = e.log.split(blank, Qt::SkipEmptyParts);
                    if (std::any_of(words.begin(), words.end(),
                                    [&](const QString &w) { return w.size() >= sh.wrapWidth; }))
                        continue;
                }
                const auto plain = firstHit(matcher, e.log);
                if (!plain)
                    continue; // rules test reports that one
                const QString shaped = render(e.log, sh);
                const auto hit = firstHit(matcher, shaped);
                ++checked;
                if (!hit || *hit != *plain)
                    failures << QStringLiteral("%1 (%2:%3): %4")
                                    .arg(rule.id, rule.file.section(QLatin1Char('/'), -1))
                                    .arg(e.line)
                                    .arg(hit ? QStringLiteral("other facts")
                                             : QStringLiteral("no match"));
            }
        }
        qInfo("%s: %d examples, %lld differ", sh.name, checked, qlonglong(failures.size()));
        QVERIFY(checked > (sh.onlyIf ? 20 : 150));
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestShapes)
#include "tst_shapes.moc"
