# Stand-in written for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh); this is
# not NVIDIA's file. It has the shape of cuda_core/cuda/core/_utils/driver_cu_result_explanations.py
# of NVIDIA/cuda-python: code -> explanation; the texts are our own.

# CUDA Toolkit v13.0.0
DRIVER_CU_RESULT_EXPLANATIONS = {
    226: (
        "Stand-in: a device error was contained."
        " The process must be restarted."
    ),
}
