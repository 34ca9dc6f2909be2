#include "engine/chunklines.h"

#include "text/logdocument.h"
#include "text/normalizer.h"

namespace gputriage {

const std::string &ChunkLines::make(size_t k) const
{
    std::string &text = (*m_text)[k];
    if ((*m_wanted)[k])
        Normalizer::normalize(m_doc->line(m_base + int(k)), text);
    else
        text.clear();
    (*m_made)[k] = 1;
    return text;
}

} // namespace gputriage
