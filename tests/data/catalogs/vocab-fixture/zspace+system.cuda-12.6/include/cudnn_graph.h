/* Stand-in written for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh); this
 * is not NVIDIA's file. It has the shape of the cuDNN 9 status enum in include/cudnn_graph.h of
 * zspace/system.cuda-12.6 at b3d92c837713411301ae5df45b0c7758df7d931e: the enumerator names and
 * numbers are those of cuDNN, the comments are our own. It keeps the constructs the generator
 * must get through: conditional #defines, section comments, a deprecation macro between a name
 * and its '=', names defined as another name (aliases) and a trailing comma. */

#if !defined(CUDNN_GRAPH_H_)
#define CUDNN_GRAPH_H_

/* The deprecation marker expands to a compiler attribute only when asked for. */
#if defined(CUDNN_WARN_DEPRECATED) && (defined(__GNUC__) || defined(__clang__))
#define CUDNN_DEPRECATED_ENUM __attribute__((deprecated))
#elif defined(CUDNN_WARN_DEPRECATED) && defined(_MSC_VER)
#define CUDNN_DEPRECATED_ENUM __declspec(deprecated)
#else
#define CUDNN_DEPRECATED_ENUM
#endif

/*
 * Status values of cuDNN calls (stand-in subset; the thousands digit is the error class)
 */
typedef enum {
    CUDNN_STATUS_SUCCESS = 0,

    /* 1xxx: set-up */
    CUDNN_STATUS_NOT_INITIALIZED                      = 1001,
    CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH          = 1002,
    /* 2xxx: arguments */
    CUDNN_STATUS_BAD_PARAM                            = 2000,
    /* 3xxx: unsupported */
    CUDNN_STATUS_NOT_SUPPORTED                        = 3000,
    CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH          = 3007,
    /* 4xxx: internal */
    CUDNN_STATUS_INTERNAL_ERROR                       = 4000,
    CUDNN_STATUS_INTERNAL_ERROR_HOST_ALLOCATION_FAILED = 4003,
    /* 5xxx: execution */
    CUDNN_STATUS_EXECUTION_FAILED                     = 5000,

    /* older names, kept and marked deprecated */
    CUDNN_STATUS_ALLOC_FAILED CUDNN_DEPRECATED_ENUM  = CUDNN_STATUS_INTERNAL_ERROR_HOST_ALLOCATION_FAILED,
    CUDNN_STATUS_INVALID_VALUE CUDNN_DEPRECATED_ENUM = 2001 /* stand-in note: new code uses BAD_PARAM */,
    CUDNN_STATUS_ARCH_MISMATCH CUDNN_DEPRECATED_ENUM = CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH,
} cudnnStatus_t;

#endif /* CUDNN_GRAPH_H_ */
