"""The ``shortcut`` question (MTR 4.2) end to end: the expansion is a trace the core plays again
from its explicit lines, interruptions land where each MTR edition says, MTR editions are read
and refused like CR editions, and a mistake in a question is refused with its field."""
from __future__ import annotations

import warnings

import pytest
from click.testing import CliRunner

from mtgrules.encodings.game import simulate
from mtgrules.encodings.game.shortcuts import expand, script_line
from mtgrules.model.edition import EditionInForce, MtrEdition, rulebook
from mtgrules.model.errors import MtgRulesError, UnknownEditionError, UnsupportedQuestion
from mtgrules.model.read.timeline import parse_line
from mtgrules.model.timeline import END
from mtgrules.queries import expand_shortcut, parse_scenario
from mtgrules.queries.cli import main
from mtgrules.queries.outcome import ShortcutOutcome
from mtgrules.queries.scenario import builtin_scenario_files

LIBRARY = sorted(p for p in builtin_scenario_files() if p.parent.name == "shortcut")
BEARS = {"players": ["alice", "bob"], "active": "alice", "step": "main2", "turn": 3,
         "alice": {"battlefield": ["Grizzly Bears", "Forest"], "library": {"hidden": 5}},
         "bob": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": {"hidden": 5}}}


def test_the_library_has_a_shortcut_scenario_for_every_mtr_edition():
    editions = set()
    for path in LIBRARY:
        q = parse_scenario(path.read_text(encoding="utf-8"), str(path)).question
        editions.add(q.mtr.date)
    assert len(LIBRARY) >= 30
    assert {"2013-02-01", "2016-09-30", "2019-05-03", "2026-02-27"} <= editions


@pytest.mark.parametrize("path", LIBRARY, ids=[p.stem for p in LIBRARY])
def test_an_expansion_played_again_as_a_plain_script_gives_the_same_trace(path):
    """The expansion stands for explicit decisions: written out as a `turn` script (every pass
    it implied said), the core gives the same events — the shortcut adds meaning, never a
    different game. (A scry left unlooked at has no script line: those traces are skipped.)"""
    s = parse_scenario(path.read_text(encoding="utf-8"), str(path))
    x = expand(s.state, s.edition, s.question.mtr, s.question)
    if any("does not scry" in line for line in x.lines):
        pytest.skip("a scry the player did not look at has no line in a turn script")
    if not x.timeline.events:
        pytest.skip("refused before any event")
    script = list(s.question.before) + [parse_line(line, s.state) for line in x.lines]
    plain = simulate(s.state, s.edition, script, END)
    # (the same events, in words: a choice's arguments name its script entry, which differ)
    assert [(e.name, script_line(e)) for e in plain.events] == \
        [(e.name, script_line(e)) for e in x.timeline.events]


def test_go_lands_an_interruption_where_each_mtr_edition_says():
    spark = {**BEARS, "alice": {"battlefield": ["Spark Elemental", "Forest"], "library": {"hidden": 5}}}
    bolt = {"by": "bob", "actions": ["bob taps Mountain for mana",
                                     "bob casts Lightning Bolt targeting Spark Elemental"]}
    steps = {mtr: expand_shortcut(spark, "alice says go", deviation=bolt, mtr=mtr,
                                  end=["the step is main2"]).outcome
             for mtr in ("2016-09-30", "2019-05-03", "2026-02-27")}
    assert steps == {"2016-09-30": ShortcutOutcome.END_NOT_REACHED,
                     "2019-05-03": ShortcutOutcome.INTERRUPTED,
                     "2026-02-27": ShortcutOutcome.INTERRUPTED}
    # no trigger changed: the end step, in every edition
    calm = expand_shortcut(BEARS, "alice says go", end=["the step is end"],
                           deviation={"by": "bob", "actions": ["bob taps Mountain for mana",
                                                               "bob casts Lightning Bolt targeting Grizzly Bears"]})
    assert calm.outcome == ShortcutOutcome.INTERRUPTED


def test_every_implied_decision_cites_the_rule_that_implied_it():
    v = expand_shortcut(BEARS, "alice says go")
    implied = [e for e in v.witness if "⟨implied" in e.event]
    assert implied and all("mtr.shortcut.go" in e.rules for e in implied)
    said = [row for row in v.details["expansion"] if not row["implied"]]
    assert said == [{"line": "alice passes", "implied": False}]


def test_a_standard_shortcut_of_one_edition_only_is_dated():
    ready = rulebook()["mtr.shortcut.ready-for-combat"]
    assert [ready.holds_in(m) for m in MtrEdition.all()] == [True, True, False, False, False, False]
    assert expand_shortcut({**BEARS, "step": "main1"}, "alice is ready for combat",
                           mtr="2016-09-30").outcome == ShortcutOutcome.EXPANDED
    assert expand_shortcut({**BEARS, "step": "main1"}, "alice is ready for combat").outcome \
        == ShortcutOutcome.NOT_STANDARD


def test_an_mtr_date_means_the_edition_in_force_and_an_early_one_is_refused():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert MtrEdition("2020-01-01").date == "2019-05-03"
    assert any(issubclass(w.category, EditionInForce) for w in caught)
    with pytest.raises(UnknownEditionError, match="first .oldest. is 2013-02-01"):
        MtrEdition("2010-01-01")
    with pytest.raises(MtgRulesError, match="question.mtr"):
        expand_shortcut(BEARS, "alice says go", mtr="2012-12-31")


@pytest.mark.parametrize(("kwargs", "field", "says"), [
    ({"shortcut": ["alice casts Lightning Bolt targeting bob", "bob passes"]},
     "question.shortcut", "another player's action is a deviation"),
    ({"shortcut": "alice says go", "deviation": {"by": "alice", "actions": []}},
     "question.deviation.by", "interrupting player"),
    ({"shortcut": "alice says go", "deviation": {"by": "bob", "at": 1, "actions": []}},
     "question.deviation.at", "no 'at'"),
    ({"shortcut": "alice repeats 0 times: alice passes"}, "question.shortcut", "1"),
    ({"shortcut": "alice says hello"}, "question.shortcut", ""),
])
def test_a_mistaken_question_is_refused_with_its_field(kwargs, field, says):
    with pytest.raises(MtgRulesError) as caught:
        expand_shortcut(BEARS, **kwargs)
    assert field in str(caught.value) and says in str(caught.value)


def test_two_headed_giant_is_refused_not_answered(tmp_path):
    path = tmp_path / "thg.yaml"
    path.write_text("name: 2HG attack\nstate: {players: [alice, bob]}\nquestion:\n"
                    "  kind: shortcut\n  format: two-headed-giant\n  shortcut: alice says go\n")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert "Two-Headed Giant" in result.stdout + result.stderr
    with pytest.raises(UnsupportedQuestion):
        parse_scenario(path.read_text(), str(path))


def test_explain_shows_the_expansion_with_its_implied_decisions():
    path = next(p for p in LIBRARY if p.stem == "shortcut_group_deviation_first")
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert result.exit_code == 0
    for fragment in ("verdict: interrupted", "⟨implied⟩", "wound back", "MTR 4.2"):
        assert fragment in result.stdout


def test_a_spell_targeting_a_spell_takes_the_topmost():
    path = next(p for p in LIBRARY if p.stem == "shortcut_counterspell_topmost")
    s = parse_scenario(path.read_text(encoding="utf-8"), str(path))
    x = expand(s.state, s.edition, s.question.mtr, s.question)
    assert x.lines[0] == "bob casts Counterspell targeting Shock"
    assert any("mtr.shortcut.stack-target" in e.rules for e in x.timeline.events)


def test_attacking_with_everything_is_refused_by_name():
    with pytest.raises(UnsupportedQuestion, match="attacks with everything"):
        expand_shortcut({**BEARS, "step": "main1"}, "alice attacks with everything")
