package com.bigtimedeals.service;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** Writes and reads the values domain records are made of; anything else is refused when it is first recorded. */
final class RecordBytes {
    /** The first byte of every record written here: a later change of the layout gets a new one. */
    private static final byte FORMAT = 1;

    private RecordBytes() {
    }

    static <R extends Record> byte[] encode(Class<R> type, R result) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(FORMAT);
            write(out, type, result);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Refuses bytes of another format rather than misread them as this one. */
    static <R extends Record> R decode(Class<R> type, byte[] recorded) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(recorded))) {
            if (in.readByte() != FORMAT) {
                throw new IllegalStateException("an idempotency record in a format this code does not read");
            }
            return type.cast(read(in, type));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(DataOutputStream out, Type type, Object value) throws IOException {
        Class<?> c = raw(type);
        if (c == long.class) {
            out.writeLong((Long) value);
            return;
        }
        if (c == int.class) {
            out.writeInt((Integer) value);
            return;
        }
        if (c == boolean.class) {
            out.writeBoolean((Boolean) value);
            return;
        }
        if (c == double.class) {
            out.writeDouble((Double) value);
            return;
        }
        out.writeBoolean(value != null);
        if (value == null) {
            return;
        }
        if (c == String.class) {
            text(out, (String) value);
        } else if (c == Long.class || c == Integer.class || c == Boolean.class || c == Double.class) {
            write(out, primitive(c), value);
        } else if (c == Instant.class) {
            out.writeLong(((Instant) value).getEpochSecond());
            out.writeInt(((Instant) value).getNano());
        } else if (c == BigDecimal.class || c == LocalDate.class) {
            text(out, value.toString());
        } else if (c.isEnum()) {
            text(out, ((Enum<?>) value).name());
        } else if (c == List.class) {
            Type element = ((ParameterizedType) type).getActualTypeArguments()[0];
            out.writeInt(((List<?>) value).size());
            for (Object e : (List<?>) value) {
                write(out, element, e);
            }
        } else if (c.isRecord()) {
            for (RecordComponent component : c.getRecordComponents()) {
                write(out, component.getGenericType(), component(component, value));
            }
        } else if (c.isSealed()) {
            Class<?>[] permitted = c.getPermittedSubclasses();
            int which = List.of(permitted).indexOf(value.getClass());
            if (which < 0) {
                throw new IllegalArgumentException("cannot record a " + value.getClass().getName());
            }
            out.writeInt(which);
            write(out, permitted[which], value);
        } else {
            throw new IllegalArgumentException("cannot record a " + c.getName());
        }
    }

    private static Object read(DataInputStream in, Type type) throws IOException {
        Class<?> c = raw(type);
        if (c == long.class) {
            return in.readLong();
        }
        if (c == int.class) {
            return in.readInt();
        }
        if (c == boolean.class) {
            return in.readBoolean();
        }
        if (c == double.class) {
            return in.readDouble();
        }
        if (!in.readBoolean()) {
            return null;
        }
        if (c == String.class) {
            return text(in);
        }
        if (c == Long.class || c == Integer.class || c == Boolean.class || c == Double.class) {
            return read(in, primitive(c));
        }
        if (c == Instant.class) {
            return Instant.ofEpochSecond(in.readLong(), in.readInt());
        }
        if (c == BigDecimal.class) {
            return new BigDecimal(text(in));
        }
        if (c == LocalDate.class) {
            return LocalDate.parse(text(in));
        }
        if (c.isEnum()) {
            return enumConstant(c, text(in));
        }
        if (c == List.class) {
            Type element = ((ParameterizedType) type).getActualTypeArguments()[0];
            int size = in.readInt();
            List<Object> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(read(in, element));
            }
            return List.copyOf(list);
        }
        if (c.isRecord()) {
            RecordComponent[] components = c.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            Object[] values = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                values[i] = read(in, components[i].getGenericType());
            }
            return construct(c, types, values);
        }
        if (c.isSealed()) {
            return read(in, c.getPermittedSubclasses()[in.readInt()]);
        }
        throw new IllegalArgumentException("cannot read a recorded " + c.getName());
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    private static Class<?> primitive(Class<?> boxed) {
        return boxed == Long.class ? long.class : boxed == Integer.class ? int.class
                : boxed == Boolean.class ? boolean.class : double.class;
    }

    /** Length and UTF-8 bytes: {@code writeUTF} stops at 64 KB, a comment or a description need not. */
    private static void text(DataOutputStream out, String s) throws IOException {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    private static String text(DataInputStream in) throws IOException {
        byte[] utf8 = new byte[in.readInt()];
        in.readFully(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> c, String name) {
        return Enum.valueOf((Class) c, name);
    }

    private static Object component(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component, e);
        }
    }

    private static Object construct(Class<?> c, Class<?>[] types, Object[] values) {
        try {
            Constructor<?> canonical = c.getDeclaredConstructor(types);
            return canonical.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot rebuild a recorded " + c.getName(), e);
        }
    }
}
