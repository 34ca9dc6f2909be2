/* Stand-in written for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh); this
 * is not NVIDIA's file. It has the shape of the cuSOLVER status enum in include/cusolver_common.h
 * of zspace/system.cuda-12.6 at b3d92c837713411301ae5df45b0c7758df7d931e: the enumerator names
 * and numbers are those of cuSOLVER, the comments are our own. The enum sits inside an
 * extern "C" block and an indented include guard, as the generator must cope with. */
#if !defined(CUSOLVER_COMMON_H_)
  #define CUSOLVER_COMMON_H_

#if defined(__cplusplus)
extern "C" {
#endif /* __cplusplus */

  typedef enum {
    CUSOLVER_STATUS_SUCCESS = 0,
    CUSOLVER_STATUS_NOT_INITIALIZED = 1,
    CUSOLVER_STATUS_EXECUTION_FAILED = 6,
    CUSOLVER_STATUS_INTERNAL_ERROR = 7,
    CUSOLVER_STATUS_INVALID_WORKSPACE = 31
  } cusolverStatus_t;

#if defined(__cplusplus)
}
#endif /* __cplusplus */
#endif // CUSOLVER_COMMON_H_
