/*
 * SPDX-FileCopyrightText: Copyright (c) 2021-2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
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

/* Excerpt for the GPU Triage catalog generator test; NVIDIA/open-gpu-kernel-modules 595.45.04, src/nvidia/src/kernel/gpu/rc/kernel_rc.c. */


void
krcReportXid_IMPL
(
    OBJGPU     *pGpu,
    KernelRc   *pKernelRc,
    XidContext  context,
    const char *pMsg
)
{
    //
    // Log the RC error to the OS
    //
    // Enforce the policy of gating the log output by "RmLogonRC" regkey.
    // Some of our callers do not abide by this rule.
    // That is how they want it under Windows.
    //
    if (GPU_GET_KERNEL_RC(pGpu)->bLogEvents)
    {
        NvU16          gpuPartitionId;
        NvU16          computeInstanceId;
        KernelChannel *pKernelChannel = krcGetChannelInError(pKernelRc);
        char          *allocProcName = NULL;
        const char    *procName = NULL;
        char           pidStr[12] = "";

        if (pKernelChannel == NULL && context.pChannelInfo != NULL)
        {
            KernelFifo *pKernelFifo = GPU_GET_KERNEL_FIFO(pGpu);
            pKernelChannel = kfifoKernelChannelFromInfo(pGpu, pKernelFifo, *(FIFO_CHANNEL_INFO*)context.pChannelInfo);
        }

        //
        // When the channel context is available, use the allocating process'
        // PID/name, which were populated when the channel was allocated.
        // For errors without a channel context, use the current process
        // information, if there's a Resource Server CALL_CONTEXT present
        // in TLS, indicating we're servicing an RMAPI request.
        //
        if (pKernelChannel != NULL)
        {
            //
            // This function executes under (at least) the GPU lock, so the
            // pKernelChannel resource can be accessed, regardless of whether
            // the API lock is held: the pKernelChannel can't go away while the
            // GPU lock is held, so the owning client can't go away either.
            // Duping requires holding all GPU locks, so the client's process/
            // name can't change in this context either.
            //
            RsClient *pClient = RES_GET_CLIENT(pKernelChannel);
            RmClient *pRmClient = dynamicCast(pClient, RmClient);
            procName = pRmClient->name;
            nvDbgSnprintf(pidStr, sizeof(pidStr), "%u", pKernelChannel->ProcessID);
        }
        else if (resservGetTlsCallContext() != NULL)
        {
            NvU32 currentPid = osGetCurrentProcess();

            nvDbgSnprintf(pidStr, sizeof(pidStr), "%u", currentPid);

            allocProcName = portMemAllocNonPaged(NV_PROC_NAME_MAX_LENGTH);
            if (allocProcName != NULL)
            {
                osGetCurrentProcessName(allocProcName, NV_PROC_NAME_MAX_LENGTH);
                procName = allocProcName;
            }
        }

        _krcLogUuidOnce(pGpu, pKernelRc);

        krcGetMigAttributionForError_HAL(pKernelRc,
                                         context.xid,
                                         &gpuPartitionId,
                                         &computeInstanceId);

        NvBool bPrintRootCause = (
            (context.xid == ROBUST_CHANNEL_PREEMPTIVE_REMOVAL) &&
            (context.rootCause.preemptiveRemovalPreviousXid != 0));

        char rootCauseXidStr[64] = "";
        if (bPrintRootCause)
        {
            nvDbgSnprintf(rootCauseXidStr,
                          sizeof(rootCauseXidStr),
            // this space -v- is intentional
                          " caused by previous Xid %d",
                          context.rootCause.preemptiveRemovalPreviousXid);
        }

        // Code-generating macro to reduce duplication
        #define XID_PRINT_WITH_ATTR(attr, ...)                                          \
            do {                                                                        \
                if (procName != NULL)                                                   \
                    portDbgPrintf("NVRM: Xid (" attr "): %d, pid=%s, name=%s, %s%s\n",  \
                                  __VA_ARGS__, context.xid, pidStr, procName,           \
                                  pMsg != NULL ? pMsg : "",                             \
                                  rootCauseXidStr);                                     \
                else                                                                    \
                    portDbgPrintf("NVRM: Xid (" attr "): %d, %s%s\n",                   \
                                  __VA_ARGS__, context.xid, pMsg != NULL ? pMsg : "",   \
                                  rootCauseXidStr);                                     \
            } while (0)

        if (gpuPartitionId    != KMIGMGR_INSTANCE_ATTRIBUTION_ID_INVALID &&
            computeInstanceId != KMIGMGR_INSTANCE_ATTRIBUTION_ID_INVALID)
        {
            // Attribute this XID to both GPU / Compute instance
            XID_PRINT_WITH_ATTR("PCI:%04x:%02x:%02x GPU-I:%02u GPU-CI:%02u",
                                gpuGetDomain(pGpu), gpuGetBus(pGpu), gpuGetDevice(pGpu),
                                gpuPartitionId, computeInstanceId);
        }
        else if (gpuPartitionId != KMIGMGR_INSTANCE_ATTRIBUTION_ID_INVALID)
        {
            // Attribute this XID to GPU instance only
            XID_PRINT_WITH_ATTR("PCI:%04x:%02x:%02x GPU-I:%02u",
                                gpuGetDomain(pGpu), gpuGetBus(pGpu), gpuGetDevice(pGpu),
                                gpuPartitionId);
        }
        else
        {
            // Attribute this Xid to the device only
            XID_PRINT_WITH_ATTR("PCI:%04x:%02x:%02x",
                                gpuGetDomain(pGpu), gpuGetBus(pGpu), gpuGetDevice(pGpu));
        }

        #undef XID_PRINT_WITH_ATTR

        portMemFree(allocProcName);
    }
}
