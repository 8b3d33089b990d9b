"""APNAP order with many players: Innocent Blood (each player sacrifices a creature) among
2 to 200 players, by both encodings (``encodings/apnap/apnap.lp`` and ``smt.py``).

Each (backend, players) pair runs in a fresh process, so the peak memory printed is that
question's alone (the process's maximum resident set size, interpreter included).
The goals: 60 players under 2 s and 200 MB on both backends; 200 players (the question is
bounded before grounding: encodings/apnap/size.py) within 10 s of CPU and 500 MB.

    python benchmarks/apnap.py            # the table
    python benchmarks/apnap.py 60 asp     # one row
"""
from __future__ import annotations

import json
import resource
import subprocess
import sys
import time

PLAYERS = (2, 5, 10, 20, 30, 40, 50, 60, 100, 200)


def run_one(players: int, backend: str) -> dict[str, float]:
    """Answer the question once in this process: seconds and peak memory."""
    from mtgrules.encodings.apnap import choices_from_card, solve_orders
    from mtgrules.model.apnap import ChoiceProblem
    from mtgrules.model.edition import Edition
    from mtgrules.queries.scenario import parse_scenario

    names = [f"p{i}" for i in range(players)]
    text = ("name: bench\nstate:\n  players: [" + ", ".join(names) + "]\n"
            + "".join(f"  {n}: {{battlefield: [Grizzly Bears]}}\n" for n in names)
            + "question: {kind: apnap, from: Innocent Blood}\n")
    state = parse_scenario(text, "bench.yaml").state
    card = state.cards["Innocent Blood"]
    problem = ChoiceProblem(players=state.names, first=state.active,
                            choices=choices_from_card(card, state))
    start = time.perf_counter()
    found = solve_orders(problem, Edition.newest(), backend)
    seconds = time.perf_counter() - start
    assert len(found.orders) == 1 and len(found.orders[0]) == players
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"seconds": seconds, "megabytes": peak_kb / 1024}


def main() -> None:
    if len(sys.argv) == 3:
        print(json.dumps(run_one(int(sys.argv[1]), sys.argv[2])))
        return
    print(f"{'players':>7} | {'asp s':>7} {'asp MB':>7} | {'smt s':>7} {'smt MB':>7}")
    for n in PLAYERS:
        row = []
        for backend in ("asp", "smt"):
            out = subprocess.run([sys.executable, __file__, str(n), backend], check=True,
                                 capture_output=True, text=True).stdout
            measured = json.loads(out)
            row.append(f"{measured['seconds']:7.2f} {measured['megabytes']:7.0f}")
        print(f"{n:>7} | {row[0]} | {row[1]}")


if __name__ == "__main__":
    main()
