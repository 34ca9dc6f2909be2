# Stand-in written for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh); this is
# not NVIDIA's file. It has the shape of cuda_core/cuda/core/_utils/runtime_cuda_error_explanations.py
# of NVIDIA/cuda-python: code -> explanation; the texts are our own.

# CUDA Toolkit v13.1.0
RUNTIME_CUDA_ERROR_EXPLANATIONS = {
    226: "Stand-in: a device error was contained (runtime wording).",
    917: (
        "Stand-in: the stream is detached."
        " Its green context was destroyed."
    ),
}
