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
/* Excerpt for the gputriage message-catalog test: modules/policy/DcgmModulePolicy.cpp at v4.6.0 (95-130,165-205); other lines omitted. */
dcgmReturn_t DcgmModulePolicy::ProcessAttachGpus(dcgm_core_msg_attach_gpus_t *msg)
{
    dcgmReturn_t dcgmReturn = CheckVersion(&msg->header, dcgm_core_msg_attach_gpus_version);
    if (DCGM_ST_OK != dcgmReturn)
    {
        return dcgmReturn; /* Logging handled by helper method */
    }

    if (auto ret = mpPolicyManager->AttachGpus(); ret != DCGM_ST_OK)
    {
        log_error("ProcessAttachGpus failed with {}", ret);
        return ret;
    }

    return DCGM_ST_OK;
}


dcgmReturn_t DcgmModulePolicy::ProcessDetachGpus(dcgm_core_msg_detach_gpus_t *msg)
{
    dcgmReturn_t dcgmReturn = CheckVersion(&msg->header, dcgm_core_msg_detach_gpus_version);
    if (DCGM_ST_OK != dcgmReturn)
    {
        return dcgmReturn; /* Logging handled by helper method */
    }

    if (auto ret = mpPolicyManager->DetachGpus(); ret != DCGM_ST_OK)
    {
        log_error("ProcessDetachGpus failed with {}", ret);
        return ret;
    }

    return DCGM_ST_OK;
}

dcgmReturn_t DcgmModulePolicy::ProcessFieldValuesUpdated(dcgm_core_msg_field_values_updated_t *msg)

            retSt = ProcessAttachGpus((dcgm_core_msg_attach_gpus_t *)moduleCommand);
            break;

        case DCGM_CORE_SR_DETACH_GPUS:
            retSt = ProcessDetachGpus((dcgm_core_msg_detach_gpus_t *)moduleCommand);
            break;

        case DCGM_CORE_SR_PAUSE_RESUME:
            log_debug("Received Pause/Resume message.");
            break;

        default:
            DCGM_LOG_DEBUG << "Unknown subcommand: " << static_cast<int>(moduleCommand->subCommand);
            return DCGM_ST_FUNCTION_NOT_FOUND;
    }

    return retSt;
}

/*****************************************************************************/
dcgmReturn_t DcgmModulePolicy::ProcessMessage(dcgm_module_command_header_t *moduleCommand)
{
    if (moduleCommand == nullptr)
    {
        log_debug("NULL module command seen");
        return DCGM_ST_BADPARAM;
    }

    dcgmReturn_t retSt = DCGM_ST_OK;

    if (moduleCommand->moduleId == DcgmModuleIdCore)
    {
        retSt = ProcessCoreMessage(moduleCommand);
    }
    else if (moduleCommand->moduleId != DcgmModuleIdPolicy)
    {
        DCGM_LOG_ERROR << "Unexpected module command for module " << moduleCommand->moduleId;
        return DCGM_ST_BADPARAM;
    }
    else
    {

