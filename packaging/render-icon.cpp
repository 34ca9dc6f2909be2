// Renders the scalable application icon to the PNG sizes icon themes expect:
//   render-icon IN.svg SIZE OUT.png
// Runs at build time, without a display.
#include <QGuiApplication>
#include <QImage>
#include <QImageReader>

#include <cstdio>

int main(int argc, char **argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: render-icon IN.svg SIZE OUT.png\n");
        return 2;
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = app.arguments();
    bool ok = false;
    const int size = args.at(2).toInt(&ok);
    if (!ok || size < 16 || size > 1024) {
        std::fprintf(stderr, "render-icon: bad size '%s'\n", argv[2]);
        return 2;
    }
    QImageReader reader(args.at(1), "svg");
    reader.setScaledSize(QSize(size, size));
    const QImage image = reader.read().convertToFormat(QImage::Format_ARGB32);
    if (image.isNull()) {
        std::fprintf(stderr, "render-icon: %s: %s\n", argv[1], qPrintable(reader.errorString()));
        return 1;
    }
    if (!image.save(args.at(3), "png")) {
        std::fprintf(stderr, "render-icon: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
