/*************************************************************************
 * SPDX-FileCopyrightText: Copyright (c) 2015-2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
 * SPDX-License-Identifier: Apache-2.0
 *
 * See LICENSE.txt for more license information
 *************************************************************************/
/* Excerpt for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh): a few entries of
 * NVIDIA/nccl src/init.cc at 73cf112295c33aee2b895f329f592f2a9b4b0f97. */

#include "nccl.h"

NCCL_API(const char*, ncclGetErrorString, ncclResult_t code);
const char* ncclGetErrorString(ncclResult_t code) {
  switch (code) {
  case ncclSuccess:
    return "no error";
  case ncclUnhandledCudaError:
    return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
  case ncclInternalError:
    return "internal error - please report this issue to the NCCL developers";
  case ncclInProgress:
    return "NCCL operation in progress";
  case ncclTimeout:
    return "timeout";
  default:
    return "unknown result code";
  }
}
