"""How fast a tournament shortcut (MTR 4.2) is played out on the temporal core: a shortcut expands
into many events, each a solve of the step program.

    python benchmarks/shortcut.py [--repeat 3]

Rows, medians of ``--repeat`` runs (wall seconds, one process, the question answered whole):
"go" from the first main phase with two players and with four (every pass through combat to the
end step); "go" answered by an interruption that changes an end-step trigger (three traces: nothing
done, the action made early, the placed one); a group of three spells; a loop of 20 firebreathing
activations paid from a pool of 20 red mana (each resolving before the next; 20 × 6 events). The
goals: "go" under 0.5 s, the interruption under
1.5 s, the loop of 20 under 3 s.
"""
from __future__ import annotations

import argparse

from mtgrules.queries import expand_shortcut

from timing import timed  # benchmarks/timing.py, beside this script

LIB = {"hidden": 10}
TWO = {"players": ["alice", "bob"], "active": "alice", "step": "main1", "turn": 3,
       "alice": {"battlefield": ["Grizzly Bears", "Forest"], "library": LIB},
       "bob": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": LIB}}
FOUR = {"players": ["alice", "bob", "carol", "dave"], "active": "alice", "step": "main1", "turn": 3,
        **{p: {"library": LIB} for p in ("alice", "bob", "carol", "dave")}}
SPARK = {**TWO, "step": "main2",
         "alice": {"battlefield": ["Spark Elemental", "Forest"], "library": LIB}}
BURN = {"players": ["alice", "bob"], "active": "alice", "step": "main1", "turn": 3,
        "alice": {"battlefield": ["Mountain"] * 3, "hand": ["Lightning Bolt", "Lightning Bolt", "Shock"],
                  "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears"], "library": LIB}}
DRAGON = {"players": ["alice", "bob"], "active": "alice", "step": "main1", "turn": 5,
          "alice": {"battlefield": ["Shivan Dragon"], "mana-pool": "{R}" * 20, "library": LIB},
          "bob": {"library": LIB}}

ROWS = [
    ("go, two players, from main1", lambda: expand_shortcut(TWO, "alice says go")),
    ("go, four players, from main1", lambda: expand_shortcut(FOUR, "alice says go")),
    ("go answered: Bolt on Spark Elemental (placed)", lambda: expand_shortcut(
        SPARK, "alice says go", deviation={"by": "bob", "actions": [
            "bob taps Mountain for mana", "bob casts Lightning Bolt targeting Spark Elemental"]})),
    ("Bolt, Bolt, Shock as a group", lambda: expand_shortcut(
        BURN, ["alice casts Lightning Bolt#1 targeting bob", "alice casts Lightning Bolt#2 targeting bob",
               "alice casts Shock targeting bob"],
        before=["alice taps Mountain#1 for mana", "alice taps Mountain#2 for mana",
                "alice taps Mountain#3 for mana"])),
    ("a loop of 20 firebreathing activations", lambda: expand_shortcut(
        DRAGON, "alice repeats 20 times: alice activates Shivan Dragon",
        end=["Shivan Dragon's power is 25"])),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    ROWS[0][1]()  # load the encodings once, outside the timings
    print(f"{'case':<48} {'verdict':>16} {'decisions':>9} {'events':>6} {'seconds':>8}")
    for name, ask in ROWS:
        seconds, v = timed(ask, repeat)
        print(f"{name:<48} {v.word:>16} {len(v.details['expansion']):>9} {len(v.witness):>6} "
              f"{seconds:8.3f}")


if __name__ == "__main__":
    main()
