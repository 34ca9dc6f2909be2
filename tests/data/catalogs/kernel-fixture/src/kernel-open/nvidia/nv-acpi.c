/*
 * SPDX-FileCopyrightText: Copyright (c) 1999-2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
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

/* Excerpt for the GPU Triage catalog generator test; NVIDIA/open-gpu-kernel-modules 595.45.04, kernel-open/nvidia/nv-acpi.c. */

static void        nv_acpi_powersource_hotplug_event(acpi_handle, u32, void *);
static void        nv_acpi_nvpcf_event     (acpi_handle, u32, void *);
static acpi_status nv_acpi_find_methods    (acpi_handle, u32, void *, void **);
static NV_STATUS   nv_acpi_nvif_method     (NvU32, NvU32, void *, NvU16, NvU32 *, void *, NvU16 *);

static NV_STATUS   nv_acpi_wmmx_method     (NvU32, NvU8 *, NvU16 *);

static acpi_handle nvif_handle = NULL;
static acpi_handle wmmx_handle = NULL;

// Used for AC Power Source Hotplug Handling
static acpi_handle psr_handle = NULL;
static acpi_handle psr_device_handle = NULL;
static nv_acpi_t  *psr_nv_acpi_object = NULL;

static NvBool battery_present = NV_FALSE;

#define BIX_BATTERY_TECHNOLOGY_OFFSET 0x4
#define BIF_BATTERY_TECHNOLOGY_OFFSET 0x3
#define BATTERY_RECHARGABLE           0x1

/* Maximum size of ACPI _DSM method's 4th argument */
#define NV_MAX_ACPI_DSM_PARAM_SIZE     1024

// Used for NVPCF event handling
static acpi_handle nvpcf_handle = NULL;
static acpi_handle nvpcf_device_handle = NULL;
static nv_acpi_t  *nvpcf_nv_acpi_object = NULL;

#define ACPI_NVPCF_EVENT_CHANGE    0xC0

/*
 * This callback will be invoked by the acpi_notifier_call_chain()
 */
static int nv_acpi_notifier_call_chain_handler(
    struct notifier_block *nb,
    unsigned long val,
    void *data
)
{
    struct acpi_bus_event *info = data;

    /*
     * The ACPI_VIDEO_NOTIFY_PROBE will be sent for display hot-plug/unplug.
     * This event will be received first by the acpi-video driver
     * and then it will be notified through acpi_notifier_call_chain().
     */
    if (!strcmp(info->device_class, ACPI_VIDEO_CLASS) &&
        (info->type == ACPI_VIDEO_NOTIFY_PROBE))
    {
        /*
         * Intentionally return NOTIFY_BAD to inform acpi-video to stop
         * generating keypresses for this event. The default behavior in the
         * acpi-video driver for an ACPI_VIDEO_NOTIFY_PROBE, is to send a
         * KEY_SWITCHVIDEOMODE evdev event, which causes the desktop settings
         * daemons like gnome-setting-daemon to switch mode and this impacts
         * the notebooks having external HDMI connected.
         */
        return NOTIFY_BAD;
    }

    return NOTIFY_DONE;
}
