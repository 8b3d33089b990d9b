"""A diff of two Comprehensive Rules files aligned by text, and its impact on the encodings.

Rules are paired by what they say, not by their number (DESIGN §9):
1. the same text (typography evened out, :func:`normalised`) → ``unchanged`` when the number is
   the same, ``renumbered`` when it is not;
2. the same text once rule references (``see rule 509.1g``) are masked — a rule whose only change
   is a cross-reference that followed a renumbering → ``unchanged``/``renumbered`` as above, with
   ``references_only`` set;
3. among the rest, similar text (``difflib`` ratio on words, candidates found through shared rare
   words) → ``reworded`` (same number) or ``moved-and-reworded``;
4. whatever is left is ``removed`` (old file only) or ``added`` (new file only).
The glossary is aligned by term. The impact names the rulebook keys (``model/data/rules.yaml``),
the encodings that declare them (:mod:`mtgrules.regression.links`) and the built-in scenarios
that cite a rule that changed, and the citation drift: rulebook
numbers whose text in the new file is no longer the text the rulebook cited.
"""
from __future__ import annotations

import difflib
import os
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from mtgrules.model.crtext import RulesText, normalised, number_key, read_rules
from mtgrules.model.edition import Edition, EncodedRule, rulebook
from mtgrules.model.errors import MtgRulesError
from mtgrules.regression.links import key_locations, key_sources

if TYPE_CHECKING:  # rich is imported where the diff is printed
    from rich.console import Console

STATUSES = ("unchanged", "renumbered", "reworded", "moved-and-reworded", "added", "removed")
CHANGED = tuple(s for s in STATUSES if s != "unchanged")

# Pairing thresholds on difflib's ratio over words: a rule that kept its number needs less
# likeness to count as reworded than one that also moved.
SAME_NUMBER_RATIO = 0.5
MOVED_RATIO = 0.6
CANDIDATES = 8

_REFERENCE = re.compile(r"\b\d{3}(?:\.\d+[a-z]{0,2})?\b")
_WORD = re.compile(r"[a-z0-9']+")


@dataclass(frozen=True)
class RuleChange:
    """One rule of either file and what became of it."""

    status: str
    old: str | None
    new: str | None
    similarity: float = 1.0
    references_only: bool = False
    """Same text except for rule numbers it refers to."""
    diff: str | None = None
    """A word diff (``[-old-]{+new+}``) when the text changed."""

    @property
    def section(self) -> str:
        return (self.new or self.old or "").split(".")[0]

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "old": self.old, "new": self.new,
                "similarity": round(self.similarity, 3), "references_only": self.references_only,
                "diff": self.diff}


@dataclass(frozen=True)
class GlossaryChange:
    status: str
    """``unchanged``, ``reworded``, ``added`` or ``removed``."""
    term: str
    diff: str | None = None


@dataclass(frozen=True)
class KeyImpact:
    """What the update does to one encoded rule (a rulebook key)."""

    key: str
    old_number: str | None
    new_number: str | None
    status: str
    """The status of the rule the key cites (worst of its old and new numbers), or ``absent``
    when the key holds in neither edition."""
    text_now_at: str | None
    """Where the old cited text went, by the alignment (None: removed or not cited before)."""
    encodings: tuple[str, ...]
    """The encoding files that declare the key (``regression.links``)."""
    scenarios: tuple[str, ...]
    drift: str | None = None
    """Why the rulebook's number for the new file looks wrong, if it does."""
    locations: tuple[str, ...] = ()
    """The rules (``file:line``) that declare the key."""

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__, encodings=list(self.encodings), scenarios=list(self.scenarios),
                    locations=list(self.locations))


@dataclass
class CRDiff:
    old_date: str
    new_date: str
    old_edition: Edition
    new_edition: Edition
    rules: list[RuleChange]
    glossary: list[GlossaryChange]
    impact: list[KeyImpact] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        found = Counter(c.status for c in self.rules)
        return {s: found.get(s, 0) for s in STATUSES}

    def glossary_counts(self) -> dict[str, int]:
        found = Counter(c.status for c in self.glossary)
        return {s: found.get(s, 0) for s in ("unchanged", "reworded", "added", "removed")}

    def by_old(self) -> dict[str, RuleChange]:
        return {c.old: c for c in self.rules if c.old}

    def by_new(self) -> dict[str, RuleChange]:
        return {c.new: c for c in self.rules if c.new}

    @property
    def affected(self) -> list[KeyImpact]:
        """Encoded rules whose cited rule changed, or whose citation drifted."""
        return [k for k in self.impact if k.status in CHANGED or k.drift]

    def affected_in(self, section: str | None) -> list[KeyImpact]:
        """``affected``, of the encoded rules cited in ``section`` only (``None``: all)."""
        return [k for k in self.affected if section is None or any(
            n and _in_section(RuleChange("", n, None), section) for n in (k.old_number, k.new_number))]

    def changed_in(self, section: str | None) -> list[RuleChange]:
        """The rules of ``section`` (``None``: every rule) that changed."""
        return [c for c in self.rules if c.status != "unchanged"
                and (section is None or _in_section(c, section))]

    def to_json(self, section: str | None = None) -> dict[str, Any]:
        rules = [c for c in self.rules if section is None or _in_section(c, section)]
        return {"old": self.old_date, "new": self.new_date,
                "numbering": {"old": str(self.old_edition), "new": str(self.new_edition)},
                "counts": self.counts(), "glossary_counts": self.glossary_counts(),
                "rules": [c.to_json() for c in rules],
                "glossary": [g.__dict__ for g in self.glossary if g.status != "unchanged"],
                "impact": [k.to_json() for k in self.affected],
                "encoded_in_changed_sections": touched_sections(self),
                "drift": [k.to_json() for k in self.impact if k.drift]}


def _in_section(change: RuleChange, section: str) -> bool:
    """``section`` is a chapter digit (``5``), a section (``509``) or a rule prefix (``509.3``)."""
    return any(n and (n.split(".")[0][: len(section)] == section if "." not in section
                      else n == section or n.startswith(section) and not n[len(section)].isdigit())
               for n in (change.old, change.new))


def _words(text: str) -> list[str]:
    return normalised(text).lower().replace('"', " ").split()


def word_diff(old: str, new: str) -> str:
    """The words that changed, marked ``[-removed-]`` and ``{+added+}``, the rest as it was."""
    a, b = normalised(old).split(), normalised(new).split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.extend(a[i1:i2])
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def _similarity(a: list[str], b: list[str]) -> float:
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < MOVED_RATIO * 0.8:
        return matcher.real_quick_ratio()
    return matcher.ratio()


def _pair_equal(old: dict[str, str], new: dict[str, str],
                key: Callable[[str], str]) -> list[tuple[str, str]]:
    """Pairs of rules whose ``key(text)`` is equal; the same number first, then document order."""
    groups_old: dict[str, list[str]] = defaultdict(list)
    groups_new: dict[str, list[str]] = defaultdict(list)
    for n, t in old.items():
        groups_old[key(t)].append(n)
    for n, t in new.items():
        groups_new[key(t)].append(n)
    pairs = []
    for text, olds in groups_old.items():
        news = groups_new.get(text)
        if not news:
            continue
        same = [n for n in olds if n in news]
        pairs += [(n, n) for n in same]
        rest_old = [n for n in olds if n not in same]
        rest_new = [n for n in news if n not in same]
        pairs += list(zip(rest_old, rest_new))
    return pairs


def meaning(text: str) -> str:
    """A rule's text as compared for a change of meaning, by ``cr-diff`` and ``rules-diff``
    alike: typography evened out (:func:`normalised`) and the rule numbers it refers to masked,
    since a cross-reference that follows a renumbering changes no rule's meaning."""
    return _REFERENCE.sub("#", normalised(text))


def same_meaning(old: str, new: str) -> bool:
    """Whether two texts of a rule say the same (see :func:`meaning`)."""
    return meaning(old) == meaning(new)


def align_rules(old: RulesText, new: RulesText) -> list[RuleChange]:
    """Every rule of both files, classified (see the module's description)."""
    old_text = {n: normalised(t) for n, t in old.rules.items()}
    new_text = {n: normalised(t) for n, t in new.rules.items()}
    changes: list[RuleChange] = []

    def status(o: str, n: str) -> str:
        return "unchanged" if o == n else "renumbered"

    for o, n in _pair_equal(old_text, new_text, lambda t: t):
        changes.append(RuleChange(status(o, n), o, n))
    paired_old, paired_new = {c.old for c in changes}, {c.new for c in changes}
    rest_old = {k: v for k, v in old_text.items() if k not in paired_old}
    rest_new = {k: v for k, v in new_text.items() if k not in paired_new}

    for o, n in _pair_equal(rest_old, rest_new, meaning):
        changes.append(RuleChange(status(o, n), o, n, 1.0, True, word_diff(rest_old[o], rest_new[n])))
        del rest_old[o], rest_new[n]

    # Similar text among the rest: candidates through shared words that few rules use.
    words_old = {k: _words(v) for k, v in rest_old.items()}
    words_new = {k: _words(v) for k, v in rest_new.items()}
    df: Counter[str] = Counter()
    for ws in words_new.values():
        df.update(set(ws))
    common = max(20, len(words_new) // 10)
    index: dict[str, list[str]] = defaultdict(list)
    for k, ws in words_new.items():
        for w in set(ws):
            if df[w] <= common:
                index[w].append(k)
    scored: list[tuple[float, bool, str, str]] = []
    for o, ws in words_old.items():
        shared: Counter[str] = Counter()
        for w in set(ws):
            for k in index.get(w, ()):
                shared[k] += 1
        candidates = {k for k, _ in shared.most_common(CANDIDATES)}
        if o in words_new:
            candidates.add(o)
        for n in candidates:
            ratio = _similarity(ws, words_new[n])
            if ratio >= (SAME_NUMBER_RATIO if o == n else MOVED_RATIO):
                scored.append((ratio, o == n, o, n))
    scored.sort(key=lambda s: (-s[0], not s[1], number_key(s[2]), number_key(s[3])))
    for ratio, same, o, n in scored:
        if o in rest_old and n in rest_new:
            changes.append(RuleChange("reworded" if same else "moved-and-reworded", o, n, ratio,
                                      False, word_diff(rest_old[o], rest_new[n])))
            del rest_old[o], rest_new[n]
    changes += [RuleChange("removed", o, None, 0.0) for o in rest_old]
    changes += [RuleChange("added", None, n, 0.0) for n in rest_new]
    changes.sort(key=lambda c: (number_key(c.new or c.old or ""), c.old is None))
    return changes


def align_glossary(old: RulesText, new: RulesText) -> list[GlossaryChange]:
    olds = {normalised(k).lower(): (k, normalised(v)) for k, v in old.glossary.items()}
    news = {normalised(k).lower(): (k, normalised(v)) for k, v in new.glossary.items()}
    out = []
    for term in sorted(olds.keys() | news.keys()):
        if term not in news:
            out.append(GlossaryChange("removed", olds[term][0]))
        elif term not in olds:
            out.append(GlossaryChange("added", news[term][0]))
        elif olds[term][1] == news[term][1]:
            out.append(GlossaryChange("unchanged", news[term][0]))
        else:
            out.append(GlossaryChange("reworded", news[term][0],
                                      word_diff(olds[term][1], news[term][1])))
    return out


# -- who cites what ---------------------------------------------------------------------------

_CITE = re.compile(r"\bCR (\d{3}\.\d+[a-z]{0,2})")
_CITE_MTR = re.compile(r"\bMTR (\d+\.\d+)")


def keys_cited_by_number(number: str, edition: Edition) -> list[str]:
    return [r.key for r in rulebook().values()
            if r.document == "CR" and r.holds_in(edition) and r.number_in(edition) == number]


def scenario_files() -> list[Path]:
    """The built-in scenarios, found recursively (the library may be kept in subfolders)."""
    base = Path(str(resources.files("mtgrules.queries.scenarios")))
    return sorted(base.rglob("*.yaml"))


@cache
def scenario_keys() -> dict[str, tuple[str, ...]]:
    """Built-in scenario (file stem) → the rulebook keys it cites: the ``CR`` numbers in its
    source line and expected citations, read in the scenario's own edition (or, for per-edition
    expectations, in each edition named), and the ``MTR`` sections they cite."""
    out: dict[str, tuple[str, ...]] = {}
    for path in scenario_files():
        try:
            doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        if not isinstance(doc, dict):
            continue
        own = str(doc.get("edition") or Edition.newest().date)
        keys: set[str] = set()
        for number in _CITE.findall(str(doc.get("source", ""))):
            keys.update(_keys_in(number, own))
        keys.update(_mtr_keys(_CITE_MTR.findall(str(doc.get("source", "")))))
        expect = doc.get("expect")
        blocks = []
        if isinstance(expect, dict) and "verdict" in expect:
            blocks.append((own, expect))
        elif isinstance(expect, dict):
            blocks += [(str(d) if str(d) != "default" else own, e) for d, e in expect.items()
                       if isinstance(e, dict)]
        for date, block in blocks:
            for cite in block.get("cites") or []:
                match = _CITE.match(str(cite))
                if match:
                    keys.update(_keys_in(match.group(1), date))
                keys.update(_mtr_keys(_CITE_MTR.findall(str(cite))))
        out[path.stem] = tuple(sorted(keys))
    return out


def _mtr_keys(numbers: list[str]) -> list[str]:
    """The rulebook keys of Tournament Rules sections cited by number (their numbers don't move
    with CR editions)."""
    return [r.key for r in rulebook().values() if r.document == "MTR"
            and any(number == n for _, n in r.numbers for number in numbers)]


def _keys_in(number: str, date: str) -> list[str]:
    try:
        edition = Edition(date)
    except MtgRulesError:
        return []
    return keys_cited_by_number(number, edition)


def scenarios_citing(key: str) -> tuple[str, ...]:
    return tuple(s for s, keys in scenario_keys().items() if key in keys)


# -- the diff ---------------------------------------------------------------------------------

def cr_diff(old_file: str | Path, new_file: str | Path) -> CRDiff:
    """Diff two CR files by text and measure the impact on the encodings. Each file's numbering
    (for the rulebook) is the newest known edition on or before the date printed in it; a file
    newer than every known edition is read with the newest known numbering."""
    texts = [read_rules(p) for p in (old_file, new_file)]
    dates, editions = [], []
    for path, text in zip((old_file, new_file), texts):
        if text.iso_date is None:
            raise MtgRulesError(f"{path}: the date near the top ('{text.effective}') is not a date "
                                "like 'August 7, 2026'.")
        dates.append(text.iso_date)
        try:
            editions.append(Edition.in_force_on(text.iso_date))
        except MtgRulesError as exc:
            raise MtgRulesError(f"{path}: {exc}") from None
    old, new = texts
    diff = CRDiff(dates[0], dates[1], editions[0], editions[1], align_rules(old, new),
                  align_glossary(old, new))
    diff.impact = impact(diff, old, new)
    return diff


_SEVERITY = {s: i for i, s in enumerate(STATUSES)}


def impact(diff: CRDiff, old: RulesText, new: RulesText) -> list[KeyImpact]:
    by_old, by_new = diff.by_old(), diff.by_new()
    sources, locations = key_sources(), key_locations()
    out = []
    for key, rule in sorted(rulebook().items()):
        if rule.document != "CR":
            continue
        o = rule.number_in(diff.old_edition) if rule.holds_in(diff.old_edition) else None
        n = rule.number_in(diff.new_edition) if rule.holds_in(diff.new_edition) else None
        statuses = []
        now_at = None
        if o and o in by_old:
            statuses.append(by_old[o].status)
            now_at = by_old[o].new
        if n and n in by_new:
            statuses.append(by_new[n].status)
        status = max(statuses, key=_SEVERITY.__getitem__) if statuses else "absent"
        out.append(KeyImpact(key, o, n, status, now_at, sources.get(key, ()),
                             scenarios_citing(key), _drift(rule, o, n, now_at, old, new),
                             locations.get(key, ())))
    return out


def _drift(rule: EncodedRule, o: str | None, n: str | None, now_at: str | None,
           old: RulesText, new: RulesText) -> str | None:
    """Why the rulebook's number for the new file no longer holds the text it cited, if so."""
    if n is None:
        return None
    if n not in new.rules:
        if o is None or o not in old.rules:
            return None  # neither file has the rule (a partial file): nothing to compare
        where = f"; its old text is now {now_at}" if now_at else ""
        return f"{n} is not in the new file{where}"
    if o and o in old.rules and now_at and now_at != n:
        # the text the rulebook cited moved elsewhere: drift when the paraphrase fits the
        # rule it moved to better than the rule the rulebook names (a rule split in two keeps
        # its number for one half and is no drift)
        there = paraphrase_score(rule.paraphrase, new.rules.get(now_at, ""))
        here = paraphrase_score(rule.paraphrase, new.rules[n])
        if there > here:
            return (f"the text cited as {o} is now {now_at} (which fits the paraphrase better: "
                    f"{there:.0%} of its words against {here:.0%}), but the rulebook says {n}")
    old_score = paraphrase_score(rule.paraphrase, old.rules.get(o, "")) if o else None
    new_score = paraphrase_score(rule.paraphrase, new.rules[n])
    if old_score is not None and old_score >= 0.3 and new_score < old_score / 2:
        return (f"{n} shares {new_score:.0%} of the paraphrase's words, {o} shared "
                f"{old_score:.0%}")
    return None


_STOP = set("a an the of to in on or and is are be by it its as at for if that this with its "
            "any each from into their they them than then not no can can't may".split())


def _stems(text: str) -> set[str]:
    return {w[:5] for w in _WORD.findall(normalised(text).lower()) if w not in _STOP and len(w) > 2}


def paraphrase_score(paraphrase: str, text: str) -> float:
    """The share of the paraphrase's content words (first five letters) found in ``text``."""
    mine = _stems(paraphrase)
    return len(mine & _stems(text)) / len(mine) if mine else 0.0


# -- printing ---------------------------------------------------------------------------------

def _numbers(k: KeyImpact) -> str:
    if k.old_number == k.new_number:
        return k.old_number or "—"
    return f"{k.old_number or '—'} → {k.new_number or '—'}"


def touched_sections(diff: CRDiff) -> list[str]:
    """For every section with a change, the encoded rules cited there and how each fared."""
    changed = {c.section for c in diff.rules if c.status != "unchanged"}
    lines = []
    for section in sorted(changed, key=lambda s: int(s) if s.isdigit() else 0):
        here = [k for k in diff.impact
                if any(n and n.split(".")[0] == section for n in (k.old_number, k.new_number))]
        if here:
            lines.append(f"section {section} changed; encoded rules cited there: " + ", ".join(
                f"{k.key} ({_numbers(k)}, {k.status})" for k in here))
    return lines


def print_diff(diff: CRDiff, console: Console, section: str | None = None) -> None:
    """The diff as tables: the changed rules, then the impact on the encodings."""
    from rich.markup import escape
    from rich.table import Table

    console.print(f"[bold]CR diff {diff.old_date} → {diff.new_date}[/] (rulebook numbering of "
                  f"{diff.old_edition} and {diff.new_edition})", highlight=False)
    counts = diff.counts()
    console.print("rules: " + ", ".join(f"{n} {s}" for s, n in counts.items()), highlight=False)
    console.print("glossary: " + ", ".join(f"{n} {s}" for s, n in diff.glossary_counts().items()),
                  highlight=False)
    rows = diff.changed_in(section)
    if section is not None and not rows:
        console.print(f"No rule of section {section} changed between {diff.old_date} and "
                      f"{diff.new_date} (a cross-reference that only followed a renumbering is "
                      "no change).", highlight=False)
    table = Table(title="rules that changed" + (f" (section {section})" if section else ""))
    for col in ("status", "old", "new", "similarity", "what changed"):
        table.add_column(col, overflow="fold")
    for c in rows:
        what = c.diff or ""
        if c.references_only:
            what = "rule references only: " + what
        table.add_row(c.status, c.old or "—", c.new or "—",
                      f"{c.similarity:.2f}" if c.status in ("reworded", "moved-and-reworded") else "",
                      escape(what))
    console.print(table)
    if section is None:
        changed_terms = [g for g in diff.glossary if g.status != "unchanged"]
        if changed_terms:
            gtable = Table(title="glossary entries that changed")
            for col in ("status", "term", "what changed"):
                gtable.add_column(col, overflow="fold")
            for g in changed_terms:
                gtable.add_row(g.status, g.term, escape(g.diff or ""))
            console.print(gtable)
    # the whole diff: the encoded rules that changed; one section: every encoded rule in it
    affected = diff.affected if section is None else [k for k in diff.impact if any(
        n and _in_section(RuleChange("", n, None), section) for n in (k.old_number, k.new_number))]
    itable = Table(title="impact on the encodings")
    for col in ("rulebook key", diff.old_date, diff.new_date, "change", "old text now at",
                "encoded in", "scenarios", "citation drift"):
        itable.add_column(col, overflow="fold")
    for k in affected:
        itable.add_row(k.key, k.old_number or "—", k.new_number or "—", k.status,
                       k.text_now_at or "—", ", ".join(k.encodings), ", ".join(k.scenarios),
                       k.drift or "", style="bold red" if k.drift else "")
    console.print(itable)
    if section is None:
        for line in touched_sections(diff):
            console.print(line, highlight=False)
    affected = [k for k in affected if k.status in CHANGED or k.drift]
    areas = sorted({e for k in affected for e in k.encodings})
    scenarios = sorted({s for k in affected for s in k.scenarios})
    console.print(f"{len(affected)} encoded rule(s) cite a rule that changed "
                  f"({sum(1 for k in affected if k.drift)} with citation drift); encodings: "
                  f"{', '.join(areas) or 'none'}; {len(scenarios)} scenario(s) cite them.",
                  highlight=False)
    if diff.new_edition.date < diff.new_date:
        console.print(
            f"note: {diff.new_date} is newer than every edition the project knows; its numbers "
            f"were read with the rulebook numbering of {diff.new_edition}. To add it: put its date "
            "in EDITION_DATES (model/edition.py); for every 'renumbered' or 'moved' row above "
            "whose old number a rulebook key cites, add '<date>: \"<new number>\"' under that "
            "key's 'numbers' in model/data/rules.yaml; set 'until: <date>' on a key whose rule "
            "was removed; re-read each 'reworded' rule against the key's paraphrase; then run "
            "this diff again (no citation drift left) and 'mtgrules regress --from "
            f"{diff.new_edition} --to <date>'.", highlight=False)


# -- a rule's own text, from CR files the user has -----------------------------------------------

CR_DIR_VARIABLE = "MTGRULES_CR_DIR"
"""The environment variable naming a folder of Comprehensive Rules files, one per edition,
each named ``cr-<edition date>.txt`` (the project ships none: the text is Wizards of the
Coast's)."""

_CR_FILE = re.compile(r"cr-(\d{4}-\d{2}-\d{2})\.txt")


@dataclass(frozen=True)
class PrintedRule:
    """A rule as one CR file prints it."""

    edition: str
    number: str
    text: str
    """The rule's text with its examples, as the file has them."""


def cr_folder() -> Path | None:
    """The folder ``MTGRULES_CR_DIR`` names, or ``None`` when it is not set; a name that is
    not a folder is refused."""
    value = os.environ.get(CR_DIR_VARIABLE, "")
    if not value:
        return None
    folder = Path(value)
    if not folder.is_dir():
        raise MtgRulesError(f"{CR_DIR_VARIABLE}={value}: not a folder. Expected a folder of "
                            "Comprehensive Rules files named cr-<edition date>.txt "
                            "(e.g. cr-2026-08-07.txt).")
    return folder


def printed_rule(rule: EncodedRule, folder: Path) -> PrintedRule | None:
    """The rule's text in the newest edition that holds it and whose file ``folder`` has
    (``cr-<date>.txt``), or ``None`` when none does or the file lacks the number."""
    if rule.document != "CR":
        return None
    files = {m.group(1): p for p in folder.iterdir() if (m := _CR_FILE.fullmatch(p.name))}
    for date in sorted(files, reverse=True):
        try:
            edition = Edition.exact(date)
        except MtgRulesError:
            continue  # a file for an edition the rulebook doesn't number
        if not rule.holds_in(edition):
            continue
        number = rule.number_in(edition)
        text = read_rules(files[date]).get(number)
        if text is not None:
            return PrintedRule(date, number, text)
    return None
