/*
 * Copyright (c) 2014-2021, NVIDIA CORPORATION. All rights reserved.
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
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL
 * THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS IN THE SOFTWARE.
 */
/* Excerpt of NVIDIA/gdrcopy v2.6 src/gdrapi.c: gdr_open_gdrdrv_internal (lines 112-164). */
static int gdr_open_gdrdrv_internal(gdr_t g)
{
    int fd;
    int retcode, ret;
    const char *gdrinode = "/dev/gdrdrv";

    fd = open(gdrinode, O_RDWR | O_CLOEXEC);
    if (-1 == fd ) {
        ret = errno;
        gdr_err("error opening driver (errno=%d/%s)\n", ret, strerror(ret));
        goto err;
    }

    struct GDRDRV_IOC_GET_VERSION_PARAMS params;
    retcode = ioctl(fd, GDRDRV_IOC_GET_VERSION, &params);
    if (0 != retcode) {
        ret = errno;
        gdr_err("Error getting the gdrdrv driver version with ioctl error (errno=%d). gdrdrv might be too old.\n", ret);
        goto err_fd;
    }
    if (params.gdrdrv_version < MINIMUM_GDRDRV_VERSION) {
        gdr_err(
            "The minimum required gdrdrv driver version is %d.%d but the current gdrdrv version is %d.%d\n",
            MINIMUM_GDRDRV_MAJOR_VERSION,
            MINIMUM_GDRDRV_MINOR_VERSION,
            params.gdrdrv_version >> MAJOR_VERSION_SHIFT,
            params.gdrdrv_version & MINOR_VERSION_MASK
        );
        goto err_fd;
    }
    if (params.minimum_gdr_api_version > GDR_API_VERSION) {
        gdr_err(
            "gdrdrv driver requires libgdrapi version %d.%d or above but the current libgdrapi version is %d.%d\n",
            params.minimum_gdr_api_version >> MAJOR_VERSION_SHIFT,
            params.minimum_gdr_api_version & MINOR_VERSION_MASK,
            GDR_API_MAJOR_VERSION,
            GDR_API_MINOR_VERSION
        );
        goto err_fd;
    }

    gdr_info("Using gdrdrv backend\n");
    g->gdrdrv_version = params.gdrdrv_version;
    g->cache_backend = GDR_USE_GDRDRV;
    g->fd = fd;

    return 0;

err_fd:
    close(fd);
err:
    return -1;
}
