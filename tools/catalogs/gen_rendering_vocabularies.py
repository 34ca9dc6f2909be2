#!/usr/bin/env python3
"""Writes rules/catalogs/opencl-error.yaml and rules/catalogs/optix-result.yaml.

The codes and names are read from the public headers: KhronosGroup/OpenCL-Headers CL/cl.h (the
core error codes) and CL/cl_ext.h (CL_PLATFORM_NOT_FOUND_KHR, the ICD loader's "no platform"),
and NVIDIA/optix-dev include/optix_types.h (OptixResult). The meanings, actions and buckets are
hand-written below (neither header comments its codes). NVIDIA's OpenCL driver also returns
-9999, a code in no header; it is left out until a public NVIDIA text says what it means.

usage: gen_rendering_vocabularies.py OPENCL_HEADERS_GIT_DIR OPTIX_DEV_GIT_DIR OUT_DIR
"""
import re
import subprocess
import sys


def show(git_dir, path):
    commit = subprocess.check_output(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], text=True).strip()
    text = subprocess.check_output(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], text=True)
    return commit, text


def q(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


# OpenCL: what each code means when NVIDIA's OpenCL driver (or the ICD loader in front of it)
# returns it, and the bucket (docs/rules.md, "Catalogs and resolutions").
CL_MEANING = {
    "CL_DEVICE_NOT_FOUND": ("No OpenCL device of the requested type was found on the platform: the NVIDIA GPU is not visible to the process, or the program asked for a device type the platform has not.", "check_app",
                            "Run clinfo as the same user (in the same container): it must list the NVIDIA CUDA platform with a GPU device. In a container, NVIDIA_DRIVER_CAPABILITIES must include compute and the ICD file /etc/OpenCL/vendors/nvidia.icd must be present."),
    "CL_DEVICE_NOT_AVAILABLE": ("The OpenCL device exists but is not available: on NVIDIA, usually a GPU in exclusive-process compute mode already used by another process, or a GPU in a bad state.", "check_app",
                                "Check nvidia-smi for the GPU's compute mode and the processes using it; check the kernel log for Xid errors."),
    "CL_COMPILER_NOT_AVAILABLE": ("The OpenCL platform has no compiler for program source.", "check_app", None),
    "CL_MEM_OBJECT_ALLOCATION_FAILURE": ("The NVIDIA OpenCL driver could not allocate GPU memory for a buffer or image: the GPU's memory is used up (by this program or others), or one allocation is larger than the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE.", "check_app",
                                         "Reduce the program's memory use (smaller work size, batch, texture or scene; hashcat's -n/-u or -w lower), close other programs using the GPU (nvidia-smi lists them), or use a GPU with more memory."),
    "CL_OUT_OF_RESOURCES": ("The NVIDIA OpenCL driver could not allocate the resources a command needed, or a kernel failed while running: on NVIDIA this is also what a kernel that read or wrote out of bounds, or that was stopped by the display watchdog (a kernel that ran too long on a GPU driving a display), returns to the next call.", "restart_app",
                            "Look at the first call that failed: on a GPU that drives a display, long kernels are stopped by the watchdog (Windows TDR): shorten the work (a lower workload or work size) or run on a GPU without a display. Otherwise check the kernel log for Xid 13/31/43 (the kernel's own fault) and the program's memory use; restart the program."),
    "CL_OUT_OF_HOST_MEMORY": ("The OpenCL implementation could not allocate host (system) memory.", "check_app",
                              "Check the host's free memory and the process's limits (ulimit, container memory limit)."),
    "CL_PROFILING_INFO_NOT_AVAILABLE": ("Profiling information was asked for an event of a queue without profiling enabled.", "check_app", None),
    "CL_MEM_COPY_OVERLAP": ("The source and destination of a copy overlap.", "check_app", None),
    "CL_IMAGE_FORMAT_MISMATCH": ("The images of a copy do not have the same format.", "check_app", None),
    "CL_IMAGE_FORMAT_NOT_SUPPORTED": ("The device does not support the image format asked for.", "check_app", None),
    "CL_BUILD_PROGRAM_FAILURE": ("The OpenCL program did not build for the device: the kernel source has an error for this compiler, or uses something the NVIDIA OpenCL compiler does not support; the build log says which.", "check_app",
                                 "Read the program's build log (clGetProgramBuildInfo); update the program or the driver."),
    "CL_MAP_FAILURE": ("A buffer or image could not be mapped into host memory.", "check_app", None),
    "CL_MISALIGNED_SUB_BUFFER_OFFSET": ("A sub-buffer's offset is not aligned to the device's base address alignment.", "check_app", None),
    "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST": ("A command waited for an event whose command had failed: an earlier command (often a kernel) failed first.", "restart_app",
                                                     "Find the first OpenCL error before this one and act on it."),
    "CL_COMPILE_PROGRAM_FAILURE": ("The OpenCL program did not compile for the device.", "check_app", None),
    "CL_LINKER_NOT_AVAILABLE": ("The OpenCL platform has no linker.", "check_app", None),
    "CL_LINK_PROGRAM_FAILURE": ("The OpenCL program did not link for the device.", "check_app", None),
    "CL_DEVICE_PARTITION_FAILED": ("The device could not be partitioned.", "check_app", None),
    "CL_KERNEL_ARG_INFO_NOT_AVAILABLE": ("Kernel argument information is not available for the kernel.", "check_app", None),
    "CL_INVALID_COMMAND_QUEUE": ("The command queue is not valid: on NVIDIA this is what every call on a queue returns after a kernel on it failed (an out-of-bounds access, a watchdog stop) and the context was lost.", "restart_app",
                                 "Find the first OpenCL error before this one; check the kernel log for Xid errors at the same time; restart the program."),
    "CL_PLATFORM_NOT_FOUND_KHR": ("The OpenCL ICD loader found no OpenCL platform: no vendor ICD file (/etc/OpenCL/vendors/nvidia.icd) names a library that loads, so the NVIDIA driver's OpenCL (libnvidia-opencl) is not installed, not mounted into the container, or not the running driver's.", "check_app",
                                  "Install the driver's OpenCL part (libnvidia-opencl, or the distribution's nvidia-opencl-icd package) and check /etc/OpenCL/vendors/nvidia.icd; in a container, NVIDIA_DRIVER_CAPABILITIES must include compute (or all) and the image needs the ICD file. clinfo then lists the NVIDIA CUDA platform."),
}
CL_INVALID_DEFAULT = ("An argument of the OpenCL call is not valid ({what}): usually the program's own error, or a consequence of an earlier failure.", "check_app", None)
CL_ACTION_DEFAULT = "Find the failing OpenCL call in the program's log; if it followed an earlier OpenCL error, act on that one; otherwise report it to the program's developers."
CL_TEXT = {  # the texts programs print: PyOpenCL's status names, clinfo's and other tools' short texts
    "CL_OUT_OF_RESOURCES": ["out of resources"],
    "CL_MEM_OBJECT_ALLOCATION_FAILURE": ["mem object allocation failure"],
    "CL_OUT_OF_HOST_MEMORY": ["out of host memory"],
    "CL_PLATFORM_NOT_FOUND_KHR": ["platform not found khr"],
    "CL_INVALID_COMMAND_QUEUE": ["invalid command queue"],
    "CL_DEVICE_NOT_FOUND": ["device not found"],
    "CL_BUILD_PROGRAM_FAILURE": ["build program failure"],
}
def opencl(git_dir):
    commit, cl_h = show(git_dir, "CL/cl.h")
    _, cl_ext = show(git_dir, "CL/cl_ext.h")
    codes = []
    section = re.search(r"/\* Error Codes \*/(.*?)/\* cl_bool \*/", cl_h, re.S)
    body = section.group(1) if section else cl_h
    for name, value in re.findall(r"#define (CL_[A-Z0-9_]+)\s+(-\d+)", body):
        codes.append((int(value), name, "CL/cl.h"))
    for name, value in re.findall(r"#define (CL_PLATFORM_NOT_FOUND_KHR)\s+(-\d+)", cl_ext):
        codes.append((int(value), name, "CL/cl_ext.h"))
    out = ["# generated by tools/catalogs/gen_rendering_vocabularies.py from KhronosGroup/OpenCL-Headers "
           f"{commit} (CL/cl.h, CL/cl_ext.h); the meanings are hand-written in the generator",
           "schema: gputriage/catalog/v1",
           "catalog: opencl-error",
           "description: \"OpenCL error codes (cl_int) as NVIDIA's OpenCL driver and the ICD loader return them; programs print the name (CL_OUT_OF_RESOURCES), PyOpenCL's status (OUT_OF_RESOURCES) or the number after the call (clEnqueueReadBuffer (-5)).\"",
           f"source: {{title: \"Khronos OpenCL headers (CL/cl.h error codes)\", url: \"https://github.com/KhronosGroup/OpenCL-Headers/blob/{commit}/CL/cl.h\", version: \"{commit}\"}}",
           "entries:"]
    seen = set()
    for code, name, path in sorted(codes, key=lambda c: -c[0]):
        if code in seen:
            continue
        seen.add(code)
        short = name[3:]
        words = short.lower().replace("_", " ")
        if name in CL_MEANING:
            meaning, bucket, action = CL_MEANING[name]
        else:
            meaning, bucket, action = CL_INVALID_DEFAULT
            meaning = meaning.format(what=words)
        names = [name, short] + CL_TEXT.get(name, [])
        if name.startswith("CL_INVALID_"):
            names.append(words)
        out.append(f"  - code: {code}")
        out.append(f"    name: {q(name + ': ' + words)}")
        out.append("    names: [" + ", ".join(q(n) for n in dict.fromkeys(names)) + "]")
        out.append(f"    meaning: {q(meaning)}")
        out.append(f"    resolution: {bucket}")
        out.append(f"    action: {q(action or CL_ACTION_DEFAULT)}")
        out.append(f"    source: {{file: \"{path}\", version: \"{commit}\"}}")
    return "\n".join(out) + "\n"


OPTIX = {  # code name -> (meaning, bucket, action)
    "OPTIX_ERROR_UNSUPPORTED_ABI_VERSION": ("The OptiX library in the NVIDIA driver (libnvoptix) is older than the OptiX SDK the program was built with: each OptiX SDK release needs a minimum driver (OptiX 7.1: R450, 7.4: R495, 8.0: R535, 9.0: R570).", "update_sw",
                                            "Update the NVIDIA driver to the one the program's OptiX release needs (its release notes say which), or use a build of the program for an older OptiX."),
    "OPTIX_ERROR_LIBRARY_NOT_FOUND": ("optixInit could not load the driver's OptiX library (libnvoptix.so.1, nvoptix.dll): it is not installed with the driver, or not mounted into the container (the NVIDIA Container Toolkit mounts it only with the graphics capability), or the driver is too old for the program's OptiX.", "check_app",
                                      "On a host: reinstall the NVIDIA driver (its libnvoptix must match the kernel module). In a container: set NVIDIA_DRIVER_CAPABILITIES to include graphics (or all). Check that the driver is new enough for the program's OptiX release."),
    "OPTIX_ERROR_ENTRY_SYMBOL_NOT_FOUND": ("The driver's OptiX library was found but has not the entry point the program's OptiX SDK needs: the driver is older than the SDK, or libnvoptix is not the running driver's.", "update_sw",
                                           "Update the NVIDIA driver to the one the program's OptiX release needs, and check that libnvoptix belongs to the running driver."),
    "OPTIX_ERROR_FUNCTION_TABLE_SIZE_MISMATCH": ("The driver's OptiX function table does not match the program's OptiX SDK: driver and SDK versions do not fit.", "update_sw",
                                                 "Update the NVIDIA driver to the one the program's OptiX release needs."),
    "OPTIX_ERROR_LIBRARY_UNLOAD_FAILURE": ("The driver's OptiX library could not be unloaded.", "check_app", None),
    "OPTIX_ERROR_DEVICE_OUT_OF_MEMORY": ("OptiX could not allocate GPU memory (acceleration structures, pipeline, denoiser state): the scene or the image is too large for the GPU's free memory.", "check_app",
                                         "Reduce the scene, textures or resolution, close other programs using the GPU (nvidia-smi), or use a GPU with more memory."),
    "OPTIX_ERROR_HOST_OUT_OF_MEMORY": ("OptiX could not allocate host (system) memory.", "check_app", "Check the host's free memory and the process's limits."),
    "OPTIX_ERROR_LAUNCH_FAILURE": ("An OptiX launch failed on the GPU: a program of the pipeline faulted (an illegal memory access), or the GPU stopped the work.", "restart_app",
                                   "Check the kernel log for Xid 13/31/43 at the same time; restart the program; report the scene to the program's developers if it recurs."),
    "OPTIX_ERROR_CUDA_ERROR": ("A CUDA call inside OptiX failed: the CUDA error before or after this line says which (often an illegal address or out of memory).", "restart_app",
                               "Find the CUDA error the program printed with it and act on that one; check the kernel log for Xid errors."),
    "OPTIX_ERROR_CUDA_NOT_INITIALIZED": ("OptiX was called before CUDA was initialised in the process.", "check_app", None),
    "OPTIX_ERROR_INVALID_DEVICE_CONTEXT": ("The CUDA context given to OptiX is not valid.", "check_app", None),
    "OPTIX_ERROR_PIPELINE_LINK_ERROR": ("The OptiX pipeline did not link: the program's OptiX modules (PTX/OptiX-IR) do not fit this driver's OptiX compiler, usually a driver older or newer than the one the program's kernels were tested with.", "update_sw",
                                        "Update the NVIDIA driver (or the program: Blender and other renderers fix such failures for new drivers); the program's log before this line may name the module."),
    "OPTIX_ERROR_INTERNAL_COMPILER_ERROR": ("The driver's OptiX compiler failed on the program's modules.", "update_sw",
                                            "Update the NVIDIA driver or the program; report it to the program's developers with the driver version."),
    "OPTIX_ERROR_INTERNAL_ERROR": ("OptiX reported an internal error.", "update_sw", "Update the NVIDIA driver; if it recurs, report it with the driver version."),
    "OPTIX_ERROR_DENOISER_MODEL_NOT_SET": ("The OptiX denoiser was used without a model.", "check_app", None),
    "OPTIX_ERROR_DENOISER_NOT_INITIALIZED": ("The OptiX denoiser was used before it was set up.", "check_app", None),
    "OPTIX_ERROR_NOT_SUPPORTED": ("The OptiX feature asked for is not supported by this GPU or driver.", "update_sw", "Check the program's requirements for OptiX (GPU generation, driver) and update the driver."),
    "OPTIX_ERROR_UNKNOWN": ("OptiX returned an unknown error.", "restart_app", None),
}
OPTIX_ACTION_DEFAULT = "Find the failing OptiX call in the program's log; if it follows another error, act on that one; otherwise report it to the program's developers with the driver version."


def optix(git_dir):
    commit, text = show(git_dir, "include/optix_types.h")
    body = re.search(r"typedef enum OptixResult\s*\{(.*?)\}\s*OptixResult;", text, re.S).group(1)
    out = ["# generated by tools/catalogs/gen_rendering_vocabularies.py from NVIDIA/optix-dev "
           f"{commit} (include/optix_types.h, OptixResult); the meanings are hand-written in the generator",
           "schema: gputriage/catalog/v1",
           "catalog: optix-result",
           "description: \"OptiX result codes (OptixResult); programs print the name (OPTIX_ERROR_LIBRARY_NOT_FOUND), optixGetErrorString's text or the number after the call (optixInit() failed with code 7804).\"",
           f"source: {{title: \"NVIDIA OptiX headers (optix_types.h, OptixResult)\", url: \"https://github.com/NVIDIA/optix-dev/blob/{commit}/include/optix_types.h\", version: \"{commit}\"}}",
           "entries:"]
    for name, value in re.findall(r"(OPTIX_[A-Z_]+)\s*=\s*(\d+)", body):
        code = int(value)
        words = name.replace("OPTIX_ERROR_", "").replace("OPTIX_", "").lower().replace("_", " ")
        if code == 0:
            meaning, bucket, action = ("Success.", "ignore", "None.")
        elif name in OPTIX:
            meaning, bucket, action = OPTIX[name]
        else:
            meaning, bucket, action = (f"OptiX rejected the call: {words}; usually the program's own error.", "check_app", None)
        names = [name]
        if code:
            names.append(words)
        out.append(f"  - code: {code}")
        out.append(f"    name: {q(name + ': ' + words)}")
        out.append("    names: [" + ", ".join(q(n) for n in names) + "]")
        out.append(f"    meaning: {q(meaning)}")
        out.append(f"    resolution: {bucket}")
        out.append(f"    action: {q(action or OPTIX_ACTION_DEFAULT)}")
        out.append(f"    source: {{file: \"include/optix_types.h\", version: \"{commit}\"}}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    cl_dir, optix_dir, out_dir = sys.argv[1:4]
    with open(f"{out_dir}/opencl-error.yaml", "w") as f:
        f.write(opencl(cl_dir))
    with open(f"{out_dir}/optix-result.yaml", "w") as f:
        f.write(optix(optix_dir))
