"""Shared fixtures: where the reference texts are (they are absent from a fresh clone)."""
from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not (SHARED / "cr").is_dir():
        pytest.skip("the reference texts in ../shared/ are not present")
    return SHARED
