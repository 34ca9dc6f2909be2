cmake_minimum_required(VERSION 3.25)
# `cmake --install` puts every file where a Linux desktop expects it, and the installed program
# finds its shipped rules and sample relative to itself.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed: ${err}")
endif()
set(id io.github.gputriage.GPUTriage)
foreach(f bin/gputriage
          bin/gputriage-gui
          share/applications/${id}.desktop
          share/metainfo/${id}.metainfo.xml
          share/icons/hicolor/scalable/apps/${id}.svg
          share/icons/hicolor/48x48/apps/${id}.png
          share/icons/hicolor/128x128/apps/${id}.png
          share/icons/hicolor/256x256/apps/${id}.png
          share/mime/packages/${id}.xml
          share/man/man1/gputriage.1.gz
          share/man/man1/gputriage-gui.1.gz
          share/doc/gputriage/copyright
          share/doc/gputriage/changelog.gz
          share/gputriage/rules/nvidia/ngc-container.yaml
          share/gputriage/rules/tables/cuda-min-driver.yaml
          share/gputriage/sample/node/dmesg.log)
    if(NOT EXISTS ${PREFIX}/${f})
        message(SEND_ERROR "not installed: ${f}")
    endif()
endforeach()
file(READ ${PREFIX}/share/icons/hicolor/48x48/apps/${id}.png png LIMIT 24 HEX)
# PNG signature, then the IHDR width and height, 48 (0x30) each.
if(NOT png MATCHES "^89504e470d0a1a0a0000000d494844520000003000000030$")
    message(SEND_ERROR "the 48x48 icon is not a 48 pixel wide PNG: ${png}")
endif()
# The installed binary, run with no rule overrides, finds share/gputriage/rules and the sample.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=GPUTRIAGE_RULES_DIR
        ${PREFIX}/bin/gputriage analyze ${PREFIX}/share/gputriage/sample --format json --deterministic
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"rule\": \"gpu.xid.79-fallen-off-bus\"")
    message(SEND_ERROR "installed gputriage did not find its rules (exit ${rc}): ${err}")
endif()
file(REMOVE_RECURSE ${PREFIX})
