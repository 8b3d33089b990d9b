"""Out-of-order sequencing questions (MTR 4.3): does a block of actions taken out of order stand?

A scenario says what the block is about (a spell resolving or being cast, steps of the turn,
creatures dying at once, combat declarations) and what the players did, in the order they did
it (``model/read/sequencing.py`` reads it). The temporal core judges it
(``encodings/sequencing/``, DESIGN §5.4): the performed run and the correct run are one trace
of the core's action theory, and the five conditions are rules over the two. This module
builds the Verdict from the judgement.

>>> from mtgrules.queries.sequencing import check_performed
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgrules.encodings.sequencing import core
from mtgrules.encodings.sequencing.block import block_of
from mtgrules.model.edition import Edition, cite, rule_holds, rulebook
from mtgrules.model.read.lines import Line
from mtgrules.model.read.sequencing import SequencingQuestion, parse_question
from mtgrules.model.sequencing import Condition
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import SequencingOutcome
from mtgrules.queries.verdict import Verdict, citations
from mtgrules.queries.witness import SequencingFailure, SequencingRun, Violation


def check_performed(state: GameState, performed: Sequence[str | dict[str, str]], *,
                    resolving: str | None = None, casting: str | None = None,
                    steps: Sequence[str] | None = None, dying: Sequence[str] | None = None,
                    edition: Edition | str | None = None, backend: str = "asp") -> Verdict:
    """Judge a block given as model values: a state, the performed lines (and pauses or
    reactions as ``{pause: …}`` / ``{reaction: …}``), and its situation.

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"], "step": "untap",
    ...     "alice": {"battlefield": ["Masticore"], "hand": ["Lightning Bolt"]}})
    >>> v = check_performed(state, ["alice discards Lightning Bolt", "alice untaps"],
    ...                     steps=["untap", "upkeep"])
    >>> v.outcome, v.witness.order
    (<SequencingOutcome.STANDS: 'stands'>, ('alice untaps', 'alice discards Lightning Bolt'))
    """
    parsed = parse_question(Field.of(_question(performed, resolving, casting, steps, dying), "question"), state)
    edition = Edition(edition) if isinstance(edition, str) else edition or Edition.newest()
    return answer(parsed, state, edition, backend)


def _question(performed: Sequence[str | dict[str, str]], resolving: str | None, casting: str | None,
              steps: Sequence[str] | None, dying: Sequence[str] | None) -> dict[str, Any]:
    question: dict[str, Any] = {"kind": "sequencing", "performed": list(performed)}
    for key, value in (("resolving", resolving), ("casting", casting), ("steps", steps),
                       ("dying", dying)):
        if value is not None:
            question[key] = list(value) if isinstance(value, (list, tuple)) else value
    return question



def answer(question: SequencingQuestion, state: GameState, edition: Edition, backend: str = "asp") -> Verdict:
    """The verdict of the temporal core (``encodings/sequencing/core.py``), in the block's terms."""
    j = core.judge(state, edition, block_of(question, state))
    texts = [e.text for e in question.entries if isinstance(e, Line)]
    pauses = [f"{e.kind}{': ' + e.text if e.text else ''}" for e in question.entries
              if not isinstance(e, Line)]
    by_time: dict[int, list[int]] = {}
    for line, time in j.matched.items():
        by_time.setdefault(time, []).append(line)
    run = []
    for time, name, _ in j.correct:
        said = [texts[k - 1] for k in sorted(by_time.get(time, []))]
        # an event no reader words (none should be): its name
        run.append("; ".join(said) if said else j.words.get(time) or name.replace("_", " "))
    windows = _windows(j, texts, edition)
    keys = {k for k in j.rules if rule_holds(k, edition)}
    cited = citations([cite(k, edition) for k in keys])
    failed = [Condition(c) for c in j.failed]
    problems = core.violations(j, texts, pauses)
    order = [texts[k - 1] for k, _ in sorted(j.matched.items(), key=lambda kv: (kv[1], kv[0]))]
    if not failed:
        reasons = ["The block stands: the correct run the rules give, with the players' decisions "
                   "from the block, does exactly these actions, each legal where it happens, ends "
                   "in the same state, and shows no player early anything that could have changed "
                   "a choice (MTR 4.3).",
                   "Correct order: " + "; ".join(f"{i}. {t}" for i, t in enumerate(order, 1)) + "."]
        witness: SequencingRun | None = SequencingRun(tuple(order), tuple(run))
        counter: SequencingFailure | None = None
    else:
        reasons = ["The block does not stand (MTR 4.3); failed: "
                   + ", ".join(c.value for c in failed) + "."]
        reasons += [f"{c}: {text}." for c, text in problems]
        reasons.append("Closest correct run: " + "; ".join(run) + ".")
        witness = None
        counter = SequencingFailure(tuple(Violation(c, text) for c, text in problems),
                                    tuple(order), tuple(run))
    if windows:
        reasons.append("Priority windows inside the block, where an opponent may ask for the "
                       "actions in order: " + "; ".join(w["description"] for w in windows) + ".")
    reasons += [f"{cite(k, edition)}: {rulebook()[k].paraphrase}" for k in sorted(keys)]
    return Verdict(query="sequencing", outcome=(SequencingOutcome.STANDS if not failed
                                                else SequencingOutcome.DOES_NOT_STAND),
                   citations=cited, reasons=tuple(reasons), witness=witness, counterexample=counter,
                   backend="asp", edition=edition.date, failed=frozenset(failed),
                   details={"priority_windows": windows, "performed": texts,
                            "added": [texts[k - 1] for k in j.added], "forgotten": j.forgotten,
                            "engine": "temporal core"})



def _windows(j: core.Judgement, texts: list[str], edition: Edition) -> list[dict[str, Any]]:
    """The priority windows of the correct run between the block's first and last action,
    each with the rule that gave priority there."""
    first = min(j.matched.values(), default=0)
    last = max(j.matched.values(), default=0)
    out: dict[int, dict[str, Any]] = {}
    for time in j.priority_at:
        if not first <= time < last:
            continue
        before = [texts[k - 1] for k, t in sorted(j.matched.items(), key=lambda kv: (kv[1], kv[0]))
                  if t <= time]
        if len(before) in out:
            continue
        after = [texts[k - 1] for k, t in sorted(j.matched.items(), key=lambda kv: (kv[1], kv[0]))
                 if t > time]
        out[len(before)] = {"description": f"after '{before[-1]}'" if before else "at the start",
                            "after": before, "before": after, "position": len(before),
                            "rule": str(cite(j.gave_priority[time], edition))}
    return [out[k] for k in sorted(out)]


SEQUENCING = register(QuestionKind(
    name="sequencing",
    summary="does a block of actions taken out of order stand (MTR 4.3)",
    parse=parse_question,
    answer=answer,
    backends=("asp",),
    describe=str,
))

__all__ = ["SequencingQuestion", "check_performed"]
