"""A brute-force reference for the total cost of a spell (CR 601.2f, 118.7–118.9, 107.3,
107.4, 202.3), written from the rules text, not from the cost encoding.

It reads a scenario document (a plain dict, as YAML gives it) whose question asks for the
total cost of a spell, and works the cost out by enumeration:

- the cost paid is the mana cost, or the one alternative cost announced (118.9, 118.9a):
  the card's own (its mana part, {0} without one), or "without paying its mana cost" ({0});
  an object with no mana cost and no alternative has an unpayable cost (118.6);
- additional costs (118.8: kicker's mana, life) are added, also to an alternative cost (118.9d);
- each hybrid or Phyrexian symbol is paid as announced (107.4e/f, 601.2b), X is the
  announced number (107.3a);
- every cost increase that applies is added; an increase "for each target beyond the first"
  counts the targets chosen;
- every reduction that applies is subtracted, in every order the player could choose (all
  orders are tried, 601.2f); a generic reduction lowers only the generic part (118.7a) and
  not {S} (107.4h), and nothing goes below {0} (601.2f);
- then effects that set the total directly (a floor: "costs at least N mana") are applied,
  after every increase and reduction (601.2f), and the total is locked;
- a modifier applies to a spell by what its words say: which spells (creature, noncreature),
  whose (its controller's, their opponents', anyone's), which colours (the spell's colours
  are those of the symbols of its mana cost, 105.2/202.2), and a floor only while its source
  is untapped; mana abilities activated after the lock (601.2g) change nothing.

The mana value (202.3) of the spell is counted as well: every symbol's amount, X as announced
(the spell is on the stack, 202.3e), a hybrid symbol its largest half (202.3f), a Phyrexian
symbol one (202.3g).
"""
from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

CARD_FILES = Path(__file__).resolve().parents[2] / "model" / "data" / "cards"

COLOUR_OF = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@dataclass(frozen=True)
class Answer:
    unpayable: bool
    """No mana cost and no alternative cost (CR 118.6)."""
    mana: Counter
    """Per component: ``generic``, ``W`` … ``G``, ``C``, ``S``; zero entries left out."""
    life: int
    mana_value: int | None
    applied: frozenset[str] = frozenset()
    """The sources of the modifiers that apply (an increase per target beyond the first
    with nothing to count is left out)."""


def symbols(text: str | None) -> list[str]:
    return re.findall(r"\{([^}]*)\}", text or "")


def colours_of(cost: str | None) -> set[str]:
    return {COLOUR_OF[p] for s in symbols(cost) for p in s.split("/") if p in COLOUR_OF}


def _one(symbol: str, x: int, paid: str | None) -> tuple[Counter, int]:
    """What one symbol asks for: mana per component and life."""
    parts = symbol.split("/")
    if symbol.isdigit():
        return Counter(generic=int(symbol)), 0
    if symbol == "X":
        return Counter(generic=x), 0
    if len(parts) == 1:  # W U B R G C S
        return Counter({symbol: 1}), 0
    assert paid is not None, f"{{{symbol}}} needs an announcement"
    if paid == "life":
        return Counter(), 2
    if paid.isdigit():
        return Counter(generic=int(paid)), 0
    return Counter({paid: 1}), 0


def _is_choice(symbol: str) -> bool:
    return "/" in symbol


def mana_value(cost: str, x: int) -> int:
    total = 0
    for s in symbols(cost):
        parts = s.split("/")
        if s.isdigit():
            total += int(s)
        elif s == "X":
            total += x
        elif len(parts) == 2 and parts[0].isdigit():  # {2/W}: the larger half
            total += max(int(parts[0]), 1)
        else:
            total += 1
    return total


@functools.cache
def _library() -> dict[str, dict]:
    """The built-in cards, read as plain YAML."""
    out = {}
    for f in sorted(CARD_FILES.glob("*.yaml")):
        for c in yaml.safe_load(f.read_text(encoding="utf-8")) or []:
            out[c["name"]] = c
    return out


def _cards(doc: dict) -> dict[str, dict]:
    return {**_library(), **{c["name"]: c for c in doc.get("cards", [])}}


def _modifiers(doc: dict) -> list[tuple[str, dict, str, bool]]:
    """(source, instruction, controller, tapped) of every cost modifier in the state."""
    cards = _cards(doc)
    out = []
    for player in doc["state"]["players"]:
        for entry in doc["state"].get(player, {}).get("battlefield", []):
            name = entry if isinstance(entry, str) else entry["card"]
            tapped = not isinstance(entry, str) and bool(entry.get("tapped"))
            for ins in cards.get(name, {}).get("static", []):
                out.append((name, ins, player, tapped))
    for e in doc["state"].get("effects", []):
        out.append((e["from"], {k: v for k, v in e.items() if k not in ("from", "controller")},
                    e["controller"], False))
    return out


def total_cost(doc: dict) -> Answer:
    q = doc["question"]
    cards = _cards(doc)
    players = doc["state"]["players"]
    caster = q.get("player", doc["state"].get("active", players[0]))
    spell = cards[q["card"]]
    x = int(q.get("x", 0))
    pay = list(q.get("pay", []))
    alternative = q.get("alternative")
    kicked = bool(q.get("kicked"))
    printed = spell.get("cost")
    is_creature = "creature" in spell["types"]
    colours = colours_of(printed)

    # the cost paid instead of, or as, the mana cost (118.9, 118.6)
    life = 0
    if alternative == "card":
        paid_cost = "{0}"
        for part in spell["alternative-costs"][0]:
            life += int(part.get("life", 0))
            paid_cost = part.get("mana", paid_cost)
    elif alternative is not None:
        paid_cost = "{0}"
    elif printed is None:
        return Answer(True, Counter(), 0, None)
    else:
        paid_cost = printed
    asked = symbols(paid_cost)
    if kicked:
        asked += symbols(spell["kicker"])
    mana: Counter = Counter()
    choices = iter(pay)
    for s in asked:
        m, lf = _one(s, x, next(choices) if _is_choice(s) else None)
        mana += m
        life += lf
    for extra in spell.get("additional-costs", []):
        life += int(extra.get("life", 0))

    # which modifiers apply (their own words), with the spell's own modifiers too
    applied = set()
    increases: list[int] = []
    reductions: list[int] = []
    floors: list[int] = []
    sources = _modifiers(doc) + [(spell["name"], ins, caster, False)
                                 for ins in spell.get("static", [])]
    targets = len(q.get("targets", []))
    for source, ins, controller, tapped in sources:
        verb = ins["do"]
        if verb not in ("cost-increase", "cost-reduction", "cost-floor"):
            continue
        which = ins.get("spells", "any")
        if (which == "creature" and not is_creature) or (which == "noncreature" and is_creature):
            continue
        whose = ins.get("whose", "any") if verb != "cost-floor" else "any"
        if (whose == "you" and caster != controller) or (whose == "opponents" and
                                                         caster == controller):
            continue
        if verb == "cost-reduction" and ins.get("colors") and not set(ins["colors"]) & colours:
            continue
        if verb == "cost-floor" and ins.get("while") == "untapped" and tapped:
            continue
        amount = int(ins["amount"])
        if ins.get("per") == "target-beyond-first":
            amount *= max(0, targets - 1)
            if not amount:
                continue
        applied.add(source)
        {"cost-increase": increases, "cost-reduction": reductions,
         "cost-floor": floors}[verb].append(amount)

    mana["generic"] += sum(increases)
    # reductions in every order the player may choose; all must agree
    results = set()
    for order in itertools.permutations(reductions):
        m = Counter(mana)
        for r in order:
            m["generic"] = max(0, m["generic"] - r)
        results.add(tuple(sorted((+m).items())))
    assert len(results) == 1, f"the order of reductions matters: {results}"
    mana = Counter(dict(results.pop()))
    for floor in floors:  # after every increase and reduction
        short = floor - sum(mana.values())
        if short > 0:
            mana["generic"] += short
    value = mana_value(printed, x) if printed is not None else 0
    return Answer(False, +mana, life, value, frozenset(applied))


def parse_total(text: str) -> Counter:
    """A total as the project prints it, ``{5}{R}{R}``, in components."""
    out: Counter = Counter()
    for s in symbols(text):
        if s.isdigit():
            out["generic"] += int(s)
        else:
            out[s] += 1
    return +out
