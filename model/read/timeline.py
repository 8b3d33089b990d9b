"""Reading questions about the game in time: points of the turn, a script's decision lines,
conditions on a state, and the ``turn`` question that holds them (``model/timeline.py`` has
the values). Each reads the words a script or a scenario writes, its players and objects
checked against the state.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mtgrules.model import vocabulary
from mtgrules.model.cards import MAX_MODES, Card
from mtgrules.model.errors import MtgRulesError
from mtgrules.model.read.names import Names, as_field, number
from mtgrules.model.source import Field, did_you_mean
from mtgrules.model.state import MAX_LIFE, MAX_OBJECTS, MAX_TURN, GameState
from mtgrules.model.timeline import END, Condition, Decision, Point
from mtgrules.model.turn import STEP_NAMES, Step

ASKS = ("trace", "holds", "priority", "way")
MAX_SCRIPT = 500
MAX_CONDITIONS = 50
MAX_HORIZON = 200
"""The largest search horizon a question may ask for (in events)."""


@dataclass(frozen=True)
class TurnQuestion:
    ask: str
    script: tuple[Decision, ...] = ()
    until: Point = END
    conditions: tuple[Condition, ...] = ()
    player: str | None = None
    """For ``way``: whose decisions are searched."""
    horizon: int | None = None
    """For ``way``: how many events the search looks ahead (``None``: the search's default)."""

    def __str__(self) -> str:
        if self.ask == "way":
            return f"can {self.player} make it so by {self.until}"
        return f"{self.ask} until {self.until} ({len(self.script)} decisions)"


def parse_point(text: str | Field, names: Names | GameState | None = None,
                node: Field | None = None) -> Point:
    """A point of the turn (``end``, ``next turn``, ``main2``, ``bob's upkeep``), from a
    scenario's field or a string; a player's step needs the state (or its names) to check
    the player.

    >>> parse_point("end step")
    Point(kind='step', step=<Step.END: 'end'>, player=None)
    >>> parse_point("lunch")
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.ScenarioError: <input>, field 'point': 'lunch' is not a point of the turn. Expected end, next turn, a step (...) or PLAYER's STEP.
    """
    if isinstance(text, Field):
        node, text = text, text.str()
    node = node or as_field(text, "point")
    text = node.str() if not isinstance(text, str) else text
    if isinstance(names, GameState):
        names = Names(names, node)
    text = " ".join(text.split())
    if text == "end":
        return END
    if text in ("next turn", "the next turn"):
        return Point("next-turn")
    m = re.fullmatch(r"(\w+)'s (\S+)(?: step)?", text)
    if m and m.group(2) in STEP_NAMES:
        if names is None:
            raise node.error(f"'{text}' names a player, but no game state was given to check it",
                             "a point with the state whose players it names")
        return Point("player-step", Step(m.group(2)), names.player(m.group(1)))
    step = text.removesuffix(" step")
    if step in STEP_NAMES:
        return Point("step", Step(step))
    raise node.error(f"'{text}' is not a point of the turn",
                     "end, next turn, a step (" + ", ".join(STEP_NAMES) + ") or PLAYER's STEP")


def _paying(text: str | None, node: Field) -> tuple[tuple[str, int], ...]:
    if not text:
        return ()
    letters = re.findall(r"\{([WUBRGC])\}", text)
    if "".join(f"{{{x}}}" for x in letters) != text.replace(" ", ""):
        raise node.error(f"'{text}' is not mana to pay with", "mana symbols such as {R}{G}")
    out: dict[str, int] = {}
    for x in letters:
        out[x] = out.get(x, 0) + 1
    return tuple(sorted(out.items()))


def _modes(text: str | None, announced: str | None, node: Field) -> tuple[int, ...]:
    """The modes a cast line chooses (``mode 2``, ``modes 1, 2 and 3``), numbered from 1, in the
    order printed (the order a player names them in changes nothing, CR 700.2d)."""
    if not text:
        return ()
    m = re.fullmatch(r"mode (\d+)|modes (\d+(?:, \d+)*) and (\d+)", text)
    if not m:
        raise node.error(f"'choosing {text}' is not a choice of modes",
                         "choosing mode N, or choosing modes N and M (N, M and K)")
    numbers = [m[1]] if m[1] else m[2].split(", ") + [m[3]]
    if any(not 1 <= int(n) <= MAX_MODES for n in numbers):
        raise node.error(f"'choosing {text}': a mode is numbered from 1", f"numbers from 1 to {MAX_MODES}")
    if announced:
        raise node.error(f"modes chosen and '{announced}' announced in one line",
                         "a line choosing modes announces nothing else (entwined chooses every mode; "
                         "modes with an optional cost are not modelled)")
    return tuple(sorted(int(n) for n in numbers))


ANNOUNCED = {"with buyback": "buyback", "kicked": "kicker", "entwined": "entwine",
             "with flashback": "flashback", "with retrace": "retrace", "face down": "face_down"}


def _cast(p: str, g: tuple[str, ...], names: Names, node: Field, text: str) -> Decision:
    """A cast line: its card, the modes it chooses (and the cards it discards for them), the
    cards spliced onto it, its targets, what it announces (retrace with the land it discards),
    the objects paying part of its cost."""
    card, modes, escalate, spliced, aimed, dividing, announced, land = g[:8]
    kicks = 0
    if announced and (m := re.fullmatch(r"kicked (\d+) times?", announced)):
        # CR 702.33c: a multikicker cost paid N times; once is 'kicked', and none is not kicked
        # (CR 702.33d: a spell is kicked where its controller pays a kicker cost)
        kicks = number(m.group(1), node, 0, vocabulary.MAX_COUNT, "the times a kicker cost is paid")
        announced = "kicked" if kicks else ""
        kicks = kicks if kicks > 1 else 0
    announces = ANNOUNCED.get(announced or "", "")
    if " discarding " in card and not names._known(card):
        raise node.error(f"'{text}': cards discarded without modes chosen before them",
                         "a modal spell's escalate discards follow its modes: P casts CARD choosing modes "
                         "N and M discarding A [targeting X]; retrace's land: P casts CARD [targeting X] "
                         "with retrace discarding LAND")
    if (announces == "retrace") != bool(land):
        raise node.error(f"'{text}': retrace is announced with the land card discarded for it, "
                         "and only retrace discards there",
                         "P casts CARD [targeting X] with retrace discarding LAND; a modal spell's "
                         "escalate discards follow its modes: P casts CARD choosing modes N and M "
                         "discarding A [targeting X]")
    splicing = names.named_in_order(spliced) if spliced else ()
    if splicing and (announces or modes):
        raise node.error(f"'{text}': splicing with modes or another announcement is not modelled",
                         "P casts CARD splicing A [and B] [targeting X [and Y]]")
    # escalate's cards in the order named (a card named twice reaches the rules, CR 701.9a)
    discarding = names.named_in_order(escalate) if escalate else (names.object(land),) if land else ()
    obj = names.object(card)
    x, symbols = _announced(g[8], names.card_of(obj), node, text)
    targets = names.targets_list(aimed) if aimed else ()
    return Decision("cast", p, (obj,), targets=targets, division=_division(dividing, targets, node, text),
                    paying=_paying(g[12], node), announces=announces, modes=_modes(modes, announced, node),
                    discarding=discarding, helpers=_helpers(g[9:12], names), splicing=splicing,
                    x=x, symbols=symbols, kicks=kicks, text=text)


def _division(text: str | None, targets: tuple[str, ...], node: Field, line: str) -> tuple[int, ...]:
    """The division a cast line announces (CR 601.2d: ``dividing 1 and 1``): one amount for each
    target the line names, in their order. Whether the card divides anything, and whether the
    amounts are a legal division, is the rules' to say (the core's)."""
    if not text:
        return ()
    form = "targeting X and Y dividing N and M: one amount for each target named, in their order"
    parts = re.split(r",\s*|\s+and\s+", text.strip())
    if not all(re.fullmatch(r"\d+", part) for part in parts):
        raise node.error(f"'dividing {text}' in '{line}' is not a list of amounts", form)
    if len(parts) != len(targets):
        raise node.error(f"'{line}' divides among {len(parts)} but names "
                         f"{len(targets) or 'no'} target{'' if len(targets) == 1 else 's'}", form)
    return tuple(number(part, node, 0, vocabulary.MAX_AMOUNT, "an amount of the division") for part in parts)


def _announced(text: str | None, card: Card | None, node: Field,
               text_line: str) -> tuple[int | None, tuple[tuple[str, str], ...]]:
    """What a cast line announces of its mana cost (``X as 3 and {B/P} as 2 life``): the value of
    X (CR 107.3a), and how each symbol of the card's mana cost that can be paid more than one way
    will be paid, in the order printed, with the line's choice for it. Whether the card has an X,
    and which choices a symbol allows, is the rules' to say (the core's)."""
    if not text:
        return None, ()
    form = ("announcing [X as N and] {H} as {C} | {2} | 2 life, in the order of the card's hybrid "
            "and Phyrexian symbols")
    parts = re.split(r",\s*|\s+and\s+", text)
    x = None
    if (m := re.fullmatch(r"X as (\d+)", parts[0].strip())):
        x = number(m.group(1), node, 0, vocabulary.MAX_AMOUNT, "the value of X")
        parts = parts[1:]
    said = []
    for part in parts:
        m = re.fullmatch(r"(\{[^{}]+\}) as (?:\{([WUBRGC2])\}|(2 life))", part.strip())
        if not m:
            raise node.error(f"'{part}' in '{text_line}' is not a symbol and how it is paid", form)
        said.append((m.group(1), m.group(2) or "life"))
    printed = [str(sym) for sym in (card.mana_cost.choices if card and card.mana_cost else ())]
    named = [sym for sym, _ in said]
    if named != printed[:len(named)]:
        raise node.error(f"'{text_line}' announces {', '.join(named)} but the card's mana cost has "
                         + (", ".join(printed) or "no hybrid or Phyrexian symbol") + " in that order", form)
    return x, tuple(said)


def _activation_x(text: str | None, node: Field, line: str) -> int | None:
    """The value of X an activation line announces (``announcing X as 3``, CR 602.2b, 107.3a);
    whether the ability's cost has an {X} is the rules' to say (the core's)."""
    if text is None:
        return None
    m = re.fullmatch(r"X as (\d+)", text.strip())
    if not m:
        raise node.error(f"'{line}': an activation announces only the value of X ('{text}')",
                         "P activates OBJECT [ability N] [targeting X] announcing X as N [paying {M}…]")
    return number(m.group(1), node, 0, vocabulary.MAX_AMOUNT, "the value of X")


LINE_FORMS = [
    "P passes", "P holds priority",
    "P casts CARD [choosing mode N | choosing modes N and M [discarding A [and B]]] [splicing A [and B]] "
    "[targeting X [and Y]] [dividing N and M] "
    "[with buyback | kicked [N times] | entwined | with flashback | with retrace discarding LAND | face down] "
    "[announcing X as N and {B/P} as 2 life and {G/W} as {G}] "
    "[convoking A [for {R}], B …] [improvising A, B …] [delving A, B …] [paying {M}…]",
    "P turns OBJECT face up [paying {M}…]",
    "P taps OBJECT for mana", "P taps OBJECT for {U} (one of its mana abilities)",
    "P activates OBJECT [ability N] [choosing mode N | choosing modes N and M] [targeting X] [announcing X as N] [paying {M}…]",
    "P plays LAND", "P attacks with A, B | nothing", "P blocks A with B [and C with D] | with nothing",
    "P discards A, B", "P chooses A, B", "P orders triggers: A, B", "P targets X with SOURCE",
    "P orders blockers for ATTACKER: B, C", "P assigns combat damage from CREATURE: N to X, M to Y",
    "all pass until POINT",
]


def parse_line(node: Field | str, state: GameState) -> Decision:
    """A script line (``alice casts Lightning Bolt targeting bob``), from a scenario's field
    or a string, its players and objects checked against ``state``."""
    node = as_field(node, "decision")
    text = " ".join(node.str().split())
    names = Names(state, node)
    m = re.fullmatch(r"all pass until (.+)", text)
    if m:
        return Decision("pass-until", None, until=parse_point(m.group(1), names, node), text=text)
    m = re.fullmatch(r"(\w+) (.+)", text)
    if not m:
        raise node.error(f"'{text}' is not a decision", "one of: " + "; ".join(LINE_FORMS))
    p, rest = m.group(1), m.group(2)
    forms: list[tuple[str, Callable[[tuple[str, ...]], Decision]]] = [
        (r"passes", lambda g: Decision("pass", p, text=text)),
        (r"holds priority", lambda g: Decision("hold", p, text=text)),
        (r"casts (.+?)(?: choosing (modes? [\d, and]+?)(?: discarding (.+?))?)?(?: splicing (.+?))?"
         r"(?: targeting (.+?))?(?: dividing ([\d, and]+?))?"
         r"(?: (with buyback|kicked(?: \d+ times?)?|entwined|with flashback|with retrace|face down)(?: discarding (.+?))?)?"
         r"(?: announcing (.+?))?"
         r"(?: convoking (.+?))?(?: improvising (.+?))?(?: delving (.+?))?(?: paying (\S+))?",
         lambda g: _cast(p, g, names, node, text)),
        (r"turns (.+?) face up(?: paying (\S+))?",
         lambda g: Decision("turn-up", p, (names.object(g[0]),), paying=_paying(g[1], node), text=text)),
        (r"taps (.+) for mana", lambda g: Decision("mana", p, (names.object(g[0]),), text=text)),
        (r"taps (.+) for \{([WUBRGC])\}", lambda g: Decision("mana", p, (names.object(g[0]),),
                                                            adds=g[1], text=text)),
        (r"activates (.+?)(?: ability (\d+))?(?: choosing (modes? [\d, and]+?))?(?: targeting (.+?))?"
         r"(?: announcing (.+?))?(?: paying (\S+))?",
         lambda g: Decision("activate", p, (names.object(g[0]),),
                            ability=names.ability(g[1], names.object(g[0])),
                            modes=_modes(g[2], None, node),
                            targets=(names.target(g[3]),) if g[3] else (),
                            x=_activation_x(g[4], node, text),
                            paying=_paying(g[5], node), text=text)),
        (r"plays (.+)", lambda g: Decision("play", p, (names.object(g[0]),), text=text)),
        (r"attacks with (.+)", lambda g: Decision("attack", p, names.objects_list(g[0]), text=text)),
        (r"blocks with nothing", lambda g: Decision("block", p, text=text)),
        (r"blocks (.+)", lambda g: Decision("block", p, blocks=_blocks(g[0], names), text=text)),
        (r"discards (.+)", lambda g: Decision("discard", p, names.objects_list(g[0]), text=text)),
        (r"chooses (.+)", lambda g: Decision("choose", p, names.objects_list(g[0]), text=text)),
        (r"orders triggers: (.+)", lambda g: Decision("order", p, names.objects_list(g[0]), text=text)),
        (r"orders blockers for (.+?): (.+)",
         lambda g: Decision("order-blockers", p, (names.object(g[0]), *names.objects_list(g[1])),
                            text=text)),
        (r"assigns combat damage from (.+?): (.+)",
         lambda g: Decision("assign", p, (names.object(g[0]),),
                            assignment=_assignment(g[1], names), text=text)),
        (r"targets (.+?) with (.+)", lambda g: Decision("target", p, (names.object(g[1]),),
                                                        targets=(names.target(g[0]),), text=text)),
    ]
    for pattern, build in forms:
        fm = re.fullmatch(pattern, rest)
        if fm:
            names.player(p)
            return build(fm.groups())
    raise node.error(f"'{text}' is not a decision", "one of: " + "; ".join(LINE_FORMS))


def _helpers(lists: tuple[str | None, ...], names: Names) -> tuple[tuple[str, str, str], ...]:
    """The objects a cast line names to pay part of its cost (convoking, improvising, delving),
    each with the mana it pays where the line says (``Raging Goblin for {R}``, only for convoke)."""
    out: list[tuple[str, str, str]] = []
    for how, text in zip(("convoke", "improvise", "delve"), lists):
        if not text:
            continue
        # "for {X}" follows the object it says the mana of
        parts = re.split(r"\s+for\s+(\{[^}]*\})", text)
        for i in range(0, len(parts), 2):
            segment = re.sub(r"^(,\s*|and\s+)", "", parts[i].strip()).strip()
            found = names.objects_list(segment) if segment else ()
            mana = parts[i + 1] if i + 1 < len(parts) else ""
            if mana and (not found or how != "convoke" or not re.fullmatch(r"\{[WUBRG1]\}", mana)):
                raise names.node.error(f"'for {mana}' in '{text}' is not what a creature convokes for",
                                       "convoking CREATURE for {W}, {U}, {B}, {R}, {G} or {1}")
            out += [(how, o, mana[1:-1] if mana and j == len(found) - 1 else "")
                    for j, o in enumerate(found)]
    seen = [o for _, o, _ in out]
    for n, o in enumerate(seen):
        if o in seen[:n]:
            raise names.node.error(f"'{o}' is named twice to pay one cost",
                                   "each object once: one tapped or exiled object pays one mana")
    return tuple(out)


def _blocks(text: str, names: Names) -> tuple[tuple[str, str], ...]:
    pairs = []
    for part in re.split(r",\s*|\s+and\s+", text):
        m = re.fullmatch(r"(.+?) with (.+)", part.strip())
        if not m:
            raise names.node.error(f"'{part}' is not a block", "ATTACKER with BLOCKER")
        pair = (names.object(m.group(2)), names.attacker(m.group(1)))
        if pair in pairs:
            raise names.node.error(f"'{part.strip()}' is named twice in one declaration",
                                   "each blocker and attacker pair once")
        pairs.append(pair)
    return tuple(pairs)


def _assignment(text: str, names: Names) -> tuple[tuple[str, int], ...]:
    parts = []
    for part in re.split(r",\s*|\s+and\s+", text):
        m = re.fullmatch(r"(\d+) to (.+)", part.strip())
        if not m:
            raise names.node.error(f"'{part}' is not an amount of damage to a recipient",
                                   "N to PLAYER-OR-CREATURE, e.g. '3 to Grizzly Bears'")
        if int(m.group(1)) > vocabulary.MAX_AMOUNT:
            raise names.node.error(f"{m.group(1)} is more damage than the project models",
                                   f"an amount up to {vocabulary.MAX_AMOUNT}")
        parts.append((names.target(m.group(2)), int(m.group(1))))
    return tuple(parts)


CONDITION_FORMS: list[tuple[str, str]] = [
    (r"(\w+)'s life is (-?\d+)", "life"),
    (r"(\w+) has (\d+) cards? in (?:their |the )?(hand|library|graveyard|exile)", "count"),
    (r"(\w+) has priority", "priority"),
    (r"nobody has priority", "nobody_priority"),
    (r"(\w+) is the active player", "active"),
    (r"the step is (\S+)", "step"),
    (r"the stack is empty", "stack0"),
    (r"the stack has (\d+) objects?", "stack"),
    (r"(\w+) has lost", "lost"),
    (r"(\w+) has not lost", "not_lost"),
    (r"(\w+) does not know (.+)", "not_knows"),
    (r"(\w+) knows (.+)", "knows"),
    (r"(\w+)'s mana pool is empty", "mana0"),
    (r"(\w+) has (\d+) mana", "mana"),
    (r"the turn is (\d+)", "turn"),
    (r"(.+) is in (?:the |a |their |its owner's )?(hand|library|battlefield|graveyard|stack|exile)",
     "in_zone"),
    (r"(.+) is (tapped|untapped)", "tapped"),
    (r"(.+) has (\d+) damage", "damage"),
    (r"(.+)'s (power|toughness) is (-?\d+)", "pt"),
    (r"(.+) is not an? (creature|land|artifact|enchantment|planeswalker)", "not_type"),
    (r"(.+) is an? (creature|land|artifact|enchantment|planeswalker)", "type"),
    (r"(.+) does not have (.+)", "not_keyword"),
    (r"(.+) has (\d+) (\+1/\+1|-1/-1|loyalty|charge) counters?", "counters"),
    (r"(.+) has ceased to exist", "gone"),
    (r"(.+) has (.+)", "keyword"),
]


def parse_condition(node: Field | str, state: GameState) -> Condition:
    """A condition (``bob's life is 17``), from a scenario's field or a string, its players
    and objects checked against ``state``."""
    node = as_field(node, "condition")
    text = " ".join(node.str().split())
    names = Names(state, node)
    for pattern, kind in CONDITION_FORMS:
        m = re.fullmatch(pattern, text)
        if not m:
            continue
        g = m.groups()

        def n(text: str, low: int = 0, high: int = MAX_OBJECTS, what: str = "a count") -> int:
            return number(text, node, low, high, what)
        if kind == "life":
            return Condition(kind, (names.player(g[0]), n(g[1], -MAX_LIFE, MAX_LIFE, "a life total")),
                             text)
        if kind == "mana":
            return Condition(kind, (names.player(g[0]), n(g[1], what="an amount of mana")), text)
        if kind == "count":
            return Condition("count", (names.player(g[0]), g[2], n(g[1], what="a number of cards")),
                             text)
        if kind in ("priority", "active", "lost", "not_lost"):
            return Condition(kind, (names.player(g[0]),), text)
        if kind == "nobody_priority":
            return Condition(kind, (), text)
        if kind == "step":
            if g[0] not in STEP_NAMES:
                raise node.error(f"'{g[0]}' is not a step", "one of: " + ", ".join(STEP_NAMES))
            return Condition("step", (g[0],), text)
        if kind == "stack0":
            return Condition("stack", (0,), text)
        if kind == "stack":
            return Condition("stack", (n(g[0], what="a number of objects"),), text)
        if kind in ("knows", "not_knows"):
            return Condition(kind, (names.player(g[0]), names.object(g[1])), text)
        if kind == "mana0":
            return Condition("mana", (names.player(g[0]), 0), text)
        if kind == "turn":
            return Condition("turn", (n(g[0], 1, MAX_TURN, "a turn's number"),), text)
        if kind == "in_zone":
            return Condition("in_zone", (names.object(g[0]), g[1]), text)
        if kind == "tapped":
            return Condition(g[1], (names.object(g[0]),), text)
        if kind == "damage":
            return Condition("damage", (names.object(g[0]), n(g[1], 0, MAX_LIFE, "damage")), text)
        if kind == "pt":
            return Condition(g[1], (names.object(g[0]), n(g[2], -MAX_LIFE, MAX_LIFE, g[1])), text)
        if kind in ("type", "not_type"):
            return Condition(kind, (names.object(g[0]), g[1]), text)
        if kind in ("keyword", "not_keyword"):
            if g[1] not in vocabulary.KEYWORDS:
                raise node.error(f"'{g[1]}' is not a keyword ability",
                                 "one of: " + ", ".join(vocabulary.KEYWORDS),
                                 did_you_mean(g[1], vocabulary.KEYWORDS))
            return Condition(kind, (names.object(g[0]), g[1].replace(" ", "_")), text)
        if kind == "counters":
            kind_atom = {"+1/+1": "plus", "-1/-1": "minus", "loyalty": "loyalty", "charge": "charge"}[g[2]]
            return Condition("counters", (names.object(g[0]), kind_atom,
                                          n(g[1], what="a number of counters")), text)
        if kind == "gone":
            return Condition("gone", (names.object(g[0]),), text)
    forms = ", ".join(p.replace("(\\w+)", "P").replace("(.+)", "X").replace("(-?\\d+)", "N")
                      .replace("(\\d+)", "N").replace("\\", "") for p, _ in CONDITION_FORMS[:6])
    raise node.error(f"'{text}' is not a condition", f"a condition such as: {forms} …")


def parse_question(node: Field, state: GameState) -> TurnQuestion:
    """A scenario's ``turn`` question."""
    node.mapping(required=["kind", "ask"], optional=["script", "until", "conditions", "goal",
                                                     "player", "by", "horizon"])
    ask = node["ask"].choice(ASKS, "turn question")
    names = Names(state, node)
    if ask == "way":
        node.mapping(required=["kind", "ask", "player", "goal"], optional=["by", "horizon"])
        goal = tuple(parse_condition(c, state) for c in node["goal"].list()[:MAX_CONDITIONS + 1])
        if not goal or len(goal) > MAX_CONDITIONS:
            raise node["goal"].error("a goal needs 1 to 50 conditions", "a list of conditions")
        by = parse_point(node["by"].str(), names, node["by"]) if node.has("by") else END
        return TurnQuestion("way", (), by, goal, node["player"].choice(state.names, "player"),
                            node["horizon"].int(1, MAX_HORIZON) if node.has("horizon") else None)
    lines = node.get("script", []).list()
    if len(lines) > MAX_SCRIPT:
        raise node["script"].error(f"{len(lines)} decisions", f"at most {MAX_SCRIPT}")
    script = tuple(parse_line(line, state) for line in lines)
    until = parse_point(node["until"].str(), names, node["until"]) if node.has("until") else END
    conditions: tuple[Condition, ...] = ()
    if ask == "holds":
        node.mapping(required=["kind", "ask", "conditions"], optional=["script", "until"])
        conditions = tuple(parse_condition(c, state) for c in node["conditions"].list())
        if not conditions or len(conditions) > MAX_CONDITIONS:
            raise node["conditions"].error("1 to 50 conditions are needed", "a list of conditions")
    elif node.has("conditions"):
        raise node["conditions"].error("conditions belong to 'ask: holds'", "no conditions here")
    return TurnQuestion(ask, script, until, conditions)



# -- values given from Python, read by the same grammar --------------------------------------

def state_of(state: GameState | Mapping[str, Any]) -> GameState:
    """The state a question is about: a GameState, or a scenario's ``state:`` mapping."""
    if isinstance(state, GameState):
        return state
    if isinstance(state, Mapping):
        return GameState.from_dict(state)
    raise MtgRulesError(f"a game state is a GameState (e.g. GameState.from_dict({{...}})) or a "
                        f"mapping in the scenario's 'state:' shape, not {type(state).__name__}")


def _items(values: Sequence[Any] | str, path: str, limit: int) -> list[Any]:
    """A list given from Python, or one text of lines; bounded as a file's list is."""
    if isinstance(values, str):
        values = [line for line in values.splitlines() if line.strip()]
    if not isinstance(values, Sequence):
        raise MtgRulesError(f"{path}: expected a list of lines (or one text, a line each), "
                            f"not {type(values).__name__}")
    if len(values) > limit:
        raise MtgRulesError(f"{path}: {len(values)} entries: expected at most {limit}")
    return list(values)


def _read(items: Sequence[Any] | str, state: GameState, path: str, limit: int,
          kind: type[Decision] | type[Condition],
          parse: Callable[[Field, GameState], Any], what: str) -> tuple[Any, ...]:
    """Each line read (or each value of ``kind`` checked) against the state by the one grammar
    of its lines: a value must be one its own line reads back as."""
    out = []
    for i, item in enumerate(_items(items, path, limit)):
        # a value read from a line reads back from that line (its ids may need the line's
        # "Name#1" where two players hold the card); one built in Python, from its words
        text = (item.text or item.line()) if isinstance(item, kind) else item
        read = parse(as_field(text, f"{path}[{i}]"), state)
        if isinstance(item, kind) and read != item:
            raise MtgRulesError(f"{path}[{i}]: the {what} {item!r} is not one a script can say "
                                f"(its words, '{text}', read as {read!r})")
        out.append(replace(read, text=item.text or read.text) if isinstance(item, kind) else read)
    return tuple(out)


def read_script(script: Sequence[Decision | str] | str, state: GameState) -> tuple[Decision, ...]:
    return _read(script, state, "script", MAX_SCRIPT, Decision, parse_line, "decision")


def read_conditions(conditions: Sequence[Condition | str] | str, state: GameState,
                path: str) -> tuple[Condition, ...]:
    return _read(conditions, state, path, MAX_CONDITIONS, Condition, parse_condition, "condition")


def read_point(point: Point | str, state: GameState, path: str) -> Point:
    text = str(point) if isinstance(point, Point) else point
    read = parse_point(as_field(text, path), state)
    if isinstance(point, Point) and read != point:
        raise MtgRulesError(f"{path}: the point {point!r} is not one a script can say")
    return read


def read_question(ask: str, state: GameState, script: Sequence[Decision | str] | str = (),
                  until: Point | str = END, conditions: Sequence[Condition | str] | str = (),
                  player: str | None = None, horizon: int | None = None) -> TurnQuestion:
    """A ``turn`` question given as Python values (``until`` is the point ``at`` or ``by`` the
    public functions name; the conditions, ``goal`` for ``way``), read as a script's lines."""
    path = {"holds": "at", "way": "by"}.get(ask, "until")
    if ask == "way":
        if not isinstance(player, str) or player not in state.names:
            raise MtgRulesError(f"unknown player {player!r}: expected one of {', '.join(state.names)}")
        if isinstance(horizon, bool) or not isinstance(horizon, int) or not 1 <= horizon <= MAX_HORIZON:
            raise MtgRulesError(f"a search horizon of {horizon!r} events: expected a whole number "
                                f"from 1 to {MAX_HORIZON}")
    wanted = read_conditions(conditions, state, "goal" if ask == "way" else "conditions")
    if ask in ("holds", "way") and not wanted:
        raise MtgRulesError("check_state needs at least one condition, e.g. \"bob's life is 17\""
                            if ask == "holds" else "is_there_a_way needs a goal: at least one "
                            "condition, e.g. \"bob's life is 17\"")
    return TurnQuestion(ask, read_script(script, state), read_point(until, state, path), wanted,
                        player, horizon)
