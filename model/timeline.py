"""Values for questions about the game in time: decisions, points, conditions, events.

These are plain values; what they mean in a game is decided by the temporal core
(``encodings/game``), never here. Each reads from the words a script or a scenario file uses
(``parse``, given the state whose players and objects the words name) and prints back to
them (``str``), so that ``X.parse(str(x), state) == x``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mtgrules.model.turn import Step

if TYPE_CHECKING:
    from mtgrules.model.state import GameState

DECISION_VERBS = ("pass", "hold", "cast", "activate", "mana", "play", "turn-up", "attack", "block",
                  "discard", "choose", "order", "target", "order-blockers", "assign", "pass-until",
                  "shortcut")
"""What a player may decide in a script (see ``encodings/game/README.md``); ``shortcut`` is
a standard shortcut's words in a ``shortcut`` question's proposal (its word in ``objects``)."""

ANNOUNCE_WORDS = {"buyback": " with buyback", "kicker": " kicked", "entwine": " entwined",
                  "flashback": " with flashback", "retrace": " with retrace", "face_down": " face down"}
"""The costs a cast line may announce (CR 601.2b), as the line says them: optional additional
costs, flashback's alternative cost, retrace (followed by ``discarding LAND``), casting the card
face down with its morph (CR 702.37c)."""


def mode_words(modes: tuple[int, ...]) -> str:
    """The modes a cast line chooses (CR 700.2a), numbered from 1 in the order printed:
    `` choosing mode 2``, `` choosing modes 1, 2 and 3``; empty for none."""
    if not modes:
        return ""
    if len(modes) == 1:
        return f" choosing mode {modes[0]}"
    return " choosing modes " + ", ".join(map(str, modes[:-1])) + f" and {modes[-1]}"


def symbol_words(symbols: tuple[tuple[str, str], ...], x: int | None = None) -> str:
    """A cast line's announcement of X and of how its hybrid and Phyrexian symbols will be paid."""
    said = [f"X as {x}"] if x is not None else []
    said += [f"{symbol} as " + ("2 life" if choice == "life" else f"{{{choice}}}") for symbol, choice in symbols]
    if not said:
        return ""
    return " announcing " + name_list(tuple(said))


def name_list(names: tuple[str, ...]) -> str:
    """``'bob'``, ``'bob and Grizzly Bears'``, ``'A, B and C'``: names as a line lists them."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


HELP_WORDS = {"convoke": "convoking", "improvise": "improvising", "delve": "delving"}
"""How a cast line names the objects paying part of its cost (in this order)."""


def helper_words(helpers: tuple[tuple[str, str, str], ...]) -> str:
    """``' convoking Raging Goblin for {R}, Grizzly Bears delving Opt'``: a cast's helpers."""
    out = ""
    for how, verb in HELP_WORDS.items():
        named = [o + (f" for {{{m}}}" if m else "") for h, o, m in helpers if h == how]
        if named:
            out += f" {verb} " + ", ".join(named)
    return out


SHORTCUT_WORDS = {"go": "says go", "pass": "passes", "ready_for_combat": "is ready for combat",
                  "no_attacks": "declares no attacks"}
"""The words of the standard tournament shortcuts a proposal may say (MTR 4.2; which of them an
MTR edition has is the rulebook's), as a proposal line writes them after the player's name."""


@dataclass(frozen=True)
class Point:
    """A moment of the game: the beginning of a step (of a given player's turn, or the
    next one), the beginning of the next turn, or ``end``: as far as the decisions go.

    >>> str(Point("player-step", Step.UPKEEP, "bob"))
    "bob's upkeep"
    """

    kind: str
    """``step``, ``player-step``, ``next-turn`` or ``end``."""
    step: Step | None = None
    player: str | None = None

    @classmethod
    def parse(cls, text: str, state: GameState | None = None) -> Point:
        """A point as a script writes it: ``end``, ``next turn``, a step (``main2``,
        ``end step``) or a player's step (``bob's upkeep``, whose player ``state`` checks).

        >>> Point.parse("declare-attackers")
        Point(kind='step', step=<Step.DECLARE_ATTACKERS: 'declare-attackers'>, player=None)
        >>> str(Point.parse("next turn"))
        'next turn'
        """
        # the one grammar of points is the timeline reader's
        from mtgrules.model.read.timeline import parse_point
        return parse_point(text, state)

    def __str__(self) -> str:
        if self.kind == "player-step":
            return f"{self.player}'s {self.step}"
        if self.kind == "step":
            return str(self.step)
        return "next turn" if self.kind == "next-turn" else "end"


END = Point("end")


@dataclass(frozen=True)
class Decision:
    """One decision of a player, as a script gives it; ``Decision.parse`` reads a script
    line against a state, ``str`` prints it back.

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"],
    ...     "alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]}})
    >>> bolt = Decision.parse("alice casts Lightning Bolt targeting bob", state)
    >>> bolt.verb, bolt.objects, bolt.target
    ('cast', ('Lightning Bolt',), 'bob')
    >>> str(Decision("mana", "alice", ("Mountain#2",)))
    'alice taps Mountain#2 for mana'
    >>> Decision.parse(str(bolt), state) == bolt
    True
    >>> Decision.parse("alice casts Lightning Blot", state)
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.ScenarioError: <input>, field 'decision': no object 'Lightning Blot' in the state. ... Did you mean 'Lightning Bolt'?
    """

    verb: str
    """One of ``DECISION_VERBS``."""
    player: str | None = None
    """Who decides (``None`` for ``pass-until``: every player)."""
    objects: tuple[str, ...] = ()
    """The object the decision is about (cast, play, mana, activate; for target, the source
    of the triggered ability), or the objects it lists (attackers, discarded cards, chosen
    objects, the order of triggers)."""
    targets: tuple[str, ...] = ()
    """The players or objects targeted (for ``target``: by the triggered ability): a cast's in
    the order of its target slots (CR 601.2c) — the card's own, each chosen mode's, each spliced
    card's; an activation or a trigger has at most one."""
    division: tuple[int, ...] = ()
    """For ``cast``: the division of what the spell divides among its targets, announced as it
    is cast (CR 601.2d; ``… targeting bob and Grizzly Bears dividing 1 and 1``): one amount for
    each target, in the order of ``targets``; empty: none announced."""
    paying: tuple[tuple[str, int], ...] = ()
    """Colours and amounts of mana paid for the generic part of a cost, when the script says."""
    ability: int = 1
    """Which activated ability of the object (1 = the first)."""
    blocks: tuple[tuple[str, str], ...] = ()
    """(blocker, attacker) pairs for a block declaration."""
    assignment: tuple[tuple[str, int], ...] = ()
    """For ``assign``: (recipient, amount) pairs of one creature's combat damage (the creature
    is ``objects[0]``; a recipient is a player or an object)."""
    until: Point | None = None
    """For ``pass-until``: the point at which the passing stops."""
    adds: str = ""
    """For ``mana``: the mana symbol's letter of the one mana ability activated, for an object
    with several (``alice taps Tundra for {U}``); empty where the object has one."""
    announces: str = ""
    """For ``cast``: the optional additional cost announced as the spell is cast (CR 601.2b):
    ``buyback`` (``… with buyback``), ``kicker`` (``… kicked``) or ``entwine`` (``… entwined``:
    every mode, CR 702.42a); or how a card is cast from its owner's graveyard: ``flashback``
    (``… with flashback``, CR 702.34a), ``retrace`` (``… with retrace discarding LAND``, CR
    702.81a); or that the card is cast face down (``face_down``, ``… face down``, CR 702.37c);
    empty: none."""
    discarding: tuple[str, ...] = ()
    """For ``cast``: the cards of the caster's hand discarded as a cost while it is cast (CR
    601.2h, 701.9a): with ``retrace``, the one land card of its additional cost (``… with retrace
    discarding LAND``, 702.81a); with modes chosen, the cards of an escalate cost, one for each
    mode beyond the first (``… choosing modes 2 and 3 discarding A [and B]``, 702.120a)."""
    splicing: tuple[str, ...] = ()
    """For ``cast``: the cards of the caster's hand spliced onto the spell (CR 702.47a), in the
    order their effects happen (702.47b)."""
    modes: tuple[int, ...] = ()
    """For ``cast`` and ``activate``: the modes chosen of a modal spell or activated ability (CR
    700.2a, 602.2b), numbered from 1 in the order printed, as ``model.casting.Casting.modes``
    (``… choosing modes 2 and 3``)."""
    kicks: int = 0
    """For ``cast`` with ``kicker`` announced: how many times a multikicker cost is paid (CR
    702.33c), where more than once (``… kicked 2 times``); 0: once (``… kicked``)."""
    x: int | None = None
    """For ``cast``: the value announced for X of its mana cost (CR 601.2b, 107.3a; ``… announcing
    X as 3``); for ``activate``, of its activation cost (CR 602.2b); ``None``: none announced."""
    symbols: tuple[tuple[str, str], ...] = ()
    """For ``cast``: how each hybrid or Phyrexian symbol of the card's mana cost will be paid,
    announced as it is cast (CR 601.2b), in the order printed: (the symbol as printed, the
    choice) — a colour letter (``W`` … ``C``), ``2`` (two generic mana, for {2/W}) or ``life``
    (2 life, for a Phyrexian symbol) (``… announcing {B/P} as 2 life and {B/P} as {B}``)."""
    helpers: tuple[tuple[str, str, str], ...] = ()
    """For ``cast``: the objects that pay part of the total as it is paid (CR 601.2h), each
    ``(how, object, mana)``: how ``convoke`` (a creature tapped, CR 702.51a), ``improvise`` (an
    artifact tapped, 702.126a) or ``delve`` (a graveyard card exiled, 702.66a); mana the symbol's
    letter it pays (``R``, or ``1`` for generic), empty where the line doesn't say."""
    text: str = field(default="", compare=False)
    """The script line as written, to quote back in verdicts (not part of the decision's
    identity: two spellings of one decision are equal)."""

    @property
    def target(self) -> str | None:
        """The one target of a decision that has at most one (an activation, a trigger's
        target); a cast with several is read by ``targets`` only."""
        if len(self.targets) > 1:
            raise ValueError(f"'{self}' has {len(self.targets)} targets: read them as .targets")
        return self.targets[0] if self.targets else None

    @classmethod
    def parse(cls, text: str, state: GameState) -> Decision:
        """A script line, its player and objects checked against ``state`` (a mistake is
        refused with what was expected and a suggestion)."""
        # the one grammar of script lines is the timeline reader's
        from mtgrules.model.read.timeline import parse_line
        return parse_line(text, state)

    def line(self) -> str:
        """The decision in the script's words, from its values (whatever its ``text``)."""
        p, objects = self.player, ", ".join(self.objects) or "nothing"
        first = self.objects[0] if self.objects else ""
        aim = f" targeting {name_list(self.targets)}" if self.targets else ""
        pay = " paying " + "".join(f"{{{c}}}" * n for c, n in self.paying) if self.paying else ""
        # the cards discarded for modes (escalate) follow them; retrace's land card its word
        escalated = bool(self.discarding) and bool(self.modes) and self.announces != "retrace"
        forms = {
            "pass-until": f"all pass until {self.until or Point('end')}",
            "pass": f"{p} passes", "hold": f"{p} holds priority",
            "cast": f"{p} casts {first}" + mode_words(self.modes)
                    + (f" discarding {name_list(self.discarding)}" if escalated else "")
                    + (f" splicing {name_list(self.splicing)}" if self.splicing else "") + aim
                    + (f" dividing {name_list(tuple(str(n) for n in self.division))}" if self.division else "")
                    + (f" kicked {self.kicks} times" if self.announces == "kicker" and self.kicks > 1
                       else ANNOUNCE_WORDS.get(self.announces, ""))
                    + (f" discarding {name_list(self.discarding)}" if self.discarding and not escalated
                       else "")
                    + symbol_words(self.symbols, self.x) + helper_words(self.helpers) + pay,
            "mana": f"{p} taps {first} for " + (f"{{{self.adds}}}" if self.adds else "mana"),
            "activate": f"{p} activates {first}"
                        + (f" ability {self.ability}" if self.ability != 1 else "")
                        + mode_words(self.modes) + aim + symbol_words((), self.x) + pay,
            "play": f"{p} plays {first}", "attack": f"{p} attacks with {objects}",
            "turn-up": f"{p} turns {first} face up" + pay,
            "block": f"{p} blocks " + (" and ".join(f"{attacker} with {blocker}"
                                                   for blocker, attacker in self.blocks)
                                       or "with nothing"),
            "discard": f"{p} discards {objects}", "choose": f"{p} chooses {objects}",
            "order": f"{p} orders triggers: {objects}",
            "target": f"{p} targets {name_list(self.targets)} with {first}",
            "order-blockers": f"{p} orders blockers for {first}: " + ", ".join(self.objects[1:]),
            "assign": f"{p} assigns combat damage from {first}: "
                      + ", ".join(f"{n} to {r}" for r, n in self.assignment),
            "shortcut": f"{p} {SHORTCUT_WORDS.get(first, first)}",
        }
        return forms.get(self.verb, f"{p} {self.verb} {objects}")

    def __str__(self) -> str:
        """The line as written, or (for a decision built in Python) as ``line()`` words it."""
        return self.text or self.line()


@dataclass(frozen=True)
class Condition:
    """A fact about a state, e.g. ``("life", "bob", 17)`` for "bob's life is 17";
    ``Condition.parse`` reads it against a state, ``str`` prints it back.

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"]})
    >>> Condition.parse("bob's life is 17", state)
    Condition(kind='life', args=('bob', 17), text="bob's life is 17")
    >>> Condition.parse("carol's life is 17", state)
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.ScenarioError: <input>, field 'condition': unknown player 'carol'. ...
    """

    kind: str
    args: tuple[str | int, ...]
    text: str = field(default="", compare=False)
    """The condition as written (not part of its identity)."""

    @classmethod
    def parse(cls, text: str, state: GameState) -> Condition:
        """A condition as a script writes it, its players and objects checked against
        ``state``."""
        # the one grammar of conditions is the timeline reader's
        from mtgrules.model.read.timeline import parse_condition
        return parse_condition(text, state)

    def line(self) -> str:
        """The condition in a script's words, from its values (whatever its ``text``).

        >>> Condition("life", ("bob", 17)).line()
        "bob's life is 17"
        >>> Condition("counters", ("Grizzly Bears", "plus", 1)).line()
        'Grizzly Bears has 1 +1/+1 counter'
        """
        a = self.args
        s = "" if a and a[-1] == 1 else "s"
        article = "an" if a and str(a[-1])[:1] in "aeiou" else "a"
        forms: dict[str, Callable[[], str]] = {
            "life": lambda: f"{a[0]}'s life is {a[1]}",
            "count": lambda: f"{a[0]} has {a[2]} card{'' if a[2] == 1 else 's'} in {a[1]}",
            "priority": lambda: f"{a[0]} has priority", "nobody_priority": lambda: "nobody has priority",
            "active": lambda: f"{a[0]} is the active player", "step": lambda: f"the step is {a[0]}",
            "stack": lambda: "the stack is empty" if a[0] == 0 else f"the stack has {a[0]} object{s}",
            "lost": lambda: f"{a[0]} has lost", "not_lost": lambda: f"{a[0]} has not lost",
            "knows": lambda: f"{a[0]} knows {a[1]}", "not_knows": lambda: f"{a[0]} does not know {a[1]}",
            "mana": lambda: f"{a[0]}'s mana pool is empty" if a[1] == 0 else f"{a[0]} has {a[1]} mana",
            "turn": lambda: f"the turn is {a[0]}",
            "in_zone": lambda: f"{a[0]} is in " + ("the " if a[1] in ("battlefield", "stack", "exile")
                                                   else "its owner's ") + str(a[1]),
            "tapped": lambda: f"{a[0]} is tapped", "untapped": lambda: f"{a[0]} is untapped",
            "damage": lambda: f"{a[0]} has {a[1]} damage",
            "power": lambda: f"{a[0]}'s power is {a[1]}",
            "toughness": lambda: f"{a[0]}'s toughness is {a[1]}",
            "type": lambda: f"{a[0]} is {article} {a[1]}",
            "not_type": lambda: f"{a[0]} is not {article} {a[1]}",
            "keyword": lambda: f"{a[0]} has {str(a[1]).replace('_', ' ')}",
            "not_keyword": lambda: f"{a[0]} does not have {str(a[1]).replace('_', ' ')}",
            "counters": lambda: f"{a[0]} has {a[2]} "
                                + {"plus": "+1/+1", "minus": "-1/-1"}.get(str(a[1]), str(a[1]))
                                + f" counter{s}",
            "gone": lambda: f"{a[0]} has ceased to exist",
        }
        form = forms.get(self.kind)
        return form() if form else f"{self.kind}{self.args}"

    def __str__(self) -> str:
        """The condition as written, or (built in Python) as ``line()`` words it."""
        return self.text or self.line()


@dataclass(frozen=True)
class Event:
    """One event of a trace: a player's decision or one of the game's own events."""

    time: int
    name: str
    """The event's kind, e.g. ``pass``, ``cast``, ``untap``, ``sba_check``, ``end_step``."""
    args: tuple[object, ...]
    text: str
    """The event in the scenario's terms."""
    rules: tuple[str, ...]
    """Rulebook keys of the laws behind the event."""
    decision: bool
    """Whether a player decided it (otherwise the rules made it happen)."""
    step: str
    """The step in which it happened."""
    priority: str | None
    """Who has priority once the event is over (after the checks), if anyone."""
    stack: int
    """How many objects are on the stack after it."""
    creatures: dict[str, dict[str, object]] = field(default_factory=dict)
    """The creatures on the battlefield after it, as they are (CR 613): object → power,
    toughness, and keywords."""
    active: str = ""
    """Whose turn it is after it."""
    on_stack: tuple[str, ...] = ()
    """The objects on the stack after it, in words, the top first."""
    resolving: str = ""
    """The object resolving after it, if any: still on the stack (CR 608.2n), its top."""
    life: dict[str, int] = field(default_factory=dict)
    """The life totals it changed: player → life after it."""
