// Excerpt of ggml-org/ggml include/ggml.h at tag v0.21.0 (MIT licence): lines 287-288.
#define GGML_ABORT(...) ggml_abort(__FILE__, __LINE__, __VA_ARGS__)
#define GGML_ASSERT(x) if (!(x)) GGML_ABORT("GGML_ASSERT(%s) failed", #x)
