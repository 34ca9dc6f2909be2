/*
 * nvidia-installer: A tool for installing NVIDIA software packages on
 * Unix and Linux systems.
 *
 * Copyright (C) 2003 NVIDIA Corporation
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms and conditions of the GNU General Public License,
 * version 2, as published by the Free Software Foundation.
 * 
 * This program is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License for
 * more details.
 * 
 * You should have received a copy of the GNU General Public License
 * along with this program; if not, see <http://www.gnu.org/licenses>.
 *
/* Excerpt for the gputriage message-catalog test: precompiled.c at 590.48.01 (836-852); other lines omitted. */
    offset += fileInfo->size;

    val = read_uint32(buf, &offset);
    if (val != fileInfo->crc) {
        ui_log(op, "The redundant stored CRC values %" PRIu32 " and %" PRIu32
               " disagree with each other; the file may be corrupted.",
               fileInfo->crc, val);
        return -1;
    }

    val = compute_crc_from_buffer(fileInfo->data, fileInfo->size);
    if (val != fileInfo->crc) {
        ui_log(op, "The CRC for the file '%s' (%" PRIu32 ") does not match the "
               "expected value (%" PRIu32 ").", fileInfo->name, val,
               fileInfo->crc);
    }


