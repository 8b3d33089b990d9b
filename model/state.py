"""The game state: immutable values; every change makes a new state."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from mtgrules.model.cards import Card, CardLibrary, Instruction
from mtgrules.model.turn import Step

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
    """Players in turn order, the active player, zones, life, mana, step and priority."""

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
        moved = (replace(obj, tapped=False, attacking=False, counters=(), damage=0, new=False)
                 if to_zone != "battlefield" else obj)
        return state.with_player(dest.with_zone(to_zone, dest.zone(to_zone) + (moved,)))
