#include "report/jsonwriter.h"

#include "report/textreport.h"

#include <QJsonArray>

#include <algorithm>
#include <charconv>
#include <iterator>

namespace gputriage {

namespace {

char hexDigit(unsigned u)
{
    return char(u < 10 ? '0' + u : 'a' + u - 10);
}

// A string as Qt's JSON writer escapes it: quotes, backslashes and control characters escaped,
// the rest as UTF-8; a lone surrogate (and with `bidi` a bidirectional control) as \uXXXX.
// Written in place (at most 6 bytes a unit).
void appendEscaped(std::string &out, const QString &s, bool bidi)
{
    const auto *p = reinterpret_cast<const char16_t *>(s.utf16());
    const char16_t *const end = p + s.size();
    const size_t at = out.size();
    out.resize(at + 6 * size_t(s.size()));
    char *const begin = out.data() + at;
    char *o = begin;
    auto escape = [&o](char16_t u) {
        *o++ = '\\';
        *o++ = 'u';
        for (int shift = 12; shift >= 0; shift -= 4)
            *o++ = hexDigit((u >> shift) & 0xf);
    };
    while (p < end) {
        const char16_t u = *p++;
        if (u < 0x80) {
            if (u >= 0x20 && u != '"' && u != '\\') {
                *o++ = char(u);
                continue;
            }
            switch (u) {
            case '"': *o++ = '\\', *o++ = '"'; break;
            case '\\': *o++ = '\\', *o++ = '\\'; break;
            case 0x8: *o++ = '\\', *o++ = 'b'; break;
            case 0xc: *o++ = '\\', *o++ = 'f'; break;
            case 0xa: *o++ = '\\', *o++ = 'n'; break;
            case 0xd: *o++ = '\\', *o++ = 'r'; break;
            case 0x9: *o++ = '\\', *o++ = 't'; break;
            default: escape(u);
            }
        } else if (const bool keep = !bidi || !isBidiControl(u); keep && u < 0x800) {
            *o++ = char(0xc0 | (u >> 6));
            *o++ = char(0x80 | (u & 0x3f));
        } else if (keep && !QChar::isSurrogate(u)) {
            *o++ = char(0xe0 | (u >> 12));
            *o++ = char(0x80 | ((u >> 6) & 0x3f));
            *o++ = char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && p < end && QChar::isLowSurrogate(*p)) {
            const char32_t c = QChar::surrogateToUcs4(u, *p++);
            *o++ = char(0xf0 | (c >> 18));
            *o++ = char(0x80 | ((c >> 12) & 0x3f));
            *o++ = char(0x80 | ((c >> 6) & 0x3f));
            *o++ = char(0x80 | (c & 0x3f));
        } else { // a bidirectional control (asked for), a lone surrogate
            escape(u);
        }
    }
    out.resize(at + size_t(o - begin));
}

void appendIndent(std::string &out, int indent)
{
    out.append(size_t(4 * indent), ' ');
}

} // namespace

JsonValue::JsonValue(bool value)
    : m_type(Type::Bool)
    , m_integer(value)
{}

JsonValue::JsonValue(int value)
    : JsonValue(qint64(value))
{}

JsonValue::JsonValue(qint64 value)
    : m_type(Type::Integer)
    , m_integer(value)
{}

JsonValue::JsonValue(const QString &value)
    : m_type(Type::String)
    , m_text(value)
{}

JsonValue::JsonValue(QLatin1StringView value)
    : JsonValue(QString(value))
{}

JsonValue::JsonValue(const JsonArray &value)
    : m_type(Type::Array)
    , m_items(value.m_items)
{}

JsonValue::JsonValue(JsonArray &&value)
    : m_type(Type::Array)
    , m_items(std::move(value.m_items))
{}

JsonValue::JsonValue(const JsonObject &value)
    : m_type(Type::Object)
    , m_items(value.m_values)
    , m_keys(value.m_keys)
{}

JsonValue::JsonValue(JsonObject &&value)
    : m_type(Type::Object)
    , m_items(std::move(value.m_values))
    , m_keys(std::move(value.m_keys))
{}

QJsonValue JsonValue::toQJson() const
{
    switch (m_type) {
    case Type::Null: return QJsonValue();
    case Type::Bool: return QJsonValue(m_integer != 0);
    case Type::Integer: return QJsonValue(m_integer);
    case Type::String: return QJsonValue(m_text);
    case Type::Array: {
        QJsonArray a;
        for (const JsonValue &v : m_items)
            a.append(v.toQJson());
        return a;
    }
    case Type::Object: return objectToQJson(m_keys, m_items);
    }
    return QJsonValue();
}

QJsonObject JsonValue::objectToQJson(const std::vector<QString> &keys,
                                     const std::vector<JsonValue> &values)
{
    QJsonObject o;
    for (size_t i = 0; i < keys.size(); ++i)
        o.insert(keys[i], values[i].toQJson());
    return o;
}

void JsonValue::write(std::string &out, int indent, bool bidi) const
{
    switch (m_type) {
    case Type::Null: out.append("null", 4); return;
    case Type::Bool: out.append(m_integer ? "true" : "false"); return;
    case Type::Integer: {
        char digits[24];
        const char *end = std::to_chars(std::begin(digits), std::end(digits), m_integer).ptr;
        out.append(digits, end - digits);
        return;
    }
    case Type::String:
        out.push_back('"');
        appendEscaped(out, m_text, bidi);
        out.push_back('"');
        return;
    case Type::Array:
        out.append("[\n", 2);
        for (size_t i = 0; i < m_items.size(); ++i) {
            appendIndent(out, indent + 1);
            m_items[i].write(out, indent + 1, bidi);
            out.append(i + 1 < m_items.size() ? ",\n" : "\n");
        }
        appendIndent(out, indent);
        out.push_back(']');
        return;
    case Type::Object: writeObject(out, m_keys, m_items, indent, bidi); return;
    }
}

void JsonValue::writeObject(std::string &out,
                            const std::vector<QString> &keys,
                            const std::vector<JsonValue> &values,
                            int indent,
                            bool bidi)
{
    out.append("{\n", 2);
    for (size_t i = 0; i < keys.size(); ++i) {
        appendIndent(out, indent + 1);
        out.push_back('"');
        appendEscaped(out, keys[i], bidi);
        out.append("\": ", 3);
        values[i].write(out, indent + 1, bidi);
        out.append(i + 1 < keys.size() ? ",\n" : "\n");
    }
    appendIndent(out, indent);
    out.push_back('}');
}

JsonArray JsonArray::fromStringList(const QStringList &list)
{
    JsonArray a;
    a.m_items.reserve(size_t(list.size()));
    for (const QString &s : list)
        a.m_items.emplace_back(s);
    return a;
}

JsonObject::JsonObject(std::initializer_list<std::pair<QString, JsonValue>> members)
{
    m_keys.reserve(members.size());
    m_values.reserve(members.size());
    for (const auto &[key, value] : members)
        insert(key, value);
}

void JsonObject::insert(const QString &key, JsonValue value)
{
    // QJsonObject's order: its keys compared as strings.
    const auto at = std::lower_bound(m_keys.begin(), m_keys.end(), key);
    const auto index = at - m_keys.begin();
    if (at != m_keys.end() && *at == key) {
        m_values[size_t(index)] = std::move(value);
        return;
    }
    m_keys.insert(at, key);
    m_values.insert(m_values.begin() + index, std::move(value));
}

QJsonObject JsonObject::toQJson() const
{
    return JsonValue::objectToQJson(m_keys, m_values);
}

QByteArray JsonObject::toJson(Escape escape) const
{
    std::string out;
    out.reserve(64 * 1024);
    JsonValue::writeObject(out, m_keys, m_values, 0, escape == Escape::BidiControls);
    out.push_back('\n');
    return QByteArray(out.data(), qsizetype(out.size()));
}

} // namespace gputriage
