/*
 * SPDX-FileCopyrightText: Copyright (c) 2015-2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
 * SPDX-License-Identifier: MIT
 *
 * Permission is hereby granted, free of charge, to any person obtaining a
 * copy of this software and associated documentation files (the "Software"),
 * to deal in the Software without restriction, including without limitation
 * the rights to use, copy, modify, merge, publish, distribute, sublicense,
 * and/or sell copies of the Software, and to permit persons to whom the
 * Software is furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL
 * THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS IN THE SOFTWARE.
 */

/* Excerpt for the GPU Triage catalog generator test; NVIDIA/open-gpu-kernel-modules 595.45.04, src/nvidia/inc/libraries/utils/nvassert.h. */

#define NV_ASSERT_OR_RETURN(expr, retval)                                      \
    NV_ASSERT_OR_ELSE_STR(expr, #expr, return (retval))
#define NV_ASSERT_OR_ELSE_STR(expr, exprStr, elseStmt)                         \
    do                                                                         \
    {                                                                          \
        PORT_COVERAGE_PUSH_OFF();                                              \
        if (NV_UNLIKELY(!(expr)))                                              \
        {                                                                      \
            NV_ASSERT_FAILED(exprStr);                                         \
            elseStmt;                                                          \
        }                                                                      \
        PORT_COVERAGE_POP();                                                   \
    } while (0)
#define NV_ASSERT_OK_OR_RETURN(expr)                                           \
    do                                                                         \
    {                                                                          \
        NV_STATUS rm_pvt_status;                                               \
        NV_ASSERT_OK_OR_ELSE_STR(rm_pvt_status, expr, #expr,                   \
            return rm_pvt_status);                                             \
    } while(0)
#define NV_ASSERT_OK_OR_ELSE_STR(status, expr, exprStr, elseStmt)              \
    do                                                                         \
    {                                                                          \
        status = (expr);                                                       \
        PORT_COVERAGE_PUSH_OFF();                                              \
        if (NV_UNLIKELY(NV_OK != status))                                      \
        {                                                                      \
            NV_ASSERT_OK_FAILED(exprStr, status);                              \
            elseStmt;                                                          \
        }                                                                      \
        PORT_COVERAGE_POP();                                                   \
    } while(0)
#define NV_CHECK_OK_OR_GOTO(status, level, expr, label)                        \
    NV_CHECK_OK_OR_ELSE_STR(status, level, expr, #expr, goto label)
#define NV_CHECK_OK_OR_ELSE_STR(status, level, expr, exprStr, elseStmt)        \
    do                                                                         \
    {                                                                          \
        status = (expr);                                                       \
        if (NV_UNLIKELY(NV_OK != status))                                      \
        {                                                                      \
            NV_CHECK_OK_FAILED(level, exprStr, status);                        \
            elseStmt;                                                          \
        }                                                                      \
    } while (0)
#define NV_CHECK_OR_RETURN(level, expr, retval)                                \
    NV_CHECK_OR_ELSE_STR(level, expr, #expr, return (retval))
#define NV_CHECK_OR_ELSE_STR(level, expr, exprStr, elseStmt)                   \
    do                                                                         \
    {                                                                          \
        if (NV_UNLIKELY(!(expr)))                                              \
        {                                                                      \
            NV_CHECK_FAILED(level, exprStr);                                   \
            elseStmt;                                                          \
        }                                                                      \
    } while (0)
