#pragma once

#include "engine/finding.h"
#include "report/reportwriter.h"

#include <QByteArray>
#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <functional>

namespace gputriage {

// What the CLI's own conventions provide (stderr made terminal-safe, checked writes, usage
// errors), handed over so the library commands follow them without a copy.
struct CliServices
{
    std::function<QTextStream &()> err;
    std::function<int(const QString &)> usageError;                      // prints, returns 2
    std::function<bool(const QString &)> writeStdoutText;                // terminalSafe, checked
    std::function<int(const QString &, const QByteArray &)> writeOutput; // -o or stdout, atomic
    std::function<int(const QString &, const QStringList &)> refuseClobber;
};

// `gputriage library add|search|history|stats|show|delete|export|import|info`.
int libraryCommand(const QStringList &args, const CliServices &cli);

// The options `analyze` takes for the library: --library, --library-url, --with-history,
// --case, --case-pattern, --customer.
void addAnalyzeLibraryOptions(QCommandLineParser &p);

// After an analysis: adds it to the library with --library, and with --with-history appends
// what the library knows of its findings and GPUs to `report` (text, markdown, json, html).
// A library that cannot be used is a note on stderr; the report goes out all the same.
// Returns 2 only for a usage error.
int applyLibraryToAnalysis(const QCommandLineParser &p,
                           const QStringList &paths,
                           const AnalysisResult &result,
                           const AnalysisResult &shown,
                           ReportFormat format,
                           QByteArray &report,
                           const CliServices &cli);

} // namespace gputriage
