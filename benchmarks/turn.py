"""How fast the temporal core runs: traces of whole turns, many spells, long traces, and a
search over one main phase; grounding and solving timed apart.

    python benchmarks/turn.py [--repeat N]

Goals (DESIGN §8, the game-in-time issue): a whole turn of passes for 2 players < 100 ms,
a 200-event trace < 1 s, a one-main-phase search < 2 s.
"""
from __future__ import annotations

import argparse
import statistics
import time

from mtgrules.encodings import game
from mtgrules.model.edition import Edition
from mtgrules.model.timeline import Condition, Decision, Point
from mtgrules.model.turn import Step
from mtgrules.queries.scenario import parse_scenario

EDITION = Edition.newest()


def state(players: list[str], extra: dict[str, str] | None = None, step: str = "untap"):
    lines = [f"  players: [{', '.join(players)}]", f"  step: {step}"]
    for p in players:
        body = (extra or {}).get(p, "{hand: {hidden: 7}, library: {hidden: 30}, "
                                    "battlefield: [Forest, Island, Grizzly Bears]}")
        lines.append(f"  {p}: {body}")
    doc = "name: bench\nquestion: {kind: turn, ask: trace}\nstate:\n" + "\n".join(lines) + "\n"
    return parse_scenario(doc).state


def timed(run, repeat: int) -> tuple[float, float, float, int]:
    walls, grounds, solves, events = [], [], [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        walls.append(time.perf_counter() - start)
        grounds.append(result.ground_seconds)
        solves.append(result.solve_seconds)
        events = len(result.events) if hasattr(result, "events") else result.horizon
    return statistics.median(walls), statistics.median(grounds), statistics.median(solves), events


def turn_of_passes(n: int):
    names = ["alice", "bob", "carol", "dave"][:n]
    s = state(names)
    until = Point("next-turn")
    return lambda: game.simulate(s, EDITION, [Decision("pass-until", until=until)], until)


def ten_spells():
    hand = ", ".join(["Lightning Bolt"] * 10)
    mountains = ", ".join(["Mountain"] * 10)
    s = state(["alice", "bob"], {"alice": f"{{hand: [{hand}], battlefield: [{mountains}], library: {{hidden: 30}}}}",
                                 "bob": "{life: 40, library: {hidden: 30}}"}, step="main1")
    script = []
    for i in range(10):
        suffix = "" if i == 0 else f"#{i + 1}"
        script += [Decision("mana", "alice", (f"Mountain{suffix}",)),
                   Decision("cast", "alice", (f"Lightning Bolt{suffix}",), target="bob"),
                   Decision("pass", "alice"), Decision("pass", "bob")]
    return lambda: game.simulate(s, EDITION, script)


def long_trace(turns: int):
    s = state(["alice", "bob"])
    script = [Decision("pass-until", until=Point("next-turn")) for _ in range(turns)]
    return lambda: game.simulate(s, EDITION, script, Point("end"))


def main_phase_search():
    s = state(["alice", "bob"], {"alice": "{hand: [Lightning Bolt, Lava Spike, Forest], battlefield: [Mountain, Mountain, Forest], library: {hidden: 10}}",
                                 "bob": "{library: {hidden: 10}, life: 6}"}, step="main1")
    goal = [Condition("lost", ("bob",))]
    return lambda: game.search(s, EDITION, "alice", goal, Point("step", Step.BEGINNING_OF_COMBAT), 40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = [
        ("a turn of passes, 2 players", turn_of_passes(2), 0.1),
        ("a turn of passes, 4 players", turn_of_passes(4), None),
        ("10 spells cast and resolved", ten_spells(), None),
        ("a long trace (7 turns of passes)", long_trace(7), 1.0),
        ("search: can alice win in main1", main_phase_search(), 2.0),
    ]
    print(f"{'case':36} {'events':>6} {'wall':>9} {'ground':>9} {'solve':>9}  goal")
    for name, run, goal in rows:
        wall, ground, solve, events = timed(run, args.repeat)
        mark = "" if goal is None else (f"< {goal:g} s " + ("met" if wall < goal else "MISSED"))
        print(f"{name:36} {events:>6} {wall:>8.3f}s {ground:>8.3f}s {solve:>8.3f}s  {mark}")


if __name__ == "__main__":
    main()
