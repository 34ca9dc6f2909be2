// Rule YAML loader: any bytes give diagnostics, never a crash; rules that load run their
// embedded examples (their own regexes on their own text).
#include "engine/exampletester.h"
#include "rules/ruleloader.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gputriage::RuleSet set;
    gputriage::RuleLoader(set).loadText(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
        QStringLiteral("fuzz.yaml"));
    gputriage::finishRules(set);
    for (const gputriage::Diagnostic &d : set.diagnostics)
        if (d.where.line < 0 || d.where.column < 0)
            std::abort(); // positions are for people: never negative
    if (!set.hasErrors() && set.rules.size() <= 20)
        (void)gputriage::runExamples(set);
    return 0;
}
