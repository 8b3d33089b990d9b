"""The game state: immutable values; every change makes a new state."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import yaml

from mtgrules.model.cards import Card, CardLibrary, Instruction, builtin_cards
from mtgrules.model.display import html_table
from mtgrules.model.errors import MtgRulesError
from mtgrules.model.turn import Step
from mtgrules.model.vocabulary import LASTING_VERBS

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
HIDDEN_ZONES = ("library", "hand")
"""Zones whose cards' identities are hidden (CR 400.2); the hand is known to its owner."""

# Bounds a state read from a file keeps to, so that a typo (hidden: 1000000000) can't exhaust
# memory nor leave clingo's 32-bit integers; real games stay far below.
MAX_CARDS_IN_ZONE = 1000
MAX_OBJECTS = 3000
"""The most objects a game may hold, all zones of all players together."""
MAX_LIFE = 1_000_000
"""Life totals stay far inside clingo's 32-bit integers, whatever an effect adds."""
MAX_TURN = 1000
PLAYER_NAME = r"\w+"
"""A player's name: one word (letters, digits, _), as script, condition and point lines name
players."""


@dataclass(frozen=True)
class GameObject:
    """A card or permanent in a zone."""

    id: str
    """Unique within the state: the card name, ``name#2`` for a second copy, or
    ``alice:library:7`` for a card whose identity the scenario leaves hidden."""
    card: str | None
    """The card's name, or ``None`` when its identity is hidden from the scenario itself."""
    owner: str
    controller: str
    tapped: bool = False
    face_down: bool = False
    attacking: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    """Counters on a permanent by kind (CR 122), e.g. ``(("+1/+1", 2),)``."""
    token: bool = False
    """A token (CR 111), not a card."""
    damage: int = 0
    """Damage marked on a permanent this turn (CR 120.6)."""
    new: bool = False
    """A permanent that came under its controller's control this turn (CR 302.6)."""
    loyalty_used: bool = False
    """A loyalty ability of this permanent was activated this turn (CR 606.3)."""

    def __str__(self) -> str:
        return self.card or "a hidden card"


@dataclass(frozen=True)
class PlayerState:
    """One player's part of the game."""

    name: str
    life: int = 20
    zones: tuple[tuple[str, tuple[GameObject, ...]], ...] = ()
    lands_played: int = 0
    """Lands played this turn (CR 305.2)."""
    mana_pool: str = ""
    """Mana in the pool, in symbols, e.g. ``{G}{G}``."""

    def zone(self, name: str) -> tuple[GameObject, ...]:
        for zone_name, objects in self.zones:
            if zone_name == name:
                return objects
        return ()

    def with_zone(self, name: str, objects: tuple[GameObject, ...]) -> PlayerState:
        rest = tuple((z, objs) for z, objs in self.zones if z != name)
        return replace(self, zones=tuple(sorted(rest + ((name, objects),),
                                                key=lambda zo: ZONES.index(zo[0]))))


@dataclass(frozen=True)
class Effect:
    """A continuous effect in force that no permanent on the battlefield provides,
    e.g. what a resolved Explore or Turf Wound left behind."""

    source: str
    """The card the effect came from."""
    controller: str
    instruction: Instruction
    target: str | None = None
    """The player (or object) the source targeted, if any."""


@dataclass(frozen=True)
class GameState:
    """Players in turn order, the active player, zones, life, mana, step and priority.

    Built from a scenario's ``state:`` shape (``from_dict``, ``from_yaml``) and printed
    back to it (``to_dict``, ``to_yaml``); in a notebook it shows as a table.

    >>> state = GameState.from_dict({"players": ["alice", "bob"], "active": "bob",
    ...                              "bob": {"battlefield": ["Serra Angel"]}})
    >>> state.active, state.apnap(), state.find("Serra Angel")[:2]
    ('bob', ('bob', 'alice'), ('bob', 'battlefield'))
    """

    players: tuple[PlayerState, ...]
    active: str
    step: Step = Step.MAIN1
    priority: str | None = None
    turn: int | None = None
    """The turn's number in the game, when the scenario says (turn 1 is the starting
    player's first turn, CR 103.8a)."""
    effects: tuple[Effect, ...] = ()
    known: frozenset[tuple[str, str]] = frozenset()
    """(player, object id) pairs: identities of hidden cards a player has been shown."""
    cards: CardLibrary = field(default_factory=CardLibrary, compare=False, repr=False)
    """The card library the state's names refer to."""

    # -- reading and printing, in the scenario's ``state:`` shape ---------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any], cards: CardLibrary | None = None) -> GameState:
        """A state from a scenario's ``state:`` mapping given as Python values, every value
        checked as the file loader checks it (``cards``: default the built-in library).

        >>> state = GameState.from_dict({"players": ["alice", "bob"], "step": "upkeep",
        ...                              "alice": {"life": 7, "hand": ["Lightning Bolt"]}})
        >>> state.player("alice").life, [o.id for _, _, o in state.objects("hand")]
        (7, ['Lightning Bolt'])
        >>> GameState.from_dict({"players": ["alice", "bob"], "alice": {"hand": ["Forrest"]}})
        Traceback (most recent call last):
        ...
        mtgrules.model.errors.ScenarioError: <input>, field 'state.alice.hand[0]': unknown card 'Forrest'. ... Did you mean 'Forest'?
        """
        # the one reader of states is the scenario loader's
        from mtgrules.model.read.state import parse_state
        from mtgrules.model.source import Field
        return parse_state(Field.of(data, "state"), cards or builtin_cards())

    @classmethod
    def from_yaml(cls, text: str, cards: CardLibrary | None = None) -> GameState:
        """A state from YAML text in the scenario's ``state:`` shape (``to_yaml``'s output)."""
        from mtgrules.model.read.state import parse_state
        from mtgrules.model.source import Field
        return parse_state(Field.parse(text), cards or builtin_cards())

    def to_dict(self) -> dict[str, Any]:
        """The state in the scenario's ``state:`` shape, as plain values: ``from_dict`` reads
        it back to an equal state.

        >>> state = GameState.from_dict({"players": ["alice", "bob"],
        ...     "alice": {"battlefield": ["Mountain", {"card": "Mountain", "tapped": True}]}})
        >>> state.to_dict()["alice"]
        {'life': 20, 'battlefield': ['Mountain', {'card': 'Mountain', 'tapped': True}]}
        >>> GameState.from_dict(state.to_dict()) == state
        True
        """
        if self.known:
            raise MtgRulesError("a state where players know hidden cards has no scenario form: "
                                "expected a state as a scenario file gives it (no 'known')")
        out: dict[str, Any] = {"players": list(self.names), "active": self.active,
                               "step": self.step.value}
        if self.priority is not None:
            out["priority"] = self.priority
        if self.turn is not None:
            out["turn"] = self.turn
        for p in self.players:
            mine: dict[str, Any] = {"life": p.life}
            if p.lands_played:
                mine["lands-played"] = p.lands_played
            if p.mana_pool:
                mine["mana-pool"] = p.mana_pool
            for zone, objects in p.zones:
                entries = _zone_entries(objects, p.name)
                # a zone of hidden cards only is written as the one mapping, as files do
                hidden_only = len(entries) == 1 and isinstance(entries[0], dict) \
                    and set(entries[0]) == {"hidden"}
                mine[zone] = entries[0] if hidden_only else entries
            out[p.name] = mine
        if self.effects:
            out["effects"] = self._effect_entries()
        return out

    def to_yaml(self) -> str:
        """The state as YAML in the scenario's ``state:`` shape (``from_yaml`` reads it back).

        >>> print(GameState.from_dict({"players": ["alice", "bob"],
        ...                            "bob": {"library": {"hidden": 2}}}).to_yaml())
        players: [alice, bob]
        active: alice
        step: main1
        alice: {life: 20}
        bob:
          life: 20
          library: {hidden: 2}
        <BLANKLINE>
        """
        return str(yaml.safe_dump(self.to_dict(), sort_keys=False, default_flow_style=None,
                                  allow_unicode=True, width=100))

    def _effect_entries(self) -> list[dict[str, Any]]:
        """Effects as a scenario writes them: ``{from, controller}`` where a card's lasting
        instructions are all there, in order; an instruction written out otherwise."""
        out: list[dict[str, Any]] = []
        effects, i = list(self.effects), 0
        while i < len(effects):
            e = effects[i]
            base: dict[str, Any] = {"from": e.source, "controller": e.controller}
            if e.target is not None:
                base["target"] = e.target
            card = self.cards.get(e.source)
            lasting = [ins for ins in card.resolve if ins.verb in LASTING_VERBS] if card else []
            run = effects[i:i + len(lasting)]
            if lasting and [x.instruction for x in run] == lasting and all(
                    (x.source, x.controller, x.target) == (e.source, e.controller, e.target)
                    for x in run):
                out.append(base)
                i += len(lasting)
                continue
            out.append({**base, "do": e.instruction.verb,
                        **{k: _plain(v) for k, v in e.instruction.params}})
            i += 1
        return out

    def _repr_html_(self) -> str:
        """The state as a small table for notebooks: each player's life and zones."""
        head = (f"{self.active}'s turn" + (f" {self.turn}" if self.turn else "")
                + f", {self.step.value} step" + (f", {self.priority} has priority"
                                                 if self.priority else ""))
        rows = []
        for p in self.players:
            zones = "; ".join(f"{zone}: " + (", ".join(_listed(objects)) or "—")
                              for zone, objects in p.zones)
            extra = [f"{p.lands_played} land(s) played"] * bool(p.lands_played) \
                + [f"mana pool {p.mana_pool}"] * bool(p.mana_pool)
            rows.append((p.name, p.life, zones or "—", "; ".join(extra) or ""))
        table = html_table(("player", "life", "zones", ""), rows, head)
        if self.effects:
            table += html_table(("effect", "controller", "target"),
                                [(f"{e.source}: {e.instruction.verb}", e.controller, e.target or "")
                                 for e in self.effects])
        return table

    # -- players ------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def apnap(self, first: str | None = None) -> tuple[str, ...]:
        """Players in APNAP order (CR 101.4): ``first`` (default the active player), then
        each other player in turn order."""
        names = self.names
        start = names.index(first or self.active)
        return names[start:] + names[:start]

    def opponents(self, name: str) -> tuple[str, ...]:
        return tuple(n for n in self.apnap(name) if n != name)

    # -- objects ------------------------------------------------------------------------
    def objects(self, zone: str | None = None) -> Iterator[tuple[str, str, GameObject]]:
        """(player, zone, object) for every object, optionally in one zone."""
        for p in self.players:
            for zone_name, objs in p.zones:
                if zone is None or zone == zone_name:
                    for obj in objs:
                        yield p.name, zone_name, obj

    def find(self, object_id: str) -> tuple[str, str, GameObject] | None:
        for where in self.objects():
            if where[2].id == object_id:
                return where
        return None

    def card_of(self, obj: GameObject) -> Card | None:
        return self.cards.get(obj.card) if obj.card else None

    def controlled(self, player: str, card_type: str | None = None) -> list[GameObject]:
        """Permanents ``player`` controls, optionally of one card type."""
        found = []
        for _, _, obj in self.objects("battlefield"):
            card = self.card_of(obj)
            if obj.controller == player and (card_type is None or (card and card.is_a(card_type))):
                found.append(obj)
        return found

    def knows(self, player: str, object_id: str) -> bool:
        """Whether ``player`` knows the identity of this object (CR 400.2)."""
        where = self.find(object_id)
        if where is None:
            return False
        owner, zone, _ = where
        if zone not in HIDDEN_ZONES:
            return True
        return (zone == "hand" and owner == player) or (player, object_id) in self.known

    # -- changes ------------------------------------------------------------------------
    def with_player(self, updated: PlayerState) -> GameState:
        return replace(self, players=tuple(updated if p.name == updated.name else p
                                           for p in self.players))

    def moved(self, object_id: str, to_zone: str, to_player: str | None = None) -> GameState:
        """A new state with the object moved to the end of ``to_zone`` of its owner
        (or of ``to_player``)."""
        where = self.find(object_id)
        if where is None:
            raise KeyError(object_id)
        holder, zone, obj = where
        state = self.with_player(self.player(holder).with_zone(
            zone, tuple(o for o in self.player(holder).zone(zone) if o.id != object_id)))
        dest = state.player(to_player or obj.owner)
        moved = (replace(obj, tapped=False, attacking=False, counters=(), damage=0, new=False,
                         loyalty_used=False)
                 if to_zone != "battlefield" else obj)
        return state.with_player(dest.with_zone(to_zone, dest.zone(to_zone) + (moved,)))


def _plain(value: Any) -> Any:
    """An instruction's frozen parameter value as the plain value a file writes (a mapping
    is frozen as a tuple of (key, value) pairs, a list as a tuple)."""
    if isinstance(value, tuple) and value and all(
            isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in value):
        return {k: _plain(v) for k, v in value}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _listed(objects: tuple[GameObject, ...]) -> list[str]:
    """A zone's objects in words, a run of hidden cards counted."""
    out: list[str] = []
    hidden = 0
    for obj in (*objects, None):
        if obj is not None and obj.card is None:
            hidden += 1
            continue
        if hidden:
            out.append(f"{hidden} hidden card{'s' * (hidden > 1)}")
            hidden = 0
        if obj is not None:
            out.append(_shown(obj))
    return out


def _shown(obj: GameObject) -> str:
    """An object in a state's table: its id, and how it stands."""
    marks = [word for word, on in (("tapped", obj.tapped), ("attacking", obj.attacking),
                                   ("face down", obj.face_down), ("token", obj.token)) if on]
    marks += [f"{n} {kind}" for kind, n in obj.counters] + [f"{obj.damage} damage"] * bool(obj.damage)
    name = obj.id if obj.card else "a hidden card"
    return name + (f" ({', '.join(marks)})" if marks else "")


def _zone_entries(objects: tuple[GameObject, ...], owner: str) -> list[Any]:
    """A zone's objects as a scenario lists them: a card's name, a mapping where it stands
    otherwise than by default, ``{hidden: N}`` for a run of cards the scenario leaves hidden."""
    out: list[Any] = []
    for obj in objects:
        if obj.card is None:
            if out and isinstance(out[-1], dict) and set(out[-1]) == {"hidden"}:
                out[-1]["hidden"] += 1
            else:
                out.append({"hidden": 1})
            continue
        entry: dict[str, Any] = {"card": obj.card}
        for key, value, default in (("tapped", obj.tapped, False), ("face-down", obj.face_down, False),
                                    ("attacking", obj.attacking, False),
                                    ("controller", obj.controller, owner),
                                    ("counters", dict(obj.counters), {}), ("token", obj.token, False),
                                    ("damage", obj.damage, 0), ("entered-this-turn", obj.new, False),
                                    ("loyalty-activated", obj.loyalty_used, False)):
            if value != default:
                entry[key] = value
        out.append(entry if len(entry) > 1 else obj.card)
    return out
