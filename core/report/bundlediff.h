#pragma once

#include "engine/finding.h"
#include "report/reportwriter.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace gputriage {

// What changed between two analysed bundles (a customer's bundle before and after a fix, or
// two nodes): findings new, gone or with another count, and facts with other values.
struct BundleDiff
{
    enum class Change { New, Gone, Changed, Same };
    struct FindingChange
    {
        Change change = Change::Same;
        QString ruleId;
        QString title;
        Severity severity = Severity::Info;
        int before = 0; // occurrences in the left bundle
        int after = 0;  // and in the right one
        // The finding in each result's `findings` (its evidence); -1 on the side without it.
        int left = -1, right = -1;
    };
    struct FactChange
    {
        QString name;
        QStringList before, after; // the values seen, sorted
    };

    QString left, right;           // what was compared, as given
    QList<FindingChange> findings; // new, gone, changed, then unchanged; by severity within
    QList<FactChange> facts;       // only facts whose values differ
    int count(Change change) const;
    bool isEmpty() const { return count(Change::Same) == findings.size() && facts.isEmpty(); }
};

BundleDiff diffResults(const AnalysisResult &left,
                       const AnalysisResult &right,
                       const QString &leftName,
                       const QString &rightName);

// The formats a diff is written in: text, json, markdown, html (not PDF).
bool isDiffFormat(ReportFormat format);
// Empty for a format that is not a diff format (isDiffFormat).
QByteArray writeDiff(const BundleDiff &diff, ReportFormat format);

} // namespace gputriage
