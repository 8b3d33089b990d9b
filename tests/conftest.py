"""Shared fixtures: where the Comprehensive Rules texts are.

The texts are not part of the project (it ships numbers and its own paraphrases, never the
rules' words), so a fresh clone has none and the tests that read them skip, saying why. Point
``MTGRULES_CR_DIR`` at a folder holding ``cr-<date>.txt`` for each edition the project knows
(``mtgrules editions``) to run them; by default they are looked for in ``../shared/cr/`` beside
the repository.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from mtgrules.model.edition import EDITION_DATES

CR_DIR_VARIABLE = "MTGRULES_CR_DIR"
CR_DIR = Path(os.environ.get(CR_DIR_VARIABLE) or Path(__file__).resolve().parents[2] / "shared" / "cr")


@pytest.fixture(scope="session")
def cr_dir() -> Path:
    """The folder of CR texts, ``cr-<date>.txt`` for every known edition; the test skips
    without them."""
    missing = [d for d in EDITION_DATES if not (CR_DIR / f"cr-{d}.txt").is_file()]
    if missing:
        pytest.skip(f"needs the Comprehensive Rules texts, which the project does not ship: "
                    f"{CR_DIR} lacks {len(missing)} of the {len(EDITION_DATES)} cr-<date>.txt files; "
                    f"set {CR_DIR_VARIABLE} to a folder holding them")
    return CR_DIR


@pytest.fixture(scope="session")
def library_results():
    """The built-in library answered once for the whole run (``mtgrules check``'s own call):
    the scenario table, the CLI's table and JSON all read it instead of answering it again."""
    from mtgrules.queries import batch

    return {Path(r.file).resolve(): r for r in batch.check(workers=os.cpu_count() or 1)}


@pytest.fixture(autouse=True)
def _no_worker_terminal_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest-xdist's workers get ``COLUMNS=80``/``LINES=24``: without them the CLI prints at the
    width of a pipe, as it does under a plain ``pytest`` (a test of the width sets its own)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        monkeypatch.delenv("COLUMNS", raising=False)
        monkeypatch.delenv("LINES", raising=False)
