# SPDX-License-Identifier: Apache-2.0
# One precompiled header for every C++ target: Qt Core's and the standard library's most used
# headers, parsed once instead of in each of some 600 files. Parsing them was most of the build:
# a test file spent about 3 of its 8 seconds in Qt Core's headers before reading a line of its
# own, and CI builds the tree three times (release, and under two sanitizers). On the release
# build the files take 65% of the compile time they took without it.
#
# Only headers whose meaning no target's definitions change go in. GCC refuses a precompiled
# header when a target defines a macro differently (-Winvalid-pch, an error under -Werror, so
# it does not pass unseen): QtTest reads QT_WIDGETS_LIB and QT_TESTCASE_BUILDDIR, and not every
# target has the Gui and Widgets include folders, so those stay out. A header in it is visible
# to every file: configure with -DLCB_PCH=OFF to check that each file includes what it uses.
option(LCB_PCH "Build with one precompiled header of Qt Core and the standard library" ON)

if(LCB_PCH AND NOT MSVC)
    add_library(lcb_pch OBJECT "${CMAKE_CURRENT_LIST_DIR}/PrecompiledHeaders.cpp")
    target_link_libraries(lcb_pch PRIVATE Qt6::Core lcb_defaults)
    target_precompile_headers(lcb_pch PRIVATE
        <QByteArray> <QCoreApplication> <QDateTime> <QDir> <QElapsedTimer> <QFile> <QFileInfo>
        <QHash> <QJsonArray> <QJsonDocument> <QJsonObject> <QList> <QMap> <QMutex> <QObject>
        <QPointer> <QSet> <QString> <QStringList> <QTimer> <QVariant>
        <algorithm> <functional> <memory> <optional> <utility> <vector>)
endif()

# Gives every C++ target below `dir` the precompiled header (called once, after the whole tree
# is defined).
function(lcb_precompile_all dir)
    if(NOT TARGET lcb_pch)
        return()
    endif()
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target ${targets})
        get_target_property(type ${target} TYPE)
        get_target_property(imported ${target} IMPORTED)
        if(target STREQUAL "lcb_pch" OR imported
           OR NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
            continue()
        endif()
        # Their LCB_VERSION carries `git describe` (packaging/GitVersion.cmake), and GCC
        # refuses a precompiled header made under another value of a macro.
        get_target_property(described ${target} LCB_DESCRIBED_VERSION)
        if(described)
            continue()
        endif()
        get_target_property(sources ${target} SOURCES)
        list(FILTER sources INCLUDE REGEX "\\.(cpp|cxx|cc)$")
        if(NOT sources) # C only (the durability tests' LD_PRELOAD library)
            continue()
        endif()
        target_precompile_headers(${target} REUSE_FROM lcb_pch)
        if(target MATCHES "^Test")
            # A test's moc output is included by its own file, which leaves AUTOMOC's
            # mocs_compilation.cpp empty: loading the header there costs more than it saves.
            get_target_property(binary_dir ${target} BINARY_DIR)
            set_source_files_properties(
                "${binary_dir}/${target}_autogen/mocs_compilation.cpp" TARGET_DIRECTORY ${target}
                PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
        endif()
    endforeach()
    get_property(children DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
    foreach(child ${children})
        lcb_precompile_all("${child}")
    endforeach()
endfunction()
