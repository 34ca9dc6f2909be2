/*
 * Copyright (c) 2025-2026, NVIDIA CORPORATION.  All rights reserved.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/* Excerpt for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh): a few entries of
 * NVIDIA/DCGM dcgmlib/src/dcgm_errors.c at 51b65ccebf9d61e6593713a7d6b68e594d9d7975. */
#include "dcgm_errors.h"
#include "dcgm_agent.h"
#include "dcgm_structs.h"

#define DCGM_ERROR_TABLE_ENTRY(errCode, severity, category) \
    { errCode, errCode##_MSG, errCode##_NEXT, severity, category }

dcgm_error_meta_t dcgmErrorMeta[DCGM_FR_ERROR_SENTINEL] = {
    DCGM_ERROR_TABLE_ENTRY(DCGM_FR_OK, DCGM_ERROR_UNKNOWN, DCGM_FR_EC_NONE),
    DCGM_ERROR_TABLE_ENTRY(DCGM_FR_PCI_REPLAY_RATE, DCGM_ERROR_ISOLATE, DCGM_FR_EC_HARDWARE_PCIE),
    DCGM_ERROR_TABLE_ENTRY(DCGM_FR_VOLATILE_DBE_DETECTED, DCGM_ERROR_ISOLATE, DCGM_FR_EC_HARDWARE_MEMORY),
    DCGM_ERROR_TABLE_ENTRY(DCGM_FR_CLOCKS_EVENT_THERMAL, DCGM_ERROR_MONITOR, DCGM_FR_EC_HARDWARE_THERMAL),
    DCGM_ERROR_TABLE_ENTRY(DCGM_FR_XID_ERROR, DCGM_ERROR_TRIAGE, DCGM_FR_EC_SOFTWARE_XID),
};

DCGM_PUBLIC_API const char *errorString(dcgmReturn_t result)
{
    switch (result)
    {
        case DCGM_ST_OK:
            return "Success";
        case DCGM_ST_BADPARAM:
            return "Bad parameter passed to function";
        case DCGM_ST_GPU_IS_LOST:
            return "GPU is lost";
        case DCGM_ST_GROUP_INCOMPATIBLE:
            return "The GPUs of this group are incompatible with each other for the requested operation";
        case DCGM_ST_NVML_DRIVER_TIMEOUT:
            return "Cannot perform the requested operation because an NVML driver timeout error was detected. "
                   "Verify NVML is responsive before restarting the hostengine.";
        default:
            // Wrong error codes should be handled by the caller
            return 0;
    }
}
