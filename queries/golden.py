"""Golden-rules questions (CR 101.1–101.3): may a player do this, what must happen?

The precedence of rules, effects and prohibitions is decided in ``encodings/asp/golden.lp``;
this module turns a state into facts and the answer set into a Verdict.
"""
from __future__ import annotations

from dataclasses import dataclass

from mtgrules.encodings import asp
from mtgrules.model.cards import Instruction
from mtgrules.model.edition import Edition, cite, rulebook
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.verdict import Verdict, citations

# What a golden question may ask about, and which fields each needs.
ASKS = {
    "play-land": (), "concede": (), "lose-game": (), "win-game": (), "cleanup-discard": (),
    "attack": ("object",), "discard": ("count",), "sacrifice": ("count", "what"),
    "has-ability": ("object", "ability"),
}
_ASK_FIELDS = ["kind", "ask", "player", "object", "count", "what", "ability", "from"]


@dataclass(frozen=True)
class GoldenQuestion:
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


def parse(node: Field, state: GameState) -> GoldenQuestion:
    node.mapping(required=["kind", "ask"], optional=_ASK_FIELDS)
    ask = node["ask"].choice(ASKS, "golden question")
    for needed in ASKS[ask]:
        node[needed]
    needs_player = ask not in ("attack", "has-ability")
    player = node["player"].choice(state.names, "player") if needs_player else None
    obj = None
    if node.has("object"):
        obj = node["object"].str()
        if state.find(obj) is None:
            raise node["object"].unknown(obj, [o.id for _, _, o in state.objects()], "object")
    if node.has("from"):
        state.cards.lookup(node["from"])
    return GoldenQuestion(
        ask=ask, player=player, object=obj,
        count=node["count"].int(0) if node.has("count") else None,
        what=node["what"].choice(("creature", "land", "artifact", "card"), "kind of permanent")
        if node.has("what") else None,
        ability=node["ability"].str() if node.has("ability") else None,
        instructed_by=node["from"].str() if node.has("from") else None,
    )


def facts(question: GoldenQuestion, state: GameState) -> tuple[list[str], str]:
    """ASP facts for the state and the question, and the asked term."""
    out = [asp.fact("active", state.active)]
    for p in state.players:
        out += [asp.fact("player", p.name), asp.fact("life", p.name, p.life),
                asp.fact("hand_size", p.name, len(p.zone("hand"))),
                asp.fact("lands_played", p.name, p.lands_played)]
        for what in ("creature", "land", "artifact"):
            out.append(asp.fact("available", p.name, f"sacrifice-{what}",
                                len(state.controlled(p.name, what))))
        out.append(asp.fact("available", p.name, "discard", len(p.zone("hand"))))
    for _, _, obj in state.objects("battlefield"):
        card = state.card_of(obj)
        out.append(asp.fact("controller", obj.id, obj.controller))
        for keyword in sorted(card.keywords if card else ()):
            out.append(asp.fact("keyword", obj.id, keyword))
        if obj.attacking:
            out.append(asp.fact("attacker", obj.id))
    out += _effect_facts(state)
    asked = _asked_term(question)
    out.append(f"asked({asked}).")
    return out, asked


def _asked_term(q: GoldenQuestion) -> str:
    t = asp.term
    if q.ask == "attack":
        return f"attack_tap({t(q.object)})"
    if q.ask == "has-ability":
        return f"has_ability({t(q.object)},{t(q.ability)})"
    if q.ask in ("discard", "sacrifice"):
        verb = "discard" if q.ask == "discard" else f"sacrifice-{q.what}"
        return f"perform({t(q.player)},{t(verb)},{q.count})"
    return f"{q.ask.replace('-', '_')}({t(q.player)})"


def _effects_in_force(state: GameState) -> list[tuple[str, str, Instruction, str | None]]:
    """(source, controller, instruction, target) of every continuous effect in force: lasting
    effects first, then permanents' static abilities. An effect's fact id is its index here."""
    found = [(e.source, e.controller, e.instruction, e.target) for e in state.effects]
    for _, _, obj in state.objects("battlefield"):
        card = state.card_of(obj)
        for instruction in (card.statics() if card else ()):
            found.append((obj.id, obj.controller, instruction, None))
    return found


def _effect_facts(state: GameState) -> list[str]:
    sources = _effects_in_force(state)
    out = []
    for n, (source, controller, ins, target) in enumerate(sources):
        eid = f"e{n}"
        out.append(asp.fact("effect", eid, source))
        who = _players(ins.get("who", "you"), controller, target, state)
        action = str(ins.get("action", "")).replace("-", "_")
        for player in who:
            act = f"{action}({asp.term(player)})"
            if ins.verb == "permit":
                out.append(f"permits({asp.term(eid)},{act},{int(ins.get('count', 1))}).")
            elif ins.verb == "forbid":
                out.append(f"forbids({asp.term(eid)},{act}).")
            elif ins.verb == "override-rule":
                out.append(asp.fact("overrides", eid, ins.get("rule"), player))
        if ins.verb in ("grant-ability", "remove-ability"):
            pred = "grants" if ins.verb == "grant-ability" else "removes"
            out.append(asp.fact(pred, eid, target or ins.get("what"), ins.get("ability")))
    return out


def _players(who: str, controller: str, target: str | None, state: GameState) -> tuple[str, ...]:
    if who == "you":
        return (controller,)
    if who == "target":
        return (target,) if target in state.names else ()
    if who in ("opponent", "opponents"):
        return state.opponents(controller)
    if who == "each-player":
        return state.apnap()
    return ()


OUTCOME_TEXT = {
    "allowed": "is allowed", "forbidden": "is not allowed", "happens": "happens",
    "does_not_happen": "does not happen", "performed": "is carried out in full",
    "partially_performed": "is carried out as far as possible",
    "nothing_happens": "can't be carried out at all: nothing happens",
    "has": "has the ability", "has_not": "does not have the ability",
    "not_decided": "is not decided by the golden rules",
}


def answer(question: GoldenQuestion, state: GameState, edition: Edition, backend: str = "asp") -> Verdict:
    program, asked = facts(question, state)
    result = asp.solve(["golden"], program, edition)
    model = result.models[0]
    statuses = [s for (a, s) in asp.atoms(model, "status")]
    status = statuses[0] if statuses else "not_decided"
    rule_keys = sorted({r for (_, r) in asp.atoms(model, "decided_by")})
    effects = {f"e{n}": source for n, (source, *_) in enumerate(_effects_in_force(state))}
    involved = sorted({effects.get(e, str(e)) if isinstance(e, str) else _describe_term(e)
                       for (_, e) in asp.atoms(model, "because")})
    amounts = [n for (_, n) in asp.atoms(model, "amount")]
    cited = citations([cite(k, edition) for k in rule_keys])
    reasons = [f"{_subject(question)} {OUTCOME_TEXT[status]}."]
    for key in rule_keys:
        reasons.append(f"{cite(key, edition)}: {_paraphrase(key)}")
    if involved:
        reasons.append("Effects involved: " + ", ".join(involved) + ".")
    if status == "not_decided":
        reasons.append("Which effect wins is a matter for the layer and timestamp rules, "
                       "not for the prohibition rule.")
    witness = {"effects": involved}
    if amounts:
        witness["amount"] = amounts[0]
    return Verdict(query="golden", outcome=status.replace("_", "-"), citations=cited,
                   reasons=tuple(reasons), witness=witness, backend="asp", edition=edition.date)


def ask_golden(state: GameState, question: GoldenQuestion, edition: Edition | None = None) -> Verdict:
    """The golden-rules verdict for a question about a state (model values in, Verdict out)."""
    return answer(question, state, edition or Edition.newest())


def _describe_term(term: tuple) -> str:
    if term and term[0] == "keyword":
        return f"{term[2]} of {term[1]}"
    return str(term)


def _subject(q: GoldenQuestion) -> str:
    phrases = {
        "play-land": f"{q.player} playing a land",
        "concede": f"{q.player} conceding",
        "lose-game": f"{q.player} losing the game",
        "win-game": f"{q.player} winning the game",
        "cleanup-discard": f"{q.player} discarding down to the maximum hand size in cleanup",
        "attack": f"{q.object} becoming tapped as it attacks",
        "discard": f"{q.player} discarding {q.count}",
        "sacrifice": f"{q.player} sacrificing {q.count} {q.what}",
        "has-ability": f"whether {q.object} has {q.ability}",
    }
    text = phrases[q.ask]
    return text + (f" for {q.instructed_by}" if q.instructed_by else "")


def _paraphrase(key: str) -> str:
    return rulebook()[key].paraphrase


GOLDEN = register(QuestionKind(
    name="golden",
    summary="may a player do this, what must happen (CR 101.1–101.3)",
    parse=parse,
    answer=answer,
    backends=("asp",),
    describe=str,
))
