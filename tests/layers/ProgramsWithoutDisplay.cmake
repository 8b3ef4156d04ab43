# SPDX-License-Identifier: Apache-2.0
# Checks the dynamic section of the programs: those of HEADLESS (separated by |) need neither
# libQt6Gui nor libQt6Widgets; WINDOWED needs libQt6Widgets, which shows the reading works.
# Usage: cmake -DREADELF=... -DHEADLESS=a|b -DWINDOWED=c -P ProgramsWithoutDisplay.cmake

function(needed program out)
    execute_process(COMMAND "${READELF}" --dynamic "${program}"
        RESULT_VARIABLE result OUTPUT_VARIABLE text ERROR_VARIABLE err)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "readelf cannot read ${program}: ${err}")
    endif()
    string(REGEX MATCHALL "\\(NEEDED\\)[^\n]*\\[[^]\n]+\\]" entries "${text}")
    set(${out} "${entries}" PARENT_SCOPE)
endfunction()

string(REPLACE "|" ";" headless "${HEADLESS}")
foreach(program IN LISTS headless)
    needed("${program}" entries)
    if(NOT entries)
        message(FATAL_ERROR "${program}: no NEEDED entries read")
    endif()
    foreach(library libQt6Gui libQt6Widgets)
        if(entries MATCHES "${library}\\.so")
            message(FATAL_ERROR "${program} needs ${library}, though it must run without a display:\n${entries}")
        endif()
    endforeach()
    message(STATUS "${program}: without Qt Gui and Qt Widgets")
endforeach()

needed("${WINDOWED}" entries)
if(NOT entries MATCHES "libQt6Widgets\\.so")
    message(FATAL_ERROR "${WINDOWED} does not need libQt6Widgets: the check reads nothing:\n${entries}")
endif()
message(STATUS "${WINDOWED}: needs Qt Widgets, as a window does")
