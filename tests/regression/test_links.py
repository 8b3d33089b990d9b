"""The declared links from encoded rules to rulebook keys (``regression.links``, the forms in
``encodings/README.md``): every key of the newest edition and the encoding rules that declare it;
declarations only in encodings, only of keys the rulebook has, with numbers the rulebook gives."""
from __future__ import annotations

from pathlib import Path

from mtgrules.model.edition import Edition, rulebook
from mtgrules.regression.links import (
    declarations,
    declarations_in,
    declarations_in_text,
    implementing_areas,
    key_locations,
    misplaced,
    unknown,
    wrong_numbers,
)

ROOT = Path(__file__).resolve().parents[2]

UNDECLARED = {
    "cost.payment-choice-announced", "layers.cda", "layers.continues", "layers.order",
    "mtr.shortcut.attack-player",
    "mtr.shortcut.two-headed-giant", "mtr.shortcut.zero-cost",
}
"""Keys that hold in the newest edition and that no encoding implements (most of the layer
system is not modelled; of the tournament shortcuts, those whose subject the core has no words
for: attacks on planeswalkers, Two-Headed Giant, paying a cost of 0 otherwise than by nothing; and
the casting mechanics and the planeswalkers' loyalty abilities, whose rulebook keys were added
before their encodings). A key leaves this list when an encoding declares it; a key that loses its
last declaration fails the test below."""


def test_every_key_of_the_newest_edition_and_the_rules_that_declare_it():
    newest = Edition.newest()
    locations = key_locations()
    table = [(key, locations.get(key, ())) for key, rule in sorted(rulebook().items())
             if rule.holds_in(newest)]
    listing = "\n".join(f"{key}: {', '.join(where) or 'declared by no encoding'}"
                        for key, where in table)
    print(listing)  # the list, shown by `pytest -s` (and by pytest on a failure)
    assert {key for key, where in table if not where} == UNDECLARED, listing
    for _key, where in table:
        for location in where:
            file, _, line = location.rpartition(":")
            assert file.startswith("encodings/") and file.endswith((".lp", ".py")), location
            assert line.isdigit() and int(line) >= 1, location


def test_every_key_is_implemented_by_one_area():
    """Each rulebook key, and the one rule area that implements it (``encodings/common`` for a
    rule several areas read): a key two areas implement is a rule encoded twice, whose copies can
    disagree."""
    areas = implementing_areas()
    listing = "\n".join(f"{key}: {', '.join(areas.get(key, ())) or 'no area'}"
                        for key in sorted(rulebook()))
    print(listing)
    twice = {key: found for key, found in areas.items() if len(found) > 1}
    assert twice == {}, listing


def test_a_second_encoding_encodes_again_what_an_area_implements():
    """A z3 twin declares the keys it encodes again; each must be implemented by an area."""
    areas = implementing_areas()
    seconds = [d for d in declarations() if d.form == "second encoding"]
    assert seconds, "no second encodings found: the reader or apnap/smt.py moved"
    assert [d for d in seconds if d.key not in areas] == []


def test_every_declaration_names_a_rulebook_key_with_its_number():
    assert declarations(), "no declarations found: the reader or the package's files moved"
    assert unknown() == []
    assert wrong_numbers() == []


def test_only_encodings_declare():
    """A question module, the model, the regression tools, a test or a benchmark implements no
    rule: none of them may declare a key."""
    assert misplaced() == []
    for folder in ("tests", "benchmarks"):
        if (ROOT / folder).is_dir():
            assert declarations_in(ROOT / folder, folder) == []


LP = """\
% CR 305.2 (land.one-per-turn): one land a turn.
% more prose
extra_land(P) :- grants(P).

% CR 514.1 (cleanup.discard) with CR 402.2 (hand.max-size): discard to the maximum.
discard_to(P,M) :- max_hand(P,M).
% Prose that mentions CR 101.2 (golden.cant-beats-can) in passing declares nothing.
%@ implements: layers.abilities
has_kw(O,K) :- keyword(O,K).
cites("timing.cast") :- failed(no_priority).  % a comment: "golden.concede" is not a declaration
undecided("apnap.restart") :- restart, not in_force("apnap.restart").
explains("cast.total-cost",floor) :- floor.
event_rule(untap(P),"turn.untap",t) :- occurs(untap(P),t).
"""

PY = """\
def total():
    # CR 601.2f (cast.total-cost): a comment in Python declares nothing
    x = "cost.resources"
    ANNOTATION cost.generic-reduction, cost.snow

    # a comment between the annotation and its code
    return x
""".replace("ANNOTATION", "#@ implements:")   # not written out: this file declares nothing


def test_the_three_forms_and_their_locations():
    found = {(d.key, d.line, d.form, d.number) for d in declarations_in_text(LP, "encodings/x/x.lp")}
    assert found == {
        ("land.one-per-turn", 3, "citation comment", "305.2"),
        ("cleanup.discard", 6, "citation comment", "514.1"),
        ("hand.max-size", 6, "citation comment", "402.2"),
        ("layers.abilities", 9, "annotation", None),
        ("timing.cast", 10, "citation atom", None),
        ("apnap.restart", 11, "citation atom", None),   # in_force in the body; undecided is not
        ("turn.untap", 13, "citation atom", None),
    }
    py = declarations_in_text(PY, "encodings/x/smt.py")
    assert [(d.key, d.location) for d in py] == [("cost.generic-reduction", "encodings/x/smt.py:7"),
                                                 ("cost.snow", "encodings/x/smt.py:7")]
    assert declarations_in_text(LP, "encodings/x/README.md") == []
