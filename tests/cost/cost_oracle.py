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

Casting mechanics (issue 26; numbers of the 2026-08-07 edition). What they add to the total,
what they do to the mana value, and when the announcement is illegal (``Answer.illegal``):

- modes (700.2, 601.2b): the number chosen must be the card's (``choose: N``, or one or more),
  each mode once unless the card allows repeats (700.2d, since 2016-07-22); modes cost nothing;
- entwine (702.42a): all modes chosen, the entwine cost added (an additional cost);
- escalate (702.120a): its cost items paid once per mode beyond the first: mana and life add to
  the total, a discard adds a card to ``Answer.discard`` and nothing to the mana;
- kicker (702.33a) once; a kicker {X} costs ``kicker-x``; multikicker (702.33c/d) ``kicked: N``
  times; a plain kicker paid twice is illegal (702.33d);
- buyback (702.27a) and the card's own additional costs (118.8: mana, life, a discard) add;
- splice (702.47a–c): each spliced card's splice cost is an additional cost; splicing onto a
  spell without the subtype named, a card without splice or one not in the caster's hand, or
  the same card twice (702.47b) is illegal; the spell keeps its own characteristics (no new
  colour or mana cost, 702.47c) and the card stays in the hand;
- flashback (702.34a): cast from the graveyard paying the flashback cost instead of the mana
  cost (an alternative cost, 118.9); from the hand it is illegal; the mana value stays the
  printed one (118.9c);
- face down (morph, 702.37a/c, 708.2, 708.4): {3} instead of the mana cost, as a 2/2 creature
  spell with no text, name, subtypes or mana cost: colourless (202.2b), a creature for the
  modifiers, mana value 0 (202.3a); its own text (kicker, buyback, additional costs, affinity,
  cost statics) is gone, and announcing any of it is illegal; a floor still applies;
- at most one alternative cost (118.9a, 601.2b): two (e.g. flashback and a grant) are illegal;
- affinity for a type (702.41a): {1} less per permanent of that type the caster controls (a
  reduction at 601.2f: generic only, not below {0}, floors after); none to count: left out;
- retrace (702.81a): cast from the graveyard with the additional cost of discarding a land card
  (``Answer.discard``, no mana); from the graveyard with neither flashback nor retrace (and no
  effect permitting it) is illegal (601.3);
- convoke, delve, improvise (702.51b, 702.66b, 702.126b): not reductions since 2016-07-22; the
  total is unchanged (they pay part of it);
- editions: a mechanic whose rule the scenario's edition lacks can't be used (illegal): first
  editions among the 12 texts in ``FIRST_EDITION``.

Not modelled (``NotModelled`` is raised, never a guess): convoke or delve before 2016-07-22
(then an additional cost that reduces the cost, 502.46a/702.48a), cost floors before 2009-07-11
(no "directly affect the total cost" step), symbols the edition lacks ({C}, Phyrexian,
monocoloured hybrid), X in any cost but the mana cost and kicker, hybrid or Phyrexian symbols in
the new costs (their announcement order), a face-down or flashback spell with X in its mana
cost (107.3b), a grant used from the graveyard, other permissions to cast from a graveyard,
statics on a spliced card, a modal spell with no modes announced, an edition not among the 12.
``Refused`` is raised for a question asking for what the card lacks (the reader refuses it).
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

EDITIONS = ("2008-02-01", "2008-10-01", "2009-05-01", "2009-07-11", "2009-10-01", "2016-07-22",
            "2016-11-11", "2024-07-30", "2024-09-20", "2024-11-08", "2026-01-16", "2026-08-07")
"""The 12 editions of the Comprehensive Rules in /work/shared/cr."""

FIRST_EDITION = {
    "kicker": "2008-02-01",       # 502.21a -> 702.30a -> 702.32a -> 702.33a
    "multikicker": "2016-07-22",  # 702.32c (none of the 2008-2009 texts has the word)
    "entwine": "2008-02-01",      # 502.32a -> 702.39a -> 702.41a -> 702.42a
    "escalate": "2016-07-22",     # 702.119a -> 702.120a
    "splice": "2008-02-01",       # 502.40a -> 702.44a -> 702.46a -> 702.47a
    "buyback": "2008-02-01",      # 502.16a -> 702.24a -> 702.26a -> 702.27a
    "morph": "2008-02-01",        # 502.26a -> 702.34a -> 702.36a -> 702.37a
    "flashback": "2008-02-01",    # 502.22a -> 702.31a -> 702.33a -> 702.34a
    "retrace": "2008-10-01",      # 502.81a -> 702.78a -> 702.80a -> 702.81a
    "convoke": "2008-02-01",      # 502.46a -> 702.48a -> 702.50a -> 702.51a
    "delve": "2008-02-01",        # 502.64a -> 702.63a -> 702.65a -> 702.66a
    "improvise": "2024-07-30",    # 702.126a
    "affinity": "2008-02-01",     # 502.31a -> 702.38a -> 702.40a -> 702.41a
}
"""The first of the 12 editions whose text has each mechanic's rule (found in the texts by the
rule's opening words, e.g. "Escalate is a static ability")."""

PAYS_PART = "2016-07-22"
"""From this edition convoke and delve pay part of the total (702.50a/702.65a: "isn't an
additional or alternative cost"); before it each was an additional cost that reduced the cost
to cast the spell (502.46a, 502.64a, 702.48a, 702.63a)."""

FLOORS_FROM = "2009-07-11"
"""From the Magic 2010 rules, effects that directly affect the total cost are applied after it
is determined (601.2e, then 601.2f); the 2008–2009 texts have no such step."""

SYMBOLS_FROM = {"phyrexian": "2016-07-22", "C": "2016-07-22", "mono": "2008-10-01"}
"""When a symbol kind appears in the texts: Phyrexian mana (107.4f) and the colourless {C}
from 2016-07-22 (the {C} of 2009-10-01 is Planechase's chaos symbol), {2/W} from 2008-10-01."""


class NotModelled(Exception):
    """The question asks for something the oracle does not model (the message names it)."""


class Refused(Exception):
    """The question asks for something the card doesn't have (the reader refuses it)."""


@dataclass(frozen=True)
class Answer:
    unpayable: bool
    """No mana cost and no alternative cost (CR 118.6)."""
    mana: Counter
    """Per component: ``generic``, ``W`` … ``G``, ``C``, ``S``; zero entries left out."""
    life: int
    mana_value: int | None
    applied: frozenset[str] = frozenset()
    """The sources of the modifiers that apply (an increase per target beyond the first, or
    affinity, with nothing to count is left out)."""
    illegal: str | None = None
    """Why the announcement can't be made (the rule), or ``None`` for a legal one."""
    discard: tuple[str, ...] = ()
    """The discards the total asks for, one entry per card: ``card`` or ``land``."""


def _illegal(why: str) -> Answer:
    return Answer(False, Counter(), 0, None, illegal=why)


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



def _edition(doc: dict) -> str:
    return str(doc.get("edition", EDITIONS[-1]))


def _has(edition: str, mechanic: str) -> bool:
    return edition >= FIRST_EDITION[mechanic]


def _check_symbols(cost: str | None, edition: str) -> None:
    """Symbols the edition's text lacks are not modelled."""
    for s in symbols(cost):
        parts = s.split("/")
        kind = ("phyrexian" if parts[-1] == "P" else "mono" if parts[0] == "2" and len(parts) == 2
                else "C" if "C" in parts else None)
        if kind and edition < SYMBOLS_FROM[kind]:
            raise NotModelled(f"the symbol {{{s}}} in the {edition} rules")


def _plain(cost: str | None, what: str) -> str | None:
    """A cost of the new mechanics: no X, hybrid or Phyrexian symbol (their announcement order
    beyond the mana cost and kicker is not modelled)."""
    for s in symbols(cost):
        if s == "X" or "/" in s:
            raise NotModelled(f"{{{s}}} in {what}")
    return cost


def _items(items: list, times: int, what: str) -> tuple[str, int, list[str]]:
    """Cost items ({mana}, {life}, {discard}, {sacrifice}) paid ``times`` times: the mana
    symbols, the life and the discards (a sacrifice adds nothing to the total's mana)."""
    mana, life, discard = "", 0, []
    for item in items:
        (kind, value), = item.items()
        if kind == "mana":
            mana += _plain(value, what) * times
        elif kind == "life":
            life += int(value) * times
        elif kind == "discard":
            discard += [value] * times
        elif kind != "sacrifice":
            raise NotModelled(f"the cost item {item} of {what}")
    return mana, life, discard


def _types_of(entry, cards: dict) -> list[str]:
    name = entry if isinstance(entry, str) else entry["card"]
    return cards.get(name, {}).get("types", [])


def _modes(q: dict, spell: dict, edition: str) -> tuple[list[int] | None, str | None]:
    """The modes chosen, or why the choice is illegal (700.2, 702.42a)."""
    modal = spell.get("modes")
    if not modal:
        if "modes" in q or q.get("entwined"):
            raise Refused(f"{spell['name']} is not modal")
        return None, None
    options = len(modal["options"])
    if q.get("entwined"):
        if "entwine" not in spell:
            raise Refused(f"{spell['name']} has no entwine")
        if not _has(edition, "entwine"):
            return None, "entwine (702.42a) is not in the rules of " + edition
        chosen = list(q.get("modes", range(1, options + 1)))
        if sorted(chosen) != list(range(1, options + 1)):
            return None, "entwined: all modes, each once (702.42a)"
        return chosen, None
    if "modes" not in q:
        raise NotModelled(f"{spell['name']} is modal and no modes are announced")
    chosen = list(q["modes"])
    if any(not 1 <= m <= options for m in chosen):
        return None, f"a mode beyond the {options} of {spell['name']}"
    choose = modal["choose"]
    if choose == "one-or-more" and not chosen:
        return None, "one or more modes (700.2)"
    if choose != "one-or-more" and len(chosen) != int(choose):
        return None, f"exactly {choose} mode(s) (700.2)"
    if len(set(chosen)) != len(chosen):
        if not modal.get("repeat"):
            return None, "the same mode twice (700.2d)"
        if edition < "2016-07-22":
            raise NotModelled("a repeated mode before 700.2d (2016-07-22)")
    return chosen, None


def total_cost(doc: dict) -> Answer:
    q = doc["question"]
    cards = _cards(doc)
    players = doc["state"]["players"]
    caster = q.get("player", doc["state"].get("active", players[0]))
    spell = cards[q["card"]]
    edition = _edition(doc)
    x = int(q.get("x", 0))
    pay = list(q.get("pay", []))
    alternatives = q.get("alternative", [])
    alternatives = [alternatives] if isinstance(alternatives, str) else list(alternatives)
    zone = q.get("from", "hand")
    printed = spell.get("cost")
    keywords = set(spell.get("keywords", []))
    mechanics = any(k in q for k in ("modes", "entwined", "kicker-x", "buyback", "splice",
                                     "discard", "convoke", "delve", "improvise")) or any(
        k in spell for k in ("modes", "multikicker", "buyback", "morph", "flashback", "splice",
                             "affinity")) or zone != "hand" or keywords & {
        "convoke", "delve", "improvise", "retrace"}
    if mechanics and edition not in EDITIONS:
        raise NotModelled(f"the casting mechanics in the rules of {edition} (not among the 12)")
    for cost in (printed, spell.get("kicker")):
        _check_symbols(cost, edition)

    # 601.2b: at most one alternative cost (118.9a)
    if len(alternatives) > 1:
        return _illegal("two alternative costs (118.9a, 601.2b)")
    alternative = alternatives[0] if alternatives else None
    face_down = alternative == "face-down"
    flashback = alternative == "flashback"
    if face_down and "morph" not in spell:
        raise Refused(f"{spell['name']} has no morph")
    if flashback and "flashback" not in spell:
        raise Refused(f"{spell['name']} has no flashback")
    for mechanic, used in (("morph", face_down), ("flashback", flashback)):
        if used and not _has(edition, mechanic):
            return _illegal(f"{mechanic} is not in the rules of {edition}")

    # where it is cast from (601.3): flashback and retrace from the graveyard
    retrace = zone == "graveyard" and not flashback and "retrace" in keywords
    if zone not in ("hand", "graveyard"):
        raise NotModelled(f"casting from the {zone}")
    if flashback and zone != "graveyard":
        return _illegal("flashback casts the card from the graveyard (702.34a)")
    if flashback and not {"instant", "sorcery"} & set(spell["types"]):
        raise NotModelled("flashback on a card that is neither instant nor sorcery")
    if zone == "graveyard" and not flashback:
        permits = [i for _, i, _, _ in _modifiers(doc) if i.get("do") == "permit"]
        if permits:
            raise NotModelled("an effect permitting casting from a graveyard")
        if "retrace" not in keywords:
            return _illegal("no permission to cast it from the graveyard (601.3)")
        if not _has(edition, "retrace"):
            return _illegal(f"retrace is not in the rules of {edition}")
    if zone == "graveyard" and alternative not in (None, "flashback", "card"):
        raise NotModelled("an alternative cost granted by a permanent, from the graveyard")
    if face_down and zone != "hand":
        raise NotModelled("a face-down spell cast from elsewhere than the hand")

    # modes, kicker, buyback, splice (601.2b)
    chosen, why = _modes(q, spell, edition)
    if why:
        return _illegal(why)
    if face_down and (chosen is not None or q.get("entwined")):
        return _illegal("a face-down spell has no text, so no modes (702.37c)")
    kicked = q.get("kicked", False)
    times = int(kicked)  # true: once
    if times and "kicker" not in spell and "multikicker" not in spell:
        raise Refused(f"{spell['name']} has no kicker")
    if "kicker-x" in q and not (times and "X" in symbols(spell.get("kicker"))):
        raise Refused("kicker-x without a kicked {X} kicker")
    if times and "X" in symbols(spell.get("kicker")) and "kicker-x" not in q:
        raise NotModelled("a kicked {X} kicker with no kicker-x announced")
    if times and face_down:
        return _illegal("a face-down spell has no kicker (702.37c)")
    if times and "multikicker" in spell:
        if not _has(edition, "multikicker"):
            return _illegal(f"multikicker is not in the rules of {edition}")
    elif times > 1:
        return _illegal("a kicker paid more than once (702.33d)")
    if chosen is not None and len(chosen) > 1 and spell.get("escalate") and \
            not _has(edition, "escalate"):
        return _illegal(f"escalate is not in the rules of {edition}")
    if q.get("buyback"):
        if "buyback" not in spell:
            raise Refused(f"{spell['name']} has no buyback")
        if face_down:
            return _illegal("a face-down spell has no buyback (702.37c)")
    spliced = list(q.get("splice", []))
    hand = doc["state"].get(caster, {}).get("hand", [])
    subtypes = [] if face_down else spell.get("subtypes", [])
    for name in spliced:
        card = cards.get(name, {})
        if "splice" not in card:
            raise Refused(f"{name} has no splice")
        if not _has(edition, "splice"):
            return _illegal(f"splice is not in the rules of {edition}")
        if name == spell["name"]:
            raise NotModelled("splicing a card with the spell's own name")
        if name not in hand:
            return _illegal(f"{name} is not in {caster}'s hand (702.47a)")
        if card["splice"]["onto"] not in subtypes:
            return _illegal(f"{spell['name']} is not {card['splice']['onto']} (702.47a)")
        if card.get("static") or card.get("affinity"):
            raise NotModelled(f"the statics of a spliced card ({name})")
    if len(set(spliced)) != len(spliced):
        return _illegal("the same card spliced twice (702.47b)")
    for word in ("convoke", "delve", "improvise"):
        if word in q and word not in keywords:
            raise Refused(f"{spell['name']} has no {word}")
        if q.get(word) and face_down:
            return _illegal(f"a face-down spell has no {word} (702.37c)")
        if word in keywords and not face_down:
            if q.get(word) and not _has(edition, word):
                return _illegal(f"{word} is not in the rules of {edition}")
            if word != "improvise" and edition < PAYS_PART and q.get(word, True):
                raise NotModelled(f"{word} in the rules of {edition} (a cost reduction then)")

    # the cost paid instead of, or as, the mana cost (118.9, 118.6)
    is_creature = face_down or "creature" in spell["types"]
    colours = set() if face_down else colours_of(printed)
    life = 0
    discard: list[str] = []
    if face_down:
        if "X" in symbols(printed):
            raise NotModelled("a face-down spell whose card has X in its mana cost")
        paid_cost = "{3}"
    elif flashback:
        if "X" in symbols(printed):
            raise NotModelled("flashback on a card with X in its mana cost (107.3b)")
        paid_cost = _plain(spell["flashback"], "a flashback cost")
        _check_symbols(paid_cost, edition)
    elif alternative == "card":
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
    kicker_x = int(q.get("kicker-x", 0))
    kicker_symbols: list[str] = []
    if times and "multikicker" in spell:
        kicker_symbols = symbols(_plain(spell["multikicker"], "a multikicker cost")) * times
    elif times:
        kicker_symbols = symbols(spell["kicker"])
    mana: Counter = Counter()
    choices = iter(pay)
    for s in asked:
        m, lf = _one(s, x, next(choices) if _is_choice(s) else None)
        mana += m
        life += lf
    for s in kicker_symbols:
        m, lf = _one(s, kicker_x, next(choices) if _is_choice(s) else None)
        mana += m
        life += lf

    # additional costs (118.8): the card's own, entwine, escalate, buyback, splice, retrace
    extra = ""
    if not face_down:
        more, lf, dc = _items(spell.get("additional-costs", []), 1, "an additional cost")
        extra += more
        life += lf
        discard += dc
        if q.get("entwined"):
            extra += _plain(spell["entwine"], "an entwine cost")
        if chosen is not None and len(chosen) > 1 and spell.get("escalate"):
            more, lf, dc = _items(spell["escalate"], len(chosen) - 1, "an escalate cost")
            extra += more
            life += lf
            discard += dc
        if q.get("buyback"):
            extra += _plain(spell["buyback"], "a buyback cost")
        for name in spliced:
            extra += _plain(cards[name]["splice"]["cost"], "a splice cost")
    if retrace:
        discard.append("land")
    _check_symbols(extra, edition)
    for s in symbols(extra):
        mana += _one(s, 0, None)[0]

    # which modifiers apply (their own words), with the spell's own modifiers too (a face-down
    # spell has no text: none of its own)
    applied = set()
    increases: list[int] = []
    reductions: list[int] = []
    floors: list[int] = []
    own = [] if face_down else spell.get("static", [])
    sources = _modifiers(doc) + [(spell["name"], ins, caster, False) for ins in own]
    if spell.get("affinity") and not face_down:
        what = spell["affinity"]
        count = sum(what in _types_of(e, cards)
                    for e in doc["state"].get(caster, {}).get("battlefield", []))
        if count:  # none to count: left out, as an increase per target with none beyond one
            sources.append((spell["name"], {"do": "cost-reduction", "amount": count}, caster,
                            False))
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
        if verb == "cost-floor" and edition < FLOORS_FROM:
            raise NotModelled(f"a cost floor in the rules of {edition}")
        amount = int(ins["amount"])
        if ins.get("per") in ("target-beyond-first", "target"):  # the targets chosen (601.2c)
            amount *= max(0, targets - 1) if ins["per"] == "target-beyond-first" else targets
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
    # the mana value: the printed mana cost (118.9c), none face down (708.2, 202.3a)
    value = 0 if face_down else mana_value(printed, x) if printed is not None else 0
    return Answer(False, +mana, life, value, frozenset(applied), discard=tuple(discard))


def parse_total(text: str) -> Counter:
    """A total as the project prints it, ``{5}{R}{R}``, in components."""
    out: Counter = Counter()
    for s in symbols(text):
        if s.isdigit():
            out["generic"] += int(s)
        else:
            out[s] += 1
    return +out
