"""The JSON Schema of card files and scenario files, generated from the vocabulary.

Nothing here is written twice: every verb and every parameter's allowed values come from
``mtgrules.model.vocabulary``. The loaders remain the authority (they also check what a
schema can't: that a named card exists, that a player is in the game); the schema is for
editors and other tools.

>>> schema = card_file_schema()
>>> schema["items"]["properties"]["types"]["items"]["enum"][:2]
['artifact', 'creature']
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mtgrules.model.cards import MAX_MODES, NAME_PATTERN
from mtgrules.model.edition import EDITION_DATES, Edition, rulebook
from mtgrules.model.mana import COLORS, HYBRID_PAIRS, MANA_TYPES, MAX_GENERIC, MAX_SYMBOLS
from mtgrules.model.sequencing import Condition
from mtgrules.model.state import MAX_CARDS_IN_ZONE, MAX_LIFE, MAX_TURN, PLAYER_NAME, ZONES
from mtgrules.model.turn import STEP_NAMES
from mtgrules.model.vocabulary import (
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
    ONLY_WITH,
    SUPERTYPES,
    TARGETS,
    TRIGGERS,
    UNWRITTEN,
    VERBS,
    Param,
)

DIALECT = "https://json-schema.org/draft/2020-12/schema"
Schema = dict[str, Any]

def _symbol_pattern() -> str:
    """One mana symbol (CR 107.4), as ``mtgrules.model.mana.parse_symbol`` reads them."""
    colours = "".join(COLORS)
    digits = len(str(MAX_GENERIC))
    generic = f"0|[1-9][0-9]{{0,{digits - 2}}}|{MAX_GENERIC}"
    hybrid = "|".join(f"{pair[0]}/{pair[1]}" for pair in HYBRID_PAIRS)
    return (f"(?:{generic}|[{colours}CXS]|(?:{hybrid})(?:/P)?|2/[{colours}]|C/[{colours}]"
            f"|[{colours}]/P)")


COST_PATTERN = rf"^(?:\{{{_symbol_pattern()}\}}){{1,{MAX_SYMBOLS}}}$"
"""A mana cost written in symbols."""
MANA_PATTERN = rf"^(?:\{{[{''.join(MANA_TYPES)}]\}}){{1,{MAX_SYMBOLS}}}$"
"""Mana of the six types, at least one."""
POOL_PATTERN = rf"^(?:\{{[{''.join(MANA_TYPES)}]\}}){{0,{MAX_SYMBOLS}}}$"
"""A mana pool: mana of the six types, or '' (empty)."""


def param_schema(param: Param, on_card: bool = True) -> Schema:
    """The schema of one parameter's values (``on_card``: written on a card, whose words name
    no object of a game)."""
    if param.type == "choice":
        return {"enum": list(param.values)}
    if param.type == "int":
        return {"type": "integer", "minimum": param.low, "maximum": param.high}
    if param.type == "amount":
        return {"oneOf": [{"type": "integer", "minimum": param.low, "maximum": param.high},
                          {"const": "X"},
                          {"type": "object", "additionalProperties": False, "required": ["mana-value-of"],
                           "properties": {"mana-value-of": {"type": "integer", "minimum": 1,
                                                            "maximum": MAX_TARGET_SLOTS}}}]}
    if param.type == "bool":
        return {"type": "boolean"}
    if param.type == "text":
        if on_card and param.card_values:
            return {"enum": list(param.card_values)}
        return {"type": "string", "minLength": 1}
    if param.type == "mana":
        return {"type": "string", "pattern": MANA_PATTERN}
    if param.type == "cost":
        return {"type": "string", "pattern": COST_PATTERN}
    if param.type == "list":
        items: Schema = {"enum": list(param.values)} if param.values else {"type": "string"}
        return {"type": "array", "items": items}
    if param.type == "mapping":
        if param.fields:
            return {"type": "object", "additionalProperties": False,
                    "properties": {f.name: param_schema(f, on_card) for f in param.fields}}
        return {"type": "object", "propertyNames": {"enum": list(param.keys)}}
    raise ValueError(f"unknown parameter type {param.type!r}")


def _verb_shape(verb_name: str, on_card: bool) -> Schema:
    verb = VERBS[verb_name]
    properties: Schema = {"do": {"const": verb.name}}
    properties |= {p.name: param_schema(p, on_card) for p in verb.params}
    shape: Schema = {"type": "object", "description": verb.doc, "properties": properties,
                     "required": ["do", *(p.name for p in verb.required)],
                     "additionalProperties": False}
    rules = []
    for (name, param), (other, values) in ONLY_WITH.items():  # a parameter that needs another's value
        if name == verb.name:
            rules.append({"if": {"required": [param]},
                          "then": {"required": [other], "properties": {other: {"enum": list(values)}}}})
    if verb.name in AFFECTING:  # what the effect applies to: a target, or a set — not both
        rules.append({"not": {"required": ["target", "what"]}})
    if rules:
        shape["allOf"] = rules
    return shape


def instruction_schema(on_card: bool = True) -> Schema:
    """One instruction: exactly one verb's shape."""
    return {"oneOf": [_verb_shape(v, on_card) for v in VERBS]}


def _strings(values: Sequence[str] = (), pattern: str | None = None) -> Schema:
    items: Schema = ({"enum": list(values)} if values else
                     {"type": "string", "pattern": pattern} if pattern else {"type": "string"})
    return {"type": "array", "items": items}


def _cost_part(kinds: dict[str, Param]) -> Schema:
    """One part of a cost: a mapping with exactly one of ``kinds``."""
    return {"type": "object", "minProperties": 1, "maxProperties": 1,
            "additionalProperties": False,
            "properties": {k: param_schema(p) for k, p in kinds.items()}}


def card_schema() -> Schema:
    """One card entry."""
    instructions = {"type": "array", "items": {"$ref": "#/$defs/instruction"}}
    mode = {"type": "object", "additionalProperties": False,
            "properties": {"targets": _strings(TARGETS), "resolve": instructions}}
    modes = {"type": "object", "required": ["choose", "options"],
             "additionalProperties": False, "properties": {
                 "choose": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": MAX_MODES},
                                      {"const": "one-or-more"}]},
                 "repeat": {"type": "boolean"},
                 "options": {"type": "array", "minItems": 1, "items": mode}}}
    cost_items = {"type": "array",
                  "items": {"oneOf": [{"const": "tap"}, _cost_part(ACTIVATION_COSTS)]}}
    return {
        "type": "object",
        "required": ["name", "types"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "pattern": f"^{NAME_PATTERN}$"},
            "types": _strings(CARD_TYPES),
            "cost": {"type": "string", "pattern": COST_PATTERN},
            "kicker": {"type": "string", "pattern": COST_PATTERN},
            "subtypes": _strings(pattern=r"^\S(?:.*\S)?$"), "supertypes": _strings(SUPERTYPES),
            "keywords": _strings((*KEYWORDS, *CASTING_KEYWORDS)), "colors": _strings(COLOURS), "targets": _strings(TARGETS),
            "power": {"type": "integer", "minimum": -MAX_AMOUNT, "maximum": MAX_AMOUNT},
            "toughness": {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT},
            "loyalty": {"type": "integer", "minimum": 0, "maximum": MAX_COUNT},
            "resolve": instructions, "static": instructions,
            "triggered": {"type": "array", "items": {
                "type": "object", "required": ["when", "effect"], "additionalProperties": False,
                "properties": {"when": {"enum": list(TRIGGERS)}, "effect": instructions}}},
            # an activated ability's effect, or its modes (CR 700.2, 602.2b), one of the two
            "activated": {"type": "array", "items": {
                "type": "object", "required": ["cost"], "additionalProperties": False,
                "oneOf": [{"required": ["effect"]}, {"required": ["modes"]}],
                "properties": {"cost": cost_items, "effect": instructions, "modes": modes}}},
            "mana": {"type": "array", "items": {
                "type": "object", "required": ["cost", "add"], "additionalProperties": False,
                "properties": {"cost": cost_items,
                               "add": {"type": "string", "pattern": MANA_PATTERN},
                               "for-each-counter": {"enum": list(COUNTER_KINDS)}}}},
            "additional-costs": {"type": "array", "items": _cost_part(ADDITIONAL_COSTS)},
            "alternative-costs": {"type": "array", "items": {
                "type": "array", "items": _cost_part(ALTERNATIVE_COSTS)}},
            **{k: {"type": "string", "pattern": COST_PATTERN}
               for k in ("multikicker", "entwine", "buyback", "morph", "flashback")},
            "if-kicked": mode,
            "modes": modes,
            "escalate": {"type": "array", "items": _cost_part(ADDITIONAL_COSTS)},
            "splice": {"type": "object", "required": ["onto", "cost"], "additionalProperties": False,
                       "properties": {"onto": {"type": "string", "pattern": r"^\S(?:.*\S)?$"},
                                      "cost": {"type": "string", "pattern": COST_PATTERN}}},
            "affinity": {"enum": list(AFFINITY_FOR)},
            "unwritten": _strings(UNWRITTEN),
        },
        # what the loader asks of a card's casting words together (model/cards.py)
        "dependentRequired": {"entwine": ["modes"], "escalate": ["modes"]},
        "dependentSchemas": {
            "if-kicked": {"anyOf": [{"required": ["kicker"]}, {"required": ["multikicker"]}]},
            "modes": {"not": {"anyOf": [{"required": ["targets"]}, {"required": ["resolve"]}]}}},
    }


def card_file_schema() -> Schema:
    """A card file: a list of cards."""
    return {"$schema": DIALECT, "title": "mtgrules card file", "type": "array",
            "items": card_schema(), "$defs": {"instruction": instruction_schema()}}


def _zone(battlefield: bool) -> Schema:
    """A zone: a list of entries (a card's name, hidden cards, or a card with its status), or
    one mapping entry."""
    written: Schema = {
        "card": {"type": "string"}, "tapped": {"type": "boolean"},
        "face-down": {"type": "boolean"}, "attacking": {"type": "boolean"},
        "count": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
        "controller": {"type": "string"}}
    if battlefield:  # what only a permanent has
        written |= {"counters": {"type": "object", "additionalProperties": False,
                                 "properties": {k: {"type": "integer", "minimum": 0,
                                                    "maximum": MAX_COUNT}
                                                for k in COUNTER_KINDS}},
                    "token": {"type": "boolean"}, "entered-this-turn": {"type": "boolean"},
                    "loyalty-activated": {"type": "boolean"},
                    "damage": {"type": "integer", "minimum": 0, "maximum": 10 * MAX_COUNT}}
    mapping = {"oneOf": [
        {"type": "object", "required": ["hidden"], "additionalProperties": False,
         "properties": {"hidden": {"type": "integer", "minimum": 0,
                                   "maximum": MAX_CARDS_IN_ZONE}}},
        {"type": "object", "required": ["card"], "additionalProperties": False,
         "properties": written}]}
    return {"oneOf": [{"type": "array", "items": {"oneOf": [{"type": "string"}, mapping]}},
                      mapping]}


def citations_known() -> list[str]:
    """Every citation the encodings can make, in any edition (an expectation's ``cites``)."""
    return sorted({str(rule.cite(e)) for rule in rulebook().values() for e in Edition.all()})


def _written_out(shape: Schema, written: Schema) -> Schema:
    """A lasting instruction written out as an effect of the state: its source and controller
    with it, and its ``target`` the effect's (so "not both target and what" is not its rule)."""
    out = {**shape, "properties": {**shape["properties"], **written},
           "required": [*shape["required"], "from", "controller"]}
    rules = [r for r in shape.get("allOf", []) if "not" not in r]
    out.pop("allOf", None)
    if rules:
        out["allOf"] = rules
    return out


def _expect(verdicts: Schema, sequencing: bool) -> Schema:
    """An expectation: one, or one per edition date (each holds until the next) and a default."""
    one: Schema = {"type": "object", "required": ["verdict"], "additionalProperties": False,
                   "properties": {"verdict": verdicts, "cites": _strings(citations_known()),
                                  "says": _strings()}}
    if sequencing:  # the MTR 4.3 conditions expected to fail
        one["properties"]["fails"] = _strings([c.value for c in Condition])
    return {"oneOf": [one, {"type": "object", "minProperties": 1,
                            "propertyNames": {"enum": ["default", *EDITION_DATES]},
                            "additionalProperties": one}]}


def scenario_schema(verdicts: Mapping[str, Sequence[str]],
                    without_mana_pool: Sequence[str] = ()) -> Schema:
    """A scenario file; ``verdicts``: each question kind and its verdict words (the question's
    own fields are checked by its parser; a cost question may also expect a total in symbols, a
    combat question a number);
    ``without_mana_pool``: the kinds whose answer reads no mana pool (a pool there is refused)."""
    player = {"type": "object", "additionalProperties": False,
              "properties": {"life": {"type": "integer", "minimum": -MAX_LIFE, "maximum": MAX_LIFE},
                             "lands-played": {"type": "integer", "minimum": 0,
                                              "maximum": MAX_COUNT},
                             "mana-pool": {"type": "string", "pattern": POOL_PATTERN},
                             **{zone: _zone(zone == "battlefield") for zone in ZONES}}}
    written = {"from": {"type": "string"}, "controller": {"type": "string"},
               "target": {"type": "string"}}
    # a lasting effect of the state: the lasting instructions of a card (from, controller and
    # what it targeted), or one instruction written out (its `target` is then the effect's)
    effect = {"oneOf": [{"$ref": "#/$defs/lasting"},
                        {"type": "object", "required": ["from", "controller"],
                         "properties": written, "additionalProperties": False}]}
    lasting = {"oneOf": [_written_out(shape, written)
                         for shape in instruction_schema(on_card=False)["oneOf"]
                         if VERBS[shape["properties"]["do"]["const"]].lasting]}
    by_kind = []
    for kind, words in verdicts.items():
        verdict: Schema = {"enum": list(words)}
        if kind == "cost":
            verdict = {"anyOf": [verdict, {"type": "string", "pattern": COST_PATTERN}]}
        if kind == "combat":  # a count or a best value is the verdict itself
            verdict = {"anyOf": [verdict, {"type": "string", "pattern": r"^[0-9]+$"}]}
        then: Schema = {"properties": {"expect": _expect(verdict, kind == "sequencing")}}
        if kind in without_mana_pool:
            then["properties"]["state"] = {"additionalProperties": {
                "properties": {"mana-pool": False}}}
        by_kind.append({"if": {"required": ["question"], "properties": {"question": {
                            "required": ["kind"], "properties": {"kind": {"const": kind}}}}},
                        "then": then})
    return {
        "$schema": DIALECT, "title": "mtgrules scenario", "type": "object",
        "required": ["name", "state", "question"], "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "source": {"type": "string"},
            # any date: the edition in force on it (Edition), the known ones as examples
            "edition": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$", "examples": list(EDITION_DATES)},
            "cards": {"type": "array", "items": {**card_schema(), "required": ["name"]}},
            "cards-from": {"type": "string", "minLength": 1},
            "state": {
                "type": "object", "required": ["players"],
                "properties": {
                    "players": {"type": "array", "minItems": 2, "uniqueItems": True,
                                "items": {"type": "string", "pattern": f"^{PLAYER_NAME}$"}},
                    "active": {"type": "string"}, "priority": {"type": "string"},
                    "step": {"enum": list(STEP_NAMES)},
                    "turn": {"type": "integer", "minimum": 1, "maximum": MAX_TURN},
                    "effects": {"type": "array", "items": effect}},
                "additionalProperties": player},
            "question": {"type": "object", "required": ["kind"],
                         "properties": {"kind": {"enum": list(verdicts)}}},
            "expect": _expect({"type": "string"}, True),
        },
        # a card's types come from the card export where one is named (cards-from)
        "allOf": [*by_kind, {"if": {"not": {"required": ["cards-from"]}},
                             "then": {"properties": {"cards": {"items": {"required": ["types"]}}}}}],
        "$defs": {"instruction": instruction_schema(), "lasting": lasting},
    }
