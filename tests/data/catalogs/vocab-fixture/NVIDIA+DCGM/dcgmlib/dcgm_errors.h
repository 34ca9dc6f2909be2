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
 * NVIDIA/DCGM dcgmlib/dcgm_errors.h at 51b65ccebf9d61e6593713a7d6b68e594d9d7975. */
#ifndef DCGM_ERRORS_H
#define DCGM_ERRORS_H

#include "dcgm_api_export.h"
#include "dcgm_structs.h"

/***************************************************************************************************/
/** @defgroup dcgmErrorEnums Error Codes
 *  @{
 */
/***************************************************************************************************/
/*
 * Error codes for passive and active health checks.
 * New error codes must be added to end of enum to maintain backwards compatibility.
 */
typedef enum dcgmError_enum
{
    DCGM_FR_OK                       = 0,  //!< 0 No error
    DCGM_FR_PCI_REPLAY_RATE          = 3,  //!< 3 Unacceptable rate of PCI errors
    DCGM_FR_VOLATILE_DBE_DETECTED    = 4,  //!< 4 Uncorrectable volatile double bit error
    DCGM_FR_CLOCKS_EVENT_THERMAL     = 10, //!< 10 Clocks being optimized for thermal performance
    DCGM_FR_CLOCK_THROTTLE_THERMAL
        = DCGM_FR_CLOCKS_EVENT_THERMAL,  //!< Deprecated: Use DCGM_FR_CLOCKS_EVENT_THERMAL instead
    DCGM_FR_XID_ERROR                       = 101, //!< 101 XID error detected
    DCGM_FR_ERROR_SENTINEL                 = 133, //!< 133 MUST BE THE LAST ERROR CODE
} dcgmError_t;
extern dcgm_error_meta_t dcgmErrorMeta[];


/* Standard message for running a field diagnostic */
#define TRIAGE_RUN_FIELD_DIAG_MSG "Run a field diagnostic on the GPU."
#define DEBUG_COOLING_MSG                                                         \
    "Verify that the cooling on this machine is functional, including external, " \
    "thermal material interface, fans, and any other components."
/*
 * Messages for the error codes. All messages must be defined in the ERROR_CODE_MSG <msg> format
 * where <msg> is the actual message.
 */
#define DCGM_FR_OK_MSG           "The operation completed successfully."
// replay limit, gpu id, replay errors detected
#define DCGM_FR_PCI_REPLAY_RATE_MSG "Detected more than %u PCIe replays per minute for GPU %u : %d"
// dbes deteced, gpu id
#define DCGM_FR_VOLATILE_DBE_DETECTED_MSG "Detected %d volatile double-bit ECC error(s) in GPU %u."
// gpu id
#define DCGM_FR_CLOCKS_EVENT_THERMAL_MSG "Detected clocks event due to thermal violation in GPU %u."
// xid error, gpu id
#define DCGM_FR_XID_ERROR_MSG "Detected XID %u for GPU %u"
/*
 * Suggestions for next steps for the corresponding error message
 */
#define DCGM_FR_OK_NEXT           "N/A"
#define DCGM_FR_PCI_REPLAY_RATE_NEXT                                   \
    "Reconnect PCIe card. Run system side PCIE diagnostic utilities "  \
    "to verify hops off the GPU board. If issue is on the board, run " \
    "the field diagnostic."
#define DCGM_FR_VOLATILE_DBE_DETECTED_NEXT    "Drain the GPU and reset it or reboot the node."
#define DCGM_FR_CLOCKS_EVENT_THERMAL_NEXT     DEBUG_COOLING_MSG
#define DCGM_FR_XID_ERROR_NEXT                       "Please consult the documentation for details of this XID."
#endif // DCGM_ERRORS_H
