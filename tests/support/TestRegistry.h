// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QGuiApplication>
#include <QTest>
#if defined(QT_WIDGETS_LIB)
#include <QApplication>
#endif

#include <type_traits>

namespace lance::test {

/// The test classes of one test program. Each source folder of tests builds one program that
/// holds all its classes (linking and generating code once, not once a class); ctest runs it
/// once a class, `<program> <Class> [QtTest arguments]`, so each class still runs in a process
/// of its own, under its own ctest name, labels and fixtures (tests/CMakeLists.txt). A class
/// takes part with LCB_TEST_MAIN or LCB_TEST_GUILESS_MAIN in place of QTest's macros of the same
/// names: what they set up is the same.
class TestRegistry
{
public:
    using Run = int (*)(int argc, char **argv);

    /// Registers a class while the program starts (the macros make one per class).
    struct Entry
    {
        Entry(const char *name, Run run);
    };

    /// Runs the class named by the first argument with the rest; without one, or with a name
    /// it does not hold, lists the classes and answers 2.
    static int main(int argc, char **argv);

    /// Runs `TestObject` in an application of type `Application`, named after the class (the
    /// name settings, data folders and logs take, as when each class had its own program).
    template <typename Application, typename TestObject> static int run(int argc, char **argv)
    {
        QCoreApplication::setApplicationName(
            QString::fromLatin1(TestObject::staticMetaObject.className()));
        Application app(argc, argv);
        if constexpr (!std::is_same_v<Application, QCoreApplication>) {
            app.setAttribute(Qt::AA_Use96Dpi, true);
        }
        TestObject test;
        return QTest::qExec(&test, argc, argv);
    }
};

} // namespace lance::test

/// The application QTEST_MAIN makes: a QApplication where the program links Qt Widgets, else a
/// QGuiApplication.
#if defined(QT_WIDGETS_LIB)
#define LCB_TEST_GUI_APPLICATION QApplication
#else
#define LCB_TEST_GUI_APPLICATION QGuiApplication
#endif

#define LCB_TEST_REGISTER(TestObject, Application)                                                 \
    namespace {                                                                                    \
    const lance::test::TestRegistry::Entry                                                         \
        lcbTestEntry##TestObject(#TestObject,                                                      \
                                 &lance::test::TestRegistry::run<Application, TestObject>);        \
    }

/// QTEST_MAIN for a class of a folder's test program.
#define LCB_TEST_MAIN(TestObject) LCB_TEST_REGISTER(TestObject, LCB_TEST_GUI_APPLICATION)
/// QTEST_GUILESS_MAIN for a class of a folder's test program.
#define LCB_TEST_GUILESS_MAIN(TestObject) LCB_TEST_REGISTER(TestObject, QCoreApplication)
