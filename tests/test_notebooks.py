"""The analysis notebooks run and show their figures.

Each notebook is executed here (nbclient, on the kernel of the environment running the tests)
and must finish without an error — its assertion cells check the claims its text makes against
the figures it computes — with at least one figure among its outputs. This is the suite's one
run of the notebooks.
"""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
EXPECTED = ("01_apnap_knowledge.ipynb", "02_out_of_order_information.ipynb", "03_cost_modifiers.ipynb",
            "04_editions.ipynb", "05_turn_timeline.ipynb", "06_rules_updates.ipynb",
            "07_characteristics_in_time.ipynb", "08_combat_damage.ipynb",
            "09_tournament_shortcuts.ipynb", "10_casting_in_full.ipynb")
TIMEOUT = 1800
"""Seconds a cell may take (04 answers the library under twelve editions)."""


def test_the_notebooks_are_the_expected_ones():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == sorted(EXPECTED)


def test_notebooks_use_only_the_public_api():
    for name in EXPECTED:
        assert "mtgrules.encodings" not in (NOTEBOOKS / name).read_text(), f"{name} reaches into the encodings"


def _images(notebook) -> list[dict]:
    return [output for cell in notebook.cells for output in cell.get("outputs", [])
            if "image/png" in output.get("data", {})]


@pytest.mark.parametrize("name", EXPECTED)
def test_notebook_runs_and_shows_its_figures(name):
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    for cell in notebook.cells:  # what is shown must come from this run
        if cell.cell_type == "code":
            cell.outputs = []
    NotebookClient(notebook, timeout=TIMEOUT, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    assert _images(notebook), f"{name} ran but displayed no figure"
