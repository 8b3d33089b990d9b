"""The temporal core's total cost of a spell agrees with the cost question's (two encodings of
CR 601.2f: encodings/game/vocabulary.lp's total_cost with the announcement, and
encodings/cost/cost.lp), for every library card the core casts, with each announcement its card
offers (nothing, buyback, kicker, a kicker's {X} announced as 0, 2 and 3, multikicker paid 2 and 3
times, modes, entwine, flashback, face down; each way to pay its hybrid
and Phyrexian symbols, announced as a line does; each card of the library spliced onto each spell
it may be spliced onto), in a state where no effect changes costs."""
from __future__ import annotations

import functools
import itertools
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


@functools.cache  # asked at collection and again by each test: one grounding per card
def core_totals(card: Card, spliced: Card | None = None) -> dict[str, Total] | None:
    """The core's total for each announcement; None where the core doesn't cast the card.
    With ``spliced``: that card (object "c") announced spliced onto it, as a script says."""
    facts = [str(s) + "." for s in (*cost_facts(card, clingo.String("o")),
                                    *mode_facts(card, clingo.String("o")))]
    if not facts or any(f.startswith("cost_unsupported") for f in facts):
        return None
    # each way to pay the mana cost's hybrid and Phyrexian symbols, announced on a line of its own
    # (CR 601.2b): line K casts with announcement A and the K-th combination of ways
    ways = [[str(f.split(",", 2)[2][:-2]) for f in facts if f.startswith(f'symbol_option("o",{i},')]
            for i in range(1, 1 + sum(f.startswith("choice_symbol") for f in facts))]
    combos = list(itertools.product(*ways)) if ways else []
    # a cost with {X}: announced as 2 on each line (CR 107.3a)
    x_card = any(f.startswith("x_symbols") for f in facts)
    if x_card and not combos:
        combos = [()]
    if spliced is not None:
        facts += [str(s) + "." for s in splice_facts(spliced, clingo.String("c"))]
        facts += [f'subtype("o","{sub}").' for sub in card.subtypes]
        facts += ['object("c").', 'script(1,cast("alice","o",none,auto,splice(s("c",nil)))).']
    if any(f.startswith("multikicker(") for f in facts):
        # a multikicker cost paid 2 and 3 times (CR 702.33c), as lines announce it
        facts += [f'script({100 + n},cast("alice","o",none,auto,kicked({n}))).' for n in (2, 3)]
    announcements = _announcements(facts)
    lines = {}
    for n, (announced, combo) in enumerate(itertools.product(announcements, combos), start=1):
        lines[n] = f"{announced}|{' '.join(WAY_WORD.get(w, w) for w in combo)}" + ("|x=2" if x_card else "")
        facts.append(f'script({n},cast("alice","o",none,{n},{announced})).')
        facts += [f"script_x({n},2)."] if x_card else []
        facts += [f"script_symbol({n},{i},{w})." for i, w in enumerate(combo, start=1)]
    # a kicker with {X}: kicked with X announced as 0, 2 and 3 on lines of their own (CR 107.3a);
    # kicked, its total is only ever a line's (X is asked for otherwise, actions.lp)
    kicker_x = any(f.startswith("optional_x(") for f in facts)
    for n, x in enumerate((0, 2, 3), start=200):
        if kicker_x:
            lines[n] = f"kicker||kx={x}"
            facts += [f'script({n},cast("alice","o",none,{n},kicker)).', f"script_x({n},{x})."]
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
        if s.name == "line_cast" and lines.get(s.arguments[0].number, "").startswith(str(s.arguments[2]) + "|"):
            # a line whose ways the announcement's cost has (flashback's and face down's has none)
            key = lines[s.arguments[0].number]
            if any(a.name == "printed_cost" and str(a.arguments[1]) == str(s.arguments[2]) for a in atoms):
                out[key] = ({}, sum(a.arguments[3].number for a in atoms if a.name == "line_life"
                                    and a.arguments[0] == s.arguments[0]))
    if combos:
        # with hybrid or Phyrexian symbols, the mana cost is only ever paid as a line announces
        # (actions.lp asks for the ways otherwise): the announcement's total alone is no total
        printed = {str(a.arguments[1]) for a in atoms if a.name == "printed_cost"}
        out = {k: v for k, v in out.items() if "|" in k or k not in printed}
    if kicker_x:
        out.pop("kicker")
    for s in atoms:
        if s.name in ("line_total", "line_generic") and lines.get(s.arguments[0].number) in out:
            key = lines[s.arguments[0].number]
            letter = LETTER[str(s.arguments[3])] if s.name == "line_total" else "generic"
            amount = s.arguments[-1].number
            if amount:
                out[key][0][letter] = amount
        if s.name in ("total_cost", "total_generic") and str(s.arguments[1]) not in out:
            continue
        if s.name == "total_cost":
            out[str(s.arguments[1])][0][LETTER[str(s.arguments[2])]] = s.arguments[3].number
        elif s.name == "total_generic" and s.arguments[2].number:
            out[str(s.arguments[1])][0]["generic"] = s.arguments[2].number
    return out


WAY_WORD = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G", "c": "C", "generic(2)": "2", "life": "life"}
"""A way to pay a hybrid or Phyrexian symbol, the core's atom → the cost question's ``pay`` word."""


def _announcements(facts: list[str]) -> list[str]:
    """The announcements the core reads for the card (vocabulary.lp's announcement/2, grounded alone)."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], encoding("game/vocabulary") + '\nobject("o").\n' + "\n".join(facts))
    ctl.ground([("base", [])])
    found: list[str] = []
    ctl.solve(on_model=lambda m: found.extend(str(s.arguments[1]) for s in m.symbols(atoms=True)
                                              if s.name == "announcement" and s.arguments[0] == clingo.String("o")))
    return sorted(found)


def question_total(card: Card, announced: str, spliced: Card | None = None) -> Total | None:
    """The cost question's total and life for the card cast with ``announced`` (and ``spliced``
    spliced onto it); None where the card needs a target of a kind the state has none of."""
    announced, _, ways = announced.partition("|")
    ways, _, x = ways.partition("|x=")
    ways, _, kicker_x = ways.partition("|kx=")
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
                        **({"kicked": int(announced[7:-1])} if announced.startswith("kicked(") else {}),
                        **({"modes": modes_of(announced)} if modes_of(announced) else {}),
                        **({"splice": [spliced.name]} if spliced is not None else {}),
                        **({"pay": ways.split()} if ways else {}),
                        **({"x": int(x)} if x else {}),
                        **({"kicker-x": int(kicker_x)} if kicker_x else {})}}
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
    assert {"none", "buyback", "kicker", "entwine", "flashback", "face_down", "kicked(2)", "kicked(3)"} <= words
    assert {"kicker||kx=0", "kicker||kx=3"} <= words      # a kicker's {X} (Verdeloth the Ancient)
    assert any(modes_of(w)[1:] for w in words)          # escalate: two modes
    assert any("life" in w for w in words) and any(" 2" in w for w in words)   # 107.4f, {2/W}
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
