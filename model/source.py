"""Reading user YAML with line numbers, so every mistake can name file, line and field.

``Field`` wraps one value of a parsed document together with where it came from; its
accessors check type and shape and raise ``ScenarioError`` pointing at the exact spot.
"""
from __future__ import annotations

import builtins
import difflib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import yaml

from mtgrules.model.errors import Location, ScenarioError

_TYPE_NAMES = {str: "a text", int: "a whole number", bool: "true or false",
               list: "a list", dict: "a mapping of field: value"}


@dataclass(frozen=True)
class Field:
    """A value from a YAML document, with its file, line and dotted path."""

    value: Any
    path: str
    file: str | None
    line: int | None
    _children: Any = None  # dict key -> Field, or list of Field

    # -- construction -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, file: str | None = None) -> Field:
        try:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            problem = getattr(exc, "problem", None) or str(exc)
            raise ScenarioError(Location(file, line, ""), f"this is not valid YAML ({problem})",
                                "a YAML document") from None
        if node is None:
            raise ScenarioError(Location(file, 1, ""), "the file is empty", "a YAML mapping")
        return cls._build(node, "", file)

    @classmethod
    def _build(cls, node: yaml.Node, path: str, file: str | None) -> Field:
        line = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            children: dict[str, Field] = {}
            for key_node, value_node in node.value:
                key = str(yaml.SafeLoader(" ").construct_object(key_node))
                if key in children:
                    raise ScenarioError(Location(file, key_node.start_mark.line + 1, _join(path, key)),
                                        "this field is given twice", "each field once")
                children[key] = cls._build(value_node, _join(path, key), file)
            return cls({k: v.value for k, v in children.items()}, path, file, line, children)
        if isinstance(node, yaml.SequenceNode):
            items = [cls._build(n, f"{path}[{i}]", file) for i, n in enumerate(node.value)]
            return cls([f.value for f in items], path, file, line, items)
        value = yaml.SafeLoader(" ").construct_object(node)
        if hasattr(value, "isoformat"):  # YAML dates stay ISO strings
            value = value.isoformat()
        return cls(value, path, file, line)

    @classmethod
    def of(cls, value: Any, path: str = "", file: str | None = None) -> Field:
        """Wrap a plain Python value (from the API) so it is validated the same way."""
        if isinstance(value, dict):
            kids = {str(k): cls.of(v, _join(path, str(k)), file) for k, v in value.items()}
            return cls(value, path, file, None, kids)
        if isinstance(value, (list, tuple)):
            items = [cls.of(v, f"{path}[{i}]", file) for i, v in enumerate(value)]
            return cls(list(value), path, file, None, items)
        return cls(value, path, file, None)

    # -- errors ---------------------------------------------------------------------------
    @property
    def location(self) -> Location:
        return Location(self.file, self.line, self.path)

    def error(self, problem: str, expected: str = "", suggestion: str = "") -> ScenarioError:
        return ScenarioError(self.location, problem, expected, suggestion)

    def unknown(self, name: str, known: Iterable[str], what: str) -> ScenarioError:
        known = sorted(set(known))
        return self.error(f"unknown {what} '{name}'", f"one of: {', '.join(known)}"
                          if len(known) <= 30 else f"a known {what}", did_you_mean(name, known))

    # -- shape checks ---------------------------------------------------------------------
    def _is(self, kind: type) -> None:
        ok = isinstance(self.value, kind) and not (kind is int and isinstance(self.value, bool))
        if not ok:
            raise self.error(f"got {_describe(self.value)}", _TYPE_NAMES.get(kind, kind.__name__))

    def mapping(self, required: Iterable[str] = (), optional: Iterable[str] = ()) -> Field:
        """Check this is a mapping with exactly these fields allowed; returns self."""
        self._is(dict)
        required, allowed = list(required), set(required) | set(optional)
        for key, child in self._children.items():
            if key not in allowed:
                raise child.error(f"unknown field '{key}'",
                                  f"one of: {', '.join(sorted(allowed))}", did_you_mean(key, allowed))
        for key in required:
            if key not in self._children:
                raise self.error(f"the required field '{key}' is missing",
                                 f"a field '{key}' here")
        return self

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self._children

    def __getitem__(self, key: str) -> Field:
        self._is(dict)
        if key not in self._children:
            raise self.error(f"the required field '{key}' is missing", f"a field '{key}' here")
        child: Field = self._children[key]
        return child

    def get(self, key: str, default: Any = None) -> Field:
        self._is(dict)
        if key in self._children:
            child: Field = self._children[key]
            return child
        missing = Field.of(default, _join(self.path, key), self.file)
        return Field(missing.value, missing.path, self.file, self.line, missing._children)

    def items(self) -> Iterator[tuple[str, Field]]:
        self._is(dict)
        return iter(self._children.items())

    def keys(self) -> list[str]:
        self._is(dict)
        return list(self._children)

    def list(self, allow_single: bool = False) -> list[Field]:
        if allow_single and not isinstance(self.value, list):
            return [self]
        self._is(list)
        return list(self._children)

    def str(self) -> builtins.str:
        if isinstance(self.value, (int, float)) and not isinstance(self.value, bool):
            return builtins.str(self.value)
        self._is(builtins.str)
        return builtins.str(self.value)

    def int(self, minimum: builtins.int | None = None,
            maximum: builtins.int | None = None) -> builtins.int:
        self._is(int)
        low = minimum is not None and self.value < minimum
        high = maximum is not None and self.value > maximum
        if low or high:
            bounds = (f"from {minimum} to {maximum}" if minimum is not None and maximum is not None
                      else f"of at least {minimum}" if minimum is not None else f"of at most {maximum}")
            raise self.error(f"got {self.value}", f"a whole number {bounds}")
        return builtins.int(self.value)

    def bool(self) -> builtins.bool:
        self._is(builtins.bool)
        return builtins.bool(self.value)

    def choice(self, options: Iterable[builtins.str], what: builtins.str = "value") -> builtins.str:
        text = self.str()
        known = builtins.list(options)
        if text not in known:
            raise self.unknown(text, known, what)
        return text

    @property
    def is_none(self) -> builtins.bool:
        return self.value is None


def did_you_mean(name: str, known: Iterable[str]) -> str:
    lower = {k.lower(): k for k in known}
    close = difflib.get_close_matches(name.lower(), list(lower), n=1, cutoff=0.6)
    return f"Did you mean '{lower[close[0]]}'?" if close else ""


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    for kind, name in _TYPE_NAMES.items():
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return f"{name} ({value!r})" if kind in (str, int, bool) else name
    return repr(value)
