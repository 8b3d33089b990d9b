"""A seeded fuzzer of scenario files: mutants of the built-in library across keys, values, types,
numbers, byte encodings, aliases, tags and truncation.

Each mutant is loaded and, if it loads, answered under a small budget. What counts:
* a traceback: anything other than an ``MtgRulesError`` (a located message) escaping;
* a hang: a mutant taking longer than ``HANG_SECONDS``;
* a verdict for a value outside the vocabulary: a mutant whose only change put a word no field
  allows into a field that takes a fixed set of words, yet got a verdict.

Run outside the suite for a longer campaign: ``python tests/fuzz_scenarios.py 20000 [seed]``.
"""
from __future__ import annotations

import copy
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from mtgrules.encodings import Budget, limited
from mtgrules.model.errors import MtgRulesError
from mtgrules.model.vocabulary import VERBS
from mtgrules.queries.api import check_scenario
from mtgrules.queries.scenario import builtin_scenario_files, load_scenario

HANG_SECONDS = 20.0
FUZZ_BUDGET = Budget(seconds=5.0)

# Fields that take a fixed set of words: any other word there must be refused.
CLOSED_FIELDS = {p.name for v in VERBS.values() for p in v.params if p.type in ("choice", "list")
                 and p.values} | {"do", "kind", "step", "ask", "verdict", "active", "priority",
                                  "controller", "edition", "fails", "backend"}
NONSENSE = ["oponents", "play-lands", "instant-or-sorcery", "flyng", "nan", "X", "", "false",
            "alcie", "zzz", "a) . permits(x,y,1). %", "\"quoted\"", "ünïcödé", "0"]
ODD_VALUES = [None, 0, -1, 1, 2**31, -(2**31) - 1, 10**9, 10**30, 1.5, float("inf"), True, False,
              [], {}, ["x"], {"x": 1}, {"hidden": 100000}, "2026-13-45"]


@dataclass
class Tally:
    mutants: int = 0
    refused: int = 0
    verdicts: int = 0
    budget: int = 0
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    bad_verdicts: list[str] = field(default_factory=list)
    uncited: list[str] = field(default_factory=list)
    by_operator: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"{self.mutants} mutants in {self.seconds:.1f} s: {self.refused} refused with a "
                f"message, {self.verdicts} verdicts, {self.budget} budget exhausted; "
                f"{len(self.tracebacks)} tracebacks, {len(self.hangs)} hangs, "
                f"{len(self.bad_verdicts)} verdicts for a value outside the vocabulary, "
                f"{len(self.uncited)} verdicts citing no rule")


def value_paths(node, prefix=()):
    """Every value of a YAML document with the path of keys and indexes that leads to it."""
    yield prefix, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from value_paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from value_paths(v, prefix + (i,))


def _set(doc, path, value, delete=False):
    doc = copy.deepcopy(doc)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


def _dump(doc) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def mutate(rng: random.Random, text: str, doc) -> tuple[str, bytes, bool]:
    """A mutant of one scenario: (operator, bytes, whether it puts a word outside the
    vocabulary into a closed field)."""
    op = rng.choice(["key", "value", "type", "number", "encoding", "alias", "tag", "truncate",
                     "closed"])
    paths = [(p, v) for p, v in value_paths(doc) if p]
    if op == "closed":
        closed = [(p, v) for p, v in paths if isinstance(p[-1], str) and p[-1] in CLOSED_FIELDS
                  and isinstance(v, str) and not (p[-1] == "from" and "effects" in p)]
        # (a written-out effect's ``from:`` is a free label for its source, not a closed word)
        if closed:
            path, value = rng.choice(closed)
            word = rng.choice([w for w in NONSENSE if w != value] + [value[:-1] or "x",
                                                                     value + "s"])
            return f"closed {'.'.join(map(str, path))}={word!r}", _dump(_set(doc, path, word)).encode(), True
        op = "value"
    if op == "key":
        maps = [(p, v) for p, v in value_paths(doc) if isinstance(v, dict) and v]
        path, node = rng.choice(maps)
        key = rng.choice(list(node))
        mutated = copy.deepcopy(doc)
        target = mutated
        for k in path:
            target = target[k]
        how = rng.choice(["rename", "delete", "add"])
        if how == "rename":
            target[str(key)[:-1] + rng.choice("xs-") if key else "x"] = target.pop(key)
        elif how == "delete":
            del target[key]
        else:
            target[rng.choice(["colour", "extra", "<<", "who", "count", "do"])] = rng.choice(
                ODD_VALUES + NONSENSE)
        return op, _dump(mutated).encode(), False
    if op in ("value", "type", "number"):
        path, value = rng.choice(paths)
        if op == "value":
            new = rng.choice(NONSENSE + ODD_VALUES)
        elif op == "type":
            new = rng.choice([None, [], {}, [value], {"x": value}, True, 3, "text"])
        else:
            nums = [(p, v) for p, v in paths if isinstance(v, int) and not isinstance(v, bool)]
            path, value = rng.choice(nums) if nums else (path, value)
            new = rng.choice([-1, 0, 2**31, 2**31 - 1, 2**63, -(2**31), 10**9, 1000000,
                              (value if isinstance(value, int) else 1) * 1000])
        return op, _dump(_set(doc, path, new)).encode(), False
    if op == "encoding":
        how = rng.choice(["latin-1", "utf-16", "bytes", "bom", "nul"])
        accented = text.replace("a", "á", 3)
        if how == "latin-1":
            return op, accented.encode("latin-1", errors="replace"), False
        if how == "utf-16":
            return op, text.encode("utf-16"), False
        if how == "bom":
            return op, b"\xef\xbb\xbf" + text.encode(), False
        data = bytearray(text.encode())
        at = rng.randrange(len(data))
        data[at:at] = bytes([0]) if how == "nul" else bytes(rng.randrange(256) for _ in range(4))
        return op, bytes(data), False
    if op == "alias":
        how = rng.choice(["bomb", "self", "merge", "reuse"])
        if how == "bomb":
            lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]']
            lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
            return op, ("\n".join(lines) + "\n" + text).encode(), False
        if how == "self":
            return op, (text + "loop: &loop [*loop]\n").encode(), False
        if how == "merge":
            return op, text.replace("state:\n", "base: &base {players: [x, y]}\nstate:\n  <<: *base\n",
                                    1).encode(), False
        return op, ("x: &anchor 1\n" + text.replace(": 1\n", ": *anchor\n")).encode(), False
    if op == "tag":
        tag = rng.choice(["!!python/object/apply:os.system [ls]", "!foo bar", "!!binary aGk=",
                          "!!float 1e999", "!!set {a}", "!!omap [a: 1]", "!!timestamp 2026-13-45"])
        lines = text.splitlines(keepends=True)
        at = rng.randrange(len(lines))
        line = lines[at]
        if ": " in line:
            key = line.split(": ", 1)[0]
            lines[at] = f"{key}: {tag}\n"
        return op, "".join(lines).encode(), False
    data = text.encode()
    return op, data[:rng.randrange(len(data))], False


def run(n: int, seed: int = 0, folder: Path | None = None) -> Tally:
    rng = random.Random(seed)
    sources = [(p, p.read_text(encoding="utf-8")) for p in builtin_scenario_files()]
    docs = [(p, t, yaml.safe_load(t)) for p, t in sources]
    tally = Tally()
    start = time.perf_counter()
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            path, text, doc = rng.choice(docs)
            op, data, closed = mutate(rng, text, doc)
            tally.mutants += 1
            tally.by_operator[op.split()[0]] += 1
            file = Path(tmp) / f"m{i}-{path.stem}.yaml"
            file.write_bytes(data)
            t0 = time.perf_counter()
            what = f"#{i} {op} of {path.name}"
            try:
                scenario = load_scenario(file)
                with limited(FUZZ_BUDGET):
                    verdict = check_scenario(scenario, backend="asp")
                tally.verdicts += 1
                if not verdict.citations:
                    tally.uncited.append(f"{what}: {verdict.outcome}")
                if closed:
                    tally.bad_verdicts.append(what)
            except MtgRulesError as exc:
                if "budget" in str(exc):
                    tally.budget += 1
                else:
                    tally.refused += 1
            except Exception as exc:  # noqa: BLE001 (what the fuzzer looks for)
                tally.tracebacks.append(f"{what}: {type(exc).__name__}: {exc}"[:300])
            if time.perf_counter() - t0 > HANG_SECONDS:
                tally.hangs.append(what)
            file.unlink()
    tally.seconds = time.perf_counter() - start
    return tally


if __name__ == "__main__":  # pragma: no cover
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    result = run(count, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(result.summary())
    print(dict(result.by_operator))
    for line in result.tracebacks[:30] + result.hangs[:10] + result.bad_verdicts[:30] + result.uncited[:30]:
        print(line)
