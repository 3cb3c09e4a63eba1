package com.bigtimedeals.engine.json;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.Map;

import com.bigtimedeals.engine.value.Numbers;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** Writes values in the service's wire form: {@code {"S": "..."}}, numbers as strings, binaries in base64. */
public final class ValueJson {
    private ValueJson() {
    }

    public static void writeItem(JsonGenerator out, Map<String, Value> item) throws IOException {
        out.writeStartObject();
        for (Map.Entry<String, Value> e : item.entrySet()) {
            out.writeFieldName(e.getKey());
            write(out, e.getValue());
        }
        out.writeEndObject();
    }

    public static void writeItemField(JsonGenerator out, String field, Map<String, Value> item) throws IOException {
        out.writeFieldName(field);
        writeItem(out, item);
    }

    public static void write(JsonGenerator out, Value value) throws IOException {
        out.writeStartObject();
        switch (value.type()) {
            case S:
                out.writeStringField("S", ((Value.S) value).value());
                break;
            case N:
                out.writeStringField("N", ((Value.N) value).text());
                break;
            case B:
                out.writeFieldName("B");
                out.writeBinary(((Value.B) value).toByteArray());
                break;
            case BOOL:
                out.writeBooleanField("BOOL", ((Value.Bool) value).value());
                break;
            case NULL:
                out.writeBooleanField("NULL", true);
                break;
            case SS:
                out.writeArrayFieldStart("SS");
                for (String s : ((Value.SS) value).values()) {
                    out.writeString(s);
                }
                out.writeEndArray();
                break;
            case NS:
                out.writeArrayFieldStart("NS");
                for (BigDecimal n : ((Value.NS) value).values()) {
                    out.writeString(Numbers.text(n));
                }
                out.writeEndArray();
                break;
            case BS:
                out.writeArrayFieldStart("BS");
                for (Value.B b : ((Value.BS) value).values()) {
                    out.writeBinary(b.toByteArray());
                }
                out.writeEndArray();
                break;
            case L:
                out.writeArrayFieldStart("L");
                for (Value v : ((Value.L) value).values()) {
                    write(out, v);
                }
                out.writeEndArray();
                break;
            case M:
                out.writeFieldName("M");
                writeItem(out, ((Value.M) value).values());
                break;
            default:
                throw new IllegalStateException(value.type().name());
        }
        out.writeEndObject();
    }
}
