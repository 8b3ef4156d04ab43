# SPDX-License-Identifier: Apache-2.0
# CPack: DEB and TGZ on Linux, DragNDrop (DMG) on macOS, WIX (MSI) on Windows.
#     cpack --config <build>/CPackConfig.cmake [-G DEB|TGZ|DragNDrop|WIX] -B <dir>
# The release workflow builds the AppImage, and an MSI from windows/lance-catalog-browser.wxs,
# beside these (.github/workflows/release.yml).
set(CPACK_PACKAGE_NAME "lance-catalog-browser")
set(CPACK_PACKAGE_VENDOR "The Lance Catalog Browser contributors")
set(CPACK_PACKAGE_CONTACT "The Lance Catalog Browser contributors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "A Qt desktop browser for Lance namespace catalogs (namespaces, tables and table versions) \
that stages changes and sends them as one atomic batch commit, with the lance-catalog command \
line and the lance-catalog-server REST server.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/lance-catalog-browser/lance-catalog-browser")
# The described version (0.1.0+12.gae4ef45 for a development build) sorts after the release it
# builds on, for dpkg as for SemVer. MSI versions must be numeric: WIX gets PROJECT_VERSION.
set(CPACK_PACKAGE_VERSION "${LCB_VERSION}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "${LCB_APP_NAME}")
set(CPACK_PACKAGE_EXECUTABLES "lance-catalog-browser" "${LCB_APP_NAME}")
set(CPACK_RESOURCE_FILE_LICENSE "${CMAKE_CURRENT_SOURCE_DIR}/NOTICE.txt")
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "/\\\\.cache/" "/node_modules/")

if(APPLE)
    set(CPACK_GENERATOR "DragNDrop")
    set(CPACK_DMG_VOLUME_NAME "${LCB_APP_NAME}")
    set(CPACK_DMG_FORMAT "UDZO")
    # Not ULFO/UDBZ: UDZO opens on every macOS the bundle supports.
elseif(WIN32)
    set(CPACK_GENERATOR "WIX")
    set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
    # Constant for the life of the product: Windows replaces an installed version with a newer
    # one only when the UpgradeCode matches. windows/lance-catalog-browser.wxs uses the same.
    set(CPACK_WIX_UPGRADE_GUID "2B0BDF15-33F7-4401-AEA6-DB8AF9134853")
    set(CPACK_WIX_PRODUCT_ICON "${LCB_APP_ICONS_DIR}/lance-catalog-browser.ico")
    set(CPACK_WIX_PROGRAM_MENU_FOLDER ".")
    set(CPACK_WIX_PROPERTY_ARPURLINFOABOUT "${CPACK_PACKAGE_HOMEPAGE_URL}")
    set(CPACK_WIX_ARCHITECTURE x64)
else()
    set(CPACK_GENERATOR "DEB;TGZ")
    set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
    set(CPACK_DEBIAN_PACKAGE_SECTION "database")
    # dpkg-shlibdeps computes the libraries the executables link (libqt6widgets6, ...). Plugins
    # Qt loads at run time are not linked, so they are named here: the xcb platform and the SVG
    # image and icon plugins (every icon is an SVG). The catalog engine links SQLite itself, so
    # libsqlite3-0 comes from dpkg-shlibdeps. Wayland sessions use qt6-wayland when present,
    # XWayland otherwise.
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6svg6")
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
    # The keychain library recommends a keyring daemon; the browser works without one.
    set(CPACK_DEBIAN_PACKAGE_SUGGESTS "gnome-keyring | kwalletmanager")
endif()

include(CPack)
