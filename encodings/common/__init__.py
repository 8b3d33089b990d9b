"""The rules several areas read, once: ``apnap.lp`` (APNAP order), ``who.lp`` (who an
instruction or effect names), ``characteristics.lp`` (the effects in force, types
and abilities as they are), ``prohibitions.lp`` ("can't" beats "can"), ``timing.lp`` (when a
spell is cast), ``targets.lp`` (what a target may be), ``player.lp`` (land plays, life and
losing, the maximum hand size).

Each area's program includes the files it reads (``#include "../common/who.lp".``); the
temporal core grounds their ``derive(t)``, ``resolving(t)`` and ``legal(t)`` parts for the
state it steps from. A question about one moment (golden rules, casting) grounds them at time 0
over the facts :func:`moment_facts` writes: the state as the core reads it, with no timestamps (an
effect's is ``unknown``: CR 613.7 orders what the state doesn't).
"""
from __future__ import annotations

from collections.abc import Iterator

import clingo

from mtgrules.encodings import asp
from mtgrules.model.cards import Instruction
from mtgrules.model.edition import Edition
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.state import GameState
from mtgrules.model.vocabulary import (
    ACTIONS,
    AFFECTED,
    AFFECTING,
    COMBAT_DEMANDS,
    KEYWORDS,
    InForce,
    param,
)

MOMENT = clingo.Number(0)
"""The time a question about one moment grounds the common parts at."""

Sym = clingo.Symbol
F = clingo.Function
S = clingo.String


def a(name: str, *args: Sym) -> Sym:
    return F(name, list(args))


def keyword_atom(keyword: str) -> Sym:
    """A keyword ability (or another ability an effect grants) as the rules name it
    (``first strike`` → ``first_strike``, ``cant-block`` → ``cant_block``)."""
    return F(keyword.replace(" ", "_").replace("-", "_"), [])


def step_atom(step: str) -> Sym:
    """A step as the rules name it (``declare-attackers`` → ``declare_attackers``)."""
    return F(step.replace("-", "_"), [])


UNKNOWN = F("unknown", [])

WHO = {"you": "you", "target": "target", "each-player": "each_player",
       "opponents": "each_opponent", "that-player": "that_player"}
"""The vocabulary's ``who:`` words as ``who.lp`` names them."""


def source_facts(name: Sym, effect: InForce, state: GameState) -> list[Sym]:
    """The inputs of ``who.lp`` about an effect's source: its controller and the player it
    targeted (who ``target`` and ``that-player`` name)."""
    out = [a("names_asked", name, MOMENT), a("source_controller", name, S(effect.controller), MOMENT)]
    if effect.target in state.names:
        out += [a("source_target", name, S(effect.target), MOMENT),
                a("source_about", name, S(effect.target), MOMENT)]
    return out


def who_atom(ins: Instruction) -> Sym:
    return F(WHO[str(param(ins, "who"))], [])


def lasting_effect(n: int) -> Sym:
    """The name of the state's ``n``-th lasting effect (from 1), its timestamp unknown."""
    return a("e", UNKNOWN, a("lasting", clingo.Number(n)), clingo.Number(0))


COLOUR_ATOM = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
"""A colour as the rules' atom (targets.lp's colour_of/2)."""


def moment_facts(state: GameState) -> list[Sym]:
    """The inputs of the common rules about ``state`` at time 0: players and turn order,
    objects and their printed characteristics, static abilities and lasting effects that
    change characteristics, the step, priority and the stack."""
    out: list[Sym] = [a("timestamps_unknown"), a("active", S(state.active), MOMENT),
                      a("step", step_atom(state.step.value), MOMENT), *permanent_facts(state)]
    for seat, p in enumerate(state.players):
        out += [a("seat", S(p.name), clingo.Number(seat)),
                a("life", S(p.name), clingo.Number(p.life), MOMENT),
                a("lands_played", S(p.name), clingo.Number(p.lands_played), MOMENT),
                a("hand_count", S(p.name), clingo.Number(len(p.zone("hand"))), MOMENT)]
    stack = False
    for owner, zone, obj in state.objects():
        o = S(obj.id)
        stack = stack or zone == "stack"
        out += [a("object", o), a("owner", o, S(owner))]
        if zone != "battlefield":  # a permanent's zone and controller: permanent_facts
            out.append(a("in", o, F(zone, []), MOMENT))
        card = state.card_of(obj)
        if card is None:
            continue
        out += [a("is", o, F(t, [])) for t in sorted(card.types)]
        out += [a("keyword", o, keyword_atom(k)) for k in sorted(card.keywords)]
        if not obj.face_down:   # its colours (CR 105.2); a face-down permanent has none (708.2)
            out += [a("colour_of", o, F(COLOUR_ATOM[c], [])) for c in sorted(card.colors)]
        if not card.is_a("land"):
            out.append(a("spell_card", o))
        if zone == "battlefield":
            out.append(a("since", o, UNKNOWN, MOMENT))
            out += list(_static_mods(state, obj.id))
    if not stack:
        out.append(a("stack_empty", MOMENT))
    # a state that names nobody: the active player, who receives priority first (CR 117.3a)
    out.append(a("has_priority", S(state.priority or state.active), MOMENT))
    out += list(_lasting_effects(state))
    return out


def _static_mods(state: GameState, object_id: str) -> Iterator[Sym]:
    """The static abilities of a permanent that change characteristics (the others are the
    areas' own to read: permissions, prohibitions, cost modifiers …)."""
    found = state.find(object_id)
    card = state.card_of(found[2]) if found else None
    if card is None:
        return
    for number, ability in enumerate(card.abilities, start=1):
        if ability.kind != "static":
            continue
        for ins in ability.effect:
            if ins.verb not in AFFECTING:
                continue
            mods = static_mods(ins, S(object_id), clingo.Number(number))
            if mods is None:
                raise UnsupportedQuestion(f"{card.name}: the static ability {ins} is not modelled")
            yield from mods


def static_mods(ins: Instruction, o: Sym, number: Sym) -> list[Sym] | None:
    """``static_mod(O,K,Set,Mod)`` for O's K-th ability, a static one changing characteristics
    (CR 611.3a: it applies while O is on the battlefield, to the set as it is now). ``None``:
    not modelled — one taking all abilities away (or changing types) would depend on itself
    and others (CR 613.8)."""
    what = str(ins.get("what", "self"))
    if ins.verb not in AFFECTING or ins.get("target") is not None or ins.get("duration") is not None \
            or ins.get("ability") == "all" or what not in AFFECTED:
        return None
    mods = modifications(ins)
    if mods is None:
        return None
    return [a("static_mod", o, number, F(what.replace("-", "_"), []), m) for m in mods]


def permanent_facts(state: GameState) -> list[Sym]:
    """The players and the permanents' controllers at time 0: what ``who.lp`` and
    ``prohibitions.lp`` read of the state (``moment_facts`` writes them among the rest)."""
    out = [a("player", S(p.name)) for p in state.players]
    out += [a("alive", S(p.name), MOMENT) for p in state.players]
    for _, _, obj in state.objects("battlefield"):
        o = S(obj.id)
        out += [a("controller", o, S(obj.controller)), a("in", o, F("battlefield", []), MOMENT)]
    return out


def prohibition_facts(state: GameState) -> list[Sym]:
    """The inputs of ``prohibitions.lp`` (and ``who.lp``) at time 0: every effect in force that
    permits, forbids or overrides a rule for the players its who-word names, under its name
    (:func:`effects_named`), with its source's controller and target and ``effect_source(E,
    Source)`` — the object or card it comes from, which verdicts name. A prohibition on
    sacrificing one object (``what:``) names it: ``forbids(E,sacrifice(O),0)``. A permission or
    prohibition to cast from a zone is casting's to read."""
    out: list[Sym] = []
    for eid, effect in effects_named(state):
        ins = effect.instruction
        if ins.verb not in ("permit", "forbid", "override-rule") or ins.get("zone") is not None \
                or ins.get("colors") is not None:  # a zone or colours: casting's to read
            continue
        out.append(a("effect_source", eid, S(effect.source)))
        what = ins.get("what")
        if what is not None:  # validated when read: only with sacrifice
            obj = effect.permanent.id if what == "self" and effect.permanent else str(what)
            out.append(a("forbids", eid, a("sacrifice", S(obj)), MOMENT))
            continue
        out += source_facts(eid, effect, state)
        who = who_atom(ins)
        if ins.verb == "override-rule":
            out.append(a("effect_overrides", eid, S(str(param(ins, "rule"))), who, MOMENT))
            continue
        action = str(param(ins, "action"))
        if action not in ACTIONS:  # validated when read; never pasted as program text
            raise ValueError(f"unknown action {action!r}")
        act = F(action.replace("-", "_"), [])
        if ins.verb == "permit":
            out.append(a("effect_permits", eid, act, clingo.Number(int(param(ins, "count"))), who, MOMENT))
        else:
            out.append(a("effect_forbids", eid, act, who, MOMENT))
    return out


def types_now(state: GameState) -> dict[str, frozenset[str]]:
    """Each permanent's card types as they are now (``characteristics.lp``, layer 4: an
    animated land is a creature), for the areas whose problem is data both of their encodings
    read (APNAP's choices). No rule read here changes with the edition."""
    facts: list[str | Sym] = [*moment_facts(state), "#show type_now/3."]
    model = asp.solve(("common/characteristics",), facts, Edition.newest()).models[0]
    found: dict[str, set[str]] = {}
    for atom in model:
        obj, kind, _ = atom.arguments
        found.setdefault(obj.string, set()).add(kind.name)
    return {o: frozenset(kinds) for o, kinds in found.items()}


def unsacrificeable(state: GameState) -> frozenset[str]:
    """The permanents that can't be sacrificed, as ``prohibitions.lp`` decides it — for an
    area whose problem is data both of its encodings read (APNAP's choices). No rule read here
    changes with the edition."""
    facts: list[str | Sym] = [*permanent_facts(state), *prohibition_facts(state), "#show prohibited/3."]
    model = asp.solve(("common/who", "common/prohibitions"), facts, Edition.newest()).models[0]
    return frozenset(action.arguments[0].string for action, _, _ in (atom.arguments for atom in model)
                     if action.name == "sacrifice")


def _lasting_effects(state: GameState) -> Iterator[Sym]:
    for n, effect in enumerate(state.effects, start=1):
        ins = effect.instruction
        if ins.verb not in AFFECTING and ins.verb != "animate":
            continue
        what = ins.get("what")
        obj = effect.target if effect.target and state.find(effect.target) else what
        if obj is None or state.find(str(obj)) is None:
            # on a set of objects, fixed as the effect began (CR 611.2c): the state doesn't say
            # which objects that was
            raise UnsupportedQuestion(f"the effect of {effect.source} ({ins}) applies to the objects "
                                      "it affected as it began (CR 611.2c), which the state doesn't list")
        for m in _modified(ins, effect.source):
            yield a("held", lasting_effect(n), S(str(obj)), m, MOMENT)


def modifications(ins: Instruction) -> list[Sym] | None:
    """What an effect on characteristics does, by layer (CR 613): ``type(T)`` (4),
    ``grant(K)``/``remove(K)``/``remove_all`` (6), ``set(P,T)`` (7b), ``pt(P,T)`` (7c),
    ``switch`` (7d). ``None``: something the rules here do not model."""
    v = ins.verb
    num = clingo.Number
    if v in ("modify-pt", "set-pt"):
        p, t = ins.get("power", 0), ins.get("toughness", 0)
        return [a("pt" if v == "modify-pt" else "set", num(int(p)), num(int(t)))]
    if v == "switch-pt":
        return [F("switch", [])]
    if v in ("grant-ability", "remove-ability"):
        ability = str(ins.get("ability"))
        if ability == "all":
            return [F("remove_all", [])]
        if ability not in KEYWORDS and ability not in COMBAT_DEMANDS:
            return None  # a regeneration shield: a replacement effect not modelled
        return [a("grant" if v == "grant-ability" else "remove", keyword_atom(ability))]
    if v == "animate":
        mods = [a("type", F(t, [])) for t in sorted(set(ins.get("types") or ()) | {"creature"})]
        if (ins.get("power") is None) != (ins.get("toughness") is None):
            return None
        if ins.get("power") is not None:
            mods.append(a("set", num(int(ins.get("power"))), num(int(ins.get("toughness")))))
        for k in ins.get("keywords") or ():
            if k not in KEYWORDS:
                return None
            mods.append(a("grant", keyword_atom(str(k))))
        # Its colours (layer 5) and subtypes (layer 4) are read by no rule here.
        return mods
    return None


def _modified(ins: Instruction, source: str) -> list[Sym]:
    mods = modifications(ins)
    if mods is None:
        raise UnsupportedQuestion(f"the effect of {source} ({ins}) is not modelled")
    return mods


def effects_named(state: GameState) -> list[tuple[Sym, InForce]]:
    """Every continuous effect in force — permanents' static abilities in battlefield order,
    then the state's lasting effects in the order it lists them — with the name the
    common rules give it: ``e(unknown,O,K)`` for the K-th ability of permanent O, a static one;
    :func:`lasting_effect` for the state's lasting effects."""
    named = []
    for _, _, obj in state.objects("battlefield"):
        card = state.card_of(obj)
        for number, ability in enumerate(card.abilities if card else (), start=1):
            if ability.kind == "static":
                name = a("e", UNKNOWN, S(obj.id), clingo.Number(number))
                named += [(name, InForce(obj.id, obj.controller, ins, None, obj)) for ins in ability.effect]
    for n, e in enumerate(state.effects, start=1):
        named.append((lasting_effect(n), InForce(e.source, e.controller, e.instruction, e.target)))
    return named


def effect_source(term: Sym, state: GameState) -> str:
    """The card an effect's name (``e(Ts,Source,K)``) comes from: a permanent's static
    ability, or one of the state's lasting effects."""
    source = term.arguments[1]
    if source.type == clingo.SymbolType.String:
        found = state.find(source.string)
        card = state.card_of(found[2]) if found else None
        return card.name if card else source.string
    return state.effects[source.arguments[0].number - 1].source
