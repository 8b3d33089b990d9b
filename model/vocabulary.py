"""The one reading of the card vocabulary, for every rule area.

A card's behaviour is a list of instructions such as ``{do: sacrifice, who: target, what:
creature}``. This module says, once, what the vocabulary is — every verb, every parameter
with its type and allowed values (``VERBS``) — and how it reads:

* a continuous effect in force (``InForce``): where it comes from and what it says (which
  effects are in force, and whom a ``who:`` names, the common rules say: ``encodings/common``);
* the costs written on cards (``printed_cost``, ``activated_ability``, ``sacrifice_cost``).

The JSON Schema for card and scenario files is generated from the same table
(``mtgrules.model.schema``). No rule is decided here: this is what the words mean.

>>> VERBS["sacrifice"].param("who").values
('you', 'target', 'opponents', 'each-player', 'that-player')
>>> describe_value("who", "opponent")
'one of: you, target, opponents, each-player, that-player'
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mtgrules.model.errors import MtgRulesError, UnsupportedQuestion
from mtgrules.model.mana import ManaCost, parse_pool

if TYPE_CHECKING:  # cards and state import this module
    from mtgrules.model.cards import Ability, Card, Instruction
    from mtgrules.model.state import GameObject, GameState

MAX_COUNT = 100
"""The largest count or amount a card may name (a typo must not exhaust memory)."""

WHO = ("you", "target", "opponents", "each-player", "that-player")
"""Who an instruction addresses, relative to its source's controller: ``you`` (the
controller), ``target`` (the player the source targeted), ``opponents`` (each opponent of the
controller), ``each-player``, ``that-player`` (for a triggered ability: the player the event
that triggered it is about — whose upkeep it is, who discarded)."""

TRIGGERS = ("your-upkeep", "each-upkeep", "each-draw-step", "your-beginning-of-combat",
            "each-beginning-of-combat", "your-end-step", "each-end-step",
            "opponent-discards", "dies", "enters", "becomes-target")
"""What a triggered ability triggers on (the ``when:`` of a card's triggered ability);
``becomes-target``: its permanent becomes the target of a spell or ability."""

ACTIONS = ("play-land", "cast-spells", "lose-game", "win-game", "concede", "gain-life",
           "sacrifice")
"""What a permission or prohibition is about (``sacrifice``: only a prohibition — the player
can't sacrifice permanents, or with ``what:`` one object can't be sacrificed)."""

NOT_PERMITTED = ("sacrifice",)
"""Actions a ``permit`` can't name: sacrificing is not something a rule stops and an effect
lets through (only its prohibition is modelled)."""

CAST_ZONES = ("hand", "graveyard", "exile", "library", "command")
"""The zones a permission or prohibition to cast spells may name (``zone:``)."""

RULES = ("maximum-hand-size", "enters-untapped")
"""Rules an effect may override (CR 101.1)."""

KEYWORDS = ("flying", "first strike", "double strike", "trample", "vigilance", "deathtouch",
            "lifelink", "haste", "reach", "defender", "menace", "hexproof", "indestructible",
            "flash")
"""Keyword abilities a card may print or an effect may grant or remove (CR 702)."""

CASTING_KEYWORDS = ("convoke", "delve", "improvise", "retrace")
"""Keywords that change how a card is cast or paid for (CR 702.51, 702.66, 702.126, 702.81):
a card may print them; no effect of the vocabulary grants them."""
UNWRITTEN = ("spell", "activated", "triggered", "static", "other-zones")
"""The kinds of ability (CR 113.3a-d) a card prints that its library entry doesn't write
(``unwritten:``), and ``other-zones`` for text that works outside the zone CR 113.6 names for
its kind (113.6a-p: cycling from the hand, "can't be countered" on a permanent spell …): the
core refuses a trace where such text may work rather than play the card without it."""
AFFINITY_FOR = ("artifact", "creature", "land", "enchantment")
"""What a card's affinity may count (CR 702.41a: the permanents of a type its caster controls)."""

COMBAT_DEMANDS = ("attacks-each-combat", "blocks-each-combat", "must-be-blocked",
                  "must-be-blocked-by-all", "cant-attack", "cant-block")
"""Abilities that make requirements and restrictions on declaring attackers and blockers
(CR 508.1c-d, 509.1b-c; 500 of the 2008 editions), printed as a static ability granting itself
one (``static: [{do: grant-ability, what: self, ability: cant-block}]``) or granted by an
effect (``{do: grant-ability, target: creature, ability: must-be-blocked, duration: turn}``):
``attacks-each-combat`` (it attacks each combat if able: a requirement), ``blocks-each-combat``
(it blocks each combat if able), ``must-be-blocked`` (it must be blocked if able: a requirement
on the defending player that one creature or more blocks it), ``must-be-blocked-by-all`` (all
creatures able to block it do so: one requirement for each creature of the defending player),
``cant-attack`` and ``cant-block`` (restrictions). With ``duration: turn`` a requirement holds
"this turn"."""

ABILITIES = (*KEYWORDS, "regenerate-shield", *COMBAT_DEMANDS)
"""What a grant-ability or remove-ability effect, or a has-ability question, may name."""
REMOVABLE = (*ABILITIES, "all")
"""What a remove-ability effect may take away: one ability, or all of them (CR 613.1f)."""

ADDITIONAL_COSTS: dict[str, Param] = {}
"""The additional costs a card may require (CR 118.8), each ``{kind: value}``: what the cost
encoding understands; any other is refused, never dropped (filled in below ``Param``)."""

DURATIONS = ("turn", "your-next-turn")
"""How long an effect from a resolving spell or ability lasts (CR 611.2a-b): ``turn`` (until end
of turn, or "this turn": it ends in the cleanup step, CR 514.2), ``your-next-turn`` (until its
controller's next turn begins). Left out: indefinitely; for a static ability, as long as its
source is on the battlefield (CR 611.3a)."""
AFFECTED = ("self", "creatures-you-control", "other-creatures-you-control", "each-creature")
"""The objects an effect on characteristics applies to, besides ``target: creature``: its
source, or a set (fixed as the effect begins for a resolving spell or ability, CR 611.2c;
continuously for a static ability, CR 611.3a). A lasting effect a scenario's state lists may
also name one object by its id."""
COUNTER_KINDS = ("+1/+1", "-1/-1", "loyalty", "charge")
"""Counters the project models on permanents (CR 122; a charge counter has no meaning of its
own, CR 122.1: the cards that name it say what it does)."""
FOR_EACH = ("kick",)
"""What an ``enters-with-counters`` count may be multiplied by: ``kick``, each time the spell it
was was kicked (CR 702.33d: multikicker may be paid more than once)."""
KINDS_OF_OBJECT = ("card", "creature", "land", "basic-land", "artifact", "enchantment",
                   "planeswalker", "self")
COLOURS = ("white", "blue", "black", "red", "green")
SUPERTYPES = ("basic", "legendary", "snow", "world", "elite", "host", "ongoing")
"""Supertypes (CR 205.4a)."""
CARD_TYPES = ("artifact", "creature", "enchantment", "instant", "land", "planeswalker",
              "sorcery", "battle", "kindred")
TARGETS = ("any", "player", "player-or-planeswalker", "opponent", "creature", "creature-you-control",
           "spell", "permanent", "artifact-or-enchantment", "noncreature-spell", "colorless-nonland-permanent")
"""What a card's ``targets:`` may name, in order (CR 601.2c): the kinds of target the casting
and cost encodings and the temporal core check a target against."""
MAX_AMOUNT = 1000
"""The largest amount, power or toughness a card may write (a typo must not overflow a
solver)."""


@dataclass(frozen=True)
class Param:
    """One parameter of a verb: its name, type and allowed values."""

    name: str
    type: str
    """``choice`` (one of ``values``), ``int`` (``low``..``high``), ``amount`` (an int or
    ``X``), ``bool``, ``text``, ``mana`` (mana of the six types in symbols, e.g. ``{G}{G}``),
    ``cost`` (a mana cost in symbols, e.g. ``{2}{W/U}``), ``list`` (of ``values``),
    ``mapping`` (``keys``)."""
    values: tuple[str, ...] = ()
    low: int = 0
    high: int = MAX_COUNT
    keys: tuple[str, ...] = ()
    doc: str = ""
    default: Any = None
    """What an instruction without this parameter means (``None``: nothing)."""
    fields: tuple[Param, ...] = ()
    """For a ``mapping``: each key's own parameter (its type and values)."""
    card_values: tuple[str, ...] = ()
    """For a ``text`` naming objects: the words a card may write there (a card can't name one
    object of a game; a lasting effect in a scenario's state may also name one by its id)."""

    def allows(self, value: Any) -> bool:
        """Whether ``value`` (as read from YAML) is one this parameter takes.

        >>> Param("count", "int").allows(3), Param("count", "int").allows(-1)
        (True, False)
        """
        if self.type == "choice":
            return isinstance(value, str) and value in self.values
        if self.type == "int":
            return isinstance(value, int) and not isinstance(value, bool) and \
                self.low <= value <= self.high
        if self.type == "amount":
            return value == "X" or (isinstance(value, int) and not isinstance(value, bool)
                                    and self.low <= value <= self.high) or mana_value_of(value) is not None
        if self.type == "bool":
            return isinstance(value, bool)
        if self.type == "text":
            return isinstance(value, str) and bool(value)
        if self.type == "mana":
            return isinstance(value, str) and is_mana(value)
        if self.type == "cost":
            return isinstance(value, str) and is_cost(value)
        if self.type == "list":
            return isinstance(value, (list, tuple)) and all(
                isinstance(v, str) and (not self.values or v in self.values) for v in value)
        if self.type == "mapping":
            return isinstance(value, dict) and set(value) <= set(self.keys) and all(
                f.allows(value[f.name]) for f in self.fields if f.name in value)
        raise ValueError(f"unknown parameter type {self.type!r}")

    def expected(self) -> str:
        """What this parameter takes, in words (for error messages)."""
        if self.type == "choice":
            return "one of: " + ", ".join(self.values)
        if self.type == "int":
            return f"a whole number from {self.low} to {self.high}"
        if self.type == "amount":
            return (f"a whole number from {self.low} to {self.high}, X, or {{mana-value-of: N}} "
                    f"(the mana value of the spell's N-th target, N from 1 to {MAX_TARGET_SLOTS})")
        if self.type == "bool":
            return "true or false"
        if self.type == "mana":
            return "mana in symbols of the six types, e.g. {G} or {R}{R} ({W} {U} {B} {R} {G} {C})"
        if self.type == "cost":
            return "a mana cost written in symbols, e.g. {1}{G}"
        if self.type == "list":
            return "a list" + (" of: " + ", ".join(self.values) if self.values else "")
        if self.type == "mapping":
            if self.fields:
                return "a mapping of " + "; ".join(f"{f.name}: {f.expected()}" for f in self.fields)
            return "a mapping with keys among: " + ", ".join(self.keys)
        return "a text"


MAX_TARGET_SLOTS = 3
"""The most target slots an amount may refer to (``{mana-value-of: N}``)."""


def mana_value_of(value: Any) -> int | None:
    """The slot N of an amount written ``{mana-value-of: N}`` — the mana value (CR 202.3) of the
    spell's N-th target, in the order of its target slots (CR 601.2c) — or ``None`` if ``value``
    is not one."""
    if isinstance(value, dict) and set(value) == {"mana-value-of"}:
        n = value["mana-value-of"]
        if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_TARGET_SLOTS:
            return n
    if isinstance(value, tuple) and len(value) == 1 and len(value[0]) == 2 and value[0][0] == "mana-value-of":
        return mana_value_of({"mana-value-of": value[0][1]})
    return None


def _p(name: str, type_: str, values: tuple[str, ...] = (), **kw: Any) -> Param:
    return Param(name, type_, values, **kw)


def is_mana(text: str) -> bool:
    """Whether ``text`` is mana a pool can hold, at least one (``{G}``, ``{R}{R}{C}``).

    >>> is_mana("{G}{G}"), is_mana("{2}"), is_mana("")
    (True, False, False)
    """
    try:
        return bool(parse_pool(text))
    except MtgRulesError:
        return False


def is_cost(text: str) -> bool:
    """Whether ``text`` is a mana cost written in symbols (CR 107.4).

    >>> is_cost("{2}{W/U}"), is_cost("{Q}")
    (True, False)
    """
    try:
        ManaCost.parse(text)
    except MtgRulesError:
        return False
    return True


ACTIVATION_COSTS: dict[str, Param] = {
    "mana": Param("mana", "cost"),
    "sacrifice": Param("sacrifice", "choice", ("self", "creature", "land", "artifact",
                                               "enchantment")),
    "loyalty": Param("loyalty", "int", low=-MAX_COUNT, high=MAX_COUNT),
}
"""The items of an activated or mana ability's cost besides ``tap`` (CR 602.1a); any other
is refused when the card is read, never dropped."""

ALTERNATIVE_COSTS: dict[str, Param] = {
    "mana": Param("mana", "cost"),
    "life": Param("life", "int", low=0, high=MAX_COUNT),
    "exile-from-hand": Param("exile-from-hand", "choice", COLOURS),
}
"""The parts an alternative cost a card offers may have (CR 118.9)."""

ADDITIONAL_COSTS.update({
    "sacrifice": Param("sacrifice", "choice", ("creature", "land", "artifact", "enchantment")),
    "life": Param("life", "int", low=0, high=MAX_COUNT),
    "discard": Param("discard", "choice", ("card", "land")),
    "mana": Param("mana", "cost"),
})

WHO_P = _p("who", "choice", WHO, doc="who the instruction addresses")
COUNT = _p("count", "int", low=0, default=1)
AMOUNT = _p("amount", "amount", low=0, high=MAX_AMOUNT)
BY = _p("amount", "int", low=0, high=MAX_AMOUNT, doc="generic mana")
"""A cost modifier's amount: a number (a static ability has no X of its own)."""
DURATION = _p("duration", "choice", DURATIONS)
WHAT = _p("what", "choice", KINDS_OF_OBJECT)
AFFECTS = _p("what", "text", doc=("what the effect applies to: " + ", ".join(AFFECTED)
                                  + " (a scenario's lasting effect may name one object)"),
             card_values=AFFECTED)
SPELLS = _p("spells", "choice", ("any", "creature", "noncreature"), default="any",
            doc="which spells a cost modifier applies to")
WHOSE = _p("whose", "choice", ("any", "you", "opponents"), default="any",
           doc="whose spells a cost modifier applies to, read as a who")


@dataclass(frozen=True)
class Verb:
    """A verb of the vocabulary: what it does and the parameters it takes."""

    name: str
    doc: str
    required: tuple[Param, ...] = ()
    optional: tuple[Param, ...] = ()
    lasting: bool = False
    """Whether it makes a continuous effect (a permission, prohibition, cost modifier …)."""

    @property
    def params(self) -> tuple[Param, ...]:
        return self.required + self.optional

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)


def _verbs(*verbs: Verb) -> dict[str, Verb]:
    return {v.name: v for v in verbs}


VERBS: dict[str, Verb] = _verbs(
    # one-shot instructions
    Verb("draw", "draws cards", (WHO_P,), (COUNT,)),
    Verb("discard", "discards cards", (WHO_P,),
         (COUNT, _p("what", "choice", ("card", "instant-or-sorcery"), default="card",
                    doc="instant-or-sorcery: only with chosen-by (the chooser picks among those)"),
          _p("random", "bool", default=False),
          _p("chosen-by", "choice", ("you",),
             doc="another player picks the cards, seeing the hand (e.g. Thoughtseize-like spells)"))),
    Verb("sacrifice", "sacrifices permanents", (WHO_P,),
         (_p("what", "choice", ("creature", "land", "artifact", "enchantment", "self"),
             default="creature"), COUNT,
          _p("unless", "mapping", keys=("do", "who", "count"),
             fields=(_p("do", "choice", ("discard",)), WHO_P, COUNT),
             doc="a cost paid instead, e.g. {do: discard, who: you, count: 1}"))),
    Verb("return", "returns cards to a zone", (WHO_P,),
         (_p("what", "choice", ("card", "creature", "another-creature", "land", "artifact"),
             default="creature"),
          _p("from", "choice", ("graveyard",), default="graveyard"),
          _p("to", "choice", ("hand",), default="hand"), COUNT)),
    Verb("search", "searches the library", (WHO_P,),
         (_p("what", "choice", ("card", "basic-land", "land", "creature"), default="card"), COUNT,
          _p("up-to", "bool", default=False), _p("to", "choice", ("hand", "battlefield")),
          _p("tapped", "bool", default=False),
          _p("then", "choice", ("shuffle",)))),
    Verb("shuffle", "shuffles the library", (WHO_P,)),
    Verb("scry", "looks at the top cards, puts any on the bottom", (WHO_P,), (COUNT,)),
    Verb("surveil", "looks at the top cards, puts any into the graveyard", (WHO_P,), (COUNT,)),
    Verb("look", "looks at hidden cards", (WHO_P,),
         (COUNT, _p("at", "choice", ("target-hand", "library-top")))),
    Verb("reveal", "reveals cards", (WHO_P,), (_p("what", "choice", ("hand", "card")),)),
    Verb("gain-life", "gains life", (WHO_P, AMOUNT)),
    Verb("lose-life", "loses life", (WHO_P, AMOUNT)),
    Verb("damage", "deals damage", (),
         (AMOUNT, _p("target", "choice", ("any", "creature", "player", "player-or-planeswalker", "opponent",
                                          "that-player")),
          _p("divided", "choice", ("evenly", "announced"),
             doc="announced: the caster divides it while casting (CR 601.2d)"),
          _p("targets", "mapping", keys=("min", "max"),
             fields=(_p("min", "int", low=0), _p("max", "int", low=1))),
          _p("kicked-amount", "int", low=0, high=MAX_AMOUNT))),
    Verb("counter", "counters a spell", (), (_p("target", "choice", ("spell",)),)),
    Verb("destroy", "destroys a permanent", (),
         (_p("target", "choice", ("creature", "permanent", "artifact-or-enchantment",
                                  "colorless-nonland-permanent")),)),
    Verb("bounce", "returns the target permanent to its owner's hand", (),
         (_p("target", "choice", ("creature", "permanent")),)),
    Verb("tap", "taps a permanent", (), (WHAT,)),
    Verb("untap", "untaps a permanent", (), (WHAT,)),
    Verb("add-mana", "adds mana", (), (_p("mana", "mana"),)),
    Verb("modify-pt", "changes power and toughness by +N/+N (layer 7c)", (),
         (_p("target", "choice", ("creature", "creature-you-control")), AFFECTS,
          _p("power", "int", low=-MAX_AMOUNT, high=MAX_AMOUNT),
          _p("toughness", "int", low=-MAX_AMOUNT, high=MAX_AMOUNT), DURATION), lasting=True),
    Verb("set-pt", "sets base power and toughness (layer 7b)", (),
         (_p("target", "choice", ("creature",)), AFFECTS, _p("power", "int", low=0, high=MAX_AMOUNT),
          _p("toughness", "int", low=0, high=MAX_AMOUNT), DURATION), lasting=True),
    Verb("switch-pt", "switches power and toughness (layer 7d)", (),
         (_p("target", "choice", ("creature",)), AFFECTS, DURATION), lasting=True),
    Verb("put-counters", "puts counters on a permanent", (_p("kind", "choice", COUNTER_KINDS),),
         (_p("target", "choice", ("creature",)), _p("what", "choice", ("self",)), COUNT)),
    Verb("enters-with-counters", "its own permanent enters with counters on it (a replacement "
         "effect, CR 614.1c, 614.12): count of them, or count for each time it was kicked",
         (_p("kind", "choice", COUNTER_KINDS),),
         (COUNT, _p("for-each", "choice", FOR_EACH,
                    doc="kick: count counters for each time the spell was kicked (CR 702.33d)"))),
    Verb("create-token", "creates tokens (CR 111.1): the card named gives their characteristics",
         (WHO_P, _p("card", "text")), (COUNT,)),
    Verb("animate", "becomes a creature", (),
         (_p("power", "int", low=0, high=MAX_AMOUNT), _p("toughness", "int", low=0, high=MAX_AMOUNT),
          _p("types", "list", CARD_TYPES), _p("subtypes", "list"), _p("colors", "list", COLOURS),
          _p("keywords", "list", KEYWORDS), DURATION), lasting=True),
    Verb("balance", "each player keeps as many as the player with fewest", (),
         (_p("what", "choice", ("creature", "land", "hand"), default="land"),)),
    Verb("put-onto-battlefield", "puts cards onto the battlefield", (WHO_P,),
         (WHAT, _p("tapped", "bool"))),
    Verb("to-graveyard", "puts an object into its owner's graveyard", (), (WHAT,)),
    # continuous effects: permissions, prohibitions and overrides of rules (CR 101.1–101.2)
    Verb("permit", "allows an action",
         (WHO_P, _p("action", "choice", tuple(a for a in ACTIONS if a not in NOT_PERMITTED))),
         (DURATION, COUNT, _p("zone", "choice", CAST_ZONES, doc=(
             "with cast-spells: the zone the player may cast spells from (CR 601.3)")),
          ), lasting=True),  # count: how many more times
    Verb("forbid", "forbids an action", (WHO_P, _p("action", "choice", ACTIONS)),
         (DURATION, _p("zone", "choice", CAST_ZONES, doc=(
             "with cast-spells: only casting from this zone is forbidden (left out: from "
             "anywhere)")),
          _p("colors", "list", COLOURS, doc=("with cast-spells: only spells of these colours "
                                              "(as they are cast)")),
          _p("what", "text", doc=("with sacrifice: the one object that can't be sacrificed "
                                  "(self: the source; left out: the player can't sacrifice "
                                  "any permanent; a scenario's lasting effect may name one "
                                  "object)"), card_values=("self",))), lasting=True),
    Verb("override-rule", "card text that contradicts a rule", (WHO_P, _p("rule", "choice", RULES)),
         (DURATION,), lasting=True),
    Verb("grant-ability", "adds an ability (layer 6)", (),
         (_p("target", "choice", ("creature", "creature-you-control")), AFFECTS, _p("ability", "choice", ABILITIES),
          DURATION), lasting=True),
    Verb("remove-ability", "removes an ability, or all of them (layer 6)", (),
         (_p("target", "choice", ("creature",)), AFFECTS, _p("ability", "choice", REMOVABLE),
          DURATION), lasting=True),
    # cost modifiers (CR 601.2f)
    Verb("cost-increase", "spells cost more", (BY,),
         (SPELLS, WHOSE, _p("per", "choice", ("target-beyond-first",))), lasting=True),
    Verb("cost-reduction", "spells cost less", (BY,),
         (SPELLS, WHOSE, _p("colors", "list", COLOURS),
          _p("per", "choice", ("target",), doc="the spell's own: this much less for each target "
                                                "chosen")), lasting=True),
    Verb("cost-floor", "spells cost at least this much", (BY,),
         (SPELLS, _p("while", "choice", ("untapped",))), lasting=True),
    Verb("cast-without-paying", "an alternative cost: without paying the mana cost", (WHO_P,),
         (_p("from", "choice", ("hand",)),), lasting=True),
)

LASTING_VERBS = frozenset(v.name for v in VERBS.values() if v.lasting)
AFFECTING = ("modify-pt", "set-pt", "switch-pt", "grant-ability", "remove-ability")
"""Verbs whose ``what:`` names the objects an effect on characteristics applies to (AFFECTED;
in a scenario's lasting effect, one object by its id)."""

ONLY_WITH: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {
    ("permit", "zone"): ("action", ("cast-spells",)),
    ("forbid", "zone"): ("action", ("cast-spells",)),
    ("forbid", "what"): ("action", ("sacrifice",)),
    ("forbid", "colors"): ("action", ("cast-spells",)),
}
"""(verb, parameter) -> the other parameter's values it makes sense with: anything else is
refused, never ignored."""



def param(instruction: Instruction, name: str) -> Any:
    """The value of an instruction's parameter, or what its absence means (the default).
    Asking for a parameter the verb doesn't take is a mistake in the code, not the card.

    >>> from mtgrules.model.cards import Instruction
    >>> param(Instruction("sacrifice", (("who", "you"),)), "what")
    'creature'
    """
    spec = VERBS[instruction.verb].param(name)
    value = instruction.get(name)
    return spec.default if value is None else value


def describe_value(name: str, value: Any) -> str:
    """What a parameter takes wherever it appears, in words, for an error message."""
    found = {p.expected() for v in VERBS.values() for p in v.params if p.name == name}
    return " or ".join(sorted(found)) if found else "no such parameter"


def who_of(instruction: Instruction) -> str | None:
    """The ``who:`` of an instruction whose verb addresses players (``None`` otherwise)."""
    if not any(p.name == "who" for p in VERBS[instruction.verb].params):
        return None
    return str(param(instruction, "who"))


# -- reading a state ---------------------------------------------------------------------------

@dataclass(frozen=True)
class InForce:
    """A continuous effect in force: where it comes from and what it says."""

    source: str
    """The object (or the card of a lasting effect) it comes from."""
    controller: str
    instruction: Instruction
    target: str | None = None
    """What the source targeted, for a lasting effect."""
    permanent: GameObject | None = None
    """The permanent whose static ability it is (``None`` for a lasting effect)."""


# -- costs written on cards --------------------------------------------------------------------

def card_at(state: GameState, object_id: str) -> Card:
    """The card of an object, which must be visible."""
    where = state.find(object_id)
    if where is None:
        named = sorted({o.id for _, _, o in state.objects() if state.card_of(o) is not None})
        raise UnsupportedQuestion(f"'{object_id}' names no object of the state (its objects with a "
                                  f"card: {', '.join(named) or 'none'})")
    card = state.card_of(where[2])
    if card is None:
        raise UnsupportedQuestion(f"'{object_id}' is a hidden card; its cost can't be known")
    return card


def printed_cost(card: Card, ability: int | None) -> ManaCost | None:
    """The mana cost of the card (``ability`` None) or of its ``ability``-th ability."""
    if ability is None:
        return card.mana_cost
    item = activated_ability(card, ability)
    mana = [dict(c).get("mana") for c in item.cost if isinstance(c, tuple)]
    text = "".join(m for m in mana if m)
    return ManaCost.parse(text) if text else ManaCost()


def activated_ability(card: Card, n: int) -> Ability:
    """The ``n``-th (1-based) activated or mana ability: activated abilities first."""
    return (card.abilities_of("activated") + card.abilities_of("mana"))[n - 1]


def statics_at(state: GameState, object_id: str) -> list[Instruction]:
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    return list(card.statics()) if card else []


def mana_abilities_at(state: GameState, object_id: str) -> list[Ability]:
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    return card.abilities_of("mana") if card else []


def sacrifice_cost(ability: Ability) -> str | None:
    """What an ability's cost sacrifices (``self``, ``creature`` …), if anything."""
    for c in ability.cost:
        if isinstance(c, tuple) and dict(c).get("sacrifice"):
            return str(dict(c)["sacrifice"])
    return None


def token_ids(state: GameState) -> list[tuple[str, str, str]]:
    """(card, id, maker) for every token a trace from ``state`` may create (CR 111.1): for each
    card a create-token instruction names and each player who may make them, twice as many
    as the instructions in the game could make at once, named in the order they are made:
    ``"C token"``, ``"C token#2"``, … — ``"P's C token"``, ``"P's C token#2"``, … where more than
    one player may make tokens of C."""
    wanted: dict[tuple[str, str], int] = {}
    for _, _, obj in state.objects():
        card = state.card_of(obj)
        for ins in (instructions_of(card) if card else ()):
            if ins.verb == "create-token":
                # "you": the object's controller; any other who-word may name any player
                makers = [obj.controller] if param(ins, "who") == "you" else list(state.names)
                for maker in makers:
                    key = (str(ins.get("card")), maker)
                    wanted[key] = wanted.get(key, 0) + int(param(ins, "count"))
    found = []
    for (name, maker), count in sorted(wanted.items()):
        if name not in state.cards:
            raise UnsupportedQuestion(f"a create-token instruction names '{name}', which is no "
                                      "card of the library or the scenario")
        prefix = f"{maker}'s " if sum(1 for c, _ in wanted if c == name) > 1 else ""
        found += [(name, f"{prefix}{name} token" + (f"#{k}" if k > 1 else ""), maker)
                  for k in range(1, 2 * count + 1)]
    return found


def instructions_of(card: Card) -> Iterator[Instruction]:
    """Every instruction on a card: its spell instructions (its modes', its kicker's), then
    its abilities' effects (an activated ability's modes')."""
    yield from card.resolve
    for mode in (*(card.modes.options if card.modes else ()), card.if_kicked):
        yield from (mode.resolve if mode else ())
    for ability in card.abilities:
        yield from ability.effect
        for mode in ability.modes.options if ability.modes else ():
            yield from mode.resolve
