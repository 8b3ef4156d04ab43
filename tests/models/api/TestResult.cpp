// SPDX-License-Identifier: Apache-2.0
// api::Result's chaining, as std::expected's: and_then() runs the next step only on a value and
// passes an error on untouched (the step never runs); transform() wraps a plain value; both on
// Result<void> too, and on values that can only be moved.
#include "TestRegistry.h"
#include "api/Result.h"

#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::Result;

namespace {

Result<int> parsed(const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok) {
        return ApiError::invalidInput(u"\"%1\" is not a number."_s.arg(text));
    }
    return value;
}

Result<int> positive(int value)
{
    if (value <= 0) {
        return ApiError::invalidInput(u"%1 is not positive."_s.arg(value));
    }
    return value;
}

} // namespace

class TestResult : public QObject
{
    Q_OBJECT

private slots:
    void andThenRunsTheNextStepOnlyOnAValue();
    void transformWrapsAPlainValue();
    void resultVoidChainsToo();
    void movedValuesAreNotCopied();
    void valueOfAnErrorThrows();
};

void TestResult::andThenRunsTheNextStepOnlyOnAValue()
{
    QCOMPARE(*parsed(u"12"_s).and_then(positive), 12);
    const Result<int> negative = parsed(u"-3"_s).and_then(positive);
    QVERIFY(!negative);
    QCOMPARE(negative.error().userMessage(), u"-3 is not positive."_s);

    int ran = 0;
    const Result<QString> first = parsed(u"x"_s).and_then([&ran](int value) -> Result<QString> {
        ++ran;
        return QString::number(value);
    });
    QCOMPARE(ran, 0);
    QCOMPARE(first.error().userMessage(), u"\"x\" is not a number."_s);
}

void TestResult::transformWrapsAPlainValue()
{
    const Result<QString> text
        = parsed(u"7"_s).transform([](int value) { return QString::number(value * 6); });
    QCOMPARE(*text, u"42"_s);
    const Result<QString> failed = parsed(u"seven"_s).transform([](int) { return u"no"_s; });
    QCOMPARE(failed.error().kind(), ApiError::Kind::InvalidInput);

    int seen = 0;
    const Result<void> done = parsed(u"5"_s).transform([&seen](int value) { seen = value; });
    QVERIFY(done.hasValue());
    QCOMPARE(seen, 5);
}

void TestResult::resultVoidChainsToo()
{
    const Result<void> passed;
    const Result<void> refused = ApiError::invalidInput(u"refused"_s);
    QCOMPARE(*passed.and_then([] { return parsed(u"3"_s); }), 3);
    int ran = 0;
    const Result<int> after = refused.and_then([&ran] {
        ++ran;
        return parsed(u"3"_s);
    });
    QCOMPARE(ran, 0);
    QCOMPARE(after.error().userMessage(), u"refused"_s);
    QCOMPARE(*passed.transform([] { return 8; }), 8);
    QVERIFY(!refused.transform([&ran] { ++ran; }).hasValue());
    QCOMPARE(ran, 0);
}

void TestResult::movedValuesAreNotCopied()
{
    Result<std::unique_ptr<int>> owned(std::make_unique<int>(4));
    const Result<int> doubled
        = std::move(owned).transform([](std::unique_ptr<int> &&value) { return *value * 2; });
    QCOMPARE(*doubled, 8);
    Result<std::unique_ptr<int>> again(std::make_unique<int>(5));
    const Result<std::unique_ptr<int>> kept = std::move(again).and_then(
        [](std::unique_ptr<int> &&value) -> Result<std::unique_ptr<int>> {
            return std::move(value);
        });
    QCOMPARE(**kept, 5);
}

void TestResult::valueOfAnErrorThrows()
{
    const Result<int> failed = parsed(u"x"_s);
    QVERIFY_THROWS_EXCEPTION(std::bad_variant_access, failed.value());
}

LCB_TEST_GUILESS_MAIN(TestResult)
#include "TestResult.moc"
