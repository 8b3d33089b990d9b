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

from collections.abc import Sequence
from typing import Any

from mtgrules.model.edition import EDITION_DATES
from mtgrules.model.sequencing import Condition
from mtgrules.model.state import ZONES
from mtgrules.model.turn import STEP_NAMES
from mtgrules.model.vocabulary import (
    ACTIVATION_COSTS,
    ADDITIONAL_COSTS,
    ALTERNATIVE_COSTS,
    CARD_TYPES,
    COLOURS,
    COUNTER_KINDS,
    KEYWORDS,
    MAX_COUNT,
    SUPERTYPES,
    TRIGGERS,
    VERBS,
    Param,
)

DIALECT = "https://json-schema.org/draft/2020-12/schema"
Schema = dict[str, Any]


def param_schema(param: Param) -> Schema:
    """The schema of one parameter's values."""
    if param.type == "choice":
        return {"enum": list(param.values)}
    if param.type == "int":
        return {"type": "integer", "minimum": param.low, "maximum": param.high}
    if param.type == "amount":
        return {"oneOf": [{"type": "integer", "minimum": param.low, "maximum": param.high},
                          {"const": "X"}]}
    if param.type == "bool":
        return {"type": "boolean"}
    if param.type == "text":
        return {"type": "string", "minLength": 1}
    if param.type == "list":
        items: Schema = {"enum": list(param.values)} if param.values else {"type": "string"}
        return {"type": "array", "items": items}
    if param.type == "mapping":
        return {"type": "object", "propertyNames": {"enum": list(param.keys)}}
    raise ValueError(f"unknown parameter type {param.type!r}")


def instruction_schema() -> Schema:
    """One instruction: exactly one verb's shape."""
    shapes = []
    for verb in VERBS.values():
        properties: Schema = {"do": {"const": verb.name}}
        properties |= {p.name: param_schema(p) for p in verb.params}
        shapes.append({"type": "object", "description": verb.doc, "properties": properties,
                       "required": ["do", *(p.name for p in verb.required)],
                       "additionalProperties": False})
    return {"oneOf": shapes}


def _strings(values: Sequence[str] = ()) -> Schema:
    return {"type": "array", "items": {"enum": list(values)} if values else {"type": "string"}}


def _cost_part(kinds: dict[str, Param]) -> Schema:
    """One part of a cost: a mapping with exactly one of ``kinds``."""
    return {"type": "object", "minProperties": 1, "maxProperties": 1,
            "additionalProperties": False,
            "properties": {k: param_schema(p) for k, p in kinds.items()}}


def card_schema() -> Schema:
    """One card entry."""
    instructions = {"type": "array", "items": {"$ref": "#/$defs/instruction"}}
    cost_items = {"type": "array",
                  "items": {"oneOf": [{"const": "tap"}, _cost_part(ACTIVATION_COSTS)]}}
    return {
        "type": "object",
        "required": ["name", "types"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "types": _strings(CARD_TYPES),
            "cost": {"type": "string", "pattern": r"^(\{[^{}]+\})*$"},
            "kicker": {"type": "string", "pattern": r"^(\{[^{}]+\})*$"},
            "subtypes": _strings(), "supertypes": _strings(SUPERTYPES), "keywords": _strings(KEYWORDS),
            "colors": _strings(COLOURS), "targets": _strings(),
            "power": {"type": "integer"}, "toughness": {"type": "integer"},
            "loyalty": {"type": "integer", "minimum": 0, "maximum": MAX_COUNT},
            "resolve": instructions, "static": instructions,
            "triggered": {"type": "array", "items": {
                "type": "object", "required": ["when", "effect"], "additionalProperties": False,
                "properties": {"when": {"enum": list(TRIGGERS)}, "effect": instructions}}},
            "activated": {"type": "array", "items": {
                "type": "object", "required": ["cost", "effect"], "additionalProperties": False,
                "properties": {"cost": cost_items, "effect": instructions}}},
            "mana": {"type": "array", "items": {
                "type": "object", "required": ["cost", "add"], "additionalProperties": False,
                "properties": {"cost": cost_items, "add": {"type": "string"}}}},
            "additional-costs": {"type": "array", "items": _cost_part(ADDITIONAL_COSTS)},
            "alternative-costs": {"type": "array", "items": {
                "type": "array", "items": _cost_part(ALTERNATIVE_COSTS)}},
        },
    }


def card_file_schema() -> Schema:
    """A card file: a list of cards."""
    return {"$schema": DIALECT, "title": "mtgrules card file", "type": "array",
            "items": card_schema(), "$defs": {"instruction": instruction_schema()}}


def _zone() -> Schema:
    entry = {"oneOf": [
        {"type": "string"},
        {"type": "object", "required": ["hidden"], "additionalProperties": False,
         "properties": {"hidden": {"type": "integer", "minimum": 0, "maximum": 1000}}},
        {"type": "object", "required": ["card"], "additionalProperties": False,
         "properties": {"card": {"type": "string"}, "tapped": {"type": "boolean"},
                        "face-down": {"type": "boolean"}, "attacking": {"type": "boolean"},
                        "count": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
                        "controller": {"type": "string"},
                        "counters": {"type": "object", "additionalProperties": False,
                                     "properties": {k: {"type": "integer", "minimum": 0,
                                                        "maximum": MAX_COUNT}
                                                    for k in COUNTER_KINDS}},
                        "token": {"type": "boolean"}, "entered-this-turn": {"type": "boolean"},
                        "damage": {"type": "integer", "minimum": 0}}}]}
    return {"oneOf": [{"type": "array", "items": entry}, entry]}


def scenario_schema(question_kinds: Sequence[str]) -> Schema:
    """A scenario file, whose question is of one of ``question_kinds`` (their own fields are
    checked by the question's parser)."""
    player = {"type": "object", "additionalProperties": False,
              "properties": {"life": {"type": "integer"},
                             "lands-played": {"type": "integer", "minimum": 0},
                             "mana-pool": {"type": "string"},
                             **{zone: _zone() for zone in ZONES}}}
    written = {"from": {"type": "string"}, "controller": {"type": "string"},
               "target": {"type": "string"}}
    effect = {"type": "object", "required": ["from", "controller"],
              "if": {"required": ["do"]}, "then": {"$ref": "#/$defs/lasting"},
              "else": {"properties": written, "additionalProperties": False}}
    lasting = {"oneOf": [
        {**shape, "properties": {**shape["properties"], **written},
         "required": [*shape["required"], "from", "controller"]}
        for shape in instruction_schema()["oneOf"]
        if VERBS[shape["properties"]["do"]["const"]].lasting]}
    expect = {"type": "object", "required": ["verdict"], "additionalProperties": False,
              "properties": {"verdict": {"type": "string"},
                             "fails": _strings([c.value for c in Condition]),
                             "cites": _strings()}}
    return {
        "$schema": DIALECT, "title": "mtgrules scenario", "type": "object",
        "required": ["name", "state", "question"], "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "source": {"type": "string"},
            "edition": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"},
            "cards": {"type": "array", "items": card_schema()},
            "state": {
                "type": "object", "required": ["players"],
                "properties": {
                    "players": {"type": "array", "items": {"type": "string"}, "minItems": 2},
                    "active": {"type": "string"}, "priority": {"type": "string"},
                    "step": {"enum": list(STEP_NAMES)},
                    "turn": {"type": "integer", "minimum": 1},
                    "effects": {"type": "array", "items": effect}},
                "additionalProperties": player},
            "question": {"type": "object", "required": ["kind"],
                         "properties": {"kind": {"enum": list(question_kinds)}}},
            # one expectation, or one per edition date (each holds until the next) and a default
            "expect": {"oneOf": [expect, {"type": "object", "minProperties": 1,
                                          "propertyNames": {"enum": ["default", *EDITION_DATES]},
                                          "additionalProperties": expect}]},
        },
        "$defs": {"instruction": instruction_schema(), "lasting": lasting},
    }
