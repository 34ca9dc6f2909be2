/* Stand-in written for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh); this
 * is not NVIDIA's file. It has the shape of the cuSPARSE status enum in include/cusparse.h of
 * zspace/system.cuda-12.6 at b3d92c837713411301ae5df45b0c7758df7d931e: the enumerator names and
 * numbers are those of cuSPARSE, the comments are our own. */
typedef enum {
    CUSPARSE_STATUS_SUCCESS                   = 0,
    CUSPARSE_STATUS_NOT_INITIALIZED           = 1,
    CUSPARSE_STATUS_ALLOC_FAILED              = 2,
    CUSPARSE_STATUS_INVALID_VALUE             = 3,
    CUSPARSE_STATUS_EXECUTION_FAILED          = 6,
    CUSPARSE_STATUS_INTERNAL_ERROR            = 7,
    CUSPARSE_STATUS_INSUFFICIENT_RESOURCES    = 11
} cusparseStatus_t;
