#pragma once

#include "engine/exampletester.h"
#include "engine/finding.h"
#include "report/bundlediff.h"

#include <set>

namespace gputriage {

// The open bundle compared with another (AnalysisController::compareWith).
struct BundleComparison
{
    BundleDiff diff;
    AnalysisResult left;  // the open bundle's, without its documents and matches
    AnalysisResult right; // the other bundle's, with its documents and matches
};

// A rule file's text tested on the open bundle (AnalysisController::testRules).
struct RuleTest
{
    std::set<QString> ruleIds; // the file's rules that loaded
    QList<ExampleResult> examples;
    AnalysisResult result; // the bundle analysed with the file's text in place of the file
    qint64 lines = 0;      // in the documents tested on
    bool hasDocuments = false;
};

} // namespace gputriage
