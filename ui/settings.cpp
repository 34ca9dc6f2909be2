#include "settings.h"

#include "exportsettings.h"
#include "highlighter.h"
#include "preferences.h"

#include <QFontDatabase>
#include <QSettings>

#include <functional>
#include <optional>

namespace gputriage {

namespace {
QVariant value(const char *key, const QVariant &fallback = {})
{
    return QSettings().value(QLatin1String(key), fallback);
}
void setValue(const char *key, const QVariant &v)
{
    QSettings().setValue(QLatin1String(key), v);
}

// A list kept as a settings array; `read` gives nothing for an entry to leave out.
template<typename T>
QList<T> readArray(const char *key, const std::function<std::optional<T>(const QSettings &)> &read)
{
    QSettings settings;
    QList<T> out;
    const int n = settings.beginReadArray(QLatin1String(key));
    for (int i = 0; i < n; ++i) {
        settings.setArrayIndex(i);
        if (std::optional<T> item = read(settings))
            out.append(std::move(*item));
    }
    settings.endArray();
    return out;
}

template<typename T>
void writeArray(const char *key,
                const QList<T> &items,
                const std::function<void(QSettings &, const T &)> &write)
{
    QSettings settings;
    settings.remove(QLatin1String(key));
    if (items.isEmpty())
        return;
    settings.beginWriteArray(QLatin1String(key), int(items.size()));
    for (int i = 0; i < items.size(); ++i) {
        settings.setArrayIndex(i);
        write(settings, items[i]);
    }
    settings.endArray();
}
} // namespace

Preferences Settings::preferences()
{
    Preferences p;
    p.logFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (const QString font = value("view/font").toString(); !font.isEmpty())
        p.logFont.fromString(font);
    p.theme = value("view/theme").toString();
    p.ruleFolders = value("rules/folders").toStringList();
    return p;
}

void Settings::setPreferences(const Preferences &p)
{
    setValue("view/font", p.logFont.toString());
    setValue("view/theme", p.theme);
    setValue("rules/folders", p.ruleFolders);
}

BundleLimits Settings::limits()
{
    BundleLimits l;
    l.maxEntries = value("limits/maxEntries", l.maxEntries).toInt();
    l.maxDepth = value("limits/maxDepth", l.maxDepth).toInt();
    l.maxEntryBytes = value("limits/maxEntryBytes", l.maxEntryBytes).toLongLong();
    l.maxTotalBytes = value("limits/maxTotalBytes", l.maxTotalBytes).toLongLong();
    l.maxRatio = value("limits/maxRatio", l.maxRatio).toInt();
    return l;
}

void Settings::setLimits(const BundleLimits &l)
{
    setValue("limits/maxEntries", l.maxEntries);
    setValue("limits/maxDepth", l.maxDepth);
    setValue("limits/maxEntryBytes", l.maxEntryBytes);
    setValue("limits/maxTotalBytes", l.maxTotalBytes);
    setValue("limits/maxRatio", l.maxRatio);
}

ExportSettings Settings::exportSettings()
{
    ExportSettings e;
    e.format = reportFormatOfId(value("export/format", reportFormatId(e.format)).toString())
                   .value_or(e.format);
    e.minSeverity = severityFromName(value("export/minSeverity").toString());
    e.maxEvidence = value("export/maxEvidence", e.maxEvidence).toInt();
    e.redact = value("export/redact", false).toBool();
    e.unmatched = value("export/unmatched", false).toBool();
    return e;
}

void Settings::setExportSettings(const ExportSettings &e)
{
    setValue("export/format", reportFormatId(e.format));
    setValue("export/minSeverity", e.minSeverity ? severityName(*e.minSeverity) : QString());
    setValue("export/maxEvidence", e.maxEvidence);
    setValue("export/redact", e.redact);
    setValue("export/unmatched", e.unmatched);
}

QString Settings::exportFolder()
{
    return value("export/dir").toString();
}

void Settings::setExportFolder(const QString &folder)
{
    setValue("export/dir", folder);
}

QList<Highlighter> Settings::highlighters()
{
    return readArray<Highlighter>(
        "highlighters", [](const QSettings &s) -> std::optional<Highlighter> {
            Highlighter h;
            h.pattern = s.value(QStringLiteral("pattern")).toString();
            h.regex = s.value(QStringLiteral("regex")).toBool();
            h.caseSensitive = s.value(QStringLiteral("caseSensitive")).toBool();
            h.colour = QColor(s.value(QStringLiteral("colour")).toString());
            h.wholeLine = s.value(QStringLiteral("wholeLine")).toBool();
            h.enabled = s.value(QStringLiteral("enabled"), true).toBool();
            return h.pattern.isEmpty() || !h.colour.isValid() ? std::nullopt : std::optional(h);
        });
}

void Settings::setHighlighters(const QList<Highlighter> &highlighters)
{
    writeArray<Highlighter>("highlighters", highlighters, [](QSettings &s, const Highlighter &h) {
        s.setValue(QStringLiteral("pattern"), h.pattern);
        s.setValue(QStringLiteral("regex"), h.regex);
        s.setValue(QStringLiteral("caseSensitive"), h.caseSensitive);
        s.setValue(QStringLiteral("colour"), h.colour.name());
        s.setValue(QStringLiteral("wholeLine"), h.wholeLine);
        s.setValue(QStringLiteral("enabled"), h.enabled);
    });
}

QList<Bookmark> Settings::bookmarks(const QString &bundleKey)
{
    const QByteArray key = "bookmarks/" + bundleKey.toLatin1();
    return readArray<Bookmark>(key.constData(), [](const QSettings &s) -> std::optional<Bookmark> {
        Bookmark b{
            s.value(QStringLiteral("path")).toString(), s.value(QStringLiteral("line")).toInt(),
            s.value(QStringLiteral("text")).toString(), s.value(QStringLiteral("note")).toString()};
        return b.path.isEmpty() || b.line <= 0 ? std::nullopt : std::optional(b);
    });
}

void Settings::setBookmarks(const QString &bundleKey, const QList<Bookmark> &bookmarks)
{
    const QByteArray key = "bookmarks/" + bundleKey.toLatin1();
    writeArray<Bookmark>(key.constData(), bookmarks, [](QSettings &s, const Bookmark &b) {
        s.setValue(QStringLiteral("path"), b.path);
        s.setValue(QStringLiteral("line"), b.line);
        s.setValue(QStringLiteral("text"), b.text);
        s.setValue(QStringLiteral("note"), b.note);
    });
}

QList<QStringList> Settings::recentBundles()
{
    QList<QStringList> out;
    for (const QVariant &v : value("recentBundles").toList())
        if (!v.toStringList().isEmpty())
            out.append(v.toStringList());
    return out;
}

void Settings::setRecentBundles(const QList<QStringList> &bundles)
{
    QVariantList stored;
    for (const QStringList &paths : bundles)
        stored.append(paths);
    setValue("recentBundles", stored);
}

QStringList Settings::disabledRules()
{
    return value("rules/disabled").toStringList();
}

void Settings::setDisabledRules(const QStringList &ids)
{
    setValue("rules/disabled", ids);
}

QString Settings::lastFolder()
{
    return value("lastDir").toString();
}

void Settings::setLastFolder(const QString &folder)
{
    setValue("lastDir", folder);
}

QStringList Settings::searchHistory()
{
    return value("search/history").toStringList();
}

void Settings::setSearchHistory(const QStringList &queries)
{
    setValue("search/history", queries);
}

bool Settings::hidePrefixes()
{
    return value("view/hidePrefixes").toBool();
}

void Settings::setHidePrefixes(bool on)
{
    setValue("view/hidePrefixes", on);
}

bool Settings::showHitsPane()
{
    return value("view/showHitsPane", true).toBool();
}

void Settings::setShowHitsPane(bool on)
{
    setValue("view/showHitsPane", on);
}

bool Settings::wrapLines()
{
    return value("view/wrap").toBool();
}

void Settings::setWrapLines(bool on)
{
    setValue("view/wrap", on);
}

QByteArray Settings::windowGeometry()
{
    return value("geometry").toByteArray();
}

void Settings::setWindowGeometry(const QByteArray &geometry)
{
    setValue("geometry", geometry);
}

} // namespace gputriage
