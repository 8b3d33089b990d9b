"""The temporal core's total cost of a spell agrees with the cost question's (two encodings of
CR 601.2f: encodings/game/vocabulary.lp's total_cost with the announcement, and
encodings/cost/cost.lp), for every library card the core casts, with each announcement its card
offers (nothing, buyback, kicker, modes, entwine, flashback, face down; each card of the library
spliced onto each spell it may be spliced onto), in a state where no effect changes costs."""
from __future__ import annotations

import re

import clingo
import pytest

from mtgrules.encodings.asp import encoding
from mtgrules.encodings.game.casting_facts import cost_facts, mode_facts, splice_facts
from mtgrules.model.cards import Card, builtin_cards
from mtgrules.model.mana import ManaCost
from mtgrules.model.source import Field
from mtgrules.queries import check_scenario
from mtgrules.queries.scenario import scenario_from

LETTER = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G", "c": "C"}
ANNOUNCED = {"buyback": {"buyback": True}, "kicker": {"kicked": True}, "entwine": {"entwined": True},
             "flashback": {"alternative": "flashback", "from": "graveyard"},
             "face_down": {"alternative": "face-down"}}
"""The cost question's field for each announcement the core reads (and modes(L): ``modes``)."""


def modes_of(announced: str) -> list[int]:
    """The modes of the core's announcement modes(m(M1,m(M2,…nil))), in order."""
    return [int(n) for n in re.findall(r"m\((\d+)", announced)] if announced.startswith("modes(") else []
TARGET = {"any": "bob", "player": "bob", "opponent": "bob", "creature": "Grizzly Bears",
          "permanent": "Grizzly Bears", "creature-or-player": "bob"}
"""A legal target of each kind in the state below (a kind missing: the card is left out)."""


Total = tuple[dict[str, int], int] | str
"""Symbols by letter ("generic" for the generic part) and the life paid, or "unpayable"."""


def core_totals(card: Card, spliced: Card | None = None) -> dict[str, Total] | None:
    """The core's total for each announcement; None where the core doesn't cast the card.
    With ``spliced``: that card (object "c") announced spliced onto it, as a script says."""
    facts = [str(s) + "." for s in (*cost_facts(card, clingo.String("o")),
                                    *mode_facts(card, clingo.String("o")))]
    if not facts or any(f.startswith("cost_unsupported") for f in facts):
        return None
    if spliced is not None:
        facts += [str(s) + "." for s in splice_facts(spliced, clingo.String("c"))]
        facts += [f'subtype("o","{sub}").' for sub in card.subtypes]
        facts += ['object("c").', 'script(1,cast("alice","o",none,auto,splice(s("c",nil)))).']
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], encoding("game/vocabulary") + '\nobject("o").\n' + "\n".join(facts))
    ctl.ground([("base", [])])
    atoms: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: atoms.extend(m.symbols(atoms=True)))
    life = sum(s.arguments[1].number for s in atoms if s.name == "life_cost")
    unpayable = any(s.name == "no_mana_cost" for s in atoms)     # CR 118.6: actions.lp
    out: dict[str, Total] = {}
    for s in atoms:
        if s.name == "announcement" and s.arguments[0] == clingo.String("o"):
            out[str(s.arguments[1])] = "unpayable" if unpayable else ({}, life)
    if unpayable:
        return out
    for s in atoms:
        if s.name == "total_cost":
            out[str(s.arguments[1])][0][LETTER[str(s.arguments[2])]] = s.arguments[3].number
        elif s.name == "total_generic" and s.arguments[2].number:
            out[str(s.arguments[1])][0]["generic"] = s.arguments[2].number
    return out


def question_total(card: Card, announced: str, spliced: Card | None = None) -> Total | None:
    """The cost question's total and life for the card cast with ``announced`` (and ``spliced``
    spliced onto it); None where the card needs a target of a kind the state has none of."""
    chosen = modes_of(announced) or (range(1, len(card.modes.options) + 1)
                                      if announced == "entwine" and card.modes else [])
    kinds = ([] if announced == "face_down" else list(card.targets)) + [k for m in chosen for k in card.modes.options[m - 1].targets]
    kinds += list(spliced.targets) if spliced is not None else []
    targets = []
    for kind in kinds:
        if kind not in TARGET:
            return None
        # (a card named like the target creature: the ids say which copy is which)
        targets.append(TARGET[kind] + ("#2" if TARGET[kind] == card.name else ""))
    mine = card.name + ("#1" if card.name in TARGET.values() else "")
    doc = {"name": f"{card.name} ({announced})", "edition": "2026-08-07",
           "state": {"players": ["alice", "bob"],
                     # flashback casts from the graveyard (CR 702.34a)
                     "alice": {"graveyard" if announced == "flashback" else "hand":
                               [card.name, *([spliced.name] if spliced is not None else [])]},
                     "bob": {"battlefield": ["Grizzly Bears"]}},
           "question": {"kind": "cost", "ask": "total", "card": mine, "targets": targets,
                        **ANNOUNCED.get(announced, {}),
                        **({"modes": modes_of(announced)} if modes_of(announced) else {}),
                        **({"splice": [spliced.name]} if spliced is not None else {})}}
    verdict = check_scenario(scenario_from(Field.of(doc)))
    outcome = str(getattr(verdict.outcome, "value", verdict.outcome))
    if outcome != "total":
        return outcome
    counts = ManaCost.parse(verdict.total).counts()
    return {k: v for k, v in counts.items() if v}, verdict.witness.life


CASES = [(card, announced) for card in builtin_cards().values()
         if (totals := core_totals(card)) is not None for announced in totals]


def test_the_comparison_covers_each_announcement():
    words = {announced for _, announced in CASES}
    assert {"none", "buyback", "kicker", "entwine", "flashback", "face_down"} <= words
    assert any(modes_of(w)[1:] for w in words)          # escalate: two modes
    assert len(CASES) >= 100
    assert any(core_totals(card)[w] == "unpayable" for card, w in CASES)


@pytest.mark.parametrize("card,announced", CASES, ids=[f"{c.name}-{w}" for c, w in CASES])
def test_core_total_is_the_cost_questions(card, announced):
    expected = question_total(card, announced)
    if expected is None:
        pytest.skip(f"no target of the kinds {card.targets} in the comparison's state")
    assert core_totals(card)[announced] == expected


SPLICES = [(card, splicer) for card in builtin_cards().values() for splicer in builtin_cards().values()
           if splicer.splice_onto in card.subtypes and splicer.name != card.name
           and core_totals(card) is not None]
"""Each library card spliced onto each other library spell of the subtype it names (CR 702.47a)."""


def test_the_comparison_covers_splice():
    assert SPLICES


@pytest.mark.parametrize("card,splicer", SPLICES, ids=[f"{c.name}+{s.name}" for c, s in SPLICES])
def test_core_total_with_a_splice_is_the_cost_questions(card, splicer):
    expected = question_total(card, "none", splicer)
    if expected is None:
        pytest.skip(f"no target of the kinds {card.targets} in the comparison's state")
    totals = core_totals(card, splicer)
    assert totals is not None
    assert totals['splice(s("c",nil))'] == expected
