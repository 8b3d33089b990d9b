"""Golden rules (CR 101.1–101.3): the precedence of rules, effects and prohibitions.

``golden.lp`` decides; this module writes the facts of a state and a question and reads the
answer set back.
"""
from __future__ import annotations

from dataclasses import dataclass

import clingo

from mtgrules.encodings import asp
from mtgrules.model.edition import Edition
from mtgrules.model.state import GameState
from mtgrules.model.vocabulary import (
    ACTIONS,
    effects_in_force,
    param,
    players_named,
    sacrifice_prohibitions,
)

PROGRAMS = ("golden/abilities", "golden/golden")
"""The programs a golden question is solved with: which abilities objects have, and the
golden rules' precedence."""

# What a golden question may ask about, and which fields each needs.
ASKS = {
    "play-land": (), "concede": (), "lose-game": (), "win-game": (), "cleanup-discard": (),
    "attack": ("object",), "discard": ("count",), "sacrifice": ("count", "what"),
    "has-ability": ("object", "ability"),
}


@dataclass(frozen=True)
class GoldenQuestion:
    """A golden-rules question (CR 101): may a player do something, does an instruction
    happen, does an object have an ability — the fields a scenario's ``question:`` gives.

    >>> str(GoldenQuestion("play-land", "alice"))
    'play-land (alice)'
    """

    ask: str
    player: str | None = None
    object: str | None = None
    count: int | None = None
    what: str | None = None
    ability: str | None = None
    instructed_by: str | None = None
    """The card whose instruction is being carried out, for discard and sacrifice."""

    def __str__(self) -> str:
        who = self.player or self.object
        extra = f" {self.count} {self.what or ''}".rstrip() if self.count is not None else ""
        extra += f" {self.ability}" if self.ability else ""
        return f"{self.ask} ({who}{extra})"


@dataclass(frozen=True)
class GoldenAnswer:
    """What ``golden.lp`` derived for the asked term."""

    status: str
    """The status atom (``allowed``, ``forbidden``, ``performed`` …; ``not_decided`` if none)."""
    rules: tuple[str, ...]
    """Rulebook keys that decided it."""
    involved: tuple[str, ...]
    """The sources of the effects involved, or the keywords, described."""
    amount: int | None
    """How much of an instruction was carried out, when partially."""


def facts(question: GoldenQuestion, state: GameState) -> list[str]:
    """ASP facts for the state and the question (the inputs documented in ``golden.lp``)."""
    out = [asp.fact("active", state.active)]
    for p in state.players:
        out += [asp.fact("player", p.name), asp.fact("life", p.name, p.life),
                asp.fact("hand_size", p.name, len(p.zone("hand"))),
                asp.fact("lands_played", p.name, p.lands_played)]
        for what in ("creature", "land", "artifact"):
            out.append(asp.fact("sacrifice_kind", f"sacrifice-{what}"))
            out += [asp.fact("sacrificeable", p.name, f"sacrifice-{what}", o.id)
                    for o in state.controlled(p.name, what)]
        out.append(asp.fact("available", p.name, "discard", len(p.zone("hand"))))
    for _, _, obj in state.objects("battlefield"):
        out.append(asp.fact("controller", obj.id, obj.controller))
        if obj.attacking:
            out.append(asp.fact("attacker", obj.id))
    out += printed_keyword_facts(state)
    out += [asp.fact("cant_sacrifice", o, source) for o, source in sacrifice_prohibitions(state)]
    out += _effect_facts(state)
    out.append(f"{clingo.Function('asked', [asked_term(question)])}.")
    return out


def asked_term(q: GoldenQuestion) -> clingo.Symbol:
    """The asked term as a symbol (its name one of ``ASKS``, every argument a quoted string or a
    number), so no value from a scenario becomes program text."""
    s = clingo.String
    if q.ask not in ASKS:
        raise ValueError(f"unknown golden question {q.ask!r}")
    if q.ask == "attack":
        return clingo.Function("attack_tap", [s(str(q.object))])
    if q.ask == "has-ability":
        return clingo.Function("has_ability", [s(str(q.object)), s(str(q.ability))])
    if q.ask in ("discard", "sacrifice"):
        verb = "discard" if q.ask == "discard" else f"sacrifice-{q.what}"
        return clingo.Function("perform", [s(str(q.player)), s(verb), clingo.Number(int(q.count or 0))])
    return clingo.Function(q.ask.replace("-", "_"), [s(str(q.player))])


def printed_keyword_facts(state: GameState, only: str | None = None) -> list[str]:
    """``keyword(O,K)`` for the keywords printed on every visible object (or on ``only``),
    the input of ``abilities.lp``."""
    out = []
    for _, _, obj in state.objects():
        card = state.card_of(obj)
        if only is not None and obj.id != only:
            continue
        for keyword in sorted(card.keywords if card else ()):
            out.append(asp.fact("keyword", obj.id, keyword))
    return out


def ability_facts(state: GameState, only: str) -> list[str]:
    """The inputs of ``abilities.lp`` about one object: its printed keywords and every
    effect in force that adds or removes an ability of it (``grants``/``removes``), for
    areas other than the golden rules that read a keyword (casting: flash)."""
    out = printed_keyword_facts(state, only)
    for n, effect in enumerate(effects_in_force(state)):
        ins = effect.instruction
        if ins.verb in ("grant-ability", "remove-ability"):
            obj = _ability_object(effect)
            if obj == only:
                pred = "grants" if ins.verb == "grant-ability" else "removes"
                out.append(asp.fact(pred, f"e{n}", obj, param(ins, "ability")))
    return out


def _ability_object(effect) -> str:
    what = param(effect.instruction, "what")
    return effect.permanent.id if what == "self" and effect.permanent else effect.target or what


def _effect_facts(state: GameState) -> list[str]:
    """Facts for the effects in force; an effect's fact id is its index in
    ``effects_in_force``."""
    out = []
    for n, effect in enumerate(effects_in_force(state)):
        eid, ins = f"e{n}", effect.instruction
        out.append(asp.fact("effect", eid, effect.source))
        if ins.verb == "forbid" and param(ins, "action") == "sacrifice":
            continue  # read object by object (sacrifice_prohibitions): cant_sacrifice/2
        if ins.verb in ("permit", "forbid") and ins.get("zone") is not None:
            continue  # a zone's casting permission: the casting area reads it
        if ins.verb in ("permit", "forbid", "override-rule"):
            for player in players_named(param(ins, "who"), effect.controller, effect.target, state):
                if ins.verb == "override-rule":
                    out.append(asp.fact("overrides", eid, param(ins, "rule"), player))
                    continue
                action = str(param(ins, "action"))
                if action not in ACTIONS:  # validated when read; never pasted as program text
                    raise ValueError(f"unknown action {action!r}")
                act = clingo.Function(action.replace("-", "_"), [clingo.String(player)])
                if ins.verb == "permit":
                    out.append(f"{clingo.Function('permits', [clingo.String(eid), act, clingo.Number(int(param(ins, 'count')))])}.")
                else:
                    out.append(f"{clingo.Function('forbids', [clingo.String(eid), act])}.")
        if ins.verb in ("grant-ability", "remove-ability"):
            pred = "grants" if ins.verb == "grant-ability" else "removes"
            out.append(asp.fact(pred, eid, _ability_object(effect), param(ins, "ability")))
    return out


def solve(question: GoldenQuestion, state: GameState, edition: Edition) -> GoldenAnswer:
    """Solve ``golden.lp`` for a question about a state under an edition."""
    model = asp.solve(PROGRAMS, facts(question, state), edition).models[0]
    statuses = [s for (_, s) in asp.atoms(model, "status")]
    effects = {f"e{n}": e.source for n, e in enumerate(effects_in_force(state))}
    involved = sorted({effects.get(e, str(e)) if isinstance(e, str) else _describe_term(e)
                       for (_, e) in asp.atoms(model, "because")})
    amounts = [n for (_, n) in asp.atoms(model, "amount")]
    return GoldenAnswer(str(statuses[0]) if statuses else "not_decided",
                        tuple(sorted({str(r) for (_, r) in asp.atoms(model, "decided_by")})),
                        tuple(involved), int(amounts[0]) if amounts else None)


def _describe_term(term: tuple) -> str:
    if term and term[0] == "keyword":
        return f"{term[2]} of {term[1]}"
    return str(term)
