"""The declared links from encoded rules to rulebook keys (``model/data/rules.yaml``): which
encoding implements each key, file and line.

The encodings declare the keys they implement in four strict forms (``encodings/README.md``
describes them for authors):

``annotation``
    a comment line ``%@ implements: KEY[, KEY…]`` in a ``.lp`` file, or
    ``#@ implements: KEY[, KEY…]`` in a Python encoding, directly above the rule(s) it
    declares: for a rule that implements a key without naming it;
``citation comment``
    a ``.lp`` comment line that *begins* (after ``%`` and an optional run of dashes) with a
    citation and its key in brackets, ``CR 305.2 (land.one-per-turn): …``; several may be
    chained by ``with``, ``and`` or a comma (``CR 514.1 (cleanup.discard) with CR 402.2
    (hand.max-size): …``; the ``CR`` may be left out after the first). The number must be
    one of the key's numbers in the rulebook, in some edition, or the rule or section holding
    it (:func:`wrong_numbers`). A citation in the middle of a comment is prose, not a declaration;
``citation atom``
    in a ``.lp`` rule, a key given as a literal string argument of one of the atoms by which
    an encoding attaches a rule to what it derives or gates a rule on the key's edition
    range (:data:`CITATION_ATOMS`, e.g. ``cites("timing.cast") :- …``,
    ``event_rule(untap(P),"turn.untap",t) :- …``, ``… :- in_force("apnap.restart")``).
    ``undecided("KEY")`` and ``explains("KEY", …)`` are not declarations: the first says a
    rule does *not* decide, the second is a sentence about a key;
``second encoding``
    ``#@ second encoding of: KEY[, KEY…]`` (or ``%@ …`` in a ``.lp`` file) above code that
    encodes again, independently, a rule another encoding implements, so that tests can check
    the two agree (APNAP order as z3 integer positions): it implements nothing a second time.

A comment form declares at the line of the first rule below it (the next line that is neither
blank nor a comment); an atom at its own line. Nothing else counts: a key named in prose, in a
string of a question module or in a test implements nothing. Only ``encodings/`` may declare
(:func:`misplaced`).
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from mtgrules.model.edition import rulebook

FORMS = ("annotation", "citation comment", "citation atom", "second encoding")
IMPLEMENTING = ("annotation", "citation comment")
"""The forms that say a rule implements a key; a citation atom attaches a key to what a rule
derives (or gates it on the key's editions), which a rule that implements nothing may do."""

CITATION_ATOMS = ("cites", "cited", "paid_cites", "paid_cited", "unpayable_cited", "cites_stop",
                  "event_rule", "why_rule", "decided_by", "judged_by", "uses", "step",
                  "zone_rule", "in_force")
"""The atoms whose literal key arguments are declarations (see the module's description)."""

PACKAGES = ("encodings", "model", "queries", "regression")
"""The folders of the installed package searched for declarations; only ``encodings`` may hold
them."""

_KEY = r"[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)*"
_ANNOTATION = {".lp": re.compile(r"^\s*%@\s*implements:\s*(.*?)\s*$"),
               ".py": re.compile(r"^\s*#@\s*implements:\s*(.*?)\s*$")}
_SECOND = {".lp": re.compile(r"^\s*%@\s*second encoding of:\s*(.*?)\s*$"),
           ".py": re.compile(r"^\s*#@\s*second encoding of:\s*(.*?)\s*$")}
_NUMBER_KEY = rf"(\d{{1,3}}(?:\.\d+[a-z]{{0,2}})?) \(({_KEY})\)"
_CITATION_HEAD = re.compile(rf"^\s*%+\s*(?:-+\s*)?((?:CR|MTR) {_NUMBER_KEY}"
                            rf"(?:\s*(?:,|;|and|with)\s*(?:(?:CR|MTR) )?{_NUMBER_KEY})*)")
_CITATION_ONE = re.compile(_NUMBER_KEY)
_ATOM = re.compile(r"\b(" + "|".join(CITATION_ATOMS) + r")\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
_STRING = re.compile(r'"(' + _KEY + r')"')


@dataclass(frozen=True, order=True)
class Declaration:
    """One declared link: ``file`` (as ``encodings/game/cite.lp``) at ``line`` implements
    ``key``."""

    file: str
    line: int
    key: str
    form: str
    number: str | None = None
    """The rule number a citation comment gives with the key (None for the other forms)."""

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}"

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__, location=self.location)


def _is_code(line: str, suffix: str) -> bool:
    text = line.strip()
    return bool(text) and not text.startswith("%" if suffix == ".lp" else "#")


def _rule_line(lines: list[str], index: int, suffix: str) -> int:
    """The 1-based line of the first rule at or below ``index`` (0-based), else ``index``'s."""
    for j in range(index, len(lines)):
        if _is_code(lines[j], suffix):
            return j + 1
    return index + 1


def declarations_in_text(text: str, file: str) -> list[Declaration]:
    """The declarations of one file's text (its name says whether it is ASP or Python)."""
    suffix = Path(file).suffix
    if suffix not in _ANNOTATION:
        return []
    lines = text.splitlines()
    out: list[Declaration] = []
    for i, line in enumerate(lines):
        marked = [(form, m) for form, m in (("annotation", _ANNOTATION[suffix].match(line)),
                                            ("second encoding", _SECOND[suffix].match(line))) if m]
        if marked:
            form, found = marked[0]
            at = _rule_line(lines, i + 1, suffix)
            out += [Declaration(file, at, key.strip(), form)
                    for key in found.group(1).split(",") if key.strip()]
            continue
        if suffix != ".lp":
            continue
        head = _CITATION_HEAD.match(line)
        if head:
            at = _rule_line(lines, i + 1, suffix)
            out += [Declaration(file, at, m.group(2), "citation comment", m.group(1))
                    for m in _CITATION_ONE.finditer(head.group(1))]
            continue
        code = line.split("%", 1)[0]
        for atom in _ATOM.finditer(code):
            out += [Declaration(file, i + 1, key, "citation atom")
                    for key in _STRING.findall(atom.group(2))]
    return out


def declarations_in(folder: Path, prefix: str) -> list[Declaration]:
    """Every declaration in the ``.lp`` and ``.py`` files under ``folder``, named
    ``prefix/<path inside folder>``."""
    out: list[Declaration] = []
    for path in sorted(folder.rglob("*")):
        if path.suffix not in _ANNOTATION or "__pycache__" in path.parts or not path.is_file():
            continue
        name = f"{prefix}/{path.relative_to(folder).as_posix()}"
        out += declarations_in_text(path.read_text(encoding="utf-8"), name)
    return out


@cache
def declarations() -> tuple[Declaration, ...]:
    """Every declaration in the installed package's folders (:data:`PACKAGES`), sorted by file
    and line."""
    out: list[Declaration] = []
    for folder in PACKAGES:
        out += declarations_in(Path(str(resources.files(f"mtgrules.{folder}"))), folder)
    return tuple(sorted(out))


def links() -> dict[str, tuple[Declaration, ...]]:
    """Rulebook key → the declarations of the encodings that implement it."""
    found: dict[str, list[Declaration]] = defaultdict(list)
    for d in declarations():
        if d.file.startswith("encodings/"):
            found[d.key].append(d)
    return {k: tuple(v) for k, v in sorted(found.items())}


def key_sources() -> dict[str, tuple[str, ...]]:
    """Rulebook key → the encoding files that declare it (paths such as
    ``encodings/golden/golden.lp``)."""
    return {k: tuple(sorted({d.file for d in ds})) for k, ds in links().items()}


def key_locations() -> dict[str, tuple[str, ...]]:
    """Rulebook key → the rule locations (``file:line``) that declare it, each once."""
    return {k: tuple(dict.fromkeys(d.location for d in ds)) for k, ds in links().items()}


def area(file: str) -> str:
    """The rule area a declaring file belongs to: ``encodings/<area>/…``."""
    return file.split("/")[1]


def implementing_areas() -> dict[str, tuple[str, ...]]:
    """Rulebook key → the rule areas (``encodings/<area>``) with a rule that implements it (an
    annotation or a citation comment). An area may spread a rule over its files (the core's
    topics, an ASP program and its z3 twin); two areas implementing one key hold two copies."""
    found: dict[str, set[str]] = defaultdict(set)
    for d in declarations():
        if d.form in IMPLEMENTING and d.file.startswith("encodings/"):
            found[d.key].add(area(d.file))
    return {k: tuple(sorted(v)) for k, v in sorted(found.items())}


def unknown() -> list[Declaration]:
    """Declarations that name no rulebook key."""
    book = rulebook()
    return [d for d in declarations() if d.key not in book]


def misplaced() -> list[Declaration]:
    """Declarations outside ``encodings/``: a question, the model or a tool implements no rule."""
    return [d for d in declarations() if not d.file.startswith("encodings/")]


def _within(number: str, cited: str) -> bool:
    """Whether ``cited`` is ``number`` or a rule that holds it (``701.17`` holds ``701.17a``,
    ``701`` holds both)."""
    return number == cited or (number.startswith(cited) and not number[len(cited)].isdigit())


def wrong_numbers() -> list[Declaration]:
    """Citation comments whose number is none of the key's numbers in the rulebook (in any
    edition), nor a rule or section that holds one."""
    book = rulebook()
    return [d for d in declarations() if d.number is not None and d.key in book
            and not any(_within(n, d.number) for _, n in book[d.key].numbers)]


__all__ = ["FORMS", "IMPLEMENTING", "CITATION_ATOMS", "PACKAGES", "Declaration",
           "declarations_in_text", "declarations_in", "declarations", "links", "key_sources",
           "key_locations", "area", "implementing_areas", "unknown", "misplaced", "wrong_numbers"]
