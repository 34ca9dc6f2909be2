// Stand-in for GPU Triage's generator test (tools/catalogs/test_vocabularies.sh), written by hand
// in the shape of rust-nvml/nvml-wrapper nvml-wrapper/src/error.rs: the #[error] text of some
// NvmlError variants, a multi-line text, an attribute between the text and its variant, and the
// conversion from nvmlReturn_t that names each variant's code.

#[derive(Error, Debug)]
pub enum NvmlError {
    #[error("a libloading error occurred: {0}")]
    LibloadingError(#[from] libloading::Error),

    #[error("NVML was not first initialized with `Nvml::init()`")]
    Uninitialized,

    #[error("the requested operation is not available on the target device")]
    NotSupported,

    #[error("NVIDIA driver is not loaded")]
    #[doc = "the kernel module is not loaded"]
    DriverNotLoaded,

    #[error(
        "device fell off the bus or has otherwise \
        become inacessible"
    )]
    GpuLost,

    #[error("an internal driver error occurred")]
    Unknown,
}

impl From<nvmlReturn_t> for NvmlError {
    fn from(value: nvmlReturn_t) -> Self {
        use NvmlError::*;
        match value {
            nvmlReturn_enum_NVML_ERROR_UNINITIALIZED => Uninitialized,
            nvmlReturn_enum_NVML_ERROR_NOT_SUPPORTED => NotSupported,
            nvmlReturn_enum_NVML_ERROR_DRIVER_NOT_LOADED => DriverNotLoaded,
            nvmlReturn_enum_NVML_ERROR_GPU_IS_LOST => GpuLost,
            nvmlReturn_enum_NVML_ERROR_UNKNOWN => Unknown,
            _ => UnexpectedVariant(value),
        }
    }
}
