"""Every built-in scenario, reported as its own test, must give its expected verdict (the library is
answered once, by the session's ``library_results``)."""
from __future__ import annotations

import pytest

from mtgrules.queries import load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

FILES = builtin_scenario_files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_builtin_scenario_gives_expected_verdict(path, library_results):
    assert load_scenario(path).expect is not None, "built-in scenarios state their expected verdict"
    result = library_results[path.resolve()]
    assert result.error is None, result.error
    assert result.match, (result.word, result.differs, result.refusal
                          or (result.verdict.details, result.verdict.reasons))
    if result.verdict is not None:  # (an expected refusal is no verdict)
        assert result.verdict.citations, "every verdict cites the rules that decided it"


def test_library_is_not_empty():
    assert len(FILES) >= 15
