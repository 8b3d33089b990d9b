"""Performed lines of a sequencing scenario, such as ``bob sacrifices Serra Angel``."""
from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules.model.source import Field, did_you_mean
from mtgrules.model.state import GameObject, GameState

# =========================================================================================
# Performed lines
# =========================================================================================

@dataclass(frozen=True)
class Line:
    """One parsed performed line."""

    actor: str
    verb: str
    objects: tuple[str, ...] = ()
    count: int | None = None
    player: str | None = None
    """Another player the line names (whose hand is looked at)."""
    card: str | None = None
    """The card a line creates tokens of (not yet an object of the state)."""
    text: str = ""
    node: Field | None = None


_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [(v, re.compile(p, re.I)) for v, p in [
    ("sacrifice", r"sacrifices (?P<objs>.+)"),
    ("discard", r"discards (?P<n>\d+|a card|one card|two cards|three cards)"),
    ("discard", r"discards (?P<objs>.+)"),
    ("lose-life", r"loses (?P<n>\d+) life"),
    ("gain-life", r"gains (?P<n>\d+) life"),
    ("return", r"returns nothing"),
    ("return", r"returns (?P<objs>.+?)(?: to (?:their|his|her) hand)?"),
    ("draw", r"draws (?P<n>\d+|a card|one card|two cards|three cards)(?: cards?)?"),
    ("search", r"searches(?: (?:the|their|his|her) library)?(?: and finds nothing)?"),
    ("search", r"searches(?: (?:the|their|his|her) library)? for (?P<objs>.+)"),
    ("shuffle", r"shuffles(?: (?:the|their|his|her) library)?"),
    ("untap", r"untaps(?: (?:all|their|his|her)(?: permanents)?)*"),
    ("to-graveyard", r"puts (?P<objs>.+?) into (?:the|their|his|her|its owner's) graveyard"),
    ("tap-mana", r"taps (?P<objs>.+?) for mana"),
    ("animate", r"animates (?P<objs>.+)"),
    ("block", r"blocks with (?P<objs>.+)"),
    ("block", r"blocks (?P<att>.+?) with (?P<objs>.+)"),
    ("block", r"declares (?P<objs>.+?) as (?:a )?blockers?"),
    ("attack", r"attacks with (?P<objs>.+)"),
    ("reveal", r"reveals (?:(?:his|her|their) )?hand"),
    ("look-hand", r"looks at (?P<player>[^ ']+)'s hand"),
    ("look-top", r"looks at the top (?P<n>\d+|card|two cards|three cards)(?: cards?)?"
                 r"(?: of (?:his|her|their) library)?"),
    ("scry", r"scries (?P<n>\d+)(?:, putting (?P<objs>.+?) on the bottom)?"),
    ("surveil", r"surveils (?P<n>\d+)(?:, putting (?P<objs>.+?) into (?:the|his|her|their) graveyard)?"),
    ("counters", r"puts (?P<n>\d+|a|an|one|two|three) (?P<ckind>\+1/\+1|-1/-1|loyalty) counters? on (?P<objs>.+)"),
    # another spell cast, holding priority (CR 117.3c)
    ("cast", r"casts (?P<objs>.+?) targeting (?P<target>.+)"),
    ("cast", r"casts (?P<objs>.+)"),
    # tokens created by an instruction (CR 111.1), named by their card
    ("create", r"creates (?P<n>\d+|a|an|one|two|three) (?P<card>.+?) tokens?"),
    # a triggered ability's target, chosen as it is put on the stack (CR 603.3d): a player ...
    ("target", r"targets (?P<player>[^ ',]+)"),
    # ... or an object
    ("target", r"targets (?P<target>.+)"),
]]
LINE_FORMS = ("sacrifices X[, Y]", "discards N | discards X[, Y]", "loses N life", "gains N life",
              "returns X | returns nothing", "draws N", "searches for X[, Y] | searches and finds "
              "nothing", "shuffles", "untaps", "puts X into the graveyard", "taps X for mana",
              "animates X", "blocks with X | blocks A with X", "attacks with X[, Y]",
              "reveals their hand", "looks at P's hand", "looks at the top N cards",
              "scries N[, putting X on the bottom]", "surveils N[, putting X into the graveyard]",
              "targets P | targets X", "puts N +1/+1 counters on X", "creates N CARD tokens",
              "casts X [targeting Y]")


def parse_line(node: Field, state: GameState) -> Line:
    """A performed line such as ``bob sacrifices Serra Angel``; mistakes name the field."""
    text = node.str().strip()
    actor, _, rest = text.partition(" ")
    if actor not in state.names:
        raise node.error(f"the line '{text}' does not start with a player",
                         f"'<player> <action>', the player one of: {', '.join(state.names)}",
                         did_you_mean(actor, state.names))
    for verb, pattern in _PATTERNS:
        m = pattern.fullmatch(rest.strip())
        if not m:
            continue
        groups = m.groupdict()
        if verb == "cast" and groups.get("target") in state.names:
            groups["player"], groups["target"] = groups["target"], None  # a player targeted
        if verb == "target" and groups.get("player") is not None and groups["player"] not in state.names:
            continue  # not a player: the object form
        count = None
        if groups.get("n"):
            word = groups["n"].split()[0].lower()
            # a number too long to be a count is refused before Python converts it
            count = (int(word) if len(word) <= len(str(MAX_COUNT)) else MAX_COUNT + 1) \
                if word.isdigit() else _NUMBER.get(word, 1)
            if count > MAX_COUNT:
                raise node.error(f"the line '{text}' asks for {groups['n'].split()[0][:20]}",
                                 f"a number of at most {MAX_COUNT}")
        objects: tuple[str, ...] = ()
        if groups.get("ckind"):
            verb = "counters-" + _COUNTER_KIND[groups["ckind"]]  # which counters: part of the act
        if groups.get("objs"):
            role = "any" if verb.startswith("counters") else "own"
            objects = tuple(_object(node, name, state, verb, role) for name in _split(groups["objs"]))
        if groups.get("att"):
            objects += (_object(node, groups["att"], state, verb, "theirs"),)
        if groups.get("target"):
            objects += (_object(node, groups["target"], state, verb, "any"),)
        card = groups.get("card")
        if card is not None and card not in state.cards:
            raise node.error(f"no card '{card}' to make tokens of in the line '{text}'",
                             "a card of the card library or of the scenario's own 'cards'",
                             did_you_mean(card, list(state.cards)))
        player = groups.get("player")
        if player is not None and player not in state.names:
            raise node.error(f"no player '{player}' in the line '{text}'",
                             "one of: " + ", ".join(state.names), did_you_mean(player, state.names))
        return Line(actor, verb, objects, count, player, card, text, node)
    raise node.error(f"'{rest}' is not an action mtgrules knows",
                     "one of: " + "; ".join(f"<player> {f}" for f in LINE_FORMS),
                     did_you_mean(rest.split()[0] if rest else "", [f.split()[0] for f in LINE_FORMS]))


_COUNTER_KIND = {"+1/+1": "plus", "-1/-1": "minus", "loyalty": "loyalty"}
"""A counters line's kind of counter, as the line's verb names it (``counters-plus`` …)."""

MAX_COUNT = 100
"""The largest number an action line may name (a typo must not exhaust memory)."""


def _split(text: str) -> list[str]:
    parts = re.split(r",\s*|\s+and\s+", text.strip())
    return [p.strip() for p in parts if p.strip()]


def _object(node: Field, name: str, state: GameState, verb: str | None = None,
            role: str = "own") -> str:
    """The id an object named in ``node``'s line stands for: its actor's where the name is
    a card two players hold (``line_object``), else the id as written."""
    name = re.sub(r"^(?:a|an|the) ", "", name)
    actor = node.str().strip().partition(" ")[0]
    name = line_object(state, name, node, actor, SEQUENCING_ZONES.get(verb or ""), role)
    if state.find(name) is not None:
        return name
    known = sorted({o.id for _, _, o in state.objects()})
    raise node.error(f"no object '{name}' in the state", "an object of the scenario's state: "
                     + ", ".join(known) if len(known) <= 30 else "an object of the state",
                     did_you_mean(name, known))


# =========================================================================================
# Which object a name in a player's line means
# =========================================================================================

SEQUENCING_ZONES: dict[str, tuple[str, ...]] = {
    "sacrifice": ("battlefield",), "discard": ("hand",), "return": ("graveyard",),
    "search": ("library",), "tap-mana": ("battlefield",), "animate": ("battlefield",),
    "block": ("battlefield",), "attack": ("battlefield",), "scry": ("library",), "cast": ("hand",),
    "surveil": ("library",),
}
"""The zones a performed line's verb acts on, for the objects it names (a verb missing here
acts on its player's objects in any zone)."""


def line_object(state: GameState, name: str, node: Field, actor: str | None,
                zones: tuple[str, ...] | None, role: str = "own") -> str:
    """The object ``name`` means in a line said by ``actor``.

    ``Name#1`` is the first copy (whose id is the bare name). A bare card name that two
    players hold is read by what the line does with it: ``role`` ``own`` (the default) is an
    object of the actor's that the verb acts on in one of ``zones`` (a tapped land, a card
    cast or discarded: ``None`` for any zone), ``theirs`` one of another player's on the
    battlefield (the attacker a block names), ``any`` anyone's (a target). Exactly one
    object fitting is the one meant; where two of the actor's fit, or none of the actor's and
    several of other players', the name is refused with the ids that say which. Any other
    name, and any name outside a player's line (``actor`` ``None``), comes back as written,
    for the caller to look up."""
    first = name[:-2] if name.endswith("#1") else None
    if first is not None and state.find(first) is not None:
        return first
    copies = [(zone, o) for _, zone, o in state.objects() if o.card == name]
    if actor is None or state.find(name) is None or len({o.owner for _, o in copies}) < 2:
        return name  # not a player's line, or not a card two players hold: its first copy

    def ids(objs: list[GameObject]) -> str:
        return ", ".join(f"'{o.id if o.id != name else name + '#1'}' ({o.owner}'s)" for o in objs)

    everyone = [o for _, o in copies]
    if role == "any":
        fit, mine = everyone, everyone
    elif role == "theirs":
        fit = [o for zone, o in copies if zone == "battlefield" and o.controller != actor]
        mine = fit
    else:
        mine = [o for _, o in copies if o.controller == actor]
        fit = [o for zone, o in copies if o.controller == actor and (zones is None or zone in zones)]
        if not fit and len(mine) == 1:
            return mine[0].id  # the actor's one copy, in a zone the rules will say is wrong
    if len(fit) == 1:
        return fit[0].id
    whose = " and ".join(dict.fromkeys(o.owner for o in everyone))
    if role == "own" and not mine:
        # the other players' copy the verb could act on, where there is one only
        could = [o for zone, o in copies if zones is None or zone in zones]
        raise node.error(f"'{name}' is ambiguous: {actor} has no {name}, and {whose} each have one",
                         f"an object id that says which: {ids(everyone)}",
                         f"Did you mean {ids(could)}?" if len(could) == 1 else "")
    candidates = fit or mine
    where = " or ".join("on the battlefield" if z == "battlefield" else f"in {actor}'s {z}"
                        for z in zones or ()) if role == "own" and fit else ""
    holder = f"two of {actor}'s could be meant {where}".rstrip() if role == "own" else \
        " and ".join(dict.fromkeys(o.owner for o in candidates)) + " each have one"
    raise node.error(f"'{name}' is ambiguous: {holder}",
                     f"an object id that says which: {ids(candidates)}")
