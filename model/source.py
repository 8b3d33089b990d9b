"""Reading user YAML with line numbers, so every mistake can name file, line and field.

``Field`` wraps one value of a parsed document together with where it came from; its
accessors check type and shape and raise ``ScenarioError`` pointing at the exact spot.
"""
from __future__ import annotations

import builtins
import difflib
import re
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
        """Parse one YAML document. Untrusted input: the text, its nesting depth and the
        number of values it expands to (aliases included) are bounded before anything is built,
        so an alias bomb or a deeply nested file is refused quickly and in little memory."""
        if len(text) > MAX_TEXT:
            raise ScenarioError(Location(file, None, ""),
                                f"the file holds {len(text)} characters",
                                f"at most {MAX_TEXT} characters in a scenario or card file")
        try:
            _check_shape(text, file)
            node = yaml.compose(text, Loader=_Loader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            problem = getattr(exc, "problem", None) or str(exc)
            raise ScenarioError(Location(file, line, ""), f"this is not valid YAML ({problem})",
                                "a YAML document") from None
        if node is None:
            raise ScenarioError(Location(file, 1, ""), "the file is empty", "a YAML mapping")
        return cls._build(node, "", file, [0])

    @classmethod
    def _build(cls, node: yaml.Node, path: str, file: str | None, built: list[int],
               active: tuple[int, ...] = ()) -> Field:
        line = node.start_mark.line + 1
        built[0] += 1
        if built[0] > MAX_VALUES:
            raise ScenarioError(Location(file, line, path),
                                f"the document expands to more than {MAX_VALUES} values "
                                "(aliases count each time they are used)",
                                "a scenario of a sensible size")
        if id(node) in active:
            raise ScenarioError(Location(file, line, path), "an alias refers to itself",
                                "an alias to a value defined earlier, outside it")
        if node.tag not in _PLAIN_TAGS:
            raise ScenarioError(Location(file, line, path), f"the YAML tag '{node.tag}' is not "
                                "supported", "plain values, lists and mappings (no tags)")
        inside = (*active, id(node))
        if isinstance(node, yaml.MappingNode):
            children: dict[str, Field] = {}
            merged: dict[str, Field] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise ScenarioError(Location(file, key_node.start_mark.line + 1, path),
                                        "a field name is a list or a mapping", "a plain name")
                if key_node.tag == "tag:yaml.org,2002:merge":  # `<<: *base` (merge key)
                    for source in _merge_sources(value_node, file, path):
                        base = cls._build(source, path, file, built, inside)
                        for k, v in base.items():
                            merged.setdefault(k, v)
                    continue
                key = _scalar(key_node, file, path)
                key = builtins.str(key)
                if key in children:
                    raise ScenarioError(Location(file, key_node.start_mark.line + 1, _join(path, key)),
                                        "this field is given twice", "each field once")
                children[key] = cls._build(value_node, _join(path, key), file, built, inside)
            for k, v in merged.items():  # explicit fields win over merged ones
                children.setdefault(k, v)
            return cls({k: v.value for k, v in children.items()}, path, file, line, children)
        if isinstance(node, yaml.SequenceNode):
            items = [cls._build(n, f"{path}[{i}]", file, built, inside)
                     for i, n in enumerate(node.value)]
            return cls([f.value for f in items], path, file, line, items)
        return cls(_scalar(node, file, path), path, file, line)

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
                raise self.missing(key)
        return self

    def missing(self, key: builtins.str) -> ScenarioError:
        """A required field left out: named by its own path, on the line of the mapping that
        should hold it."""
        return ScenarioError(Location(self.file, self.line, _join(self.path, key)),
                             f"the required field '{key}' is missing", f"a field '{key}' here")

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self._children

    def __getitem__(self, key: str) -> Field:
        self._is(dict)
        if key not in self._children:
            raise self.missing(key)
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
        """A text. A number or true/false where a text is expected is refused, never turned
        into one: the published schema says "string" there, and the loader agrees."""
        if isinstance(self.value, (int, float, bool)):
            written = builtins.str(self.value).lower() if isinstance(self.value, bool) else self.value
            raise self.error(f"got {_describe(self.value)}", "a text",
                             f"Write it in quotes if it is meant as text: \"{written}\".")
        self._is(builtins.str)
        return builtins.str(self.value)

    def name(self, pattern: builtins.str, what: builtins.str, expected: builtins.str) -> builtins.str:
        """A text that must match ``pattern`` whole (a card's or a player's name)."""
        text = self.str()
        if not re.fullmatch(pattern, text):
            raise self.error(f"'{text}' is not {what}", expected)
        return text

    def int(self, minimum: builtins.int | None = None,
            maximum: builtins.int | None = None) -> builtins.int:
        self._is(int)
        minimum = -MAX_INT if minimum is None else minimum
        maximum = MAX_INT if maximum is None else maximum
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


MAX_TEXT = 1_000_000
"""The largest scenario or card file read, in characters."""
MAX_DEPTH = 50
"""The deepest nesting of lists and mappings a file may have."""
MAX_VALUES = 20_000
"""The most values a document may expand to, aliases counted each time they are used."""
MAX_ITEMS = 5_000
"""The most values in one list or mapping (aliases expanded)."""
MAX_INT = 2**31 - 1
"""No number read from a file may leave clingo's 32-bit integers, whatever the field."""

_PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in
                        ("str", "int", "bool", "null", "float", "map", "seq", "timestamp",
                         "value"))
"""The tags plain YAML values resolve to (an explicit tag is refused before, by the event walk)."""


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONSTRUCTOR = yaml.SafeLoader(" ")


@dataclass
class _Open:
    """A list or mapping still open while the YAML events are walked."""

    mapping: bool
    anchor: str | None = None
    size: int = 0
    """Values counted in it so far (aliases expanded)."""
    index: int = 0
    """For a list: the index of the next item."""
    at_key: bool = True
    """For a mapping: whether the next value is a key."""
    key: str = ""
    """For a mapping: the key whose value comes next."""


def _event_path(frames: builtins.list[_Open], event: yaml.Event) -> str:
    """The field path of the value an event starts (a key: the key's own path)."""
    path = ""
    for n, frame in enumerate(frames[1:], start=1):
        innermost = n == len(frames) - 1
        if not frame.mapping:
            path = f"{path}[{frame.index}]"
        elif not frame.at_key:
            path = _join(path, frame.key)
        elif innermost and isinstance(event, yaml.ScalarEvent):
            path = _join(path, builtins.str(event.value))
    return path


def _check_shape(text: str, file: str | None) -> None:
    """Walk the YAML events (no recursion, nothing built) and refuse, before the composer (which
    recurses) sees the document: a tag (``!!bool``, ``!!int``, ``!foo`` …: a file says values
    plainly), nesting too deep, too long a list, or a document expanding (aliases counted each
    time they are used) to too many values. Each refusal names the field where it happens."""
    frames: builtins.list[_Open] = [_Open(mapping=False)]  # the document itself
    sizes: dict[builtins.str, int] = {}

    def refuse(event: yaml.Event, problem: builtins.str, expected: builtins.str) -> ScenarioError:
        mark = event.start_mark
        return ScenarioError(Location(file, mark.line + 1 if mark else None,
                                      _event_path(frames, event)), problem, expected)

    def advance(frame: _Open, event: yaml.Event | None) -> None:
        if not frame.mapping:
            frame.index += 1
        elif frame.at_key:
            frame.key = (builtins.str(event.value) if isinstance(event, yaml.ScalarEvent)
                         else "?")
            frame.at_key = False
        else:
            frame.at_key = True

    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)) \
                and event.tag is not None:
            raise refuse(event, f"the YAML tag '{event.tag.replace('tag:yaml.org,2002:', '!!')}' "
                         "is not supported", "a value written plainly, without a tag (quote a "
                         "text that would otherwise read as a number, true/false or a date)")
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            frames.append(_Open(isinstance(event, yaml.MappingStartEvent), event.anchor))
            if len(frames) > MAX_DEPTH:
                raise refuse(event, f"the lists and mappings are nested more than {MAX_DEPTH} deep",
                             "a scenario of a sensible shape")
            continue
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            closed = frames.pop()
            size = closed.size + 1
            if closed.anchor is not None:
                sizes[closed.anchor] = size
        elif isinstance(event, yaml.ScalarEvent):
            size = 1
            if event.anchor is not None:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.AliasEvent):
            size = sizes.get(event.anchor or "", 1)
        else:
            continue
        frames[-1].size += size
        if frames[-1].size > MAX_ITEMS and len(frames) > 1:
            raise refuse(event, f"a list or mapping holds more than {MAX_ITEMS} values",
                         "a scenario of a sensible size (a zone may say {hidden: N})")
        if sum(f.size for f in frames) > MAX_VALUES:
            raise refuse(event, f"the document expands to more than {MAX_VALUES} values "
                         "(aliases count each time they are used)", "a scenario of a sensible size")
        advance(frames[-1], event)


def _merge_sources(node: yaml.Node, file: str | None, path: str) -> list[yaml.Node]:
    sources = node.value if isinstance(node, yaml.SequenceNode) else [node]
    for source in sources:
        if not isinstance(source, yaml.MappingNode):
            raise ScenarioError(Location(file, source.start_mark.line + 1, path),
                                "a merge key (<<) names something that is not a mapping",
                                "<<: *anchor of a mapping, or a list of them")
    return list(sources)


def _scalar(node: yaml.Node, file: str | None, path: str) -> Any:
    """A plain value; a malformed date (2026-13-45) stays the text it is, a number outside
    what the solvers hold is refused."""
    try:
        value = _CONSTRUCTOR.construct_object(node)
    except Exception:  # noqa: BLE001 (a value YAML can't construct stays the text it is)
        value = builtins.str(node.value)
    finally:
        _CONSTRUCTOR.constructed_objects.clear()
        _CONSTRUCTOR.recursive_objects.clear()
    if hasattr(value, "isoformat"):  # YAML dates stay ISO strings
        value = value.isoformat()
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        raise ScenarioError(Location(file, node.start_mark.line + 1, path),
                            f"got {node.value}, a number that is not finite",
                            f"a finite number, or a text in quotes (\"{node.value}\")")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        raise ScenarioError(Location(file, node.start_mark.line + 1, path), f"got {value}",
                            f"a whole number from {-MAX_INT} to {MAX_INT}")
    return value


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
