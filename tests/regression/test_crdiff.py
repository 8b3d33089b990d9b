"""The CR diff aligned by text: synthetic updates, the CLI, and the known facts of the real files."""
from __future__ import annotations

import functools
import json

import pytest
from click.testing import CliRunner
from crfiles import cr_text

from mtgrules.model.crtext import parse_rules
from mtgrules.queries.cli import main
from mtgrules.regression.crdiff import align_rules, cr_diff, key_sources, scenario_keys, word_diff

BASE = [("101.1", "Cards may contradict rules, and then the card wins."),
        ("101.2", "When one effect allows and another forbids, forbidding wins."),
        ("101.3", "Do what you can of an impossible instruction and skip the rest."),
        ("101.4", "Simultaneous choices go in turn order from the active player."),
        ("101.4a", "Hidden choices may stay face down until everybody chose."),
        ("500.1", "A turn consists of five phases in a fixed order.")]


def _doc(date, rules, **kw):
    return parse_rules(cr_text(date, rules, **kw))


def _by_old(changes):
    return {c.old: c for c in changes if c.old}


def test_each_kind_of_change_is_found():
    new_rules = [("101.1", "Cards may contradict rules, and then the card wins."),       # unchanged
                 ("101.2", "When one effect allows and another forbids, the forbidding one wins."),
                 ("101.3", "A brand new rule about conceding at any time."),              # added
                 ("101.5", "Do what you can of an impossible instruction and skip the rest."),
                 ("101.6", "Simultaneous choices are made in turn order starting with the active player."),
                 ("500.1", "A turn consists of five phases in a fixed order.")]
    changes = align_rules(_doc("May 1, 2030", BASE), _doc("June 1, 2030", new_rules))
    by_old = _by_old(changes)
    assert by_old["101.1"].status == "unchanged"
    assert by_old["101.2"].status == "reworded" and by_old["101.2"].diff == (
        "When one effect allows and another forbids, {+the+} forbidding {+one+} wins.")
    assert (by_old["101.3"].status, by_old["101.3"].new) == ("renumbered", "101.5")
    assert (by_old["101.4"].status, by_old["101.4"].new) == ("moved-and-reworded", "101.6")
    assert by_old["101.4a"].status == "removed"
    assert [c.new for c in changes if c.status == "added"] == ["101.3"]


def test_typography_is_not_a_change_and_references_only_are_flagged():
    old = [("101.1", "A player can't do it -- see rule 101.2."), ("101.2", 'It says "no" . . . twice.')]
    new = [("101.1", "A player can\u2019t  do it \u2014 see rule 101.3."),
           ("101.3", "It says \u201cno\u201d \u2026 twice.")]
    by_old = _by_old(align_rules(_doc("May 1, 2030", old), _doc("June 1, 2030", new)))
    assert by_old["101.2"].status == "renumbered" and not by_old["101.2"].references_only
    assert by_old["101.1"].status == "unchanged" and by_old["101.1"].references_only


def test_a_changed_example_changes_its_rule():
    old = _doc("May 1, 2030", BASE, examples={"101.2": ["Yes and no make no."]})
    new = _doc("June 1, 2030", BASE, examples={"101.2": ["Yes and no make a firm no."]})
    assert _by_old(align_rules(old, new))["101.2"].status == "reworded"


def test_word_diff_marks_removed_and_added_words():
    assert word_diff("the red fox jumps", "the quick red fox leaps") == \
        "the {+quick+} red fox [-jumps-] {+leaps+}"


def test_glossary_is_aligned_by_term(tmp_path):
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(cr_text("August 7, 2026", BASE, glossary={"Duel": "Two players.", "Mana": "Energy."}))
    new.write_text(cr_text("December 1, 2026", BASE, glossary={"Duel": "Exactly two players.",
                                                                "Turn": "Five phases."}), newline="")
    diff = cr_diff(old, new)
    status = {g.term: g.status for g in diff.glossary}
    assert status == {"Duel": "reworded", "Mana": "removed", "Turn": "added"}


def test_impact_names_the_encoded_rules_and_scenarios(tmp_path):
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(cr_text("August 7, 2026", BASE))
    moved = [(n, t) for n, t in BASE if n != "101.2"] + [("101.7", BASE[1][1])]
    new.write_text(cr_text("December 1, 2026", moved))
    diff = cr_diff(old, new)
    assert diff.new_edition.date == "2026-08-07"       # an unknown edition: newest numbering
    impact = {k.key: k for k in diff.affected}
    cant = impact["golden.cant-beats-can"]
    assert (cant.status, cant.text_now_at) == ("renumbered", "101.7")
    assert any(e.startswith("encodings/") and e.endswith("/golden.lp") for e in cant.encodings)
    assert "golden_explore_vs_turf_wound" in cant.scenarios
    assert "101.2 is not in the new file" in cant.drift and "101.7" in cant.drift
    assert "golden.card-overrides-rule" not in impact   # its text did not change


def test_every_key_named_by_an_encoding_exists():
    sources = key_sources()   # paths inside the package, whatever folders the areas live in
    assert any(e.startswith("encodings/") and e.endswith("/golden.lp")
               for e in sources["golden.cant-beats-can"])
    assert any(e.startswith("encodings/") and e.endswith(".py") and "apnap" in e
               for e in sources["apnap.restart"])     # the z3 encoding of the restart
    keys = scenario_keys()
    assert "apnap.restart" in keys["apnap_restart"]
    assert "golden.cant-beats-can" in keys["golden_explore_vs_turf_wound_2008"]  # 103.2 in 2008


def _invoke(*args):
    return CliRunner().invoke(main, ["cr-diff", *map(str, args)])


def test_cli_exit_codes_and_json(tmp_path):
    old, same, changed = tmp_path / "old.txt", tmp_path / "same.txt", tmp_path / "new.txt"
    old.write_text(cr_text("August 7, 2026", BASE))
    same.write_text(cr_text("December 1, 2026", BASE).replace("\r\n", "\n"))
    result = _invoke(old, same)
    assert result.exit_code == 0, result.output
    assert "To add it" in " ".join(result.stdout.split())   # how to add an unknown edition
    changed.write_text(cr_text("December 1, 2026", [(n, t + " Always." if n == "101.4" else t)
                                                     for n, t in BASE]))
    result = _invoke(old, changed, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["counts"]["reworded"] == 1
    assert {k["key"] for k in data["impact"]} >= {"apnap.order"}


@pytest.mark.parametrize("content", [b"just notes\n", b"\x00\x00", b""])
def test_cli_refuses_bad_files_with_exit_2(tmp_path, content):
    bad, good = tmp_path / "bad.txt", tmp_path / "good.txt"
    bad.write_bytes(content)
    good.write_text(cr_text("August 7, 2026", BASE))
    for args in ((bad, good), (good, bad), (good, tmp_path / "absent.txt")):
        result = _invoke(*args)
        assert result.exit_code == 2 and "error" in result.stderr and "Traceback" not in result.output
        assert str(args[0] if args[0] != good else args[1]) in " ".join(result.stderr.split())


def test_cli_refuses_a_file_older_than_every_known_edition(tmp_path):
    old = tmp_path / "old.txt"
    old.write_text(cr_text("June 1, 1999", BASE))
    result = _invoke(old, old)
    assert result.exit_code == 2 and "oldest" in result.stderr


# -- the known facts of the real files --------------------------------------------------------

@functools.cache
def _real(cr_dir, old, new):
    return cr_diff(cr_dir / f"cr-{old}.txt", cr_dir / f"cr-{new}.txt")


def test_foundations_update_renumbers_509_5_to_509_3(cr_dir):
    diff = _real(cr_dir, "2024-09-20", "2024-11-08")
    by_old = diff.by_old()
    for letter in ("", "a", "b", "c", "d", "e", "f", "g"):
        change = by_old[f"509.5{letter}"]
        assert (change.status, change.new) == ("renumbered", f"509.3{letter}")
    assert by_old["509.2"].status == "removed"
    impact = {k.key: k for k in diff.affected}
    assert impact["combat.damage-assignment-order"].status == "removed"
    assert not any(k.drift for k in diff.impact)
    result = CliRunner().invoke(main, ["cr-diff", str(cr_dir / "cr-2024-09-20.txt"),
                                       str(cr_dir / "cr-2024-11-08.txt"), "--section", "509"])
    assert result.exit_code == 1
    text = " ".join(result.stdout.split())
    assert "renumbered │ 509.5 │ 509.3" in text and "combat.declare-blockers" in text


def test_magic_2010_moves_golden_rules_and_turn_structure(cr_dir):
    diff = _real(cr_dir, "2009-05-01", "2009-07-11")
    by_old = diff.by_old()
    assert (by_old["103.1"].status, by_old["103.1"].new) == ("renumbered", "101.1")
    for n in ("103.4", "103.4a", "103.4b", "103.4c"):
        assert by_old[n].status == "renumbered" and by_old[n].new == "101" + n[3:]
    assert by_old["300.1"].new == "500.1" and by_old["301.1"].new == "501.1"
    # chapter 3 "Turn Structure" became chapter 5: every rule of it that survived went there
    kept = [c for c in diff.rules if c.old and c.old.startswith("3") and c.new]
    assert len(kept) >= 50 and all(c.new.startswith("5") for c in kept)
    encodings = {e for k in diff.affected if k.key.startswith(("golden.", "apnap."))
                 for e in k.encodings}
    assert {"golden.lp", "apnap.lp"} <= {e.rsplit("/", 1)[-1] for e in encodings}
    assert any(e.startswith("encodings/") and e.endswith(".py") and "apnap" in e for e in encodings)


SHORTCUTS = [("2009-10-01", "2016-07-22", "713", "718"), ("2016-07-22", "2016-11-11", "718", "719"),
             ("2016-11-11", "2024-07-30", "719", "729"), ("2024-11-08", "2026-01-16", "729", "731"),
             ("2026-01-16", "2026-08-07", "731", "732")]


@pytest.mark.parametrize("old, new, before, after", SHORTCUTS)
def test_taking_shortcuts_moves(cr_dir, old, new, before, after):
    diff = _real(cr_dir, old, new)
    by_old = diff.by_old()
    assert by_old[f"{before}.1"].new == f"{after}.1"
    assert by_old[f"{before}.1"].status in ("renumbered", "moved-and-reworded")
    moved = [c for c in diff.rules if c.old and c.old.split(".")[0] == before]
    assert sum(c.new is not None and c.new.split(".")[0] == after for c in moved) >= len(moved) - 2


def test_2026_update_renumbers_317_rules_without_changing_their_text(cr_dir):
    diff = _real(cr_dir, "2024-11-08", "2026-01-16")
    exact = [c for c in diff.rules if c.status == "renumbered" and not c.references_only]
    assert len(exact) == 317


def test_an_unknown_new_edition_is_diffed_against_the_newest_known(cr_dir, tmp_path):
    """A future edition, made at test time from the newest real file: a new date, and rule 101.2
    moved to 101.9. The diff finds the move, reports the drift, and says how to add the edition."""
    newest = cr_dir / "cr-2026-08-07.txt"
    text = newest.read_text(encoding="utf-8").replace("August 7, 2026", "December 4, 2026", 1)
    lines = text.split("\n")
    body = max(i for i, line in enumerate(lines) if line.startswith("101.2. "))
    lines[body] = "101.9. " + lines[body][len("101.2. "):]
    future = tmp_path / "cr-future.txt"
    future.write_text("\n".join(lines), encoding="utf-8")
    diff = cr_diff(newest, future)
    assert (diff.new_date, diff.new_edition.date) == ("2026-12-04", "2026-08-07")
    assert diff.by_old()["101.2"].status == "renumbered" and diff.by_old()["101.2"].new == "101.9"
    assert diff.counts()["renumbered"] == 1 and diff.counts()["unchanged"] == len(diff.rules) - 1
    [drift] = [k for k in diff.impact if k.drift]
    assert drift.key == "golden.cant-beats-can" and "now 101.9" in drift.drift
    result = CliRunner().invoke(main, ["cr-diff", str(newest), str(future)])
    assert result.exit_code == 1
    out = " ".join(result.stdout.split())
    assert "EDITION_DATES" in out and "model/data/rules.yaml" in out


def test_rulebook_has_no_citation_drift_across_the_twelve_editions_but_five_judgment_calls(cr_dir):
    """Every consecutive update: the rulebook's numbers hold the text it cited before. The five
    flags are the 2008 numbers rules.yaml itself marks as the closest equivalent (a sentence inside
    409.1b for one alternative cost, and inside 101.6b for the multiplayer first draw; 408.1c for
    who gets priority), or 2008 rules the Magic 2010 rules split in two: haste's 502.5b (attacking
    went to 702.10b, {T} abilities to 702.10c: the key cites the first) and dependency's 418.5c
    (612.7, its definition in 612.7a: the key cites the rule)."""
    from mtgrules.model.edition import EDITION_DATES

    flags = set()
    for old, new in zip(EDITION_DATES, EDITION_DATES[1:]):
        flags |= {(old, new, k.key) for k in _real(cr_dir, old, new).impact if k.drift}
    assert flags == {("2009-05-01", "2009-07-11", "cost.alternative-one"),
                     ("2009-05-01", "2009-07-11", "turn.first-draw-multiplayer"),
                     ("2009-05-01", "2009-07-11", "priority.when"),
                     ("2009-05-01", "2009-07-11", "keyword.haste"),
                     ("2009-05-01", "2009-07-11", "layers.dependency")}


def test_cli_refuses_a_bad_section(tmp_path):
    cr = tmp_path / "cr.txt"
    cr.write_text(cr_text("August 7, 2026", BASE))
    result = _invoke(cr, cr, "--section", "5; rm")
    assert result.exit_code == 2 and "expected a chapter" in result.stderr
