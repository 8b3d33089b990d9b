"""Reading the names a script line or a condition writes: its players and objects, checked
against the state (a misspelt one refused with a suggestion), and the numbers it writes."""
from __future__ import annotations

import re
from collections.abc import Callable

from mtgrules.model import vocabulary
from mtgrules.model.cards import Card
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.read.lines import line_object
from mtgrules.model.source import Field, did_you_mean
from mtgrules.model.state import MAX_LIFE, GameState

MAX_ABILITIES = 9
"""The most activated abilities a line may number on a card whose entry doesn't write them all."""

TURN_ZONES: dict[str, tuple[str, ...] | None] = {
    "casts": ("hand",), "taps": ("battlefield",), "activates": ("battlefield",),
    "plays": ("hand",), "attacks": ("battlefield",), "blocks": ("battlefield",),
    "discards": ("hand",), "chooses": None, "orders": None, "targets": None,
}
"""The zones a decision's verb acts on, for the objects of its player it names (``None``:
any zone)."""


class Names:
    """Players and objects of the state, checked with a suggestion when misspelt."""

    def __init__(self, state: GameState, node: Field):
        self.state = state
        self.node = node
        self.players = list(state.names)
        self.objects = [o.id for _, _, o in state.objects()]
        try:
            self.objects += [object_id for _, object_id, _ in vocabulary.token_ids(state)]
        except UnsupportedQuestion:
            pass  # the question itself is refused when asked
        # in a player's decision line, a card two players hold is read as the player's own
        words = node.value.split(maxsplit=2) if isinstance(node.value, str) else []
        self.actor = words[0] if len(words) > 1 and words[0] in self.players \
            and words[1] in TURN_ZONES else None
        self.zones = TURN_ZONES[words[1]] if self.actor else None

    def _known(self, name: str) -> bool:
        """Whether ``name`` is an object's id, ``Name#1`` included (the first copy)."""
        return name in self.objects or (name.endswith("#1") and name[:-2] in self.objects)

    def _resolve(self, name: str, role: str) -> str:
        """The object a name means in this line (``line_object``: the actor's own where the
        card is one two players hold)."""
        return line_object(self.state, name, self.node, self.actor, self.zones, role)

    def player(self, name: str) -> str:
        if name not in self.players:
            raise self.node.error(f"unknown player '{name}'", "one of: " + ", ".join(self.players),
                                  did_you_mean(name, self.players))
        return name

    def object(self, name: str, role: str = "own") -> str:
        name = name.strip()
        if name.lower().startswith("the "):
            name = name[4:]
        name = self._resolve(name, role)
        if name not in self.objects:
            raise self.node.error(f"no object '{name}' in the state",
                                  "an object of the state (a second copy is 'Name#2')",
                                  did_you_mean(name, self.objects))
        return name

    def card_of(self, object_id: str) -> Card | None:
        """The card an object of the state is (None for a token the state doesn't hold yet)."""
        where = self.state.find(object_id)
        return self.state.card_of(where[2]) if where else None

    def target(self, name: str) -> str:
        """A player or an object, anyone's: a card two players hold is refused bare."""
        return name if name in self.players else self.object(name, "any")

    def attacker(self, name: str) -> str:
        """An object another player controls (the attacker a block names)."""
        return self.object(name, "theirs")

    def ability(self, text: str | None, object_id: str) -> int:
        """The number of one of an object's activated abilities (1: the first), checked
        against its card."""
        where = self.state.find(object_id)
        card = self.state.card_of(where[2]) if where else (
            self.state.cards.get(object_id.split(" token")[0]) if " token" in object_id else None)
        count = len(card.abilities_of("activated")) if card else 0
        if card and "activated" in card.unwritten:
            # the card may print abilities its entry doesn't write: the core refuses activating
            # one of those by name, rather than this reader calling it absent
            return number(text or "1", self.node, 1, MAX_ABILITIES,
                          f"the number of one of {object_id}'s activated abilities")
        if not count:
            raise self.node.error(f"'{object_id}' has no activated ability",
                                  "an object with an activated ability (mana abilities: "
                                  "'P taps OBJECT for mana')")
        return number(text or "1", self.node, 1, count,
                      f"the number of one of {object_id}'s {count} activated abilities")

    def objects_list(self, text: str) -> tuple[str, ...]:
        """Objects separated by commas or "and"; an object whose own name has a comma
        ("Isamaru, Hound of Konda") is recognised whole. Each object once."""
        text = text.strip()
        if text in ("nothing", "none"):
            return ()
        found = self._list(text, self._known, self.object)
        for n, name in enumerate(found):
            if name in found[:n]:
                raise self.node.error(f"'{name}' is named twice in one decision",
                                      "each object once (a second copy is 'Name#2')")
        return found

    def named_in_order(self, text: str) -> tuple[str, ...]:
        """Objects in the order named, one named twice kept twice (the rules say whether that is
        legal: a card spliced twice, CR 702.47b)."""
        return self._list(text.strip(), self._known, self.object)

    def targets_list(self, text: str) -> tuple[str, ...]:
        """A cast's targets, players or objects, separated by commas or "and", in the order of
        its target slots; one may be named for two slots (CR 115.3: two uses of "target")."""
        return self._list(text.strip(), lambda n: n in self.players or self._known(n), self.target)

    def _list(self, text: str, known: Callable[[str], bool], read: Callable[[str], str]) -> tuple[str, ...]:
        parts = re.split(r"(,\s*|\s+and\s+)", text)
        found: list[str] = []
        i = 0
        while i < len(parts):
            # the longest run of parts that names one, else the part alone (misspelt)
            for j in range(len(parts), i, -2):
                candidate = "".join(parts[i:j]).strip()
                if known(candidate.removeprefix("the ")):
                    found.append(read(candidate))
                    i = j + 1
                    break
            else:
                if parts[i].strip():
                    found.append(read(parts[i]))
                i += 2
        return tuple(found)


def number(text: str, node: Field, low: int, high: int, what: str) -> int:
    """A number written in a line, within the bounds the question's solvers hold."""
    digits = text.lstrip("-")
    value = int(text) if len(digits) <= len(str(MAX_LIFE)) else (high + 1 if text[0] != "-" else low - 1)
    if not low <= value <= high:
        raise node.error(f"{text} is out of range", f"{what}: a whole number from {low} to {high}")
    return value


def as_field(value: Field | str, path: str) -> Field:
    """A value given from Python (a string, or anything else, which the parser then refuses
    by what it expected), as the parsers read a scenario's fields: errors name ``path``."""
    return value if isinstance(value, Field) else Field.of(value, path)
