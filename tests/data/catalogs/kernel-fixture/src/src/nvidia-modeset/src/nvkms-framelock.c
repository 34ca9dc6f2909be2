/*
 * SPDX-FileCopyrightText: Copyright (c) 2014 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
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

/* Excerpt for the GPU Triage catalog generator test; NVIDIA/open-gpu-kernel-modules 595.45.04, src/nvidia-modeset/src/nvkms-framelock.c. */


/*!
 * Allocate and configure all events and handles associated with them.
 */
static NvBool FrameLockCreateEvents(NVDispEvoPtr pDispEvo)
{
    NVDevEvoPtr pDevEvo = pDispEvo->pDevEvo;
    NVFrameLockEvoPtr pFrameLockEvo = pDispEvo->pFrameLockEvo;
    const NvU32 connectorIndex = pDispEvo->framelock.connectorIndex;
    unsigned int i;

    if (pDispEvo->pFrameLockEvo == NULL) {
        return TRUE;
    }

    nvAssert(connectorIndex < NV30F1_GSYNC_CONNECTOR_COUNT);

    /* We should only get here on hardware that has per-connector events */
    nvAssert(!(pFrameLockEvo->caps &
        NV30F1_CTRL_GSYNC_GET_CAPS_CAP_FLAGS_ONLY_PRIMARY_CONNECTOR_EVENT));

    for (i = 0; i < NV_FRAMELOCK_NUM_EVENTS; i++) {
        NvU32 notifier;
        NvBool ret;

        switch (i) {
            case NV_FRAMELOCK_SYNC_LOSS:
                notifier = NV30F1_GSYNC_NOTIFIERS_SYNC_LOSS(connectorIndex);
                break;
            case NV_FRAMELOCK_SYNC_GAIN:
                notifier = NV30F1_GSYNC_NOTIFIERS_SYNC_GAIN(connectorIndex);
                break;
            default:
                nvAssert(!"Unknown gsync event index");
                continue;
        }

        pDispEvo->framelock.gsyncEvent[i].handle =
            nvGenerateUnixRmHandle(&pDevEvo->handleAllocator);

        ret = TRUE;

        if (!nvRmRegisterCallback(pDevEvo,
                                  &pDispEvo->framelock.gsyncEvent[i].callback,
                                  pDispEvo->ref_ptr,
                                  pFrameLockEvo->device,
                                  pDispEvo->framelock.gsyncEvent[i].handle,
                                  FrameLockEvent,
                                  notifier)) {
            ret = FALSE;
        }

        if (!ret) {
            nvEvoLogDispDebug(pDispEvo, EVO_LOG_ERROR,
                              "Failed to register for framelock event %d", i);
            nvFreeUnixRmHandle(&pDevEvo->handleAllocator,
                               pDispEvo->framelock.gsyncEvent[i].handle);
            pDispEvo->framelock.gsyncEvent[i].handle = 0;
            goto noEvents;
        }
    }

    return TRUE;

noEvents:

    nvEvoLogDisp(pDispEvo, EVO_LOG_WARN,
                 "Failed to register for framelock events");

    FrameLockDestroyEvents(pDispEvo);

    return FALSE;
}
