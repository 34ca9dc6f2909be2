#pragma once

#include "engine/finding.h"
#include "source/bundlereader.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

namespace gputriage {

struct ExportSettings;
struct Highlighter;
struct Preferences;

// Every value the application keeps between runs (QSettings), each under one name here; no
// other file reads or writes a settings key.
class Settings
{
public:
    static Preferences preferences(); // font, theme, extra rule folders
    static void setPreferences(const Preferences &preferences);
    static BundleLimits limits(); // archive entries, depth, sizes, ratio
    static void setLimits(const BundleLimits &limits);
    static ExportSettings exportSettings(); // the export dialog's last choices
    static void setExportSettings(const ExportSettings &settings);
    static QString exportFolder();
    static void setExportFolder(const QString &folder);
    static QList<Highlighter> highlighters();
    static void setHighlighters(const QList<Highlighter> &highlighters);
    // Per bundle, by a key its paths make (BookmarksPanel::setBundle).
    static QList<Bookmark> bookmarks(const QString &bundleKey);
    static void setBookmarks(const QString &bundleKey, const QList<Bookmark> &bookmarks);
    static QList<QStringList> recentBundles(); // newest first
    static void setRecentBundles(const QList<QStringList> &bundles);
    static QStringList disabledRules(); // rule ids switched off in the rule list
    static void setDisabledRules(const QStringList &ids);
    static QString lastFolder(); // where files were last opened from
    static void setLastFolder(const QString &folder);
    static QStringList searchHistory(); // newest first
    static void setSearchHistory(const QStringList &queries);
    static bool hidePrefixes();
    static void setHidePrefixes(bool on);
    static bool showHitsPane(); // the search's hit lines under the text (on unless turned off)
    static void setShowHitsPane(bool on);
    static bool wrapLines();
    static void setWrapLines(bool on);
    static QByteArray windowGeometry();
    static void setWindowGeometry(const QByteArray &geometry);
};

} // namespace gputriage
