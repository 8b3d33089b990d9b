"""Reading a ``shortcut`` question: a tournament shortcut a player proposes (MTR 4.2), the
decisions before it, its declared end state, and another player's interruption. Values only:
what each shortcut means is the encodings' (``encodings/game/shortcuts.lp``)."""
from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

from mtgrules.model.edition import EditionInForce, MtrEdition
from mtgrules.model.errors import UnknownEditionError, UnsupportedQuestion
from mtgrules.model.read.timeline import MAX_CONDITIONS, MAX_SCRIPT, parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.timeline import SHORTCUT_WORDS, Condition, Decision

MAX_LOOP = 100
"""The most iterations a loop may propose (each is played out on the core)."""

PROPOSAL_FORMS = (
    "P says go", "P passes", "P is ready for combat", "P declares no attacks",
    "P casts CARD [targeting X][, choosing Y]", "P activates OBJECT [targeting X]",
    "P holds priority", "P repeats N times: LINE; LINE", "any other script line of P's",
)
FORMATS = ("two-player", "two-headed-giant")


@dataclass(frozen=True)
class Deviation:
    """Another player interrupting the shortcut (MTR 4.2): at which of the proposal's objects
    (or after how many iterations of its loop) — ``None`` for a standard shortcut, whose rule
    says where — and what they do (nothing: they asked for priority and took no action)."""

    player: str
    at: int | None
    actions: tuple[Decision, ...]


@dataclass(frozen=True)
class ShortcutQuestion:
    mtr: MtrEdition
    before: tuple[Decision, ...]
    """The decisions up to the point where the shortcut is proposed."""
    proposer: str
    proposal: tuple[Decision, ...]
    """The proposal's lines, a loop's iterations written out."""
    announced: tuple[int, ...] = ()
    """The proposal's lines (0-based) that are choices announced with the object before them."""
    loop: tuple[int, int] | None = None
    """(iterations, lines per iteration) when the proposal is a loop (CR 732.2a)."""
    end: tuple[Condition, ...] = ()
    """The declared end state."""
    deviation: Deviation | None = None

    def __str__(self) -> str:
        said = "; ".join(str(d) for d in self.proposal[:3]) + ("; …" if len(self.proposal) > 3 else "")
        return f"{self.proposer}: {said}" + (f" — {self.deviation.player} interrupts"
                                             if self.deviation else "")


def _proposal_line(node: Field, state: GameState) -> list[tuple[Decision, bool]]:
    """One line of a proposal: the decisions it stands for, each with whether it is a choice
    announced with the object before it."""
    text = " ".join(node.str().split())
    m = re.fullmatch(r"(\w+) (says go|says your turn|passes|is ready for combat|declares no attacks)",
                     text)
    if m:
        if m.group(1) not in state.names:
            parse_line(node, state)  # refused there, with the players it knows
        said = "says go" if m.group(2) == "says your turn" else m.group(2)
        word = next(w for w, words in SHORTCUT_WORDS.items() if words == said)
        return [(Decision("shortcut", m.group(1), (word,), text=text), False)]
    if re.fullmatch(r"\w+ attacks with (everything|everyone|all)", text):
        raise UnsupportedQuestion("'attacks with everything' is not modelled: which creatures are "
                                  "able to attack has no words in a script yet; name them "
                                  "('alice attacks with A, B')", field=node.path)
    m = re.fullmatch(r"(.+?), choosing (.+)", text)
    if m:
        obj = parse_line(Field.of(m.group(1), node.path, node.file), state)
        if obj.verb not in ("cast", "activate"):
            raise node.error("a choice announced with something other than a spell or an ability",
                             "'P casts CARD, choosing X' or 'P activates OBJECT, choosing X'")
        choice = parse_line(Field.of(f"{obj.player} chooses {m.group(2)}", node.path, node.file), state)
        return [(obj, False), (choice, True)]
    return [(parse_line(node, state), False)]


def parse_question(node: Field, state: GameState) -> ShortcutQuestion:
    """A scenario's ``shortcut`` question."""
    node.mapping(required=["kind", "shortcut"],
                 optional=["mtr", "before", "end", "deviation", "format"])
    if node.has("format") and node["format"].choice(FORMATS, "format") == "two-headed-giant":
        raise UnsupportedQuestion(
            "Two-Headed Giant (CR 810) is not modelled: the core has no shared team turns, life "
            "or attacks on a team, so MTR 4.2's shortcut for its attacks can't be expanded",
            field="question.format")
    mtr = _mtr(node["mtr"]) if node.has("mtr") else MtrEdition.newest()
    before = tuple(parse_line(f, state) for f in node["before"].list()[:MAX_SCRIPT + 1]) \
        if node.has("before") else ()
    lines = node["shortcut"].list(allow_single=True)
    if not lines or len(lines) > MAX_SCRIPT:
        raise node["shortcut"].error(f"{len(lines)} lines", f"1 to {MAX_SCRIPT} proposal lines: "
                                     + "; ".join(PROPOSAL_FORMS))
    proposal: list[tuple[Decision, bool]] = []
    loop = None
    for f in lines:
        m = re.fullmatch(r"(\w+) repeats (\d+) times?: (.+)", " ".join(f.str().split()))
        if m:
            if len(lines) != 1:
                raise f.error("a loop among other lines", "a loop as the proposal's one line")
            times = Field.of(int(m.group(2)), f.path, f.file).int(1, MAX_LOOP)
            read: list[tuple[Decision, bool]] = []
            for part in m.group(3).split(";"):
                read += _proposal_line(Field.of(part.strip(), f.path, f.file), state)
            loop = (times, len(read))
        else:
            read = _proposal_line(f, state)
        proposer = proposal[0][0].player if proposal else read[0][0].player
        for d, _ in read:
            if d.player != proposer:
                raise f.error(f"a line of {d.player}'s in {proposer}'s proposal",
                              f"lines of {proposer}'s only: another player's action is a deviation")
        proposal += read * (loop[0] if loop else 1)
    proposer = proposal[0][0].player or ""
    if len(proposal) > MAX_SCRIPT:
        raise node["shortcut"].error(f"{len(proposal)} decisions once the loop is written out",
                                     f"at most {MAX_SCRIPT}")
    end = tuple(parse_condition(c, state) for c in node["end"].list()[:MAX_CONDITIONS + 1]) \
        if node.has("end") else ()
    if len(end) > MAX_CONDITIONS:
        raise node["end"].error(f"{len(end)} conditions", f"at most {MAX_CONDITIONS}")
    deviation = _deviation(node["deviation"], state, proposer, [d for d, _ in proposal], loop) \
        if node.has("deviation") else None
    return ShortcutQuestion(mtr, before, proposer, tuple(d for d, _ in proposal),
                            tuple(i for i, (_, a) in enumerate(proposal) if a), loop, end, deviation)


def _mtr(node: Field) -> MtrEdition:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", EditionInForce)
        try:
            return MtrEdition(str(node.value))
        except UnknownEditionError as exc:
            raise node.error(str(exc), "an MTR edition's date, e.g. 2026-02-27") from None


def _deviation(node: Field, state: GameState, proposer: str, proposal: list[Decision],
               loop: tuple[int, int] | None) -> Deviation:
    node.mapping(required=["by", "actions"], optional=["at"])
    who = node["by"].choice([p for p in state.names if p != proposer], "interrupting player")
    actions = tuple(parse_line(f, state) for f in node["actions"].list()[:MAX_SCRIPT + 1])
    for d, f in zip(actions, node["actions"].list()):
        if d.player != who:
            raise f.error(f"an action of {d.player}'s", f"{who}'s actions only")
    standard = any(d.verb == "shortcut" for d in proposal)
    objects = sum(d.verb in ("cast", "activate") for d in proposal)
    if not node.has("at"):
        if not standard:
            raise node.error("no 'at'", "at: after which object of the proposal (1 = the first "
                             "put on the stack), or, for a loop, after how many iterations")
        return Deviation(who, None, actions)
    if loop is not None:
        return Deviation(who, node["at"].int(0, MAX_LOOP), actions)
    if not objects:
        raise node["at"].error("'at' with a proposal that puts no object on the stack",
                               "no 'at': the standard shortcut's rule says where the other "
                               "player acts")
    return Deviation(who, node["at"].int(1, objects), actions)

