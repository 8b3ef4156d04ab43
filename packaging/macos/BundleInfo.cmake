# SPDX-License-Identifier: Apache-2.0
# The values CMake puts into the browser bundle's Info.plist (Info.plist.in), in one place for
# the macOS build (packaging/CMakeLists.txt) and for PackagingInfoPlist, which generates the
# plist on Linux with WriteInfoPlist.cmake and parses it.
#
# Apple's bundle identifiers allow only letters, digits, '-' and '.', so the macOS id keeps the
# GitHub owner's hyphens where LCB_APP_ID (the .desktop file, AppStream, D-Bus) needs '_'.
set(LCB_MACOS_BUNDLE_ID "io.github.lance-catalog-browser.LanceCatalogBrowser")

# lcb_macos_bundle_values(<out> <app name> <version> <long version>): the MACOSX_BUNDLE_*
# target properties, as name;value pairs for set_target_properties().
function(lcb_macos_bundle_values out name version long_version)
    set(${out}
        MACOSX_BUNDLE_GUI_IDENTIFIER "${LCB_MACOS_BUNDLE_ID}"
        MACOSX_BUNDLE_BUNDLE_NAME "${name}"
        MACOSX_BUNDLE_ICON_FILE lance-catalog-browser.icns
        # Numeric: Apple reads CFBundleVersion as up to three integers; the long string keeps
        # the `git describe` part.
        MACOSX_BUNDLE_BUNDLE_VERSION "${version}"
        MACOSX_BUNDLE_SHORT_VERSION_STRING "${version}"
        MACOSX_BUNDLE_LONG_VERSION_STRING "${long_version}"
        PARENT_SCOPE)
endfunction()
