#include "text/document.h"

int rootFile(const Document &document)
{
    return document.lines.value;
}
