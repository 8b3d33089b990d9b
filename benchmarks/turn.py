"""How fast the temporal core runs: a turn of passes, a short trace, a long trace, many spells,
a spell of 100 instructions, a whole combat and a search, each against its goal where one is set; and the CPU
time of the core over that of the plain-Python reference stepper of the tests
(tests/game/reference.py) on the same traces (where the stepper knows the cards).

    python benchmarks/turn.py [--repeat 5]

Wall times are medians of ``--repeat`` runs, on an idle machine, each case in a fresh process;
"ground" and "solve" are the parts of it spent in clingo's grounder and solver; "× reference" is
the core's CPU time over the stepper's on the same trace.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from mtgrules.encodings import game
from mtgrules.model.edition import Edition
from mtgrules.model.timeline import END, Condition, Decision, Point
from mtgrules.model.turn import Step
from mtgrules.queries.scenario import parse_scenario

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "game"))
import reference  # noqa: E402  (the tests' independent stepper: run from the repository)

EDITION = Edition.newest()


def state(players: list[str], extra: dict[str, str] | None = None, step: str = "untap"):
    lines = [f"  players: [{', '.join(players)}]", f"  step: {step}"]
    for p in players:
        body = (extra or {}).get(p, "{hand: {hidden: 7}, library: {hidden: 30}, "
                                    "battlefield: [Forest, Island, Grizzly Bears]}")
        lines.append(f"  {p}: {body}")
    doc = "name: bench\nquestion: {kind: turn, ask: trace}\nstate:\n" + "\n".join(lines) + "\n"
    return parse_scenario(doc).state


class Trace:
    """A state, a script and a point: run by the core, and by the reference stepper."""

    def __init__(self, s, script, until=END):
        self.state, self.script, self.until = s, script, until

    def core(self):
        return game.simulate(self.state, EDITION, self.script, self.until)

    def reference(self):
        return reference.run(self.state, EDITION.date, self.script, self.until, max_events=game.MAX_EVENTS)


def turn_of_passes(n: int) -> Trace:
    until = Point("next-turn")
    return Trace(state(["alice", "bob", "carol", "dave"][:n]), [Decision("pass-until", until=until)], until)


def bolt() -> Trace:
    """Four events: mana, the cast, a pass each — the shortest useful question."""
    s = state(["alice", "bob"], {"alice": "{hand: [Lightning Bolt], battlefield: [Mountain], library: {hidden: 3}}",
                                 "bob": "{library: {hidden: 3}}"}, step="main1")
    return Trace(s, [Decision("mana", "alice", ("Mountain",)),
                     Decision("cast", "alice", ("Lightning Bolt",), targets=("bob",)),
                     Decision("pass", "alice")])


def ten_spells() -> Trace:
    hand = ", ".join(["Lightning Bolt"] * 10)
    mountains = ", ".join(["Mountain"] * 10)
    s = state(["alice", "bob"], {"alice": f"{{hand: [{hand}], battlefield: [{mountains}], library: {{hidden: 30}}}}",
                                 "bob": "{life: 40, library: {hidden: 30}}"}, step="main1")
    script = []
    for i in range(10):
        suffix = "" if i == 0 else f"#{i + 1}"
        script += [Decision("mana", "alice", (f"Mountain{suffix}",)),
                   Decision("cast", "alice", (f"Lightning Bolt{suffix}",), targets=("bob",)),
                   Decision("pass", "alice"), Decision("pass", "bob")]
    return Trace(s, script)


def long_trace(turns: int) -> Trace:
    script = [Decision("pass-until", until=Point("next-turn")) for _ in range(turns)]
    return Trace(state(["alice", "bob"]), script, Point("end"))


def long_spell(groups: int) -> Trace:
    """A spell of ``4 * groups`` instructions (draw, discard one's pick, the opponent loses 1,
    gain 1, as the sequencing benchmark's block) cast and resolved, the picks scripted."""
    hand = [f"Card {i}" for i in range(groups + 1)]
    each = ["{do: draw, who: you, count: 1}", "{do: discard, who: you, count: 1}",
            "{do: lose-life, who: target, amount: 1}", "{do: gain-life, who: you, amount: 1}"]
    cards = "\n".join(f"  - {{name: '{c}', types: [sorcery], cost: '{{1}}'}}" for c in hand)
    script = ["alice casts Long Spell targeting bob", "alice passes", "bob passes",
              *(f"alice discards Card {i}" for i in range(groups))]
    sc = parse_scenario(f"""name: bench
cards:
  - {{name: Long Spell, types: [sorcery], targets: [opponent], resolve: [{", ".join(each * groups)}]}}
{cards}
question: {{kind: turn, ask: trace, script: [{", ".join(script)}]}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [Long Spell, {", ".join(hand)}], library: {{hidden: {4 * groups + 10}}}}}
  bob: {{life: 1000, library: {{hidden: 10}}}}
""")
    return Trace(sc.state, sc.question.script, sc.question.until)


def combat() -> Trace:
    """A whole combat, beginning of combat to the second main phase: three attackers, a
    trampler's damage assigned by choice, a first-strike step before the regular one."""
    s = state(["alice", "bob"], {"alice": "{battlefield: [Colossal Dreadmaw, Youthful Knight, Grizzly Bears], library: {hidden: 10}}",
                                 "bob": "{battlefield: [Grizzly Bears, Llanowar Elves, Giant Spider], library: {hidden: 10}}"},
              step="beginning-of-combat")
    lines = ["alice passes", "bob passes", "alice attacks with Colossal Dreadmaw, Youthful Knight, Grizzly Bears#1",
             "alice passes", "bob passes",
             "bob blocks Colossal Dreadmaw with Giant Spider and Youthful Knight with Llanowar Elves",
             "all pass until combat-damage", "all pass until combat-damage",  # first strike, then the rest
             "alice assigns combat damage from Colossal Dreadmaw: 4 to Giant Spider, 2 to bob",
             "all pass until main2"]
    from mtgrules.model.read.timeline import parse_line
    return Trace(s, [parse_line(line, s) for line in lines], Point("step", Step.MAIN2))


def main_phase_search():
    s = state(["alice", "bob"], {"alice": "{hand: [Lightning Bolt, Lava Spike, Forest], battlefield: [Mountain, Mountain, Forest], library: {hidden: 10}}",
                                 "bob": "{library: {hidden: 10}, life: 6}"}, step="main1")
    goal = [Condition("lost", ("bob",))]
    return lambda: game.search(s, EDITION, "alice", goal, Point("step", Step.BEGINNING_OF_COMBAT), 40)


def timed(run, repeat: int):
    """Median wall and CPU seconds of ``repeat`` runs, and the last result."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


ROWS = {
    "turn2": ("a turn of passes, 2 players", lambda: turn_of_passes(2), 0.1),
    "turn4": ("a turn of passes, 4 players", lambda: turn_of_passes(4), None),
    "bolt": ("a trace of 4 events (Lightning Bolt)", bolt, 0.05),
    "spells": ("10 spells cast and resolved", ten_spells, None),
    "long": ("a 220-event trace (7 turns of passes)", lambda: long_trace(7), 0.5),
    "spell100": ("a spell of 100 instructions", lambda: long_spell(25), None),
    "combat": ("a whole combat (first strike, trample)", combat, 0.1),
}


def row(key: str, repeat: int) -> None:
    """One row, printed by a process of its own: clingo keeps every symbol it makes for the
    life of a process, so rows measured one after another in one would slow each other down."""
    name, make, goal = ROWS[key]
    trace = make()
    trace.core()  # the first run of a process pays for parsing the programs
    wall, cpu, result = timed(trace.core, repeat)
    try:
        _, ref_cpu, _ = timed(trace.reference, repeat)
        ratio = f"{cpu / max(ref_cpu, 1e-6):>11.0f}×"
    except reference.Unmodelled:  # a card of the benchmark's own the stepper does not know
        ratio = f"{'—':>12}"
    events = len(result.events)
    mark = "" if goal is None else (f"< {goal:g} s " + ("met" if wall < goal else "MISSED"))
    print(f"{name:40} {events:>6} {wall:>7.3f}s {wall / max(events, 1) * 1000:>8.2f}ms "
          f"{result.ground_seconds:>7.3f}s {result.solve_seconds:>7.3f}s {ratio}  {mark}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--row", choices=ROWS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.row:
        row(args.row, args.repeat)
        return
    print(f"{'case':40} {'events':>6} {'wall':>8} {'per event':>10} {'ground':>8} {'solve':>8} "
          f"{'× reference':>12}  goal (each row in a fresh process)", flush=True)
    for key in ROWS:
        subprocess.run([sys.executable, __file__, "--row", key, "--repeat", str(args.repeat)], check=True)
    wall, _, way = timed(main_phase_search(), args.repeat)
    print(f"{'search: can alice win in main1':40} {way.horizon:>6} {wall:>7.3f}s "
          f"{'':>10} {way.ground_seconds:>7.3f}s {way.solve_seconds:>7.3f}s {'':>12}  "
          f"< 2 s {'met' if wall < 2 else 'MISSED'}")


if __name__ == "__main__":
    main()
