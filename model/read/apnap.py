"""Reading an APNAP question (CR 101.4): the simultaneous choices, written out or made by a
card's instructions, whether the game is starting, and a proposed order to check."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgrules.model.apnap import Choice, ChoiceProblem
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.source import Field
from mtgrules.model.state import HIDDEN_ZONES, GameState

ZONES_CHOSEN_FROM = ("battlefield", "hand", "library", "graveyard", "exile")

CardChoices = Callable[[Field, GameState], tuple[tuple[Choice, ...], tuple[str, ...]]]
"""Reads a ``from`` field: the choices the card it names makes the players make, and the
options no one may choose (the APNAP area's reading of the card, ``encodings/apnap``)."""


@dataclass(frozen=True)
class ApnapQuestion:
    problem: ChoiceProblem
    proposed: tuple[str, ...] | None = None
    """A proposed order to check, or ``None`` to ask for the correct order."""

    def __str__(self) -> str:
        mode = "check a proposed order" if self.proposed else "order of choosing"
        return f"{mode}: {len(self.problem.choices)} choices, {len(self.problem.players)} players"


def parse_question(node: Field, state: GameState, from_card: CardChoices) -> ApnapQuestion:
    """A scenario's ``apnap`` question; a card's choices are read by ``from_card``."""
    node.mapping(required=["kind"], optional=["from", "choices", "starting-game",
                                              "starting-player", "proposed"])
    names = state.names
    if node.has("from") == node.has("choices"):
        raise node.error("give exactly one of 'from' (a card whose instructions have each player "
                         "choose) or 'choices' (the choices written out)",
                         "either a 'from' field or a 'choices' list")
    unavailable: tuple[str, ...] = ()
    if node.has("from"):
        choices, unavailable = from_card(node["from"], state)
    else:
        choices = _explicit_choices(node["choices"], names, state)
    starting = node["starting-game"].bool() if node.has("starting-game") else False
    first = state.active
    if node.has("starting-player"):
        if not starting:
            raise node["starting-player"].error("a starting player only matters while starting "
                                                "the game", "'starting-game: true' alongside it")
        first = node["starting-player"].choice(names, "player")
    problem = ChoiceProblem(players=names, first=first, choices=choices, starting_game=starting,
                            unavailable=unavailable)
    proposed = None
    if node.has("proposed"):
        ids = [c.id for c in choices]
        proposed = tuple(p.choice(ids, "choice") for p in node["proposed"].list())
        if sorted(proposed) != sorted(ids):
            missing = sorted(set(ids) - set(proposed))
            raise node["proposed"].error(
                "the proposed order must list every choice exactly once"
                + (f"; missing: {', '.join(missing)}" if missing else "; one is listed twice"),
                f"each of: {', '.join(ids)}")
    return ApnapQuestion(problem, proposed)


def _explicit_choices(node: Field, names: tuple[str, ...], state: GameState) -> tuple[Choice, ...]:
    choices: list[Choice] = []
    seen: dict[str, Field] = {}
    known = [o.id for _, _, o in state.objects()]
    for entry in node.list():
        entry.mapping(required=["id", "player", "choose"],
                      optional=["written", "face-down", "zone", "caused-by", "event", "options"])
        options = None
        if entry.has("options"):  # the objects chosen among; [] : nothing to choose
            options = tuple(o.choice(known, "object") for o in entry["options"].list())
        cid = entry["id"].str()
        if cid in seen:
            raise entry["id"].error(f"the choice id '{cid}' is used twice", "distinct ids")
        seen[cid] = entry
        zone = entry["zone"].choice(ZONES_CHOSEN_FROM, "zone") if entry.has("zone") else "battlefield"
        face_down = entry["face-down"].bool() if entry.has("face-down") else False
        if face_down and zone not in HIDDEN_ZONES:
            raise entry["face-down"].error(
                f"only a card chosen from a hidden zone can stay face down, not one from the {zone}",
                "'zone: hand' or 'zone: library' with 'face-down: true'")
        choices.append(Choice(
            id=cid, player=entry["player"].choice(names, "player"),
            description=entry["choose"].str(),
            event=entry["event"].int(0) if entry.has("event") else 0,
            written=entry["written"].int(1) if entry.has("written") else None,
            face_down=face_down,
            caused_by=entry["caused-by"].str() if entry.has("caused-by") else None,
            options=options))
    for c in choices:
        if c.caused_by is None:
            continue
        field = seen[c.id]["caused-by"]
        if c.caused_by not in seen:
            raise field.unknown(c.caused_by, seen, "choice")
        cause = next(d for d in choices if d.id == c.caused_by)
        if cause.caused_by is not None:
            raise UnsupportedQuestion(
                f"'{c.id}' is caused by '{cause.id}', which is itself caused by another choice; "
                "chains of caused choices are not modelled (one level is).").at(field.location)
        for extra, why in (("event", "a caused choice belongs to its cause's event"),
                           ("written", "a caused choice comes after its cause, outside the "
                                       "written order")):
            if seen[c.id].has(extra):
                raise seen[c.id][extra].error(why, f"no '{extra}' field on a caused choice")
    return tuple(choices)
