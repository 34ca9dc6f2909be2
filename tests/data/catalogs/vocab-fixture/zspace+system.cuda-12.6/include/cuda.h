/* Stand-in written for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh); this
 * is not NVIDIA's file. It has the shape of the CUresult enum in include/cuda.h of
 * zspace/system.cuda-12.6 at b3d92c837713411301ae5df45b0c7758df7d931e: the enumerator names
 * and numbers are those of the CUDA driver API, the comments are our own. */

/**
 * Driver API error codes (stand-in subset)
 */
typedef enum cudaError_enum {
    /**
     * Stand-in: the call worked (see ::cuStreamQuery()).
     */
    CUDA_SUCCESS                              = 0,

    /**
     * Stand-in: an argument was out of range.
     */
    CUDA_ERROR_INVALID_VALUE                  = 1,

    /**
     * Stand-in: a profiler flag.
     * \deprecated
     * Stand-in: deprecated as of an old release.
     */
    CUDA_ERROR_PROFILER_ALREADY_STARTED       = 7,

    /**
     * Stand-in: no usable context for the call.
     */
    CUDA_ERROR_INVALID_CONTEXT                = 201,

    /**
     * Stand-in: the context was already current. A driver-only code.
     * \deprecated
     * Stand-in: deprecated as of an old release.
     */
    CUDA_ERROR_CONTEXT_ALREADY_CURRENT        = 202,

    /**
     * Stand-in: asynchronous work is still running.
     */
    CUDA_ERROR_NOT_READY                      = 600,

    /**
     * Stand-in: a failure without a more precise code.
     */
    CUDA_ERROR_UNKNOWN                        = 999
} CUresult;
