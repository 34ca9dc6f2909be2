#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace gputriage {

// A problem in user input, located as precisely as we know (0 = unknown line/column).
struct Error
{
    QString file;
    int line = 0;
    int column = 0;
    QString message;
    bool warning = false; // noted, but the input was still read in full

    // "file:line:col: message", omitting the parts that are unknown.
    QString toString() const;
};

template<typename T>
class Result
{
public:
    Result(T value)
        : m_value(std::move(value))
    {}
    Result(Error error)
        : m_value(std::move(error))
    {}

    bool ok() const { return m_value.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return std::get<0>(m_value); }
    T &&value() && { return std::get<0>(std::move(m_value)); }
    const Error &error() const { return std::get<1>(m_value); }

private:
    std::variant<T, Error> m_value;
};

} // namespace gputriage
