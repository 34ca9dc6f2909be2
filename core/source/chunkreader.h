#pragma once

#include "text/normalizer.h"

#include <QFile>
#include <QString>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace gputriage {

class BufferPool;

// A large file read in chunks of complete lines by a thread of its own, a couple of chunks
// ahead of the one using them (the bundle reader's streaming of huge logs). Buffers come from a
// pool and go back to it when the last document viewing them goes.
class ChunkReader
{
public:
    struct Chunk
    {
        std::shared_ptr<char> buffer;
        size_t length = 0; // complete lines
        int context = 0;   // the last lines, which start the next chunk too
        bool last = false;
        QString error;            // of the read that ended the file early
        int longLine = -1;        // index in the chunk of a line cut to kKeptLineBytes
        qint64 longLineBytes = 0; // its length in the file
    };
    // What of one line is kept (Normalizer::kMaxLineBytes of it are matched).
    static constexpr size_t kKeptLineBytes = 8 * Normalizer::kMaxLineBytes;

    // Reads the rest of `file` (open; `head` was read from it already) in chunks of about
    // `chunkBytes`, repeating the last `contextLines` lines of each at the start of the next.
    ChunkReader(QFile &file, const QByteArray &head, qint64 chunkBytes, int contextLines);
    ~ChunkReader(); // stops the reading thread and waits for it
    ChunkReader(const ChunkReader &) = delete;
    ChunkReader &operator=(const ChunkReader &) = delete;

    // The next chunk, once read; not to be called after the one marked last.
    Chunk next();

private:
    void read(); // the reading thread
    bool produce(Chunk chunk);

    static constexpr size_t kReadAhead = 2;
    QFile &m_file;
    std::string m_head;
    const qint64 m_chunkBytes;
    const int m_contextLines;
    std::shared_ptr<BufferPool> m_pool;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Chunk> m_ready;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace gputriage
