"""Cards: characteristics plus abilities written in the project's instruction vocabulary.

A card never carries printed text. Its behaviour is a list of instructions such as
``{do: sacrifice, who: target, what: creature}``; the vocabulary (every verb, every
parameter's allowed values) is ``mtgrules.model.vocabulary``, and every value of every card
file is checked against it when loaded.
The built-in library is ``data/cards/*.yaml``; a scenario may add cards in the same form.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from importlib import resources
from typing import TYPE_CHECKING, Any

from mtgrules.model.mana import ManaCost, ManaCostError
from mtgrules.model.source import Field, did_you_mean
from mtgrules.model.vocabulary import (
    ACTIONS,
    ACTIVATION_COSTS,
    ADDITIONAL_COSTS,
    AFFECTING,
    AFFINITY_FOR,
    ALTERNATIVE_COSTS,
    CARD_TYPES,
    CASTING_KEYWORDS,
    COLOURS,
    COUNTER_KINDS,
    KEYWORDS,
    MAX_AMOUNT,
    MAX_COUNT,
    MAX_TARGET_SLOTS,
    NOT_PERMITTED,
    ONLY_WITH,
    SUPERTYPES,
    TARGETS,
    TRIGGERS,
    UNWRITTEN,
    VERBS,
    Param,
    is_mana,
    mana_value_of,
)

if TYPE_CHECKING:  # the export module reads cards
    from mtgrules.model.card_export import CardExport

ABILITY_KINDS = ("static", "triggered", "activated", "mana")
MAX_MODES = 10
"""The most modes a modal card may ask for."""

@dataclass(frozen=True)
class Instruction:
    """One instruction of the vocabulary: a verb and its parameters."""

    verb: str
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __str__(self) -> str:
        args = ", ".join(f"{k}={_thaw(v)}" for k, v in self.params)
        return f"{self.verb}({args})"


@dataclass(frozen=True)
class Ability:
    """An ability of a card (CR 113): static, triggered, activated or mana."""

    kind: str
    effect: tuple[Instruction, ...] = ()
    cost: tuple[Any, ...] = ()
    """Activation cost items for activated and mana abilities, e.g. ``tap``, ``{mana: "{2}"}``."""
    trigger: str | None = None
    """For triggered abilities: the event, e.g. ``upkeep``, ``dies``."""
    produces: str | None = None
    """For mana abilities: the mana added, e.g. ``{G}``."""
    per_counter: str | None = None
    """For mana abilities: a counter kind, where the ability adds its mana once for each counter
    of that kind on its permanent (``for-each-counter: charge``; none: no mana, CR 106.4)."""
    modes: Modes | None = None
    """For activated abilities: its modes, chosen as it is activated (CR 700.2a, 602.2b), in
    place of ``effect``."""


@dataclass(frozen=True)
class Mode:
    """Text a spell has only when it is chosen (CR 700.2c, 601.2c): one mode of a modal spell,
    or what a kicker adds: its targets, in order, and its instructions."""

    targets: tuple[str, ...] = ()
    resolve: tuple[Instruction, ...] = ()


@dataclass(frozen=True)
class Modes:
    """How a modal spell's modes are chosen (CR 700.2)."""

    options: tuple[Mode, ...]
    choose: int | None = 1
    """Exactly this many modes; ``None``: one or more."""
    repeat: bool = False
    """The same mode may be chosen more than once (CR 700.2d: only where the card says so)."""


@dataclass(frozen=True)
class Card:
    """A card's characteristics and behaviour."""

    name: str
    types: frozenset[str]
    mana_cost: ManaCost | None = None
    """Its mana cost (``{1}{G}``); ``None`` for a card with no mana cost (CR 118.6)."""
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    """A planeswalker's printed loyalty: the loyalty counters it enters with (CR 306.5b)."""
    keywords: frozenset[str] = frozenset()
    targets: tuple[str, ...] = ()
    """What the spell targets, in order (CR 601.2c), e.g. ``("opponent",)``."""
    resolve: tuple[Instruction, ...] = ()
    """A spell's instructions, in written order (CR 608.2c)."""
    abilities: tuple[Ability, ...] = ()
    additional_costs: tuple[Any, ...] = ()
    alternative_costs: tuple[Any, ...] = ()
    kicker: ManaCost | None = None
    multikicker: ManaCost | None = None
    """Kicker that may be paid any number of times (CR 702.33c)."""
    if_kicked: Mode | None = None
    """Targets and instructions the spell has only when kicked (CR 601.2c)."""
    modes: Modes | None = None
    entwine: ManaCost | None = None
    escalate: tuple[Any, ...] = ()
    """Cost items paid once for each mode chosen beyond the first (CR 702.120a)."""
    splice_onto: str | None = None
    """The subtype of spells this card can be spliced onto from the hand (CR 702.47a)."""
    splice_cost: ManaCost | None = None
    buyback: ManaCost | None = None
    morph: ManaCost | None = None
    """Its morph cost: the card may be cast face down for {3} (CR 702.37c)."""
    flashback: ManaCost | None = None
    affinity: str | None = None
    """Affinity for this card type (CR 702.41a)."""
    unwritten: frozenset[str] = frozenset()
    """The kinds of ability the card prints that the entry doesn't write (``UNWRITTEN``): where
    they may work, the core refuses rather than plays the card without them."""

    def is_a(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_permanent_card(self) -> bool:
        return not ({"instant", "sorcery"} & self.types)

    def abilities_of(self, kind: str) -> list[Ability]:
        return [a for a in self.abilities if a.kind == kind]

    def statics(self) -> Iterator[Instruction]:
        for ability in self.abilities_of("static"):
            yield from ability.effect


_COLOR_OF_SYMBOL = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def colors_of_cost(cost: str | None) -> frozenset[str]:
    """The colours a mana cost gives a card (CR 105.2): every coloured letter in a symbol."""
    if not cost:
        return frozenset()
    found = set()
    for symbol in cost.replace("}", "").split("{"):
        for part in symbol.split("/"):
            if part in _COLOR_OF_SYMBOL:
                found.add(_COLOR_OF_SYMBOL[part])
    return frozenset(found)


class CardLibrary(Mapping[str, Card]):
    """Cards by name; lookups of unknown names suggest the closest known name."""

    def __init__(self, cards: Iterable[Card] = ()):
        self._cards: dict[str, Card] = {}
        for card in cards:
            self._cards[card.name] = card

    def __getitem__(self, name: str) -> Card:
        return self._cards[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def extended(self, cards: Iterable[Card]) -> CardLibrary:
        """A new library with these cards added (a scenario's own cards win over built-ins)."""
        return CardLibrary([*self._cards.values(), *cards])

    def lookup(self, name_field: Field) -> Card:
        name = name_field.str()
        if name not in self._cards:
            raise name_field.error(f"unknown card '{name}'", "a card from the card library or from "
                                   "the scenario's own 'cards' list", did_you_mean(name, self._cards))
        return self._cards[name]


def parse_cards(doc: Field, export: CardExport | None = None) -> list[Card]:
    """Cards from a YAML list of card entries (a card file, or a scenario's ``cards``);
    with ``export``, an entry naming a card of the export takes its characteristics from it."""
    cards: list[Card] = []
    seen: dict[str, int | None] = {}
    for entry in doc.list():
        card = parse_card(entry, export)
        if card.name in seen:
            raise entry.error(f"the card '{card.name}' is defined twice (first on line "
                              f"{seen[card.name]})", "each card once")
        seen[card.name] = entry.line
        cards.append(card)
    return cards


NAME_PATTERN = r"[^#\s](?:[^#]*[^#\s])?"
"""A card's name: text without ``#`` (which makes object ids: ``Name#2``) and without spaces
around it."""


def card_name(node: Field) -> str:
    """A card's name, checked against ``NAME_PATTERN``."""
    return node.name(NAME_PATTERN, "a card name", "a name without '#' (object ids use it: "
                     "'Name#2' is the second object of a card) and without spaces around it")


def _words(node: Field, known: tuple[str, ...], what: str) -> frozenset[str]:
    """A list of words, each one of ``known``."""
    return frozenset(w.choice(known, what) for w in node.list())


def check_tokens(doc: Field, library: CardLibrary) -> None:
    """Every card a ``create-token`` instruction of these card entries names exists in
    ``library`` (its tokens take their characteristics from it, CR 111.1)."""
    for entry in doc.list():
        found = [*entry.get("resolve", []).list(), *entry.get("static", []).list()]
        for kind in ("triggered", "activated"):
            found += [i for ability in entry.get(kind, []).list()
                      for i in ability.get("effect", []).list()]
        for ins in found:
            if ins.get("do").value == "create-token":
                library.lookup(ins["card"])


CARD_FIELDS = ("name", "types", "cost", "subtypes", "supertypes", "colors", "power", "toughness",
               "loyalty", "keywords", "targets", "resolve", "static", "triggered", "activated",
               "mana", "additional-costs", "alternative-costs", "kicker", "multikicker",
               "if-kicked", "modes", "entwine", "escalate", "splice", "buyback", "morph",
               "flashback", "affinity", "unwritten")
"""Every field a card entry may have."""


def parse_card(entry: Field, export: CardExport | None = None) -> Card:
    """One card entry; with ``export``, an entry naming one of its cards may leave out the
    characteristics (they come from the export) and any it writes must agree with it."""
    if export is not None and entry.has("name") and isinstance(entry["name"].value, str) \
            and entry["name"].value in export:
        return _from_export(entry, export)
    if export is not None and entry.has("name") and not entry.has("types"):
        name = entry["name"].str()  # neither in the export nor written in full
        raise entry["name"].error(f"the card export {export.file} holds no card named '{name}'",
                                  "a name as the export writes it, or the card written in full "
                                  "(with its types)", export.suggestion(name))
    entry.mapping(required=["name", "types"], optional=CARD_FIELDS)
    name = card_name(entry["name"])
    types = _words(entry["types"], CARD_TYPES, "card type")
    # every printed cost must be well formed (CR 107.4)
    cost = _mana_cost(entry["cost"]) if entry.has("cost") else None
    abilities: list[Ability] = []
    for inst in entry.get("static", []).list():
        abilities.append(Ability("static", (parse_instruction(inst),)))
    for trig in entry.get("triggered", []).list():
        trig.mapping(required=["when", "effect"])
        abilities.append(Ability("triggered", _instructions(trig["effect"]),
                                 trigger=trig["when"].choice(TRIGGERS, "trigger")))
    for act in entry.get("activated", []).list():
        abilities.append(_activated(act))
    for mana in entry.get("mana", []).list():
        if mana.has("modes"):
            # CR 605.1a: a mana ability has no target; one with modes has no words here
            raise mana["modes"].error("modes on a mana ability (not modelled)",
                                      "an activated ability with modes ('activated'), or a "
                                      "mana ability adding one mana ('add')")
        mana.mapping(required=["cost", "add"], optional=["for-each-counter"])
        abilities.append(Ability("mana", cost=tuple(_activation_cost(c) for c in mana["cost"].list()),
                                 produces=_mana(mana["add"]),
                                 per_counter=mana["for-each-counter"].choice(COUNTER_KINDS, "counter kind")
                                 if mana.has("for-each-counter") else None))
    colors = (_words(entry["colors"], COLOURS, "colour") if entry.has("colors")
              else colors_of_cost(str(cost) if cost else None))
    return Card(
        name=name,
        types=types,
        mana_cost=cost,
        subtypes=frozenset(_subtype(s) for s in entry.get("subtypes", []).list()),
        supertypes=_words(entry.get("supertypes", []), SUPERTYPES, "supertype"),
        colors=colors,
        power=entry["power"].int(-MAX_AMOUNT, MAX_AMOUNT) if entry.has("power") else None,
        # a printed toughness is never below 0 (effects may lower it; power may be printed below)
        toughness=entry["toughness"].int(0, MAX_AMOUNT) if entry.has("toughness") else None,
        loyalty=entry["loyalty"].int(0, MAX_COUNT) if entry.has("loyalty") else None,
        keywords=_words(entry.get("keywords", []), (*KEYWORDS, *CASTING_KEYWORDS), "keyword"),
        targets=tuple(t.choice(TARGETS, "kind of target") for t in entry.get("targets", []).list()),
        resolve=_instructions(entry.get("resolve", [])),
        abilities=tuple(abilities),
        additional_costs=tuple(_additional_cost(c) for c in entry.get("additional-costs", []).list()),
        alternative_costs=tuple(_alternative_cost(c) for c in entry.get("alternative-costs", []).list()),
        kicker=_mana_cost(entry["kicker"]) if entry.has("kicker") else None,
        **_casting_fields(entry),
    )


BEHAVIOUR = ("targets", "resolve", "abilities", "additional_costs", "alternative_costs", "kicker",
             "multikicker", "if_kicked", "modes", "entwine", "escalate", "splice_onto",
             "splice_cost", "buyback", "morph", "flashback", "affinity", "unwritten")
"""The Card attributes a card entry gives besides its characteristics (an export never does)."""


def _casting_fields(entry: Field) -> dict[str, Any]:
    """What a card lets its caster announce and pay besides its mana cost (CR 601.2b, 702):
    modes, kicker text, splice, buyback, morph, flashback, affinity. Each field is read first,
    then what the fields ask of each other."""
    out: dict[str, Any] = {}
    for key in ("multikicker", "entwine", "buyback", "morph", "flashback"):
        if entry.has(key):
            out[key] = _mana_cost(entry[key])
    if entry.has("modes"):
        out["modes"] = _modes(entry["modes"])
    if entry.has("escalate"):
        out["escalate"] = tuple(_additional_cost(c) for c in entry["escalate"].list())
    if entry.has("if-kicked"):
        out["if_kicked"] = _mode(entry["if-kicked"])
    if entry.has("splice"):
        node = entry["splice"]
        node.mapping(required=["onto", "cost"])
        out["splice_onto"] = _subtype(node["onto"])
        out["splice_cost"] = _mana_cost(node["cost"])
    if entry.has("affinity"):
        out["affinity"] = entry["affinity"].choice(AFFINITY_FOR, "card type for affinity")
    if entry.has("unwritten"):
        out["unwritten"] = _words(entry["unwritten"], UNWRITTEN, "kind of ability (CR 113.3)")
    if entry.has("modes") and (entry.has("targets") or entry.has("resolve")):
        which = "targets" if entry.has("targets") else "resolve"
        raise entry[which].error("a modal spell's targets and instructions belong to its modes",
                                 "each mode's own 'targets' and 'resolve' under 'modes.options'")
    for key in ("entwine", "escalate"):
        if entry.has(key) and not entry.has("modes"):
            raise entry[key].error(f"{key} is a cost of modal spells (CR 702.42a, 702.120a)",
                                   "a card with 'modes'")
    for inst in entry.get("static", []).list():
        if inst.get("for-each", "").value == "kick" and not (entry.has("kicker") or entry.has("multikicker")):
            raise inst["for-each"].error("counters for each time it was kicked, on a card without "
                                         "kicker (CR 702.33d)", "a card with 'kicker' or 'multikicker'")
    if entry.has("if-kicked") and not (entry.has("kicker") or entry.has("multikicker")):
        raise entry["if-kicked"].error("text for when the spell is kicked, but no kicker",
                                       "a card with 'kicker' or 'multikicker'")
    return out


def _activated(act: Field) -> Ability:
    """An activated ability: its cost, and its effect or its modes (CR 700.2, 602.2b: modes are
    chosen as it is activated, as a spell's as it is cast), never both."""
    act.mapping(required=["cost"], optional=["effect", "modes"])
    if act.has("effect") == act.has("modes"):
        raise act.error("an activated ability with both 'effect' and 'modes'" if act.has("effect")
                        else "an activated ability with neither 'effect' nor 'modes'",
                        "its instructions in 'effect', or its modes in 'modes' (each mode's "
                        "own 'targets' and 'resolve')")
    cost = tuple(_activation_cost(c) for c in act["cost"].list())
    if not act.has("modes"):
        return Ability("activated", _instructions(act["effect"]), cost=cost)
    modes = _modes(act["modes"])
    for m, node in zip(modes.options, act["modes"]["options"].list()):
        if any(ins.verb == "add-mana" for ins in m.resolve):
            # CR 605.1a: an untargeted ability that could add mana is a mana ability
            raise node.error("a mode adding mana (a mana ability with modes: not modelled)",
                             "modes whose instructions add no mana")
    return Ability("activated", cost=cost, modes=modes)


def _mode(node: Field) -> Mode:
    node.mapping(optional=["targets", "resolve"])
    return Mode(tuple(t.choice(TARGETS, "kind of target") for t in node.get("targets", []).list()),
                _instructions(node.get("resolve", [])))


def _modes(node: Field) -> Modes:
    node.mapping(required=["choose", "options"], optional=["repeat"])
    options = tuple(_mode(m) for m in node["options"].list())
    if not options:
        raise node["options"].error("no modes", "a list of the card's modes (CR 700.2)")
    if node["choose"].value == "one-or-more":
        choose = None
    else:
        # more than the modes asks for the same mode twice: the rules decide (CR 700.2d)
        choose = node["choose"].int(1, MAX_MODES)
    repeat = node["repeat"].bool() if node.has("repeat") else False
    return Modes(options, choose, repeat)


def _from_export(entry: Field, export: CardExport) -> Card:
    """A card whose characteristics come from ``export`` and whose behaviour from ``entry``."""
    entry.mapping(required=["name"], optional=CARD_FIELDS)
    name = card_name(entry["name"])
    exported = export.card(name)
    # the entry read on its own, with the export's types where it writes none (types are
    # required of a card entry), to compare what it writes and to take its behaviour
    written = parse_card(entry if entry.has("types") else
                         _with(entry, "types", sorted(exported.card.types)))
    taken = {}
    for key in EXPORTED:
        attribute = EXPORTED[key]
        if key in exported.given and entry.has(key) and \
                getattr(written, attribute) != getattr(exported.card, attribute):
            raise entry[key].error(
                f"'{key}: {_shown(getattr(written, attribute))}' disagrees with the card export "
                f"({exported.where}), which gives {_shown(getattr(exported.card, attribute))}",
                "the export's value, or no such field (it comes from the export)")
        if key not in exported.given:  # e.g. a face's keywords: the scenario's own
            taken[attribute] = getattr(written, attribute)
    card = replace(exported.card, **taken, **{k: getattr(written, k) for k in BEHAVIOUR})
    if exported.rules_text and not entry.has("unwritten") and \
            all(getattr(written, k) == getattr(BARE, k) for k in BEHAVIOUR):
        # rules text the entry writes none of (the name alone): every kind of ability it may
        # be is unwritten, refused where it would work, unless the entry says 'unwritten: []'
        card = replace(card, unwritten=frozenset(UNWRITTEN) - {"other-zones"})
    return card


BARE = Card(name="bare", types=frozenset())
"""A card entry writing no behaviour, to compare an entry's behaviour with."""


EXPORTED = {"cost": "mana_cost", "types": "types", "subtypes": "subtypes",
            "supertypes": "supertypes", "colors": "colors", "power": "power",
            "toughness": "toughness", "loyalty": "loyalty", "keywords": "keywords"}
"""The characteristics an export may give: a card entry's field, and the Card attribute."""


def _with(entry: Field, key: str, value: Any) -> Field:
    """``entry`` with one more field (the rest keep their lines)."""
    added = Field.of(value, f"{entry.path}.{key}", entry.file)
    children = {**dict(entry.items()), key: added}
    return Field({**entry.value, key: value}, entry.path, entry.file, entry.line, children)


def _shown(value: Any) -> str:
    """A characteristic as a card entry writes it."""
    if isinstance(value, (frozenset, set)):
        return "[" + ", ".join(sorted(value)) + "]"
    return "none" if value is None else str(value)


def _subtype(node: Field) -> str:
    text = node.str()
    if not text.strip() or text != text.strip():
        raise node.error(f"'{text}' is not a subtype", "a word such as Goblin or Forest")
    return text


def _mana(node: Field) -> str:
    """Mana a mana ability adds: symbols of the six types of mana (CR 106.1)."""
    text = node.str()
    if not is_mana(text):
        raise node.error(f"'{text}' is not mana an ability can add",
                         VERBS["add-mana"].param("mana").expected())
    return text


def _mana_cost(node: Field) -> ManaCost:
    try:
        return ManaCost.parse(node.str())
    except ManaCostError as exc:
        raise node.error(str(exc).rstrip("."), "a mana cost written in symbols, e.g. {1}{G}") from None


def _instructions(node: Field) -> tuple[Instruction, ...]:
    return tuple(parse_instruction(i) for i in node.list())


def _additional_cost(node: Field) -> Any:
    """One additional cost (CR 118.8), checked against the kinds the cost encoding understands."""
    return _cost_item(node, ADDITIONAL_COSTS, "an additional cost")


def _cost_item(node: Field, kinds: dict[str, Param], what: str) -> Any:
    node.mapping(optional=kinds)
    if len(node.keys()) != 1:
        raise node.error(f"got {len(node.keys())} kinds of cost in one item",
                         "one of: " + ", ".join(f"{{{k}: …}}" for k in kinds))
    kind = node.keys()[0]
    spec = kinds[kind]
    if spec.type == "cost":
        _mana_cost(node[kind])  # says which symbol is wrong
    if not spec.allows(node[kind].value):
        raise node[kind].error(f"'{node[kind].value}' is not a {kind} part of {what}",
                               spec.expected(),
                               did_you_mean(str(node[kind].value), spec.values) if spec.values else "")
    return _freeze(node.value)


def _activation_cost(node: Field) -> Any:
    """One item of an activation cost: ``tap`` or one of ``ACTIVATION_COSTS``; anything else
    is refused (a cost the encodings don't understand is never dropped)."""
    if node.value == "tap":
        return "tap"
    if not isinstance(node.value, dict):
        raise node.error(f"'{node.value}' is not a cost the project models",
                         "tap, or one of: " + ", ".join(f"{{{k}: …}}" for k in ACTIVATION_COSTS))
    return _cost_item(node, ACTIVATION_COSTS, "an activation cost")


def _alternative_cost(node: Field) -> Any:
    """An alternative cost a card offers: a list of parts from ``ALTERNATIVE_COSTS``."""
    return tuple(_cost_item(part, ALTERNATIVE_COSTS, "an alternative cost")
                 for part in node.list())


def parse_instruction(node: Field, on_card: bool = True) -> Instruction:
    """An instruction, every key and every value checked against the vocabulary; ``on_card``:
    written on a card, whose words can't name one object of a game."""
    node.mapping(required=["do"], optional={p.name for v in VERBS.values() for p in v.params})
    verb = VERBS[node["do"].choice(VERBS, "instruction")]
    node.mapping(required=("do", *(p.name for p in verb.required)),
                 optional=[p.name for p in verb.optional])
    if verb.name == "permit" and node["action"].value in NOT_PERMITTED:
        raise node["action"].error(f"a permission to {node['action'].value} is not modelled "
                                   "(only its prohibition is)", "a forbid instruction, or another "
                                   "action: " + ", ".join(a for a in ACTIONS if a not in NOT_PERMITTED))
    for param in verb.params:
        if node.has(param.name):
            _check_param(node[param.name], param, verb.name)
            value = node[param.name].value
            if on_card and param.card_values and value not in param.card_values:
                raise node[param.name].error(
                    f"'{value}' is not something a card's {verb.name} instruction can name in "
                    f"'{param.name}'", "one of: " + ", ".join(param.card_values),
                    did_you_mean(str(value), param.card_values))
    for name in node.keys():
        rule = ONLY_WITH.get((verb.name, name))
        if rule and node.get(rule[0], "").value not in rule[1]:
            raise node[name].error(
                f"'{name}' means nothing in a {verb.name} instruction unless its {rule[0]} is "
                + " or ".join(rule[1]), f"'{rule[0]}: {rule[1][0]}' alongside it, or no '{name}'")
    if node.has("divided") and node.has("amount") and mana_value_of(node["amount"].value) is not None:
        raise node["amount"].error("a mana value divided among targets (not modelled)",
                                   "a whole number or X with 'divided'")
    if verb.name in AFFECTING and node.has("target") and node.has("what"):
        raise node["what"].error("both 'target' and 'what'", "one of them: what the effect "
                                 "applies to")
    params = tuple((k, _freeze(v.value)) for k, v in node.items() if k != "do")
    return Instruction(verb.name, params)


def _check_param(node: Field, param: Param, verb: str) -> None:
    """One parameter's value (a mapping's keys each by their own parameter), refused by name."""
    if param.type == "mapping" and param.fields and isinstance(node.value, dict):
        node.mapping(optional=param.keys)
        for sub in param.fields:
            if node.has(sub.name):
                _check_param(node[sub.name], sub, verb)
        return
    if param.type == "amount" and isinstance(node.value, dict):
        node.mapping(required=["mana-value-of"])
        node["mana-value-of"].int(1, MAX_TARGET_SLOTS)
        return
    if param.type == "list" and isinstance(node.value, list):
        for item in node.list():
            if not isinstance(item.value, str) or (param.values and item.value not in param.values):
                raise item.error(f"'{item.value}' is not a value '{param.name}' takes (do: {verb})",
                                 "one of: " + ", ".join(param.values) if param.values else "a text",
                                 did_you_mean(str(item.value), param.values) if param.values else "")
        return
    if not param.allows(node.value):
        raise node.error(f"'{node.value}' is not a value '{param.name}' takes (do: {verb})",
                         param.expected(),
                         did_you_mean(str(node.value), param.values) if param.values
                         and isinstance(node.value, str) else "")


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((str(k), _freeze(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple) and value and all(isinstance(p, tuple) and len(p) == 2
                                                  and isinstance(p[0], str) for p in value):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@functools.cache
def builtin_cards() -> CardLibrary:
    """The card library shipped with the project (every ``data/cards/*.yaml`` file)."""
    folder = resources.files("mtgrules.model.data.cards")
    cards: list[Card] = []
    names: dict[str, str] = {}
    docs = []
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if not item.name.endswith(".yaml"):
            continue
        docs.append(Field.parse(item.read_text(), f"cards/{item.name}"))
        for card in parse_cards(docs[-1]):
            if card.name in names:
                raise ValueError(f"card {card.name!r} defined in both {names[card.name]} and {item.name}")
            names[card.name] = item.name
            cards.append(card)
    library = CardLibrary(cards)
    for doc in docs:
        check_tokens(doc, library)
    return library
