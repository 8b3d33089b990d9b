"""Every word of the card vocabulary the temporal core reads is either implemented by its rules
or refused by name: no word is silently ignored (the core's facts, encodings/game/facts.py,
against the rules that read them, encodings/game/*.lp).

For each verb, each of its parameters and each value the vocabulary allows, the core's reading
of an instruction is computed. A value is *refused* when the reading is ``unsupported(..)`` (the
trace stops there, saying so) or raises ``Unsupported``; otherwise two different values of one
parameter must read differently (a value dropped on the way would read like another), and every
term the reading produces must be one the encodings read. The few parameters no rule of the core
reads are listed, each with the reason it changes nothing the core decides.
"""
from __future__ import annotations

import itertools
import re

import clingo
import pytest

from mtgrules.encodings import asp
from mtgrules.encodings.game import facts
from mtgrules.model import vocabulary
from mtgrules.model.cards import Instruction

PROGRAMS = ("core", "script", "search")


def program_text() -> str:
    return "\n".join(asp.encoding(f"game/{name}") for name in PROGRAMS)  # core.lp with its topics


TEXT = program_text()

# Parameters the core reads by refusing any value but one, or that change nothing it decides.
NOT_READ = {
    ("animate", "colors"): "colour (layer 5) is read by no rule of the core: no protection, no colour-matters",
    ("animate", "subtypes"): "subtypes (layer 4) are read by no rule of the core",
    ("search", "up-to"): "a search for cards with a stated quality may always find fewer (CR 701.19b)",
    ("discard", "what"): "the only value is card",
    ("return", "from"): "the only value is graveyard",
    ("return", "to"): "the only value is hand",
}


def sample_values(param: vocabulary.Param) -> list[object]:
    """Values the vocabulary allows for a parameter: all of a choice, a few of the others."""
    if param.type == "choice":
        return list(param.values)
    if param.type == "int":
        return [max(param.low, 0), max(param.low, 0) + 2]
    if param.type == "amount":
        return [1, 3, "X"]
    if param.type == "bool":
        return [False, True]
    if param.type == "list":
        return [(), tuple(param.values[:1]), tuple(param.values[1:3])] if param.values else [(), ("Ape",)]
    if param.type == "mapping":
        return [(("do", "discard"), ("who", "you"), ("count", 1)), (("min", 1), ("max", 2))]
    if param.name == "what":
        return [*vocabulary.AFFECTED, "Grizzly Bears"]
    return ["Grizzly Bears", "Soldier"]


BASE = {
    "draw": {"who": "you"}, "discard": {"who": "you"}, "sacrifice": {"who": "you"},
    "return": {"who": "you"}, "search": {"who": "you", "to": "hand"}, "shuffle": {"who": "you"},
    "scry": {"who": "you"}, "surveil": {"who": "you"}, "look": {"who": "you", "at": "library-top"},
    "reveal": {"who": "you", "what": "hand"}, "gain-life": {"who": "you", "amount": 2},
    "lose-life": {"who": "you", "amount": 2}, "damage": {"amount": 2, "target": "any"},
    "counter": {"target": "spell"}, "modify-pt": {"target": "creature", "power": 1, "toughness": 1},
    "set-pt": {"target": "creature", "power": 1, "toughness": 1}, "switch-pt": {"target": "creature"},
    "put-counters": {"kind": "+1/+1", "target": "creature"},
    "create-token": {"who": "you", "card": "Soldier"},
    "animate": {"power": 2, "toughness": 2}, "grant-ability": {"target": "creature", "ability": "flying"},
    "remove-ability": {"target": "creature", "ability": "flying"},
    "permit": {"who": "you", "action": "play-land"}, "forbid": {"who": "you", "action": "play-land"},
}


def with_value(verb: str, base: dict[str, object], name: str, value: object) -> dict[str, object]:
    """The base instruction with one parameter set (what an effect applies to: a target or a
    ``what``, never both)."""
    params = {**base, name: value}
    if verb in vocabulary.AFFECTING and name == "what":
        params.pop("target", None)
    return params


def reading(verb: str, params: dict[str, object]) -> tuple[str, ...] | None:
    """The core's reading of an ability's first instruction (with the kind of target it
    needs), or None when it is refused."""
    ins = Instruction(verb, tuple(params.items()))
    try:
        out = list(facts.instruction_facts(facts.a("spell", clingo.String("X")), 1, ins))
    except facts.Unsupported:
        return None
    if any("unsupported" in str(s) for s in out):
        return None
    return tuple(sorted(str(s) for s in out)) + facts.targets_of((ins,))


def functors(symbol: clingo.Symbol) -> set[str]:
    """The names of the compound terms inside a term (what a rule must match to read it)."""
    if symbol.type != clingo.SymbolType.Function:
        return set()
    found = {symbol.name} if symbol.arguments else set()
    for arg in symbol.arguments:
        found |= functors(arg)
    return found


def variants():
    for verb, spec in vocabulary.VERBS.items():
        base = dict(BASE.get(verb, {}))
        for p in spec.required:
            base.setdefault(p.name, sample_values(p)[0])
        for p in spec.params:
            if (verb, p.name) in vocabulary.ONLY_WITH:
                continue
            yield verb, p.name, base


@pytest.mark.parametrize("verb,name,base", list(variants()), ids=lambda v: v if isinstance(v, str) else "")
def test_no_value_of_a_parameter_is_silently_dropped(verb, name, base):
    """Two values of one parameter read alike only where the parameter is listed as unread."""
    readings = {}
    for value in sample_values(vocabulary.VERBS[verb].param(name)):
        r = reading(verb, with_value(verb, base, name, value))
        if r is not None:
            readings[repr(value)] = r
    if (verb, name) in NOT_READ or len(readings) < 2:
        return
    same = [(a, b) for (a, ra), (b, rb) in itertools.combinations(readings.items(), 2) if ra == rb]
    # a value equal to the parameter's default reads as its absence: that is no drop
    default = vocabulary.VERBS[verb].param(name).default
    same = [(a, b) for a, b in same if repr(default) not in (a, b) and repr(base.get(name)) not in (a, b)]
    assert not same, f"{verb}.{name}: the values {same} read alike: {readings}"


def test_every_term_the_core_writes_for_an_instruction_is_read_by_its_rules():
    missing = set()
    for verb, name, base in variants():
        for value in sample_values(vocabulary.VERBS[verb].param(name)):
            ins = Instruction(verb, tuple(with_value(verb, base, name, value).items()))
            try:
                out = list(facts.instruction_facts(facts.a("spell", clingo.String("X")), 1, ins))
            except facts.Unsupported:
                continue
            for s in out:
                for f in functors(s.arguments[2]) - {"spell"}:
                    if not re.search(rf"\b{re.escape(f)}\(", TEXT) and not re.search(rf"\b{re.escape(f)}\b", TEXT):
                        missing.add((verb, f))
    assert not missing, f"terms no rule reads: {sorted(missing)}"


@pytest.mark.parametrize("keyword", vocabulary.KEYWORDS)
def test_every_keyword_is_read_or_refused(keyword):
    atom = keyword.replace(" ", "_")
    # read through the computed abilities (layer 6), or a refusal names it
    assert re.search(rf"has_kw\(\w+,{atom},", TEXT) or re.search(rf"damage_source_has\(\w+,{atom},", TEXT), \
        f"no rule of the core reads {keyword}"


@pytest.mark.parametrize("when", vocabulary.TRIGGERS)
def test_every_trigger_event_is_read(when):
    assert f"trigger(O,K,{when.replace('-', '_')})" in TEXT


@pytest.mark.parametrize("kind", facts.TARGET_KINDS)
def test_every_target_kind_has_its_legality(kind):
    assert f"target_ok({kind.replace('-', '_')},P,Y,t)" in TEXT


def test_a_static_ability_is_read_or_refused():
    """Every static verb/value a card may write: a fact the rules read, or Unsupported."""
    from mtgrules.model.cards import Card
    card = Card("X", frozenset({"enchantment"}))
    o = clingo.String("X")
    for verb, spec in vocabulary.VERBS.items():
        base = dict(BASE.get(verb, {}))
        for p in spec.required:
            base.setdefault(p.name, sample_values(p)[0])
        for name in [p.name for p in spec.params]:
            for value in sample_values(spec.param(name)):
                ins = Instruction(verb, tuple(with_value(verb, base, name, value).items()))
                try:
                    out = list(facts.static_facts(card, o, clingo.Number(1), ins))
                except facts.Unsupported:
                    continue
                for s in out:
                    assert s.name in ("static", "static_mod")
                    for f in functors(s.arguments[-1]):
                        assert re.search(rf"\b{re.escape(f)}\b", TEXT), (verb, name, value, f)
