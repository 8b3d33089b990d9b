"""Mutants generated from the published JSON Schema itself (``mtgrules.model.schema``): every
field the schema describes, each given values the schema refuses and values it accepts, in a
document that is otherwise valid. The loader must agree with the schema on each.

``fields(schema, base)`` walks the schema alongside a valid base document and yields each field
as a ``Site``: its path, its subschema, and how to put a value there (the rest of the document
filled with valid example values). ``refused(schema)`` and ``accepted(schema)`` give the values.
Where a valid value depends on the game (a card that exists, a player of the state), ``CONTEXT``
gives one the loader can find.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

Path = tuple[Any, ...]

# Values a valid document needs that no schema can say (they name things of the game): by the
# last keys of a field's path ('*' for any key or index).
CONTEXT: list[tuple[Path, Any]] = [
    (("players",), ["alice", "bob"]),
    (("players", "*"), "alice"),
    (("active",), "alice"), (("priority",), "alice"),
    (("controller",), "alice"), (("effects", "*", "target"), "bob"),
    (("effects", "*", "what"), "Grizzly Bears"),
    (("effects", "*", "from"), "Explore"),
    (("effects", "*"), {"from": "Explore", "controller": "alice"}),
    (("battlefield", "*", "card"), "Grizzly Bears"), (("hand", "*", "card"), "Grizzly Bears"),
    (("card",), "Grizzly Bears"),
    (("verdict",), "stands"), (("question", "kind"), "sequencing"),
    (("cites", "*"), "CR 101.2"),
    (("create-token", "card"), "Grizzly Bears"),
    # a scenario's card needs its types unless a card export gives them (an if/then of the schema)
    (("cards", "*"), {"name": "Test Card", "types": ["creature"], "kicker": "{2}"}),
    (("modes", "options"), [{}, {}]),
]
"""Examples by path suffix: a zone's card, a player, what a lasting effect names …"""

PATTERN_EXAMPLES = {"name": "Test Card", "subtypes": "Goblin", "players": "alice",
                    "mana-pool": "{G}", "add": "{G}", "mana": "{1}{G}", "cost": "{1}{G}",
                    "kicker": "{2}", "edition": "2010-01-01", "multikicker": "{1}",
                    "entwine": "{2}", "buyback": "{3}", "morph": "{2}{W}", "flashback": "{R}",
                    "onto": "Arcane"}
"""A value matching each pattern, by the field's name (a list's items by the list's name)."""


def resolve(schema: dict, root: dict) -> dict:
    while "$ref" in schema:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        schema = {**{k: v for k, v in schema.items() if k != "$ref"}, **target}
    return schema


def _context(path: Path) -> tuple[bool, Any]:
    for suffix, value in CONTEXT:
        tail = path[-len(suffix):]
        if len(tail) == len(suffix) and all(s in ("*", t) for s, t in zip(suffix, tail)):
            return True, copy.deepcopy(value)
    return False, None


def _name(path: Path) -> str:
    named = [p for p in path if isinstance(p, str)]
    return named[-1] if named else ""


def example(schema: dict, root: dict, path: Path = (), context: bool = True) -> Any:
    """A valid value for ``schema`` at ``path`` (the game's names from ``CONTEXT``, unless
    ``context`` is false: the example of this very schema)."""
    found, value = _context(path)
    if found and context:
        return value
    schema = resolve(schema, root)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return example(schema[key][0], root, path)
    kind = schema.get("type")
    if kind == "object" or "properties" in schema or "required" in schema:
        out = {}
        for name in schema.get("required", []):
            sub = schema.get("properties", {}).get(name, {})
            out[name] = example(sub, root, (*path, name))
        return out
    if kind == "array":
        item = example(schema.get("items", {}), root, (*path, 0))
        return [item] * schema.get("minItems", 0)
    if kind == "integer":
        return max(schema.get("minimum", 0), min(1, schema.get("maximum", 1)))
    if kind == "boolean":
        return True
    if kind == "string":
        if "pattern" in schema:
            return PATTERN_EXAMPLES[_name(path)]
        return "x"
    return None


@dataclass
class Site:
    """One field of a document the schema describes."""

    path: Path
    schema: dict
    place: Callable[[Any], Any]
    """The whole document with a value put at ``path`` (``DELETE``: the field taken out)."""
    required: bool


DELETE = object()


def fields(schema: dict, root: dict, document: Any, place: Callable[[Any], Any] | None = None,
           path: Path = ()) -> Iterator[Site]:
    """Every field of ``schema`` below ``path``, each in a valid document built around
    ``document`` (the value at ``path``)."""
    place = place or (lambda v: v)
    for branch in _branches(schema, root):
        if branch.get("type") == "object" or "properties" in branch:
            base = document if isinstance(document, dict) and _fits(branch, document) else \
                example(branch, root, path, context=False)
            for name, sub in branch.get("properties", {}).items():
                if name in ("do",):
                    continue
                value = base.get(name) if name in base else example(sub, root, (*path, name))
                companions = _companions(branch, name, root, path)

                def put(v: Any, base: dict = base, name: str = name, companions: dict = companions) -> Any:
                    new = {**base, **companions}
                    if v is DELETE:
                        new.pop(name, None)
                    else:
                        new[name] = v
                    return place(new)

                yield Site((*path, name), sub, put, name in branch.get("required", []))
                yield from fields(sub, root, value, put, (*path, name))
            extra = branch.get("additionalProperties")
            if isinstance(extra, dict) and path == ("state",):  # a player's fields
                yield from fields(extra, root, base.get("alice", {}),
                                  lambda v, base=base: place({**base, "alice": v}),
                                  (*path, "alice"))
        elif branch.get("type") == "array" and "items" in branch:
            item = (document[0] if isinstance(document, list) and document
                    else example(branch["items"], root, (*path, 0)))

            def put_item(v: Any, place: Callable = place) -> Any:
                return place([] if v is DELETE else [v])

            yield Site((*path, 0), branch["items"], put_item, False)
            yield from fields(branch["items"], root, item, put_item, (*path, 0))


def _branches(schema: dict, root: dict) -> list[dict]:
    """The alternatives of a schema (nested oneOf and references followed)."""
    schema = resolve(schema, root)
    if "oneOf" not in schema:
        return [schema]
    return [b for branch in schema["oneOf"] for b in _branches(branch, root)]


def _fits(branch: dict, document: dict) -> bool:
    props = branch.get("properties", {})
    if "do" in props and document.get("do") != props["do"].get("const"):
        return False
    required = branch.get("required", [])
    return all(r in document for r in required) and (
        branch.get("additionalProperties", True) is not False or set(document) <= set(props))


def _companions(branch: dict, name: str, root: dict, path: Path) -> dict:
    """The values another field must have for ``name`` to mean something (the schema's
    if/then: a zone only with casting spells …), or to leave out (not both target and what)."""
    out: dict = {}
    for rule in branch.get("allOf", []):
        if "if" in rule and rule["if"].get("required") == [name]:
            for other, sub in rule["then"].get("properties", {}).items():
                if "enum" in sub:
                    out[other] = sub["enum"][0]
    return out


def refused(schema: dict, root: dict, path: Path) -> list[tuple[str, Any]]:
    """Values the schema refuses at a field (described), some for each of its constraints."""
    schema = resolve(schema, root)
    out: list[tuple[str, Any]] = [("a list", ["x"]), ("a mapping", {"x": 1})]
    if "const" in schema:
        out += [("another word", f"{schema['const']}x")]
    if "enum" in schema:
        words = [w for w in schema["enum"] if isinstance(w, str)]
        if words:
            w = words[0]
            out += [("a misspelt word", w[:-1] + ("s" if w[-1:] != "s" else "z")),
                    ("a padded word", f" {w}"), ("upper case", w.upper() if w.upper() != w else w + "X"),
                    ("a look-alike letter", w.replace("o", "ο").replace("a", "а").replace("e", "е")
                     if re.search("[oae]", w) else w + "ο"), ("a number", 7)]
    branches = [resolve(b, root) for b in schema.get("oneOf", schema.get("anyOf", [schema]))]
    kinds = {b.get("type") for b in branches}
    if "integer" in kinds:
        b = next(b for b in branches if b.get("type") == "integer")
        out += [("a fraction", 1.5), ("a text", "three"), ("true", True)]
        if "minimum" in b:
            out.append(("below the minimum", b["minimum"] - 1))
        if "maximum" in b:
            out += [("above the maximum", b["maximum"] + 1), ("far above", 2**31)]
    if "boolean" in kinds:
        out += [("a word", "yes"), ("a number", 1)]
    if "string" in kinds:
        b = next(b for b in branches if b.get("type") == "string")
        out += [("a number", 12), ("true", True)]
        if b.get("minLength"):
            out.append(("an empty text", ""))
        if "pattern" in b:
            out += [(f"a text outside the pattern ({bad!r})", bad)
                    for bad in ("", " padded", "a b", "x#2", "{Q}", "{2}", "{G}{", "{99999}")
                    if not re.search(b["pattern"], bad)]
    if "array" in kinds:
        out += [("a text", "word"), ("a number", 3)]
    objects = [b for b in branches if b.get("type") == "object" or "properties" in b]
    if objects:
        out += [("a text", "word"), ("an unknown field",
                                     {**(example(objects[0], root, path) or {}), "colour": 1})]
    return out


def accepted(schema: dict, root: dict, path: Path) -> list[Any]:
    """Values the schema accepts at a field, one for each word, bound and truth value."""
    found, value = _context(path)
    if found:
        return [value]
    schema = resolve(schema, root)
    if "enum" in schema:
        return list(schema["enum"])
    out = []
    for b in (resolve(b, root) for b in schema.get("oneOf", schema.get("anyOf", [schema]))):
        if "enum" in b:
            out += b["enum"]
        elif "const" in b:
            out.append(b["const"])
        elif b.get("type") == "integer":
            out += [b.get("minimum", 0), b.get("maximum", 3)]
        elif b.get("type") == "boolean":
            out += [True, False]
    return out
