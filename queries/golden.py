"""Golden-rules questions (CR 101.1–101.3): may a player do this, what must happen?

The precedence of rules, effects and prohibitions is decided in ``encodings/golden/golden.lp``;
this module parses the question and turns the answer into a Verdict.
"""
from __future__ import annotations

from mtgrules.encodings import golden
from mtgrules.encodings.golden import ASKS, GoldenQuestion
from mtgrules.model.edition import Edition, cite, rulebook
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.vocabulary import ABILITIES, MAX_COUNT
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import GoldenOutcome
from mtgrules.queries.verdict import Verdict, citations
from mtgrules.queries.witness import GoldenEffects

_ASK_FIELDS = ["kind", "ask", "player", "object", "count", "what", "ability", "from"]


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
        count=node["count"].int(0, MAX_COUNT) if node.has("count") else None,
        what=node["what"].choice(("creature", "land", "artifact", "card"), "kind of permanent")
        if node.has("what") else None,
        ability=node["ability"].choice(ABILITIES, "ability") if node.has("ability") else None,
        instructed_by=node["from"].str() if node.has("from") else None,
    )


OUTCOME_TEXT = {
    "allowed": "is allowed", "forbidden": "is not allowed", "happens": "happens",
    "does_not_happen": "does not happen", "performed": "is carried out in full",
    "partially_performed": "is carried out as far as possible",
    "nothing_happens": "can't be carried out at all: nothing happens",
    "has": "has the ability", "has_not": "does not have the ability",
    "not_decided": "is not decided by the golden rules",
}


def answer(question: GoldenQuestion, state: GameState, edition: Edition, backend: str = "asp") -> Verdict:
    found = golden.solve(question, state, edition)
    status = found.status
    cited = citations([cite(k, edition) for k in found.rules])
    reasons = [f"{_subject(question)} {OUTCOME_TEXT[status]}."]
    for key in found.rules:
        reasons.append(f"{cite(key, edition)}: {_paraphrase(key)}")
    if found.involved:
        reasons.append("Effects involved: " + ", ".join(found.involved) + ".")
    if status == "not_decided":
        reasons.append("Which effect wins is a matter for the layer and timestamp rules, "
                       "not for the prohibition rule.")
    witness = GoldenEffects(tuple(found.involved), found.amount)
    return Verdict(query="golden", outcome=GoldenOutcome(status.replace("_", "-")), citations=cited,
                   reasons=tuple(reasons), witness=witness, backend="asp", edition=edition.date)


def ask_golden(state: GameState, question: GoldenQuestion, edition: Edition | str | None = None) -> Verdict:
    """The golden-rules verdict for a question about a state (model values in, Verdict out).
    The question is read by the same parser as a scenario file's, so the API refuses what the
    loader refuses (an unknown ask, player, object, ability …) with the same message.

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"],
    ...     "alice": {"lands-played": 1, "hand": ["Forest"]},
    ...     "effects": [{"from": "Explore", "controller": "alice"}]})
    >>> v = ask_golden(state, GoldenQuestion("play-land", "alice"))
    >>> v.outcome, v.witness.effects
    (<GoldenOutcome.ALLOWED: 'allowed'>, ('Explore',))
    >>> ask_golden(state, GoldenQuestion("play-land", "carol"))
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.ScenarioError: <input>, field 'question.player': unknown player 'carol'. ...
    """
    fields: dict[str, object] = {"kind": "golden", "ask": question.ask}
    for name, value in (("player", question.player), ("object", question.object),
                        ("count", question.count), ("what", question.what),
                        ("ability", question.ability), ("from", question.instructed_by)):
        if value is not None:
            fields[name] = value
    checked = parse(Field.of(fields, "question"), state)
    return answer(checked, state, Edition.of(edition))


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
    reads_mana_pool=False,
))
