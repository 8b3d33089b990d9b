"""A seeded fuzzer of scenario and card files: mutants of the built-in library (every question
kind alike) and of the built-in card files, across keys, values, types, numbers, byte
encodings, aliases, YAML tags, truncation, values the JSON Schema refuses or accepts at a field
(generated from the schema itself), the numbers and names inside script and action lines,
and the same thing named twice.

Each mutant is loaded and, if it loads, checked against the published JSON Schema and answered
under a small budget. What counts:
* a traceback: anything other than an ``MtgRulesError`` (a located message) escaping;
* a hang: a mutant taking longer than ``HANG_SECONDS``;
* a value accepted outside the schema: a mutant the loader accepts that the JSON Schema refuses;
* a verdict for a value outside the vocabulary: a mutant whose only change put a word no field
  allows into a question's field that takes a fixed set of words, yet got a verdict;
* a refusal that does not name the file, the line and the field (a problem of the whole file —
  its encoding, its YAML syntax, its size — has no field);
* a verdict citing no rule.

``MTG_FUZZ`` sets how many mutants the suite runs (default ``SUITE_MUTANTS``); a campaign of
its own: ``python tests/fuzz_scenarios.py 20000 [seed]``.
"""
from __future__ import annotations

import copy
import functools
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from schema_walk import DELETE, accepted, fields, refused

from mtgrules.encodings import Budget, limited
from mtgrules.model.cards import parse_cards
from mtgrules.model.errors import MtgRulesError
from mtgrules.model.schema import card_file_schema
from mtgrules.model.source import Field
from mtgrules.model.vocabulary import VERBS
from mtgrules.queries.api import check_scenario
from mtgrules.queries.kinds import scenario_file_schema
from mtgrules.queries.scenario import builtin_scenario_files, load_scenario

SUITE_MUTANTS = 1200
"""Mutants the test suite runs unless ``MTG_FUZZ`` says otherwise (a campaign: 4,000)."""
HANG_SECONDS = 20.0
FUZZ_BUDGET = Budget(seconds=5.0)

# A question's fields that take a fixed set of words: any other word there must be refused.
CLOSED_FIELDS = {p.name for v in VERBS.values() for p in v.params if p.type in ("choice", "list")
                 and p.values} | {"do", "kind", "step", "ask", "verdict", "active", "priority",
                                  "controller", "edition", "fails", "backend"}
NONSENSE = ["oponents", "play-lands", "instant-or-sorcery", "flyng", "nan", "X", "", "false",
            "alcie", "zzz", "a) . permits(x,y,1). %", "\"quoted\"", "ünïcödé", "0", " alice",
            "аlice", "Grizzly Bеars"]
ODD_VALUES = [None, 0, -1, 1, 2**31, -(2**31) - 1, 10**9, 10**30, 1.5, float("inf"), True, False,
              [], {}, ["x"], {"x": 1}, {"hidden": 100000}, "2026-13-45"]
ODD_NUMBERS = ["0", "-1", "99999999999", "2147483648", "4294967296", "00", "1" * 60, "٣"]
TAGS = ["!!python/object/apply:os.system [ls]", "!foo bar", "!!binary aGk=", "!!float 1e999",
        "!!set {a}", "!!omap [a: 1]", "!!timestamp 2026-13-45", "!!bool yes", "!!bool alice",
        "!!int 3", "!!int x", "!!float 2", "!!str 5", "!!null ''", "! plain"]
WHOLE_FILE = ("is not valid YAML", "is not UTF-8", "NUL character", "the file is empty",
              "the file holds", "is too large", "Expected a mapping of field: value",
              "Expected a list")
"""Problems of a whole file: its refusal names the file and, where it can, the line."""
OPERATORS = ("key", "value", "type", "number", "encoding", "alias", "tag", "truncate", "closed",
             "schema", "line", "duplicate", "card")


@dataclass
class Tally:
    mutants: int = 0
    refused: int = 0
    verdicts: int = 0
    budget: int = 0
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    bad_verdicts: list[str] = field(default_factory=list)
    outside_schema: list[str] = field(default_factory=list)
    unlocated: list[str] = field(default_factory=list)
    uncited: list[str] = field(default_factory=list)
    by_operator: Counter = field(default_factory=Counter)
    by_kind: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"{self.mutants} mutants in {self.seconds:.1f} s: {self.refused} refused with a "
                f"message, {self.verdicts} verdicts, {self.budget} budget exhausted; "
                f"{len(self.tracebacks)} tracebacks, {len(self.hangs)} hangs, "
                f"{len(self.outside_schema)} accepted outside the schema, "
                f"{len(self.bad_verdicts)} verdicts for a value outside the vocabulary, "
                f"{len(self.unlocated)} refusals not naming file, line and field, "
                f"{len(self.uncited)} verdicts citing no rule")

    def failures(self) -> list[str]:
        return (self.tracebacks + self.hangs + self.outside_schema + self.bad_verdicts
                + self.unlocated + self.uncited)


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
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete or value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


def _dump(doc) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


class _JsonLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """YAML as JSON sees it (read by the parser the loader uses): a date stays the text it was
    written as."""


_JsonLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def as_json(text: str) -> Any:
    return yaml.load(text, Loader=_JsonLoader)  # noqa: S506 (a SafeLoader subclass)


@functools.cache
def schemas() -> tuple[jsonschema.Draft202012Validator, jsonschema.Draft202012Validator]:
    """Validators of scenario files and of card files."""
    return (jsonschema.Draft202012Validator(scenario_file_schema()),
            jsonschema.Draft202012Validator(card_file_schema()))


def _shape(path) -> tuple:
    """A field's path as the schema walker names it: list items as 0, a player as alice."""
    out = []
    for i, part in enumerate(path):
        if isinstance(part, int):
            out.append(0)
        elif i == 1 and path[0] == "state" and part not in (
                "players", "active", "priority", "step", "turn", "effects"):
            out.append("alice")
        else:
            out.append(part)
    return tuple(out)


@functools.cache
def schema_sites(card_file: bool) -> dict[tuple, list[dict]]:
    """Each field the schema describes (by its walker path) with its subschemas."""
    root = card_file_schema() if card_file else scenario_file_schema()
    base = [{"name": "Test Card", "types": ["creature"]}] if card_file else {
        "name": "x", "state": {"players": ["alice", "bob"]}, "question": {"kind": "golden"}}
    found: dict[tuple, list[dict]] = {}
    for site in fields(root, root, base):
        found.setdefault(site.path, []).append(site.schema)
    return found


def _scenario_lines(doc) -> list[tuple]:
    """Paths of the script, condition, goal and performed lines of a question."""
    q = doc.get("question") if isinstance(doc, dict) else None
    if not isinstance(q, dict):
        return []
    return [("question", key, i) for key in ("script", "conditions", "goal", "performed")
            if isinstance(q.get(key), list) for i, v in enumerate(q[key]) if isinstance(v, str)]


def _mutate_line(rng: random.Random, line: str, names: list[str]) -> str:
    words = line.split(" ")
    how = rng.choice(["number", "number", "name", "twice", "word"])
    digits = [i for i, w in enumerate(words) if w.strip(",").lstrip("-").isdigit()]
    if how == "number" and digits:
        i = rng.choice(digits)
        words[i] = rng.choice(ODD_NUMBERS)
        return " ".join(words)
    if how == "number":
        return line + rng.choice([" ability 0", " ability 99999999999", " paying {99999}",
                                  " paying {G}{G", " targeting 2147483648"])
    if how == "name" and names:
        name = rng.choice(names)
        return line.replace(name, rng.choice([name.replace("a", "а", 1), f"{name}#9", f" {name}",
                                               name.upper(), f"{name}#1"]), 1)
    if how == "twice" and names:
        name = rng.choice(names)
        if name in line:
            return line.replace(name, f"{name}, {name}", 1)
    i = rng.randrange(len(words))
    words[i] = rng.choice(NONSENSE)
    return " ".join(words)


def _names_in(doc) -> list[str]:
    names: set[str] = set()
    state = doc.get("state") if isinstance(doc, dict) else None
    if isinstance(state, dict):
        names |= {p for p in state.get("players", []) if isinstance(p, str)}
        for v in state.values():
            if isinstance(v, dict):
                for zone in v.values():
                    for entry in zone if isinstance(zone, list) else []:
                        if isinstance(entry, str):
                            names.add(entry)
                        elif isinstance(entry, dict) and isinstance(entry.get("card"), str):
                            names.add(entry["card"])
    return sorted(names)


@dataclass
class Mutant:
    operator: str
    data: bytes
    closed: bool = False
    """Whether its only change put a word no question field allows into a closed field."""
    card_file: bool = False


def mutate(rng: random.Random, text: str, doc, card_file: bool = False) -> Mutant:
    """One mutant of a scenario (or, ``card_file``, of a card file)."""
    ops = [op for op in OPERATORS if not (card_file and op in ("closed", "line", "card"))]
    op = rng.choice(ops)
    paths = [(p, v) for p, v in value_paths(doc) if p]
    if op == "closed":
        closed = [(p, v) for p, v in paths if p[0] == "question" and isinstance(p[-1], str)
                  and p[-1] in CLOSED_FIELDS and isinstance(v, str)]
        if closed:
            path, value = rng.choice(closed)
            word = rng.choice([w for w in NONSENSE if w != value] + [value[:-1] or "x",
                                                                     value + "s"])
            return Mutant(f"closed {'.'.join(map(str, path))}={word!r}",
                          _dump(_set(doc, path, word)).encode(), True)
        op = "schema"
    if op == "line":
        lines = _scenario_lines(doc)
        if lines:
            path = rng.choice(lines)
            new = _mutate_line(rng, doc["question"][path[1]][path[2]], _names_in(doc))
            return Mutant(f"line {path[1]}[{path[2]}]={new!r}", _dump(_set(doc, path, new)).encode())
        op = "duplicate"
    if op == "duplicate":
        lists = [(p, v) for p, v in paths if isinstance(v, list) and v]
        if lists:
            path, value = rng.choice(lists)
            i = rng.randrange(len(value))
            new = [*value[:i + 1], copy.deepcopy(value[i]), *value[i + 1:]]
            return Mutant(f"duplicate {'.'.join(map(str, path))}[{i}]",
                          _dump(_set(doc, path, new)).encode())
        op = "schema"
    if op == "card":
        cards = _builtin_cards()
        card = copy.deepcopy(rng.choice(cards))
        card_paths = [(p, v) for p, v in value_paths(card) if p]
        path, _ = rng.choice(card_paths)
        options = schema_sites(True).get(_shape((0, *path)), [])
        if options:
            schema = rng.choice(options)
            choices = [v for _, v in refused(schema, card_file_schema(), (0, *path))]
            choices += [*accepted(schema, card_file_schema(), (0, *path)), DELETE]
            card = _set(card, path, rng.choice(choices))
        mutated = copy.deepcopy(doc)
        mutated["cards"] = [*(mutated.get("cards") or []), card]
        return Mutant(f"card {card.get('name') if isinstance(card, dict) else '?'} "
                      f"{'.'.join(map(str, path))}", _dump(mutated).encode())
    if op == "schema":
        root = card_file_schema() if card_file else scenario_file_schema()
        sites = schema_sites(card_file)
        here = [(p, v) for p, v in paths if _shape(p) in sites]
        if here:
            path, _ = rng.choice(here)
            schema = rng.choice(sites[_shape(path)])
            choices = [v for _, v in refused(schema, root, _shape(path))]
            choices += accepted(schema, root, _shape(path))
            value = rng.choice(choices)
            return Mutant(f"schema {'.'.join(map(str, path))}={value!r}"[:200],
                          _dump(_set(doc, path, value)).encode())
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
        return Mutant(op, _dump(mutated).encode())
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
        return Mutant(op, _dump(_set(doc, path, new)).encode())
    if op == "encoding":
        how = rng.choice(["latin-1", "utf-16", "bytes", "bom", "nul"])
        accented = text.replace("a", "á", 3)
        if how == "latin-1":
            return Mutant(op, accented.encode("latin-1", errors="replace"))
        if how == "utf-16":
            return Mutant(op, text.encode("utf-16"))
        if how == "bom":
            return Mutant(op, b"\xef\xbb\xbf" + text.encode())
        data = bytearray(text.encode())
        at = rng.randrange(len(data))
        data[at:at] = bytes([0]) if how == "nul" else bytes(rng.randrange(256) for _ in range(4))
        return Mutant(op, bytes(data))
    if op == "alias":
        how = rng.choice(["bomb", "self", "merge", "reuse"])
        if how == "bomb":
            lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]']
            lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
            return Mutant(op, ("\n".join(lines) + "\n" + text).encode())
        if how == "self":
            return Mutant(op, (text + "loop: &loop [*loop]\n").encode())
        if how == "merge":
            return Mutant(op, text.replace("state:\n", "base: &base {players: [x, y]}\nstate:\n"
                                           "  <<: *base\n", 1).encode())
        return Mutant(op, ("x: &anchor 1\n" + text.replace(": 1\n", ": *anchor\n")).encode())
    if op == "tag":
        tag = rng.choice(TAGS)
        lines = text.splitlines(keepends=True)
        at = rng.randrange(len(lines))
        line = lines[at]
        if ": " in line:
            key, rest = line.split(": ", 1)
            lines[at] = (f"{key}: {tag}\n" if rng.random() < 0.5 else
                         f"{key[:len(key) - len(key.lstrip())]}{tag.split(' ')[0]} "
                         f"{key.lstrip()}: {rest}")
        return Mutant(op, "".join(lines).encode())
    data = text.encode()
    return Mutant(op, data[:rng.randrange(len(data))])


@functools.cache
def _builtin_cards() -> list[dict]:
    cards = []
    for path in _card_files():
        cards += yaml.safe_load(path.read_text(encoding="utf-8"))
    return cards


def _card_files() -> list[Path]:
    folder = resources.files("mtgrules.model.data.cards")
    return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".yaml"))


def sources() -> dict[str, list[tuple[Path, str, Any]]]:
    """The documents mutated: the built-in scenarios by question kind, and the card files."""
    by_kind: dict[str, list[tuple[Path, str, Any]]] = {}
    for p in builtin_scenario_files():
        text = p.read_text(encoding="utf-8")
        doc = yaml.safe_load(text)
        by_kind.setdefault(str(doc["question"]["kind"]), []).append((p, text, doc))
    by_kind["card file"] = [(p, p.read_text(encoding="utf-8"), yaml.safe_load(p.read_text()))
                            for p in _card_files()]
    return by_kind


def _located(exc: MtgRulesError, file: Path) -> bool:
    """Whether a refusal names the file, the line and the field (or, for a problem of the
    whole file, the file)."""
    where = exc.location
    if where is None or where.file != str(file):
        return False
    if any(problem in str(exc) for problem in WHOLE_FILE) and where.field == "":
        return True
    return where.line is not None and bool(where.field)


def run(n: int, seed: int = 0) -> Tally:
    rng = random.Random(seed)
    docs = sources()
    kinds = sorted(docs)
    scenario_schema, card_schema = schemas()
    tally = Tally()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            kind = kinds[i % len(kinds)] if i < len(kinds) else rng.choice(kinds)
            path, text, doc = rng.choice(docs[kind])
            card_file = kind == "card file"
            mutant = mutate(rng, text, doc, card_file)
            tally.mutants += 1
            tally.by_operator[mutant.operator.split()[0]] += 1
            tally.by_kind[kind] += 1
            file = Path(tmp) / f"m{i}-{path.stem}.yaml"
            file.write_bytes(mutant.data)
            t0 = time.perf_counter()
            what = f"#{i} {mutant.operator} of {path.name}"
            try:
                for line in _check(file, mutant, card_file, scenario_schema, card_schema):
                    tally.verdicts += line == "verdict"
                    if line.startswith("outside:"):
                        tally.outside_schema.append(f"{what}: {line[8:]}"[:300])
                    elif line.startswith("uncited:"):
                        tally.uncited.append(f"{what}: {line[8:]}")
                    elif line == "closed":
                        tally.bad_verdicts.append(what)
            except MtgRulesError as exc:
                if "budget" in str(exc):
                    tally.budget += 1
                else:
                    tally.refused += 1
                if not _located(exc, file):
                    tally.unlocated.append(f"{what}: {exc}"[:300])
            except Exception as exc:  # noqa: BLE001 (what the fuzzer looks for)
                tally.tracebacks.append(f"{what}: {type(exc).__name__}: {exc}"[:300])
            if time.perf_counter() - t0 > HANG_SECONDS:
                tally.hangs.append(what)
            file.unlink()
    tally.seconds = time.perf_counter() - start
    return tally


def _check(file: Path, mutant: Mutant, card_file: bool, scenario_schema, card_schema
           ) -> Iterator[str]:
    """Load (and answer) one mutant, saying what was found."""
    if card_file:
        from mtgrules.model.read.document import decode

        parse_cards(Field.parse(decode(mutant.data, str(file)), str(file)))
        schema, document = card_schema, as_json(mutant.data.decode("utf-8-sig"))
    else:
        scenario = load_scenario(file)
        schema, document = scenario_schema, as_json(mutant.data.decode("utf-8-sig"))
    errors = sorted(schema.iter_errors(document), key=lambda e: list(e.path))
    if errors:
        yield f"outside:{'.'.join(map(str, errors[0].path))}: {errors[0].message}"
    if card_file:
        return
    with limited(FUZZ_BUDGET):
        verdict = check_scenario(scenario, backend="asp")
    yield "verdict"
    if not verdict.citations:
        yield f"uncited:{verdict.outcome}"
    if mutant.closed:
        yield "closed"


def suite_count() -> int:
    """How many mutants the test suite runs: ``MTG_FUZZ``, else ``SUITE_MUTANTS``."""
    return int(os.environ.get("MTG_FUZZ") or SUITE_MUTANTS)


if __name__ == "__main__":  # pragma: no cover
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    result = run(count, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(result.summary())
    print(dict(result.by_operator))
    print(dict(result.by_kind))
    for line in result.failures()[:80]:
        print(line)
