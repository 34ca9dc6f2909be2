#pragma once

#include <compare>
#include <type_traits>

namespace gputriage {

// Line quantities as distinct types (as klogg's linetypes.h): a line of a document, a number of
// lines and a byte column in a line do not mix, and "0- or 1-based?" is answered by the type.
// Each is one int, constexpr and trivially copyable, so a loop over them is a loop over ints.

// A number of lines.
class LinesCount
{
public:
    constexpr LinesCount() = default;
    constexpr explicit LinesCount(int count)
        : m_count(count)
    {}
    constexpr int get() const { return m_count; }

    friend constexpr auto operator<=>(LinesCount, LinesCount) = default;
    constexpr LinesCount &operator+=(LinesCount other)
    {
        m_count += other.m_count;
        return *this;
    }
    constexpr LinesCount &operator-=(LinesCount other)
    {
        m_count -= other.m_count;
        return *this;
    }
    friend constexpr LinesCount operator+(LinesCount a, LinesCount b) { return a += b; }
    friend constexpr LinesCount operator-(LinesCount a, LinesCount b) { return a -= b; }

private:
    int m_count = 0;
};

// A line of a document by its index, counted from 0. What a person reads is displayed(),
// counted from 1.
class LineNumber
{
public:
    constexpr LineNumber() = default;
    constexpr explicit LineNumber(int index)
        : m_index(index)
    {}
    // The line a person calls `number` (counted from 1).
    static constexpr LineNumber fromDisplayed(int number) { return LineNumber(number - 1); }
    constexpr int get() const { return m_index; }
    // Counted from 1, for the GUI and reports.
    constexpr int displayed() const { return m_index + 1; }

    friend constexpr auto operator<=>(LineNumber, LineNumber) = default;
    constexpr LineNumber &operator++()
    {
        ++m_index;
        return *this;
    }
    constexpr LineNumber &operator--()
    {
        --m_index;
        return *this;
    }
    constexpr LineNumber &operator+=(LinesCount lines)
    {
        m_index += lines.get();
        return *this;
    }
    constexpr LineNumber &operator-=(LinesCount lines)
    {
        m_index -= lines.get();
        return *this;
    }
    friend constexpr LineNumber operator+(LineNumber line, LinesCount lines)
    {
        return line += lines;
    }
    friend constexpr LineNumber operator-(LineNumber line, LinesCount lines)
    {
        return line -= lines;
    }
    // The lines from `b` up to `a`.
    friend constexpr LinesCount operator-(LineNumber a, LineNumber b)
    {
        return LinesCount(a.m_index - b.m_index);
    }

private:
    int m_index = 0;
};

// A byte offset in a line's text, counted from 0.
class LineColumn
{
public:
    constexpr LineColumn() = default;
    constexpr explicit LineColumn(int offset)
        : m_offset(offset)
    {}
    constexpr int get() const { return m_offset; }

    friend constexpr auto operator<=>(LineColumn, LineColumn) = default;
    friend constexpr LineColumn operator+(LineColumn column, int bytes)
    {
        return LineColumn(column.m_offset + bytes);
    }
    // The bytes from `b` up to `a`.
    friend constexpr int operator-(LineColumn a, LineColumn b) { return a.m_offset - b.m_offset; }

private:
    int m_offset = 0;
};

static_assert(std::is_trivially_copyable_v<LineNumber> && sizeof(LineNumber) == sizeof(int));
static_assert(std::is_trivially_copyable_v<LinesCount> && sizeof(LinesCount) == sizeof(int));
static_assert(std::is_trivially_copyable_v<LineColumn> && sizeof(LineColumn) == sizeof(int));

} // namespace gputriage
