#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace gputriage {

class JsonArray;
class JsonObject;

// A JSON value built to be written once: the report is written from it byte for byte as
// QJsonDocument::toJson(Indented) writes the same QJsonObject (keys in order, Qt's escapes),
// without the cost of QJsonObject's inserts (a third of a large report's time to verdict).
class JsonValue
{
public:
    JsonValue() = default; // null
    JsonValue(bool value);
    JsonValue(int value);
    JsonValue(qint64 value);
    JsonValue(const QString &value);
    JsonValue(QLatin1StringView value);
    JsonValue(const char *) = delete; // not a bool
    JsonValue(const JsonArray &value);
    JsonValue(JsonArray &&value);
    JsonValue(const JsonObject &value);
    JsonValue(JsonObject &&value);

    QJsonValue toQJson() const;
    // Appends the value as toJson(Indented) writes it at nesting level `indent`; `bidi`: see
    // JsonObject::Escape.
    void write(std::string &out, int indent, bool bidi) const;

private:
    friend class JsonArray;
    friend class JsonObject;
    enum class Type : unsigned char { Null, Bool, Integer, String, Array, Object };
    static QJsonObject objectToQJson(const std::vector<QString> &keys,
                                     const std::vector<JsonValue> &values);
    static void writeObject(std::string &out,
                            const std::vector<QString> &keys,
                            const std::vector<JsonValue> &values,
                            int indent,
                            bool bidi);
    Type m_type = Type::Null;
    qint64 m_integer = 0;           // Bool and Integer
    QString m_text;                 // String
    std::vector<JsonValue> m_items; // Array; Object: the values, in key order
    std::vector<QString> m_keys;    // Object
};

class JsonArray
{
public:
    void append(JsonValue value) { m_items.push_back(std::move(value)); }
    bool isEmpty() const { return m_items.empty(); }
    static JsonArray fromStringList(const QStringList &list);

private:
    friend class JsonValue;
    std::vector<JsonValue> m_items;
};

// Keys kept in order, as QJsonObject keeps them; inserting a key again replaces its value.
class JsonObject
{
public:
    JsonObject() = default;
    JsonObject(std::initializer_list<std::pair<QString, JsonValue>> members);
    void insert(const QString &key, JsonValue value);

    QJsonObject toQJson() const;
    // BidiControls: those characters as \u escapes too (the same strings, but a viewer of the
    // file does not show them reordered).
    enum class Escape { QtEscapes, BidiControls };
    // The document: toJson(Indented) of the same object.
    QByteArray toJson(Escape escape = Escape::QtEscapes) const;

private:
    friend class JsonValue;
    std::vector<QString> m_keys;
    std::vector<JsonValue> m_values;
};

} // namespace gputriage
