"""apnap.lp and apnap_check.lp on hand-written facts: the exact answer sets of each case."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

from mtgrules.encodings.apnap import PROGRAMS

TWO = 'players(2). seat("a",0). seat("b",1). '
ORDER = 'uses("apnap.order")'
CASES = {
    "the active player first, and the other knows the choice": (
        TWO + 'first("a"). choice("x"). chooser("x","a"). event("x",0). '
              'choice("y"). chooser("y","b"). event("y",0).', "2026-08-07",
        [['before("x","y")', 'knows("y","x")', ORDER, 'uses("apnap.knowledge")']]),
    "the active player is the second seat": (
        TWO + 'first("b"). choice("x"). chooser("x","a"). event("x",0). '
              'choice("y"). chooser("y","b"). event("y",0).', "2026-08-07",
        [['before("y","x")', 'knows("x","y")', ORDER, 'uses("apnap.knowledge")']]),
    # 101.4b's exception (101.4a): the answer rests on both rules
    "a face-down card stays unknown (CR 101.4a, 101.4b)": (
        TWO + 'first("a"). choice("x"). chooser("x","a"). event("x",0). face_down("x"). '
              'choice("y"). chooser("y","b"). event("y",0).', "2026-08-07",
        [['before("x","y")', ORDER, 'uses("apnap.hidden-face-down")', 'uses("apnap.knowledge")']]),
    "one player's unwritten choices in either order (CR 101.4c)": (
        TWO + 'first("a"). choice("x"). chooser("x","a"). event("x",0). '
              'choice("z"). chooser("z","a"). event("z",0).', "2026-08-07",
        [['before("z","x")', 'knows("x","z")', ORDER, 'uses("apnap.own-order")'],
         ['before("x","z")', 'knows("z","x")', ORDER, 'uses("apnap.own-order")']]),
    "events one after another, whatever the seats": (
        TWO + 'first("a"). choice("x"). chooser("x","a"). event("x",1). '
              'choice("y"). chooser("y","b"). event("y",0).', "2026-08-07",
        [['before("y","x")', 'knows("x","y")', ORDER, 'uses("apnap.knowledge")']]),
    "starting the game is undecided before the rule existed (CR 101.4e)": (
        TWO + 'first("b"). starting_game. choice("x"). chooser("x","a"). event("x",0).',
        "2016-11-11",
        [['undecided("apnap.starting-game")', ORDER]]),
}


@pytest.mark.parametrize(("facts", "edition", "expected"), CASES.values(), ids=CASES.keys())
def test_apnap_lp_answer_sets(facts, edition, expected):
    assert answer_sets(PROGRAMS, facts, edition) == normal(expected)


def test_a_cycle_of_precedences_has_no_answer_set():
    facts = TWO + ('first("a"). choice("x"). chooser("x","a"). caused("x","y"). '
                   'choice("y"). chooser("y","b"). caused("y","x").')
    assert answer_sets(PROGRAMS, facts) == []


CHECK = {
    "a choice made before one that had to come first, seen": (
        'proposed("y",1). proposed("x",2). possible_before("x","y"). '
        'chooser("x","a"). chooser("y","b").',
        [['learned("x","y")', 'misplaced("x","y")']]),
    "the same, face down: misplaced but nothing learned": (
        'proposed("y",1). proposed("x",2). possible_before("x","y"). '
        'chooser("x","a"). chooser("y","b"). face_down("y").',
        [['misplaced("x","y")']]),
    "an order some correct order allows": (
        'proposed("x",1). proposed("y",2). possible_before("x","y"). '
        'chooser("x","a"). chooser("y","b").',
        [[]]),
}


@pytest.mark.parametrize(("facts", "expected"), CHECK.values(), ids=CHECK.keys())
def test_apnap_check_lp_answer_sets(facts, expected):
    assert answer_sets("apnap/apnap_check", facts) == normal(expected)
