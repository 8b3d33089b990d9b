"""Guard: the analysis notebooks the suite executes (through nbmake) are all there."""
from __future__ import annotations

from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
EXPECTED = {"01_apnap_knowledge.ipynb", "02_out_of_order_information.ipynb", "04_editions.ipynb",
            "03_cost_modifiers.ipynb", "06_rules_updates.ipynb"}


def test_expected_notebooks_are_present():
    assert EXPECTED <= {p.name for p in NOTEBOOKS.glob("*.ipynb")}


def test_notebooks_use_only_the_public_api():
    for path in NOTEBOOKS.glob("*.ipynb"):
        text = path.read_text()
        assert "mtgrules.encodings" not in text, f"{path.name} reaches into the encodings"
