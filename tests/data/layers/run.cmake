# Builds tests/data/layers/fixture with the files of one case laid over it, and checks the outcome:
# the clean fixture builds; each case fails on its upward include, named in the message.
#   cmake -DCASE=NAME -DEXPECT=REGEX -DWORK=DIR -DGENERATOR=... -DCXX=... -DMODULE=Layers.cmake -P run.cmake
set(here ${CMAKE_CURRENT_LIST_DIR})
file(REMOVE_RECURSE ${WORK})
file(COPY ${here}/fixture/ DESTINATION ${WORK}/src)
if(NOT CASE STREQUAL "clean")
    file(COPY ${here}/cases/${CASE}/ DESTINATION ${WORK}/src)
endif()
execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${WORK}/src -B ${WORK}/build -G ${GENERATOR}
            -DCMAKE_CXX_COMPILER=${CXX} -DGT_LAYERS_MODULE=${MODULE}
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "the fixture does not configure:\n${output}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(CASE STREQUAL "clean")
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "the clean fixture does not build:\n${output}")
    endif()
elseif(status EQUAL 0)
    message(FATAL_ERROR "case ${CASE} built, but it includes a higher layer:\n${output}")
elseif(NOT output MATCHES "${EXPECT}")
    message(FATAL_ERROR "case ${CASE} failed without naming its include (${EXPECT}):\n${output}")
endif()
# A failed compilation leaves no object behind, so the next build tries again.
if(NOT CASE STREQUAL "clean")
    execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build RESULT_VARIABLE again
        OUTPUT_QUIET ERROR_QUIET)
    if(again EQUAL 0)
        message(FATAL_ERROR "case ${CASE} built the second time")
    endif()
endif()
file(REMOVE_RECURSE ${WORK})
