"""Shared fixtures: where the Comprehensive Rules texts are.

The texts are not part of the project (it ships numbers and its own paraphrases, never the
rules' words), so a fresh clone has none and the tests that read them skip, saying why. Point
``MTGRULES_CR_DIR`` at a folder holding ``cr-<date>.txt`` for each edition the project knows
(``mtgrules editions``) to run them; by default they are looked for in ``../shared/cr/`` beside
the repository.
"""
from __future__ import annotations

import os
import pickle
import time
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
def library_results(tmp_path_factory: pytest.TempPathFactory):
    """The built-in library answered once for the whole run (``mtgrules check``'s own call):
    the scenario table, the CLI's table and JSON all read it instead of answering it again.
    A session fixture is built once per xdist worker, and this one is minutes of CPU: the
    first worker to ask answers it (on every core) and leaves it in the run's shared temporary
    folder; the others wait for it. (``--dist loadgroup`` would keep its tests on one worker,
    but it groups nothing under pytest 9.2: pytest-xdist issue 1386.)"""
    from mtgrules.queries import batch

    def answer():
        return {Path(r.file).resolve(): r for r in batch.check(workers=os.cpu_count() or 1)}

    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return answer()
    shared = tmp_path_factory.getbasetemp().parent  # one per run, each worker's basetemp in it
    done, failed = shared / "library_results.pickle", shared / "library_results.failed"
    try:  # creating the file is the lock: exactly one worker succeeds
        os.close(os.open(shared / "library_results.lock", os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        while not done.exists():
            if failed.exists():
                pytest.fail("the worker answering the library failed (its error is in its report)")
            time.sleep(1)
        return pickle.loads(done.read_bytes())
    try:
        results = answer()
    except BaseException:
        failed.touch()
        raise
    partial = shared / "library_results.partial"
    partial.write_bytes(pickle.dumps(results))
    partial.replace(done)  # whole or absent to the others
    return results


@pytest.fixture(autouse=True)
def _no_worker_terminal_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest-xdist's workers get ``COLUMNS=80``/``LINES=24``: without them the CLI prints at the
    width of a pipe, as it does under a plain ``pytest`` (a test of the width sets its own)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        monkeypatch.delenv("COLUMNS", raising=False)
        monkeypatch.delenv("LINES", raising=False)
