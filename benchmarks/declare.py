"""How fast a declaration of blockers with requirements is judged (CR 509.1c): 8 attackers
against 8 potential blockers, with Lure (Prized Unicorn, all creatures able to block it do so:
a requirement per blocker), two of them with menace and one with flying, two that must be
blocked (Gaea's Protector), two blockers that block each combat if able and two with reach.

    python benchmarks/declare.py [--repeat 5]

Three rows, medians of ``--repeat`` runs (wall seconds, one process): ``declare.lp`` alone on the
facts the core shows (the maximum's search, ``encodings/game/declare.py``'s ``judge``); the
whole trace from the beginning of combat to a declaration that obeys the maximum (legal: the
step program plus one declare.lp solve); and to "bob blocks with nothing" (short: plus the step
solved again, and the stop's words). The goal: each under 1 s.
"""
from __future__ import annotations

import argparse

from mtgrules.encodings.game import declare, simulate
from mtgrules.model.edition import Edition
from mtgrules.model.read.timeline import parse_line
from mtgrules.model.source import Field
from mtgrules.queries.scenario import parse_scenario

from timing import timed  # benchmarks/timing.py, beside this script

EDITION = Edition.newest()
ATTACKERS = ["Prized Unicorn", "Prized Unicorn#2", "Prized Unicorn#3", "Prized Unicorn#4",
             "Gaea's Protector", "Gaea's Protector#2", "Grizzly Bears", "Grizzly Bears#2"]
BLOCKERS = ["Giant Spider", "Giant Spider#2", "Runeclaw Bear", "Runeclaw Bear#2", "Runeclaw Bear#3",
            "Llanowar Elves", "Llanowar Elves#2", "Llanowar Elves#3"]
GRANTS = [("Prized Unicorn", "menace"), ("Prized Unicorn#2", "menace"), ("Prized Unicorn#4", "flying"),
          ("Llanowar Elves", "blocks-each-combat"), ("Llanowar Elves#2", "blocks-each-combat")]


def state():
    """The state: each card listed once per object (ids Name, Name#2, …), the grants as lasting
    effects of the turn."""
    def cards(ids: list[str]) -> str:
        return ", ".join(f'"{i.split("#")[0]}"' for i in ids)

    effects = "".join(f"    - {{from: Culling Mark, controller: alice, do: grant-ability, what: \"{o}\", "
                      f"ability: {k}, duration: turn}}\n" for o, k in GRANTS)
    doc = ("name: bench\nquestion: {kind: turn, ask: trace}\nstate:\n  players: [alice, bob]\n"
           "  step: beginning-of-combat\n"
           f"  alice: {{battlefield: [{cards(ATTACKERS)}], library: {{hidden: 5}}}}\n"
           f"  bob: {{battlefield: [{cards(BLOCKERS)}], library: {{hidden: 5}}}}\n  effects:\n" + effects)
    return parse_scenario(doc).state


def script(s, blocks: str):
    lines = ["alice passes", "bob passes", f"alice attacks with {', '.join(ATTACKERS)}", "alice passes",
             "bob passes", blocks]
    return [parse_line(Field.of(t, "script"), s) for t in lines]


LEGAL = "bob blocks " + " and ".join(f"Prized Unicorn#3 with {b}" for b in BLOCKERS)
SHORT = "bob blocks with nothing"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    s = state()
    # the facts the core shows where the declaration is checked (the short case's step)
    captured: list = []
    original = declare.judge

    def capture(facts, edition):
        captured.append(list(facts))
        return original(facts, edition)

    declare.judge = capture
    try:
        short_s, short = timed(lambda: simulate(s, EDITION, script(s, SHORT)), repeat)
    finally:
        declare.judge = original
    legal_s, legal = timed(lambda: simulate(s, EDITION, script(s, LEGAL)), repeat)
    facts = captured[0]
    judge_s, judgement = timed(lambda: declare.judge(facts, EDITION), repeat)
    requirements = sum(1 for f in facts if f.name == "requirement")
    options = sum(1 for f in facts if f.name == "block_option")
    assert short.stop.kind == "illegal-action" and judgement.short, short.stop
    assert legal.stop.kind != "illegal-action", legal.stop
    print(f"8 attackers x 8 blockers: {requirements} requirements, {options} (blocker, attacker) options; "
          f"median of {repeat}")
    print(f"{'case':<44} {'seconds':>8}")
    print(f"{'declare.lp alone (the maximum)':<44} {judge_s:8.3f}")
    print(f"{'trace to a declaration obeying the maximum':<44} {legal_s:8.3f}")
    print(f"{'trace to no blockers (short, stopped)':<44} {short_s:8.3f}")
    print(f"  {short.stop.what}")


if __name__ == "__main__":
    main()
