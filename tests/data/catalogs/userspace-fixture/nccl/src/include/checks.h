/*************************************************************************
 * SPDX-FileCopyrightText: Copyright (c) 2019-2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
 * SPDX-License-Identifier: Apache-2.0
 *
 * See LICENSE.txt for more license information
 *************************************************************************/
/* Excerpt for the gputriage message-catalog test: src/include/checks.h at v2.30.7-1 (56-68); other lines omitted. */
#include <errno.h>
// Check system calls
#define SYSCHECK(statement, name) \
  do { \
    int retval; \
    SYSCHECKSYNC((statement), name, retval); \
    if (retval == -1) { \
      WARN("Call to " name " failed: %s", strerror(errno)); \
      return ncclSystemError; \
    } \
  } while (false)

#define SYSCHECKSYNC(statement, name, retval) \

