# SPDX-License-Identifier: Apache-2.0
# Precompiled headers: the Qt and standard headers most files include, parsed once per kind of
# target instead of in each of some 600 files. Parsing them was most of the build: a test file
# spent about 3 of its 8 seconds in Qt's headers before reading a line of its own, and CI builds
# the tree three times (release, and under two sanitizers).
#
# GCC refuses a precompiled header made under other macro definitions than a file's, where the
# header reads them (-Winvalid-pch, an error under -Werror, so it does not pass unseen). So there
# is one per set of definitions that matters:
#   lcb_pch               Qt Core and the standard library: every target of models/ and app/
#   lcb_pch_widgets       and Qt Widgets: lcb_ui and lcb_browser (LCB_PCH widgets)
#   lcb_pch_tests         and QtTest: the test programs and their support (LCB_PCH tests)
#   lcb_pch_tests_widgets and both: those of the window (LCB_PCH tests_widgets)
# QtTest reads QT_WIDGETS_LIB, QT_GUI_LIB and QT_NETWORK_LIB (every test has the last two), and
# the QT_TESTCASE_* folders, which tests/CMakeLists.txt makes the same for all (lcb_test_code()).
# A header in one is visible to every file of its targets: configure with -DLCB_PCH=OFF (and
# -DLCB_UNITY=OFF, cmake/UnityBuilds.cmake) to check that each file includes what it uses.
option(LCB_PCH "Build with precompiled headers of Qt and the standard library" ON)

set(lcb_pch_core_headers
    <QByteArray> <QCoreApplication> <QDateTime> <QDir> <QElapsedTimer> <QFile> <QFileInfo>
    <QHash> <QJsonArray> <QJsonDocument> <QJsonObject> <QList> <QMap> <QMutex> <QObject>
    <QPointer> <QSet> <QString> <QStringList> <QTimer> <QVariant>
    <algorithm> <functional> <memory> <optional> <utility> <vector>)
set(lcb_pch_widgets_headers
    <QAction> <QApplication> <QCheckBox> <QDialog> <QDialogButtonBox> <QFormLayout>
    <QHBoxLayout> <QHeaderView> <QItemSelectionModel> <QLabel> <QLineEdit> <QPainter>
    <QPlainTextEdit> <QPushButton> <QSortFilterProxyModel> <QStatusBar> <QTableView> <QToolButton>
    <QTreeView> <QTreeWidget> <QVBoxLayout> <QWidget>)
set(lcb_pch_tests_headers
    <QSignalSpy> <QTemporaryDir> <QTest>)

# Makes the precompiled header `name` of `headers` for targets that link `libraries`; `test`:
# compiled as test code (lcb_test_code(), defined by tests/CMakeLists.txt).
function(lcb_add_pch name)
    cmake_parse_arguments(ARG "TEST" "" "HEADERS;LIBRARIES" ${ARGN})
    add_library(${name} OBJECT "${PROJECT_SOURCE_DIR}/cmake/PrecompiledHeaders.cpp")
    target_link_libraries(${name} PRIVATE ${ARG_LIBRARIES} lcb_defaults)
    target_precompile_headers(${name} PRIVATE ${ARG_HEADERS})
    if(ARG_TEST)
        lcb_test_code(${name})
    endif()
endfunction()

if(LCB_PCH AND NOT MSVC)
    lcb_add_pch(lcb_pch HEADERS ${lcb_pch_core_headers} LIBRARIES Qt6::Core)
    lcb_add_pch(lcb_pch_widgets HEADERS ${lcb_pch_core_headers} ${lcb_pch_widgets_headers}
        LIBRARIES Qt6::Widgets)
endif()

# The two of the tests, once tests/CMakeLists.txt has defined what test code is.
function(lcb_add_test_pchs)
    if(NOT LCB_PCH OR MSVC)
        return()
    endif()
    lcb_add_pch(lcb_pch_tests TEST HEADERS ${lcb_pch_core_headers} ${lcb_pch_tests_headers}
        LIBRARIES Qt6::Gui Qt6::Network Qt6::Test)
    lcb_add_pch(lcb_pch_tests_widgets TEST
        HEADERS ${lcb_pch_core_headers} ${lcb_pch_widgets_headers} ${lcb_pch_tests_headers}
        LIBRARIES Qt6::Widgets Qt6::Network Qt6::Test)
endfunction()

# Gives `target` its precompiled header: the one its LCB_PCH property names, else Qt Core's.
# Called for every C++ target once the whole tree is defined (lcb_each_cpp_target()).
function(lcb_precompile target)
    if(NOT TARGET lcb_pch
       # The layer probes include nothing: a header would only slow them down (and they are
       # built without Qt's -fPIC, so GCC would refuse it).
       OR target MATCHES "^lcb_pch" OR target MATCHES "_layer_probe$")
        return()
    endif()
    # Their LCB_VERSION carries `git describe` (packaging/GitVersion.cmake), and GCC refuses a
    # precompiled header made under another value of a macro.
    get_target_property(described ${target} LCB_DESCRIBED_VERSION)
    if(described)
        return()
    endif()
    get_target_property(kind ${target} LCB_PCH)
    if(kind AND TARGET lcb_pch_${kind})
        target_precompile_headers(${target} REUSE_FROM lcb_pch_${kind})
    else()
        target_precompile_headers(${target} REUSE_FROM lcb_pch)
    endif()
    # A test file includes its own moc output, which leaves AUTOMOC's mocs_compilation.cpp
    # empty: loading the header there costs more than it saves.
    get_target_property(automoc ${target} AUTOMOC)
    if(automoc AND kind MATCHES "^tests")
        get_target_property(binary_dir ${target} BINARY_DIR)
        set_source_files_properties("${binary_dir}/${target}_autogen/mocs_compilation.cpp"
            TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
endfunction()
