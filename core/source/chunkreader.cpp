#include "source/chunkreader.h"

#include <cstring>

namespace gputriage {

// Buffers for streamed chunks, taken back when the chunk's document goes: a reused buffer is
// not faulted in again (page faults are costly, most of all on virtual machines).
class BufferPool : public std::enable_shared_from_this<BufferPool>
{
public:
    explicit BufferPool(size_t size)
        : m_size(size)
    {}
    size_t size() const { return m_size; }
    std::shared_ptr<char> take()
    {
        std::unique_ptr<char[]> buffer;
        {
            const std::lock_guard lock(m_mutex);
            if (!m_free.empty()) {
                buffer = std::move(m_free.back());
                m_free.pop_back();
            }
        }
        if (!buffer)
            buffer.reset(new char[m_size]);
        return std::shared_ptr<char>(buffer.release(), [pool = shared_from_this()](char *p) {
            const std::lock_guard lock(pool->m_mutex);
            pool->m_free.emplace_back(p);
        });
    }

private:
    const size_t m_size;
    std::mutex m_mutex;
    std::vector<std::unique_ptr<char[]>> m_free;
};

namespace {

// The last line end in the first `n` bytes of `b` as LogDocument counts them: a newline, or a
// return that no newline or other return follows (the byte after it must be among the `used`).
const char *lastLineEnd(const char *b, size_t n, size_t used)
{
    for (size_t i = n; i-- > 0;)
        if (b[i] == '\n' || (b[i] == '\r' && i + 1 < used && b[i + 1] != '\n' && b[i + 1] != '\r'))
            return b + i;
    return nullptr;
}

// The first line end in the `n` bytes of `b`, as lastLineEnd() counts them, or null.
const char *firstLineEnd(const char *b, size_t n)
{
    const auto *newline = static_cast<const char *>(memchr(b, '\n', n));
    const size_t limit = newline ? size_t(newline - b) : n;
    for (size_t i = 0; i < limit;) {
        const auto *cr = static_cast<const char *>(memchr(b + i, '\r', limit - i));
        if (!cr)
            break;
        i = size_t(cr - b) + 1;
        if (i < n && b[i] != '\n' && b[i] != '\r')
            return cr;
    }
    return newline;
}

} // namespace

ChunkReader::ChunkReader(QFile &file, const QByteArray &head, qint64 chunkBytes, int contextLines)
    : m_file(file)
    , m_head(head.constData(), size_t(head.size()))
    , m_chunkBytes(chunkBytes)
    , m_contextLines(contextLines)
    , m_pool(std::make_shared<BufferPool>(size_t(chunkBytes) + (1 << 20)))
    , m_thread([this] { read(); })
{}

ChunkReader::~ChunkReader()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
        m_changed.notify_all();
    }
    m_thread.join();
}

ChunkReader::Chunk ChunkReader::next()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return !m_ready.empty(); });
    Chunk chunk = std::move(m_ready.front());
    m_ready.pop_front();
    m_changed.notify_all();
    return chunk;
}

bool ChunkReader::produce(Chunk chunk)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_ready.size() < kReadAhead || m_stop; });
    m_ready.push_back(std::move(chunk));
    m_changed.notify_all();
    return !m_stop;
}

void ChunkReader::read()
{
    std::string carry = std::move(m_head);
    qint64 longLineBytes = 0; // of a line cut to kKeptLineBytes, for the next chunk
    for (bool end = false; !end;) {
        // A carried part too big for a pooled buffer (an enormous line) gets its own.
        const size_t room = std::max(m_pool->size(), carry.size() + size_t(m_chunkBytes));
        std::shared_ptr<char> buffer
            = room == m_pool->size()
                  ? m_pool->take()
                  : std::shared_ptr<char>(new char[room], std::default_delete<char[]>());
        char *const b = buffer.get();
        std::copy(carry.begin(), carry.end(), b);
        size_t used = carry.size();
        const size_t fill = carry.size() + size_t(m_chunkBytes);
        while (used < fill) {
            const qint64 got = m_file.read(b + used, qint64(fill - used));
            if (got <= 0) {
                end = true;
                break;
            }
            used += size_t(got);
        }
        const void *nl = end ? nullptr : memrchr(b, '\n', used);
        if (!end && !nl) // old Mac line ends, or one enormous line
            nl = lastLineEnd(b, used, used);
        if (!end && !nl) {
            // A line longer than a chunk (`b` holds only its start): its first kKeptLineBytes
            // are kept, the rest is read past, each byte looked at once, up to its end.
            qint64 lineBytes = qint64(used);
            carry.assign(b, std::min(used, kKeptLineBytes));
            for (;;) {
                const qint64 got = m_file.read(b, m_chunkBytes);
                if (got <= 0)
                    break;
                const char *stop = firstLineEnd(b, size_t(got));
                const size_t part = stop ? size_t(stop - b) : size_t(got);
                if (carry.size() < kKeptLineBytes)
                    carry.append(b, std::min(part, kKeptLineBytes - carry.size()));
                lineBytes += qint64(part);
                if (stop) {
                    carry.append(b + part, size_t(got) - part);
                    break;
                }
            }
            if (lineBytes > qint64(kKeptLineBytes))
                longLineBytes = lineBytes;
            continue;
        }
        Chunk chunk{buffer, end ? used : size_t(static_cast<const char *>(nl) + 1 - b), 0, end};
        // Up to m_contextLines lines back from the end, never the first line.
        const char *next = b + chunk.length;
        while (!end && chunk.context < m_contextLines) {
            const char *before = lastLineEnd(b, size_t(next - 1 - b), used);
            if (!before)
                break;
            next = before + 1;
            ++chunk.context;
        }
        carry.assign(next, size_t(b + used - next));
        if (longLineBytes) { // the chunk starts with the line that was cut
            chunk.longLine = 0;
            chunk.longLineBytes = std::exchange(longLineBytes, 0);
        }
        if (end && m_file.error() != QFileDevice::NoError)
            chunk.error = m_file.errorString();
        if (!produce(std::move(chunk)))
            return;
    }
}

} // namespace gputriage
