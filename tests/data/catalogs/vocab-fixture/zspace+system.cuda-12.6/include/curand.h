/* Stand-in written for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh); this
 * is not NVIDIA's file. It has the shape of the cuRAND status enum in include/curand.h of
 * zspace/system.cuda-12.6 at b3d92c837713411301ae5df45b0c7758df7d931e: the enumerator names and
 * numbers are those of cuRAND; the trailing doc comments, which the generator reads as
 * meanings, are our own words. */

/**
 * Status values of cuRAND calls (stand-in subset)
 */
enum curandStatus {
    CURAND_STATUS_SUCCESS = 0, ///< The call completed without an error
    CURAND_STATUS_VERSION_MISMATCH = 100, ///< The cuRAND headers built against differ from the library loaded
    CURAND_STATUS_NOT_INITIALIZED = 101, ///< The generator handle was used before it was set up
    CURAND_STATUS_ALLOCATION_FAILED = 102, ///< cuRAND could not get the memory it needed
    CURAND_STATUS_LAUNCH_FAILURE = 201, ///< A cuRAND kernel could not be launched
    CURAND_STATUS_PREEXISTING_FAILURE = 202, ///< An earlier error was still pending when the call began
    CURAND_STATUS_INTERNAL_ERROR = 999 ///< Something failed inside cuRAND itself
};

/* The typedef name used in function signatures */
/** \cond UNHIDE_TYPEDEFS */
typedef enum curandStatus curandStatus_t;
/** \endcond */
