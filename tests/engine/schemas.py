"""Just enough JSON Schema for the position schemas the engine writes: a checker and a generator.

``violations(schema, value)`` lists where ``value`` breaks ``schema``; ``documents(schema)`` is a
hypothesis strategy of JSON values the schema accepts. Both know exactly the keywords that
``hippodrome.engine.position`` emits (type, enum, minimum/maximum, properties, required,
additionalProperties, items, prefixItems, min/maxItems, uniqueItems, min/maxProperties,
min/maxLength, anyOf) and fail loudly on any other, so a schema cannot pass by saying something
these helpers ignore.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

KNOWN = {
    "$schema",
    "title",
    "description",
    "type",
    "enum",
    "minimum",
    "maximum",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "anyOf",
}

TYPES: dict[str, Any] = {
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def violations(schema: Any, value: Any, where: str = "$") -> list[str]:
    """Every place where ``value`` breaks ``schema`` (empty: it conforms)."""
    if schema is True:
        return []
    if schema is False:
        return [f"{where}: nothing is allowed here"]
    unknown = set(schema) - KNOWN
    assert not unknown, f"{where}: keywords this checker does not know: {unknown}"
    out: list[str] = []
    if "anyOf" in schema and all(violations(s, value, where) for s in schema["anyOf"]):
        out.append(f"{where}: matches none of anyOf")
    kind = schema.get("type")
    if kind is not None and not TYPES[kind](value):
        return [*out, f"{where}: not of type {kind}"]
    if "enum" in schema and not any(_same(value, e) for e in schema["enum"]):
        out.append(f"{where}: {value!r} not in enum")
    if "minimum" in schema and value < schema["minimum"]:
        out.append(f"{where}: below minimum")
    if "maximum" in schema and value > schema["maximum"]:
        out.append(f"{where}: above maximum")
    if isinstance(value, str) and not (
        schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", 1e9)
    ):
        out.append(f"{where}: wrong length")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 1e9):
            out.append(f"{where}: wrong number of items")
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else schema.get("items", True)
            out += violations(sub, item, f"{where}[{i}]")
        if schema.get("uniqueItems"):
            keys = [json.dumps(v, sort_keys=True) for v in value]
            if len(set(keys)) != len(keys):
                out.append(f"{where}: items repeat")
    if isinstance(value, dict):
        n = len(value)
        if n < schema.get("minProperties", 0) or n > schema.get("maxProperties", 1e9):
            out.append(f"{where}: wrong number of entries")
        props = schema.get("properties", {})
        out += [f"{where}.{k}: missing" for k in schema.get("required", []) if k not in value]
        for k, item in value.items():
            sub = props.get(k, schema.get("additionalProperties", True))
            out += violations(sub, item, f"{where}.{k}")
    return out


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def documents(schema: Any, *, max_items: int = 6) -> st.SearchStrategy[Any]:
    """JSON values that ``schema`` accepts (unique items are tried, not forced: filter after)."""
    if schema is True:
        return st.none()
    if "anyOf" in schema:
        return st.one_of([documents(s, max_items=max_items) for s in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema["type"]
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(schema.get("minimum"), schema.get("maximum"))
    if kind == "number":
        return st.floats(
            schema.get("minimum"), schema.get("maximum"), allow_nan=False, allow_infinity=False
        )
    if kind == "string":
        return st.text(min_size=schema.get("minLength", 0), max_size=schema.get("maxLength"))
    if kind == "array":
        if "prefixItems" in schema:
            return st.tuples(
                *(documents(s, max_items=max_items) for s in schema["prefixItems"])
            ).map(list)
        low = schema.get("minItems", 0)
        high = schema.get("maxItems", max(low, max_items))
        items = st.lists(
            documents(schema["items"], max_items=max_items), min_size=low, max_size=high
        )
        if schema.get("uniqueItems"):
            items = items.filter(lambda v: len({json.dumps(x) for x in v}) == len(v))
        return items
    if kind == "object":
        props = schema.get("properties")
        if props is None:
            keys = st.text(max_size=8)
            values = documents(schema["additionalProperties"], max_items=max_items)
            return st.dictionaries(keys, values, max_size=max_items)
        required = set(schema.get("required", ()))
        fixed = {k: documents(s, max_items=max_items) for k, s in props.items() if k in required}
        optional = {
            k: documents(s, max_items=max_items) for k, s in props.items() if k not in required
        }
        return st.fixed_dictionaries(fixed, optional=optional)
    raise AssertionError(f"no generator for {schema!r}")
