"""The one reading of the card vocabulary: what a card's instructions, abilities and costs
say, for every rule area (no area reads card parameters on its own)."""
from __future__ import annotations

from mtgrules.model.cards import Ability, Card, Instruction
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.mana import ManaCost
from mtgrules.model.state import GameState


def card_at(state: GameState, object_id: str) -> Card:
    """The card of an object, which must be visible."""
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    if card is None:
        raise UnsupportedQuestion(f"'{object_id}' is a hidden card; its cost can't be known")
    return card


def printed_cost(card: Card, ability: int | None) -> ManaCost | None:
    """The mana cost of the card (``ability`` None) or of its ``ability``-th ability."""
    if ability is None:
        return ManaCost.parse(card.mana_cost) if card.mana_cost else None
    item = activated_ability(card, ability)
    mana = [dict(c).get("mana") for c in item.cost if isinstance(c, tuple)]
    text = "".join(m for m in mana if m)
    return ManaCost.parse(text) if text else ManaCost()


def activated_ability(card: Card, n: int) -> Ability:
    """The ``n``-th (1-based) activated or mana ability: activated abilities first."""
    return (card.abilities_of("activated") + card.abilities_of("mana"))[n - 1]


def statics_at(state: GameState, object_id: str) -> list[Instruction]:
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    return list(card.statics()) if card else []


def mana_abilities_at(state: GameState, object_id: str) -> list[Ability]:
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    return card.abilities_of("mana") if card else []


def sacrifice_cost(ability: Ability) -> str | None:
    """What an ability's cost sacrifices (``self``, ``creature`` …), if anything."""
    for c in ability.cost:
        if isinstance(c, tuple) and dict(c).get("sacrifice"):
            return dict(c)["sacrifice"]
    return None

