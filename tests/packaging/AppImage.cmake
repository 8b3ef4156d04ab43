# SPDX-License-Identifier: Apache-2.0
# The AppImage checks (label packaging), each a step of packaging/appimage/check-appimage.sh.
# AppImageBuild packs what the build made, with our runtime (lcb-appimage-runtime), into
# <build>/tests/packaging/appimage; it builds nothing. The others need its image (a fixture),
# and check it: the format and contents as libappimage and unsquashfs read them, the smoke
# test through FUSE, from --appimage-extract's tree and with extract-and-run (the host's Qt
# hidden), HTTPS from its CLI to its server, signals through the runtime, and the message
# without FUSE. They run as root (FUSE, mount namespaces), as CI and the development
# containers do. Included by tests/packaging/CMakeLists.txt.
if(NOT CMAKE_SYSTEM_NAME STREQUAL "Linux")
    return()
endif()

set(lcb_appimage_check "${PROJECT_SOURCE_DIR}/packaging/appimage/check-appimage.sh")
set(lcb_appimage_dir "${CMAKE_CURRENT_BINARY_DIR}/appimage")
set(lcb_appimage_smoke "${PROJECT_SOURCE_DIR}/packaging/smoke-test.sh")
# Without a target the check fails and says what to install (packaging/appimage/CMakeLists.txt
# builds them only when their libraries are found).
set(lcb_appimage_runtime "")
if(TARGET lcb-appimage-runtime)
    set(lcb_appimage_runtime "$<TARGET_FILE:lcb-appimage-runtime>")
endif()
set(lcb_appimage_inspect "")
if(TARGET lcb-appimage-inspect)
    set(lcb_appimage_inspect "$<TARGET_FILE:lcb-appimage-inspect>")
endif()

# lcb_add_appimage_test(NAME <check> <arguments after DIR VERSION...>)
function(lcb_add_appimage_test name check)
    add_test(NAME ${name}
        COMMAND "${lcb_appimage_check}" ${check} "${lcb_appimage_dir}" "${LCB_VERSION}" ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS packaging TIMEOUT 180
        ENVIRONMENT "LC_ALL=C.UTF-8")
    if(name STREQUAL "AppImageBuild")
        set_tests_properties(${name} PROPERTIES FIXTURES_SETUP lcb_appimage)
    else()
        set_tests_properties(${name} PROPERTIES FIXTURES_REQUIRED lcb_appimage)
    endif()
endfunction()

lcb_add_appimage_test(AppImageBuild build "${CMAKE_BINARY_DIR}" "${lcb_appimage_runtime}")
lcb_add_appimage_test(AppImageContents contents "${lcb_appimage_inspect}"
    "${PROJECT_SOURCE_DIR}/packaging/appimage/host-libraries.txt")
lcb_add_appimage_test(AppImageFuse fuse "${lcb_appimage_smoke}")
lcb_add_appimage_test(AppImageExtract extract "${lcb_appimage_smoke}")
lcb_add_appimage_test(AppImageExtractAndRun extract-and-run "${lcb_appimage_smoke}")
lcb_add_appimage_test(AppImageHttps https)
lcb_add_appimage_test(AppImageSignals signals)
lcb_add_appimage_test(AppImageWithoutFuse no-fuse)
