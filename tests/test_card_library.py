"""The built-in card library: at least 150 cards, each named once, each loading with its
behaviour read through the vocabulary, and characteristics consistent with their types."""
from __future__ import annotations

from importlib import resources

import pytest
import yaml

from mtgrules.model.cards import builtin_cards, parse_card, parse_instruction
from mtgrules.model.source import Field

FILES = sorted((p for p in resources.files("mtgrules.model.data.cards").iterdir()
                if p.name.endswith(".yaml")), key=lambda p: p.name)
ENTRIES = [(f.name, entry) for f in FILES for entry in yaml.safe_load(f.read_text(encoding="utf-8"))]
LIBRARY = builtin_cards()


def test_at_least_150_cards_each_named_once():
    names = [str(entry["name"]) for _, entry in ENTRIES]
    assert len(names) >= 150
    twice = sorted({n for n in names if names.count(n) > 1})
    assert not twice, f"named twice: {twice}"
    assert len(LIBRARY) == len(names)  # nothing collapsed by the library


@pytest.mark.parametrize("file, entry", ENTRIES, ids=[str(e["name"]) for _, e in ENTRIES])
def test_every_card_loads_and_its_behaviour_parses(file, entry):
    card = parse_card(Field.of(entry, "card", file))
    assert card == LIBRARY[card.name]
    written = [*entry.get("resolve", []), *entry.get("static", [])]
    for kind in ("triggered", "activated"):
        written += [i for ability in entry.get(kind, []) for i in ability.get("effect", [])]
        # an activated ability's modes (CR 700.2, 602.2b)
        written += [i for ability in entry.get(kind, []) for mode in ability.get("modes", {}).get("options", [])
                    for i in mode.get("resolve", [])]
    for instruction in written:  # each one read by the one reading of the vocabulary
        assert parse_instruction(Field.of(instruction, "instruction", file)).verb == instruction["do"]


@pytest.mark.parametrize("name", sorted(LIBRARY))
def test_characteristics_fit_the_card_types(name):
    card = LIBRARY[name]
    assert (card.power is not None) == (card.toughness is not None)
    if card.is_a("creature"):
        assert card.power is not None, "a creature card prints power and toughness"
    elif card.power is not None:
        pytest.fail("only a creature card prints power and toughness")
    assert (card.loyalty is not None) == card.is_a("planeswalker")
    if card.is_a("land"):
        assert card.mana_cost is None, "a land has no mana cost (CR 305.1)"
    if {"instant", "sorcery"} & card.types:
        assert not card.abilities_of("activated") and not card.abilities_of("mana")


def test_planeswalkers_and_legends_for_the_legend_rule():
    walkers = [c for c in LIBRARY.values() if c.is_a("planeswalker")]
    assert len(walkers) >= 20 and all("legendary" in c.supertypes for c in walkers)
    legends = [c for c in LIBRARY.values() if c.is_a("creature") and "legendary" in c.supertypes]
    assert len(legends) >= 10


def test_tokens_the_library_creates_exist():
    created = {dict(i.params)["card"] for c in LIBRARY.values()
               for i in [*c.resolve, *(x for a in c.abilities for x in a.effect)]
               if i.verb == "create-token"}
    assert created >= {"Goblin", "Spirit", "Saproling", "Soldier"}
    assert all(name in LIBRARY for name in created)
