"""Golden rules (CR 101.1–101.3): the precedence of rules, effects and prohibitions.

``golden.lp`` decides; this module writes the facts of a state and a question and reads the
answer set back.
"""
from __future__ import annotations

from dataclasses import dataclass

import clingo

from mtgrules.encodings import asp, common
from mtgrules.model.edition import Edition
from mtgrules.model.state import GameState

F = clingo.Function
S = clingo.String

PROGRAMS = ("golden/golden",)
"""The program a golden question is solved with: the golden rules' precedence, with the
common rules it includes (abilities as they are, prohibitions, land plays, losing, the
maximum hand size)."""

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


def facts(question: GoldenQuestion, state: GameState) -> list[clingo.Symbol]:
    """The facts of the state and the question (the inputs documented in ``golden.lp``)."""
    out = common.moment_facts(state)
    out += [F("sacrifice_kind", [S(f"sacrifice-{what}"), F(what, [])]) for what in ("creature", "land", "artifact")]
    for p in state.players:
        out.append(F("available", [S(p.name), S("discard"), clingo.Number(len(p.zone("hand")))]))
    for _, _, obj in state.objects("battlefield"):
        if obj.attacking:
            out.append(F("attacker", [S(obj.id)]))
    out += [F("effect", [eid]) for eid, _ in common.effects_named(state)]
    out += common.prohibition_facts(state)
    out.append(F("asked", [asked_term(question)]))
    return out


def asked_term(q: GoldenQuestion) -> clingo.Symbol:
    """The asked term as a symbol (its name one of ``ASKS``, every argument a quoted string, a
    number or a keyword), so no value from a scenario becomes program text."""
    if q.ask not in ASKS:
        raise ValueError(f"unknown golden question {q.ask!r}")
    if q.ask == "attack":
        return F("attack_tap", [S(str(q.object))])
    if q.ask == "has-ability":
        return F("has_ability", [S(str(q.object)), common.keyword_atom(str(q.ability))])
    if q.ask in ("discard", "sacrifice"):
        verb = "discard" if q.ask == "discard" else f"sacrifice-{q.what}"
        return F("perform", [S(str(q.player)), S(verb), clingo.Number(int(q.count or 0))])
    return F(q.ask.replace("-", "_"), [S(str(q.player))])


def solve(question: GoldenQuestion, state: GameState, edition: Edition) -> GoldenAnswer:
    """Solve ``golden.lp`` for a question about a state under an edition."""
    model = asp.solve(PROGRAMS, facts(question, state), edition).models[0]
    statuses = [s for (_, s) in asp.atoms(model, "status")]
    involved = sorted({_describe(term, state) for term in _because(model)})
    amounts = [n for (_, n) in asp.atoms(model, "amount")]
    return GoldenAnswer(str(statuses[0]) if statuses else "not_decided",
                        tuple(sorted({str(r) for (_, r) in asp.atoms(model, "decided_by")})),
                        tuple(involved), int(amounts[0]) if amounts else None)


def _because(model: list[clingo.Symbol]) -> list[clingo.Symbol]:
    return [sym.arguments[1] for sym in model if sym.match("because", 2)]


def _describe(term: clingo.Symbol, state: GameState) -> str:
    """An effect's source card, or a keyword of an object (``vigilance of Serra Angel``)."""
    if term.match("keyword", 2):
        return f"{term.arguments[1].name} of {term.arguments[0].string}"
    if term.match("e", 3):
        return common.effect_source(term, state)
    return str(term)
