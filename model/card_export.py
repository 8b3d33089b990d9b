"""Characteristics read from a card export a user already has (the big card databases' JSON).

Two public shapes are read:

* **a list of card objects**, as a bulk export gives them (fields ``name``, ``mana_cost``,
  ``type_line``, ``power``, ``toughness``, ``loyalty``, ``keywords``, ``colors``; a card with
  faces lists them in ``card_faces``); the same list wrapped as ``{"object": "list", "data":
  [...]}`` is read too;
* **a by-name map** of a set or all-printings style export, with its own field names
  (``manaCost``, ``types``, ``supertypes``, ``subtypes``, ``power``, ``toughness``, ``loyalty``,
  ``keywords``, ``colors``; a face is named by ``faceName``): ``{"data": {name: [card, …]}}``,
  a set file ``{"data": {"cards": [...]}}`` or every set ``{"data": {code: {"cards": [...]}}}``.

Only characteristics are read — a card's behaviour is written in the project's vocabulary by the
scenario, never taken from printed text. Only the cards a scenario names are read, and every
value read is checked: a mistake names the file, the line of the card where it can be found,
the card and the field. Keywords the vocabulary doesn't know (kicker, persist, scry …) are
behaviour, like the rules text: they are not read.

>>> export = CardExport.from_data([{"name": "Grizzly Bears", "mana_cost": "{1}{G}",
...     "type_line": "Creature — Bear", "power": "2", "toughness": "2"}], "bulk.json")
>>> bears = export.card("Grizzly Bears").card
>>> sorted(bears.types), sorted(bears.subtypes), bears.power, str(bears.mana_cost)
(['creature'], ['Bear'], 2, '{1}{G}')
"""
from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgrules.model.cards import NAME_PATTERN, Card, colors_of_cost
from mtgrules.model.errors import Location, MtgRulesError, ScenarioError
from mtgrules.model.mana import ManaCost, ManaCostError
from mtgrules.model.source import Field, did_you_mean
from mtgrules.model.vocabulary import CARD_TYPES, KEYWORDS, MAX_AMOUNT, MAX_COUNT, SUPERTYPES

MAX_EXPORT_BYTES = 2**30
"""The largest export read (1 GiB: an all-printings export fits; a wrong file is refused
before it fills memory)."""

_COLOUR_LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_OLD_TYPE_NAMES = {"tribal": "kindred"}  # the type renamed in 2024 (CR 308)
_LAYOUTS_NOT_CARDS = ("art_series",)
"""Objects of a bulk export that are no card (an art card shares the card's name)."""

CHARACTERISTICS = frozenset({"cost", "types", "subtypes", "supertypes", "colors", "power",
                             "toughness", "loyalty", "keywords"})
"""The characteristics an export gives, by the names a card file writes them with."""

BULK = "bulk list"
BY_NAME = "by-name map"


@dataclass(frozen=True)
class ExportedCard:
    """A card's characteristics as an export gives them."""

    card: Card
    """The characteristics (no behaviour: the scenario writes it)."""
    given: frozenset[str]
    """Which characteristics the export gives (``CHARACTERISTICS``; a face of a bulk export's
    card has no keywords of its own)."""
    where: str
    """Where the card sits in the export (file, line, field), for messages."""
    rules_text: bool = False
    """The export gives the card rules text beyond the keywords read (its abilities, keywords
    outside the vocabulary): what the scenario must write in the vocabulary, or mark unwritten."""


@dataclass(frozen=True)
class _Entry:
    """One card object of the export, where it sits, and which field names it uses."""

    obj: dict[str, Any]
    path: str
    """Where it sits in the export, e.g. ``[12]`` or ``data["Grizzly Bears"][0]``."""
    shape: str
    """``BULK`` or ``BY_NAME``: the field names it uses."""


@dataclass
class CardExport:
    """The cards of an export, by name (and by each face's name); read on demand."""

    file: str
    shape: str
    """``BULK`` or ``BY_NAME``."""
    _by_name: dict[str, list[_Entry]] = field(default_factory=dict, repr=False)
    _text: str = field(default="", repr=False)

    # -- reading ------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path) -> CardExport:
        """The export in the JSON file ``path``; a file that can't be read, or isn't one of
        the shapes above, is refused naming the file."""
        path = Path(path)
        try:
            if not path.is_file():
                what = "no such file" if not path.exists() else "it is not a regular file"
                raise MtgRulesError(f"{path}: cannot read the card export ({what}).")
            stat = path.stat()
        except OSError as exc:
            raise MtgRulesError(f"{path}: cannot read the card export ({exc.strerror}).") from None
        if stat.st_size > MAX_EXPORT_BYTES:
            raise ScenarioError(Location(str(path), None, ""), f"the export holds {stat.st_size} bytes",
                                f"at most {MAX_EXPORT_BYTES} bytes in a card export")
        return _load_cached(str(path), stat.st_mtime_ns, stat.st_size)

    @classmethod
    def named_by(cls, node: Field, cards: Field) -> CardExport:
        """The export a scenario's ``cards-from`` field names: a path relative to the
        scenario's folder. It is read only for the scenario's ``cards`` (``cards``: that field,
        empty when left out — then naming an export is a mistake)."""
        text = node.str()
        if not _EXPORTS_READ.get():
            raise node.error("this scenario names a card export, which is not read here (a "
                             "scenario sent to a server can't make it read its files)",
                             "the scenario's cards written in full, without 'cards-from'")
        if not text.strip():
            raise node.error("the card export's path is empty", "the path of a JSON card export")
        if not cards.value:
            raise node.error("a card export is named but the scenario's 'cards' list is empty",
                             "a 'cards' list naming the export's cards the scenario uses "
                             "(each with its behaviour in the vocabulary)")
        path = Path(text)
        if node.file is not None and not path.is_absolute():
            path = Path(node.file).parent / path
        try:
            return cls.load(path)
        except ScenarioError:
            raise  # already names the export's file
        except MtgRulesError as exc:
            raise node.error(str(exc).rstrip("."), "the path of a JSON card export, relative to "
                             "the scenario's folder") from None

    @classmethod
    def from_text(cls, text: str, file: str) -> CardExport:
        """The export in JSON ``text`` (from the file ``file``, named in every mistake)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError(Location(file, exc.lineno, ""), f"this is not valid JSON ({exc.msg})",
                                "a card export in JSON") from None
        except RecursionError:
            raise ScenarioError(Location(file, None, ""), "the JSON is nested too deeply",
                                "a card export in JSON") from None
        export = cls.from_data(data, file)
        export._text = text
        return export

    @classmethod
    def from_data(cls, data: Any, file: str) -> CardExport:
        """The export from already-decoded JSON ``data``."""
        entries, shape = _entries(data, file)
        export = cls(file, shape)
        for entry in entries:
            for name in _names(entry):
                export._by_name.setdefault(name, []).append(entry)
        return export

    # -- looking up ---------------------------------------------------------------------------
    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __len__(self) -> int:
        return len(self._by_name)

    def names(self) -> Iterator[str]:
        """Every name a card can be looked up by (a card's name, each of its faces' names)."""
        return iter(self._by_name)

    def suggestion(self, name: str) -> str:
        """'Did you mean …' for a name the export doesn't hold."""
        return did_you_mean(name, self._by_name)

    def card(self, name: str) -> ExportedCard:
        """The characteristics of the card (or face) ``name``; every value read is checked."""
        found = [e for e in self._by_name.get(name, ())
                 if e.obj.get("layout") not in _LAYOUTS_NOT_CARDS] or self._by_name.get(name, [])
        if not found:
            raise ScenarioError(Location(self.file, None, ""),
                                f"the card export holds no card named '{name}'",
                                "a card's name as the export writes it", self.suggestion(name))
        return self._read(found[0], name)

    def _read(self, entry: _Entry, name: str) -> ExportedCard:
        obj, path = entry.obj, entry.path
        if entry.shape == BY_NAME:
            face = obj.get("faceName")
            if isinstance(face, str) and face != name:
                raise self._error(entry, name, "faceName", f"'{name}' is a card with faces",
                                  "the name of one face, e.g. " + repr(face))
            return self._exported(entry, self._by_name_card(entry, name), CHARACTERISTICS)
        faces = obj.get("card_faces")
        if faces is None:
            return self._exported(entry, self._bulk(entry, name), CHARACTERISTICS)
        self._check(isinstance(faces, list) and all(isinstance(f, dict) for f in faces), entry,
                    name, "card_faces", faces, "a list of faces (JSON objects)")
        face_names = [f.get("name") for f in faces]
        if name not in face_names:
            raise self._error(entry, name, "name", f"'{name}' is a card with faces "
                              f"({', '.join(map(str, face_names))})", "the name of one face")
        index = face_names.index(name)
        # a face's own value where it has one, the card's (e.g. its colours) otherwise; the
        # card's keywords are the whole card's (any face's), so a face's are not read
        merged = {**{k: v for k, v in obj.items() if k not in ("card_faces", "keywords")},
                  **faces[index]}
        face_entry = _Entry(merged, f"{path}.card_faces[{index}]", BULK)
        given = CHARACTERISTICS - ({"keywords"} if "keywords" not in faces[index] else set())
        return self._exported(face_entry, self._bulk(face_entry, name), given)

    def _exported(self, entry: _Entry, card: Card, given: frozenset[str]) -> ExportedCard:
        return ExportedCard(card, given, f"{self.file}, line {self._line(entry, card.name)}, "
                            f"field '{entry.path}'" if self._text else f"{self.file}, field "
                            f"'{entry.path}'", self._rules_text(entry, card.name))

    def _rules_text(self, entry: _Entry, name: str) -> bool:
        """Whether the card has rules text the export gives beyond the keywords read: a line of
        its text (reminder text in parentheses aside) that isn't a list of those keywords, or a
        keyword outside the vocabulary."""
        key = "oracle_text" if entry.shape == BULK else "text"
        text = self._text_field(entry, name, key)
        for line in re.sub(r"\([^)]*\)", "", text).splitlines():
            words = [w.strip().lower() for w in line.split(",")]
            if any(words) and not all(w in KEYWORDS for w in words):
                return True
        return any(w.lower() not in KEYWORDS for w in self._words(entry, name, "keywords"))

    # -- the two shapes' field names --------------------------------------------------------
    def _bulk(self, entry: _Entry, name: str) -> Card:
        type_line = self._text_field(entry, name, "type_line", required=True)
        left, _, right = type_line.partition("—")
        words = left.split()
        supertypes, types = self._type_words(entry, name, "type_line", words)
        return Card(
            name=self._name(entry, name),
            types=types,
            mana_cost=self._cost(entry, name, "mana_cost"),
            subtypes=frozenset(right.split()),
            supertypes=supertypes,
            colors=self._colours(entry, name, "colors",
                                 self._cost(entry, name, "mana_cost")),
            power=self._number(entry, name, "power", -MAX_AMOUNT, MAX_AMOUNT),
            toughness=self._number(entry, name, "toughness", 0, MAX_AMOUNT),
            loyalty=self._number(entry, name, "loyalty", 0, MAX_COUNT),
            keywords=self._keywords(entry, name, "keywords"),
        )

    def _by_name_card(self, entry: _Entry, name: str) -> Card:
        supertypes, _ = self._type_words(entry, name, "supertypes",
                                         self._words(entry, name, "supertypes"), only="supertype")
        _, types = self._type_words(entry, name, "types", self._words(entry, name, "types"),
                                    only="card type")
        if not types:
            raise self._error(entry, name, "types", "the card has no card type",
                              "a list of card types, e.g. [\"Creature\"]")
        cost = self._cost(entry, name, "manaCost")
        return Card(
            name=self._name(entry, name),
            types=types,
            mana_cost=cost,
            subtypes=frozenset(self._words(entry, name, "subtypes")),
            supertypes=supertypes,
            colors=self._colours(entry, name, "colors", cost),
            power=self._number(entry, name, "power", -MAX_AMOUNT, MAX_AMOUNT),
            toughness=self._number(entry, name, "toughness", 0, MAX_AMOUNT),
            loyalty=self._number(entry, name, "loyalty", 0, MAX_COUNT),
            keywords=self._keywords(entry, name, "keywords"),
        )

    # -- one value each, checked ------------------------------------------------------------
    def _name(self, entry: _Entry, name: str) -> str:
        if not re.fullmatch(NAME_PATTERN, name):
            raise self._error(entry, name, "name", f"'{name}' is not a card name the project reads",
                              "a name without '#' and without spaces around it")
        return name

    def _text_field(self, entry: _Entry, name: str, key: str, required: bool = False) -> str:
        value = entry.obj.get(key)
        if value is None and not required:
            return ""
        self._check(isinstance(value, str) and (bool(value.strip()) or not required), entry, name,
                    key, value, "a text")
        return str(value)

    def _words(self, entry: _Entry, name: str, key: str) -> list[str]:
        value = entry.obj.get(key, [])
        self._check(isinstance(value, list) and all(isinstance(w, str) and w.strip() == w and w
                                                    for w in value),
                    entry, name, key, value, "a list of words")
        return list(value)

    def _type_words(self, entry: _Entry, name: str, key: str, words: list[str],
                    only: str = "") -> tuple[frozenset[str], frozenset[str]]:
        """Supertypes and card types among ``words`` (``only``: the one kind allowed)."""
        supertypes, types = set(), set()
        for word in words:
            low = _OLD_TYPE_NAMES.get(word.lower(), word.lower())
            if low in SUPERTYPES and only != "card type":
                supertypes.add(low)
            elif low in CARD_TYPES and only != "supertype":
                types.add(low)
            else:
                known = SUPERTYPES if only == "supertype" else CARD_TYPES if only else \
                    (*SUPERTYPES, *CARD_TYPES)
                raise self._error(entry, name, key, f"'{word}' is not a "
                                  f"{only or 'card type or supertype'} the project models",
                                  "one of: " + ", ".join(w.capitalize() for w in known))
        if key == "type_line" and not types:
            raise self._error(entry, name, key, f"the type line '{' '.join(words)}' has no card type",
                              "a type line such as 'Creature — Bear'")
        return frozenset(supertypes), frozenset(types)

    def _cost(self, entry: _Entry, name: str, key: str) -> ManaCost | None:
        text = self._text_field(entry, name, key)
        if not text:
            return None  # a card with no mana cost (CR 118.6): lands, some suspended cards
        try:
            return ManaCost.parse(text)
        except ManaCostError as exc:
            raise self._error(entry, name, key, str(exc).rstrip("."),
                              "a mana cost written in symbols, e.g. {1}{G}") from None

    def _colours(self, entry: _Entry, name: str, key: str, cost: ManaCost | None) -> frozenset[str]:
        if key not in entry.obj:
            return colors_of_cost(str(cost) if cost else None)
        letters = entry.obj[key]
        self._check(isinstance(letters, list) and all(c in _COLOUR_LETTERS for c in letters),
                    entry, name, key, letters, "a list of colour letters among W, U, B, R, G")
        return frozenset(_COLOUR_LETTERS[c] for c in letters)

    def _number(self, entry: _Entry, name: str, key: str, low: int, high: int) -> int | None:
        value = entry.obj.get(key)
        if value is None:
            return None
        text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
        if not re.fullmatch(r"[+-]?[0-9]{1,9}", text.strip()) or not low <= int(text) <= high:
            raise self._error(entry, name, key, f"got {json.dumps(value, ensure_ascii=False)}",
                              f"a printed whole number from {low} to {high} (a value such as '*' "
                              "comes from an ability the project doesn't read: this card can't "
                              "be taken from the export)")
        return int(text)

    def _keywords(self, entry: _Entry, name: str, key: str) -> frozenset[str]:
        words = self._words(entry, name, key)
        # the others (kicker, persist …) are behaviour, written in the vocabulary if modelled
        return frozenset(w.lower() for w in words if w.lower() in KEYWORDS)

    # -- mistakes ---------------------------------------------------------------------------
    def _check(self, ok: bool, entry: _Entry, name: str, key: str, value: Any, expected: str) -> None:
        if not ok:
            shown = json.dumps(value, ensure_ascii=False)
            raise self._error(entry, name, key, f"got {shown[:60]}", expected)

    def _error(self, entry: _Entry, name: str, key: str, problem: str, expected: str) -> ScenarioError:
        where = f"{entry.path}.{key}" if key else entry.path
        return ScenarioError(Location(self.file, self._line(entry, name), where),
                             f"card '{name}': {problem}", expected)

    def _line(self, entry: _Entry, name: str) -> int | None:
        """The line where the card's name is written (JSON keeps no positions: found in the
        text; None when the export was given as data)."""
        if not self._text:
            return None
        for written in {json.dumps(name), json.dumps(name, ensure_ascii=False)}:
            pattern = (rf'"(?:name|faceName)"\s*:\s*{re.escape(written)}' if entry.shape == BULK
                       or "faceName" in entry.obj else rf'{re.escape(written)}\s*:')
            found = re.search(pattern, self._text)
            if found:
                return self._text.count("\n", 0, found.start()) + 1
        return None


_EXPORTS_READ: ContextVar[bool] = ContextVar("exports_read", default=True)


@contextmanager
def exports_refused() -> Iterator[None]:
    """Within it, a scenario's ``cards-from`` is refused (for a server answering scenarios
    from others: a scenario must not make it read a file of its machine)."""
    token = _EXPORTS_READ.set(False)
    try:
        yield
    finally:
        _EXPORTS_READ.reset(token)


@functools.lru_cache(maxsize=4)
def _load_cached(path: str, mtime_ns: int, size: int) -> CardExport:
    """An export read once per version of its file (many scenarios may name one export)."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScenarioError(Location(path, data[:exc.start].count(b"\n") + 1, ""),
                            f"byte {exc.start} is not UTF-8 text", "a card export in UTF-8") from None
    return CardExport.from_text(text, path)


def _entries(data: Any, file: str) -> tuple[list[_Entry], str]:
    """The card objects of ``data`` and the field names they use; any other shape is refused."""
    def refuse(problem: str) -> ScenarioError:
        return ScenarioError(Location(file, None, ""), problem,
                             "a card export: a list of card objects, or {\"data\": …} mapping "
                             "card names to lists of card objects (or holding a set's \"cards\")")

    if isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        return _objects(data["data"], "data", BULK, file), BULK
    if isinstance(data, list):
        return _objects(data, "", BULK, file), BULK
    if not isinstance(data, dict):
        raise refuse("the export is neither a list nor a mapping")
    root, prefix = (data["data"], "data") if "data" in data else (data, "")
    if not isinstance(root, dict):
        raise refuse("its 'data' is neither a mapping nor a list of cards")
    if isinstance(root.get("cards"), list):  # one set
        return _objects(root["cards"], _join(prefix, "cards"), BY_NAME, file), BY_NAME
    entries: list[_Entry] = []
    for key, value in root.items():
        where = f'{prefix}[{json.dumps(key, ensure_ascii=False)}]'
        if isinstance(value, dict) and isinstance(value.get("cards"), list):  # every set
            entries += _objects(value["cards"], f"{where}.cards", BY_NAME, file)
        elif isinstance(value, list):  # by name
            entries += _objects(value, where, BY_NAME, file)
        else:
            raise refuse(f"'{_join(prefix, key)}' is neither a list of cards nor a set")
    return entries, BY_NAME


def _objects(items: list[Any], prefix: str, shape: str, file: str) -> list[_Entry]:
    out = []
    for index, obj in enumerate(items):
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            raise ScenarioError(Location(file, None, f"{prefix}[{index}]"),
                                "this entry is not a card object with a name",
                                "a JSON object with a \"name\" text")
        out.append(_Entry(obj, f"{prefix}[{index}]", shape))
    return out


def _names(entry: _Entry) -> list[str]:
    """The names a card object is looked up by: its own, and each face's."""
    names = [entry.obj["name"]]
    if isinstance(entry.obj.get("faceName"), str):
        names.append(entry.obj["faceName"])
    for face in entry.obj.get("card_faces") or ():
        if isinstance(face, dict) and isinstance(face.get("name"), str):
            names.append(face["name"])
    return list(dict.fromkeys(names))


def _join(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key
