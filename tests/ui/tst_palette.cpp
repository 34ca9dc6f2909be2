// Issue 22 point 7: every colour the views paint comes from one palette that reads (WCAG AA,
// 4.5:1) in light and dark, and what is painted keeps every character readable.

#include "logview.h"
#include "palette.h"
#include "text/logdocument.h"

#include <QApplication>
#include <QTest>

using namespace gputriage;

class TestPalette : public QObject
{
    Q_OBJECT

    static void addPairs(const char *name, const ViewPalette &p)
    {
        auto row = [&](const QString &what, const QColor &fg, const QColor &bg) {
            QTest::addRow("%s: %s", name, qPrintable(what)) << fg << bg;
        };
        row(QStringLiteral("text on base"), p.text, p.base);
        row(QStringLiteral("line numbers on the gutter"), p.muted, p.gutter);
        row(QStringLiteral("text on the current line"), p.text, p.currentLine);
        row(QStringLiteral("selected text"), p.selectedText, p.selection);
        row(QStringLiteral("text on a search hit"), p.searchText, p.searchHit);
        row(QStringLiteral("text on the current search hit"), p.searchText, p.searchCurrent);
        row(QStringLiteral("banner"), p.bannerText, p.bannerBackground);
        row(QStringLiteral("a bookmarked line's number"), p.bookmarkText, p.bookmark);
        const char *severities[] = {"info", "warning", "error", "critical"};
        for (size_t s = 0; s < 4; ++s) {
            row(QStringLiteral("text on a %1 line").arg(QLatin1String(severities[s])), p.text,
                p.lineTint[s]);
            row(QStringLiteral("text on %1 matched text").arg(QLatin1String(severities[s])), p.text,
                p.spanTint[s]);
            row(QStringLiteral("%1 severity text").arg(QLatin1String(severities[s])), p.severity[s],
                p.base);
        }
    }

    // The darkest contrast of a painted character's cell against its row's background: a
    // vanished character has none (ratio 1).
    static double bestContrastInCell(const QImage &image, const QRect &cell, const QColor &bg)
    {
        double best = 1;
        for (int y = cell.top(); y <= cell.bottom(); ++y)
            for (int x = cell.left(); x <= cell.right(); ++x)
                best = std::max(best, contrastRatio(image.pixelColor(x, y), bg));
        return best;
    }

private Q_SLOTS:
    void everyTextReadsOnItsBackground_data()
    {
        QTest::addColumn<QColor>("foreground");
        QTest::addColumn<QColor>("background");
        addPairs("light", ViewPalette::light());
        addPairs("dark", ViewPalette::dark());
    }
    void everyTextReadsOnItsBackground()
    {
        QFETCH(QColor, foreground);
        QFETCH(QColor, background);
        const double ratio = contrastRatio(foreground, background);
        QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1 on %2: %3:1")
                                              .arg(foreground.name(), background.name())
                                              .arg(ratio, 0, 'f', 2)));
    }

    void contrastIsMeasuredAsWcagDoes()
    {
        QCOMPARE(qRound(contrastRatio(Qt::black, Qt::white) * 10), 210);
        QCOMPARE(qRound(contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white) * 100), 448);
        QCOMPARE(
            readableOn(QColor(0xca, 0x60, 0xca), {ViewPalette::light().spanTint[3]}, Qt::black),
            QColor(Qt::black));
    }

    // Each severity's line, current or not, in light and dark: every punctuation mark of an
    // Xid line is still drawn in a colour that reads on its background.
    void punctuationReadsOnEveryTintedLine_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addColumn<int>("severity");
        QTest::addColumn<bool>("current");
        for (bool dark : {false, true})
            for (int s = 0; s < 4; ++s)
                for (bool current : {false, true})
                    QTest::addRow("%s %d%s", dark ? "dark" : "light", s, current ? " current" : "")
                        << dark << s << current;
    }
    void punctuationReadsOnEveryTintedLine()
    {
        QFETCH(bool, dark);
        QFETCH(int, severity);
        QFETCH(bool, current);
        const QPalette old = QApplication::palette();
        QApplication::setPalette((dark ? ViewPalette::dark() : ViewPalette::light()).toQPalette());
        LogView view;
        view.resize(900, 200);
        const QByteArray line = "[ 9512.662164] NVRM: Xid (PCI:0000:86:00): 79, pid=51877";
        auto doc = LogDocument::fromBytes(line + "\nnext line\n", QStringLiteral("dmesg"));
        view.setDocument(doc);
        LineMatch match;
        match.rule = 0;
        match.line = match.endLine = LineNumber(0);
        match.start = 15;
        match.end = 30;
        match.severity = Severity(severity);
        view.setMatches({match});
        view.setCurrentLine(LineNumber(current ? 0 : 1));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QImage image = view.viewport()->grab().toImage();
        QApplication::setPalette(old);

        const QFontMetrics metrics = view.fontMetrics();
        const int gutter = metrics.horizontalAdvance(QLatin1Char('9')) * 3;
        const QString text = QString::fromLatin1(line);
        int checked = 0;
        for (qsizetype i = 0; i < text.size(); ++i) {
            if (text[i].isSpace() || text[i].isLetterOrNumber())
                continue;
            const int x0 = gutter + 6 + metrics.horizontalAdvance(text.left(i));
            const int x1 = gutter + 6 + metrics.horizontalAdvance(text.left(i + 1)) - 1;
            // The background next to the glyph: the cell's top-left pixel row.
            const QColor bg = image.pixelColor(x0, 0);
            const double best
                = bestContrastInCell(image, QRect(x0, 1, x1 - x0 + 1, metrics.height() - 2), bg);
            QVERIFY2(best >= 3.0, qPrintable(QStringLiteral("'%1' at column %2: %3:1 on %4")
                                                 .arg(text[i])
                                                 .arg(i)
                                                 .arg(best, 0, 'f', 2)
                                                 .arg(bg.name())));
            ++checked;
        }
        QVERIFY(checked > 10);
    }
};

QTEST_MAIN(TestPalette)
#include "tst_palette.moc"
