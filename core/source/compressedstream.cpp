#include "source/compressedstream.h"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <climits>
#include <cstring>

namespace gputriage {

namespace {
constexpr qsizetype kInBlock = 256 * 1024;
constexpr qsizetype kOutBlock = 256 * 1024;
constexpr size_t kSlice = size_t(1) << 30; // zlib and bzip2 count in 32 bits

std::string_view magic(CompressedStream::Kind kind)
{
    switch (kind) {
    case CompressedStream::Kind::Gzip: return {"\x1f\x8b", 2};
    case CompressedStream::Kind::Xz:
        return {"\xfd"
                "7zXZ\0",
                6};
    case CompressedStream::Kind::Zstd: return {"\x28\xb5\x2f\xfd", 4};
    case CompressedStream::Kind::Bzip2: return {"BZh", 3};
    }
    return {};
}
} // namespace

// One decompressor; start() begins a member, step() moves bytes from `in` to `out`.
struct CompressedStream::Codec
{
    enum class Step { Ok, End, Error };
    virtual ~Codec() = default;
    virtual bool start() = 0;
    virtual Step step(const char *&in, size_t &inLen, char *&out, size_t &outLen) = 0;
    QString message;
};

namespace {

struct GzipCodec final : CompressedStream::Codec
{
    z_stream z{};
    bool ready = false;
    ~GzipCodec() override
    {
        if (ready)
            inflateEnd(&z);
    }
    bool start() override
    {
        if (ready)
            return inflateReset(&z) == Z_OK;
        ready = inflateInit2(&z, 16 + MAX_WBITS) == Z_OK;
        return ready;
    }
    Step step(const char *&in, size_t &inLen, char *&out, size_t &outLen) override
    {
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in));
        z.avail_in = uInt(std::min(inLen, kSlice));
        z.next_out = reinterpret_cast<Bytef *>(out);
        z.avail_out = uInt(std::min(outLen, kSlice));
        const uInt inBefore = z.avail_in, outBefore = z.avail_out;
        const int r = inflate(&z, Z_NO_FLUSH);
        in += inBefore - z.avail_in;
        inLen -= inBefore - z.avail_in;
        out += outBefore - z.avail_out;
        outLen -= outBefore - z.avail_out;
        if (r == Z_STREAM_END)
            return Step::End;
        if (r == Z_OK || r == Z_BUF_ERROR)
            return Step::Ok;
        message = z.msg ? QString::fromLatin1(z.msg) : QStringLiteral("zlib error %1").arg(r);
        return Step::Error;
    }
};

struct XzCodec final : CompressedStream::Codec
{
    lzma_stream s = LZMA_STREAM_INIT;
    ~XzCodec() override { lzma_end(&s); }
    bool start() override { return lzma_stream_decoder(&s, UINT64_MAX, 0) == LZMA_OK; }
    Step step(const char *&in, size_t &inLen, char *&out, size_t &outLen) override
    {
        s.next_in = reinterpret_cast<const uint8_t *>(in);
        s.avail_in = inLen;
        s.next_out = reinterpret_cast<uint8_t *>(out);
        s.avail_out = outLen;
        const lzma_ret r = lzma_code(&s, LZMA_RUN);
        in += inLen - s.avail_in;
        inLen = s.avail_in;
        out += outLen - s.avail_out;
        outLen = s.avail_out;
        if (r == LZMA_STREAM_END)
            return Step::End;
        if (r == LZMA_OK || r == LZMA_BUF_ERROR)
            return Step::Ok;
        message = r == LZMA_DATA_ERROR     ? QStringLiteral("corrupt data")
                  : r == LZMA_FORMAT_ERROR ? QStringLiteral("not in xz format")
                                           : QStringLiteral("liblzma error %1").arg(int(r));
        return Step::Error;
    }
};

struct ZstdCodec final : CompressedStream::Codec
{
    ZSTD_DCtx *ctx = ZSTD_createDCtx();
    ~ZstdCodec() override { ZSTD_freeDCtx(ctx); }
    bool start() override
    {
        return ctx && !ZSTD_isError(ZSTD_DCtx_reset(ctx, ZSTD_reset_session_only));
    }
    Step step(const char *&in, size_t &inLen, char *&out, size_t &outLen) override
    {
        ZSTD_inBuffer i{in, inLen, 0};
        ZSTD_outBuffer o{out, outLen, 0};
        const size_t r = ZSTD_decompressStream(ctx, &o, &i);
        in += i.pos;
        inLen -= i.pos;
        out += o.pos;
        outLen -= o.pos;
        if (ZSTD_isError(r)) {
            message = QString::fromLatin1(ZSTD_getErrorName(r));
            return Step::Error;
        }
        return r == 0 ? Step::End : Step::Ok;
    }
};

struct Bzip2Codec final : CompressedStream::Codec
{
    bz_stream s{};
    bool ready = false;
    ~Bzip2Codec() override
    {
        if (ready)
            BZ2_bzDecompressEnd(&s);
    }
    bool start() override
    {
        if (ready)
            BZ2_bzDecompressEnd(&s);
        s = bz_stream{};
        ready = BZ2_bzDecompressInit(&s, 0, 0) == BZ_OK;
        return ready;
    }
    Step step(const char *&in, size_t &inLen, char *&out, size_t &outLen) override
    {
        s.next_in = const_cast<char *>(in);
        s.avail_in = unsigned(std::min(inLen, kSlice));
        s.next_out = out;
        s.avail_out = unsigned(std::min(outLen, kSlice));
        const unsigned inBefore = s.avail_in, outBefore = s.avail_out;
        const int r = BZ2_bzDecompress(&s);
        in += inBefore - s.avail_in;
        inLen -= inBefore - s.avail_in;
        out += outBefore - s.avail_out;
        outLen -= outBefore - s.avail_out;
        if (r == BZ_STREAM_END)
            return Step::End;
        if (r == BZ_OK)
            return Step::Ok;
        message = r == BZ_DATA_ERROR_MAGIC
                      ? QStringLiteral("not in bzip2 format")
                      : QStringLiteral("corrupt data (libbz2 error %1)").arg(r);
        return Step::Error;
    }
};

std::unique_ptr<CompressedStream::Codec> makeCodec(CompressedStream::Kind kind)
{
    switch (kind) {
    case CompressedStream::Kind::Gzip: return std::make_unique<GzipCodec>();
    case CompressedStream::Kind::Xz: return std::make_unique<XzCodec>();
    case CompressedStream::Kind::Zstd: return std::make_unique<ZstdCodec>();
    case CompressedStream::Kind::Bzip2: return std::make_unique<Bzip2Codec>();
    }
    return nullptr;
}

} // namespace

std::optional<CompressedStream::Kind> CompressedStream::kindOf(std::string_view head)
{
    for (const Kind kind : {Kind::Gzip, Kind::Xz, Kind::Zstd, Kind::Bzip2})
        if (head.substr(0, magic(kind).size()) == magic(kind))
            return kind;
    return std::nullopt;
}

QString CompressedStream::name(Kind kind)
{
    switch (kind) {
    case Kind::Gzip: return QStringLiteral("gzip");
    case Kind::Xz: return QStringLiteral("xz");
    case Kind::Zstd: return QStringLiteral("zstd");
    case Kind::Bzip2: return QStringLiteral("bzip2");
    }
    return {};
}

CompressedStream::CompressedStream(Kind kind, std::string_view bytes)
    : m_kind(kind)
    , m_codec(makeCodec(kind))
    , m_memory(bytes)
{}

CompressedStream::CompressedStream(Kind kind, const QString &path)
    : m_kind(kind)
    , m_codec(makeCodec(kind))
    , m_file(path)
    , m_fromFile(true)
{
    if (!m_file.open(QIODevice::ReadOnly)) {
        m_error = QStringLiteral("cannot open: %1").arg(m_file.errorString());
        m_done = true;
    }
}

CompressedStream::~CompressedStream() = default;

// More input after what was not taken yet; false at the input's end.
bool CompressedStream::fill()
{
    if (!m_fromFile) {
        if (m_next)
            return false;
        m_next = m_memory.data();
        m_avail = m_memory.size();
        return m_avail > 0;
    }
    if (m_in.size() < kInBlock)
        m_in.resize(kInBlock);
    if (m_avail > 0)
        std::memmove(m_in.data(), m_next, m_avail);
    const qint64 got = m_file.read(m_in.data() + m_avail, kInBlock - qsizetype(m_avail));
    if (got < 0)
        m_error = QStringLiteral("read error: %1").arg(m_file.errorString());
    m_next = m_in.constData();
    m_avail += size_t(std::max<qint64>(got, 0));
    return got > 0;
}

std::string_view CompressedStream::next()
{
    if (m_out.size() < kOutBlock)
        m_out.resize(kOutBlock);
    char *out = m_out.data();
    size_t room = size_t(kOutBlock);
    while (!m_done && room > 0) {
        if (!m_inMember) {
            const std::string_view want = magic(m_kind);
            while (m_avail < want.size() && fill()) {
            }
            // Bytes after the last member that start no other are ignored, as the tools do.
            if (std::string_view(m_next ? m_next : "", m_avail).substr(0, want.size()) != want) {
                if (m_consumed == 0 && m_error.isEmpty())
                    m_error = QStringLiteral("not in %1 format").arg(name(m_kind));
                m_done = true;
                break;
            }
            if (!m_codec || !m_codec->start()) {
                m_error = QStringLiteral("out of memory");
                m_done = true;
                break;
            }
            m_inMember = true;
        }
        if (m_avail == 0 && !fill()) {
            m_cut = m_error.isEmpty();
            m_done = true;
            break;
        }
        const size_t before = m_avail;
        const size_t roomBefore = room;
        const Codec::Step step = m_codec->step(m_next, m_avail, out, room);
        m_consumed += qint64(before - m_avail);
        if (step == Codec::Step::End) {
            m_inMember = false;
        } else if (step == Codec::Step::Error) {
            m_error = m_codec->message;
            m_done = true;
        } else if (m_avail == before && room == roomBefore && m_avail > 0) {
            // No progress with input and room left: only more input can help.
            if (!fill()) {
                m_cut = m_error.isEmpty();
                m_done = true;
            }
        }
    }
    const qsizetype n = kOutBlock - qsizetype(room);
    m_produced += n;
    return {m_out.constData(), size_t(n)};
}

} // namespace gputriage
