# SPDX-License-Identifier: Apache-2.0
# Writes the Info.plist a macOS build would put into the bundle, as CMake does for a
# MACOSX_BUNDLE target: Info.plist.in configured with the MACOSX_BUNDLE_* values of
# BundleInfo.cmake. For PackagingInfoPlist, on hosts that build no bundle.
#   cmake -DNAME=... -DVERSION=... -DLONG_VERSION=... -DOUTPUT=<file> -P WriteInfoPlist.cmake
include("${CMAKE_CURRENT_LIST_DIR}/BundleInfo.cmake")
lcb_macos_bundle_values(values "${NAME}" "${VERSION}" "${LONG_VERSION}")
while(values)
    list(POP_FRONT values key value)
    set(${key} "${value}")
endwhile()
# What CMake sets from the target itself.
set(MACOSX_BUNDLE_EXECUTABLE_NAME lance-catalog-browser)
configure_file("${CMAKE_CURRENT_LIST_DIR}/Info.plist.in" "${OUTPUT}")
