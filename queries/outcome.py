"""The outcome words of each question kind, as enums: a ``Verdict``'s ``outcome`` is always a
member of its kind's enum, and its value is the word the JSON output shows."""
from __future__ import annotations

from enum import Enum

from mtgrules.model.read.expect import REFUSED


class Outcome(str, Enum):
    """An outcome word of one question kind; its value is the word the JSON output shows."""

    def __str__(self) -> str:
        return str(self.value)


class GoldenOutcome(Outcome):
    """The outcomes of a golden-rules question (CR 101).

    >>> GoldenOutcome("forbidden") is GoldenOutcome.FORBIDDEN, str(GoldenOutcome.FORBIDDEN)
    (True, 'forbidden')
    """

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    HAPPENS = "happens"
    DOES_NOT_HAPPEN = "does-not-happen"
    PERFORMED = "performed"
    PARTIALLY_PERFORMED = "partially-performed"
    NOTHING_HAPPENS = "nothing-happens"
    HAS = "has"
    HAS_NOT = "has-not"
    NOT_DECIDED = "not-decided"


class ApnapOutcome(Outcome):
    """The outcomes of an APNAP question (CR 101.4).

    >>> [o.value for o in ApnapOutcome][:2]
    ['determined', 'player-orders']
    """

    DETERMINED = "determined"
    """One correct order."""
    PLAYER_ORDERS = "player-orders"
    """Several: a player orders their own unordered choices."""
    CORRECT = "correct"
    LEAK = "leak"
    OUT_OF_ORDER = "out-of-order"
    NOT_DECIDED = "not-decided"
    """The edition has no rule for the situation."""


class SequencingOutcome(Outcome):
    """The outcomes of an out-of-order sequencing question (MTR 4.3).

    >>> SequencingOutcome.DOES_NOT_STAND == "does-not-stand"
    True
    """

    STANDS = "stands"
    DOES_NOT_STAND = "does-not-stand"


class CastOutcome(Outcome):
    """The outcomes of a casting question (CR 601.2).

    >>> list(CastOutcome)
    [<CastOutcome.LEGAL: 'legal'>, <CastOutcome.ILLEGAL: 'illegal'>]
    """

    LEGAL = "legal"
    ILLEGAL = "illegal"


class CostOutcome(Outcome):
    """The outcomes of a cost question. ``TOTAL`` answers a total-cost question: the total
    itself, in mana symbols (``{1}{G}``), is the verdict's ``total`` and the word its JSON
    shows.

    >>> CostOutcome("total")
    <CostOutcome.TOTAL: 'total'>
    """

    PAYABLE = "payable"
    UNPAYABLE = "unpayable"
    TOTAL = "total"
    ILLEGAL = "illegal"
    """The announcements can't be made together (CR 601.2b): the cast fails before a total
    is determined."""


class TurnOutcome(Outcome):
    """The outcomes of a question about the game in time.

    >>> TurnOutcome("needs-decision").name
    'NEEDS_DECISION'
    """

    REACHED = "reached"
    GAME_OVER = "game-over"
    ILLEGAL_ACTION = "illegal-action"
    NEEDS_DECISION = "needs-decision"
    HOLDS = "holds"
    DOES_NOT_HOLD = "does-not-hold"
    POSSIBLE = "possible"
    IMPOSSIBLE = "impossible"


class CombatOutcome(Outcome):
    """The outcomes of a question about one combat damage step. ``COUNT`` and ``BEST`` are
    valued: the number of legal assignments, or the best value for the first goal, is the
    verdict's ``total`` and the word its JSON shows.

    >>> CombatOutcome("possible")
    <CombatOutcome.POSSIBLE: 'possible'>
    """

    POSSIBLE = "possible"
    IMPOSSIBLE = "impossible"
    LEGAL = "legal"
    ILLEGAL = "illegal"
    COUNT = "count"
    BEST = "best"


class ShortcutOutcome(Outcome):
    """The outcomes of a tournament shortcut (MTR 4.2) played out on the core.

    >>> ShortcutOutcome("stopped").name
    'STOPPED'
    """

    EXPANDED = "expanded"
    """Played out to its end, and its declared end state (if any) holds there."""
    END_NOT_REACHED = "end-not-reached"
    """Played out to its end (or its interruption), where the declared end state does not hold."""
    INTERRUPTED = "interrupted"
    """Played out to another player's interruption, made where the MTR puts it, and their
    actions; the proposer decides again. With an interruption, the question's ``end`` is the
    state it is expected to leave (``end-not-reached`` where that does not hold)."""
    STOPPED = "stopped"
    """A part became illegal, and the shortcut stops at that point (MTR 4.2, 2024 on)."""
    ILLEGAL = "illegal"
    """A part is illegal, in an MTR edition that does not stop a shortcut there."""
    NEEDS_DECISION = "needs-decision"
    """A decision the shortcut does not make is due before its end (a target, a choice an
    opponent must confirm)."""
    NOT_STANDARD = "not-standard"
    """Its words are no standard shortcut of the MTR edition."""
    GAME_OVER = "game-over"


OUTCOMES: dict[str, type[Outcome]] = {
    "golden": GoldenOutcome, "apnap": ApnapOutcome, "sequencing": SequencingOutcome,
    "cast": CastOutcome, "cost": CostOutcome, "turn": TurnOutcome, "combat": CombatOutcome,
    "shortcut": ShortcutOutcome}
"""The outcome enum of each question kind."""


def outcome_words(kind: str) -> list[str]:
    """The words a scenario may expect for a kind (a valued outcome is expected as its value:
    a cost total in mana symbols, never the word ``total``; a combat count as a number), and
    ``refused``.

    >>> outcome_words("cast")
    ['legal', 'illegal', 'refused']
    >>> outcome_words("cost")
    ['payable', 'unpayable', 'illegal', 'refused']
    """
    return [*(o.value for o in OUTCOMES[kind] if o not in VALUED), REFUSED]


VALUED: tuple[Outcome, ...] = (CostOutcome.TOTAL, CombatOutcome.COUNT, CombatOutcome.BEST)
"""Outcomes whose verdict is a value (``Verdict.total``): a cost total in mana symbols, a
number of combat damage assignments, a best value."""
