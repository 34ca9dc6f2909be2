/* Stand-in written for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh); this
 * is not NVIDIA's file. It has the shape of the cudaError enum in include/driver_types.h of
 * zspace/system.cuda-12.6 at b3d92c837713411301ae5df45b0c7758df7d931e (an attribute macro
 * between `enum` and the tag, Doxygen comments with \deprecated and ::references): the
 * enumerator names and numbers are those of the CUDA runtime, the comments are our own. */

#define __device_builtin__

/**
 * CUDA runtime error codes (stand-in subset)
 */
enum __device_builtin__ cudaError
{
    /**
     * Stand-in: the call worked (see ::cudaStreamQuery()).
     */
    cudaSuccess                           =      0,

    /**
     * Stand-in: an argument was out of range.
     */
    cudaErrorInvalidValue                 =      1,

    /**
     * Stand-in: the runtime is older than it should be relative to the driver. It is a
     * runtime-only code.
     */
    cudaErrorInsufficientDriver           =     35,

    /**
     * Stand-in: no usable context for the call.
     */
    cudaErrorDeviceUninitialized          =    201,

    /**
     * Stand-in: a profiler flag.
     * \deprecated
     * Stand-in: deprecated as of an old release, see \p flags and ::cudaProfilerStart.
     */
    cudaErrorProfilerAlreadyStarted       =      7,

    /**
     * Stand-in: asynchronous work is still running.
     */
    cudaErrorNotReady                     =    600,

    /**
     * Stand-in: a failure without a more precise code.
     */
    cudaErrorUnknown                      =    999
};

typedef __device_builtin__ enum cudaError cudaError_t;
