# A report never replaces an input: -o naming an input (directly, through a symlink or a hard
# link) or a file inside an input folder exits 2 and leaves the input byte for byte as it was.
set(dir ${TMP}/no-clobber)
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir}/bundle)
file(COPY ${WORKDIR}/tests/data/seed/seed-article.log DESTINATION ${dir}/bundle)
set(log ${dir}/bundle/seed-article.log)
file(READ ${log} before)
file(CREATE_LINK ${log} ${dir}/symlink.log SYMBOLIC)
file(CREATE_LINK ${log} ${dir}/hardlink.log)

function(expect_refused)
    execute_process(COMMAND ${EXE} ${ARGN} WORKING_DIRECTORY ${dir}
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 2 OR NOT err MATCHES "refusing to write the report")
        message(FATAL_ERROR "${ARGN}: exit ${rc}, stderr '${err}'")
    endif()
    file(READ ${log} now)
    if(NOT now STREQUAL before)
        message(FATAL_ERROR "${ARGN}: the input was changed")
    endif()
endfunction()

expect_refused(analyze ${log} -o ${log})
expect_refused(analyze bundle/seed-article.log --format json -o symlink.log)
expect_refused(analyze symlink.log -o hardlink.log)
expect_refused(analyze bundle -o bundle/report.html --format html)
expect_refused(analyze bundle -o bundle/seed-article.log)
expect_refused(diff bundle ${log} -o hardlink.log)
if(EXISTS ${dir}/bundle/report.html)
    message(FATAL_ERROR "a report was written inside the input folder")
endif()

# Next to the input is fine.
execute_process(COMMAND ${EXE} analyze ${log} -o ${dir}/report.txt WORKING_DIRECTORY ${dir}
    RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/report.txt)
    message(FATAL_ERROR "writing next to the input failed: exit ${rc}")
endif()
