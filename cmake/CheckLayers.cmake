# The layers of core/, lowest first. A file may include headers of its own layer and of the
# layers below it, never above: `source` reads bundles without knowing about rules, `rules`
# loads rule files without the engine, `report` writes what the engine found.
#   include(CheckLayers) + gputriage_check_layers(DIR): at configure time, stops on a violation
#   cmake -DROOT=DIR -P CheckLayers.cmake: the same as a script (used by a test)
set(GPUTRIAGE_LAYERS text source rules engine report)

function(gputriage_layer_violations root out)
    set(violations "")
    list(LENGTH GPUTRIAGE_LAYERS count)
    math(EXPR last "${count} - 1")
    foreach(index RANGE ${last})
        list(GET GPUTRIAGE_LAYERS ${index} layer)
        file(GLOB files "${root}/${layer}/*.h" "${root}/${layer}/*.cpp")
        foreach(file IN LISTS files)
            file(STRINGS "${file}" includes REGEX "^#include \"[a-z]+/")
            foreach(line IN LISTS includes)
                string(REGEX MATCH "^#include \"([a-z]+)/" _ "${line}")
                list(FIND GPUTRIAGE_LAYERS "${CMAKE_MATCH_1}" target)
                if(target GREATER index)
                    file(RELATIVE_PATH name "${root}" "${file}")
                    list(APPEND violations
                         "${name}: ${line} (${layer} is below ${CMAKE_MATCH_1})")
                endif()
            endforeach()
        endforeach()
    endforeach()
    set(${out} "${violations}" PARENT_SCOPE)
endfunction()

function(gputriage_check_layers root)
    gputriage_layer_violations("${root}" violations)
    if(violations)
        list(JOIN violations "\n  " text)
        list(JOIN GPUTRIAGE_LAYERS " < " order)
        message(FATAL_ERROR "An include goes up the layers of core/ (${order}):\n  ${text}")
    endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND DEFINED ROOT)
    gputriage_check_layers("${ROOT}")
endif()
