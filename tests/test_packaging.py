"""The wheel must hold every subpackage and data folder: a folder missing from pyproject's
``packages`` list silently drops out of it."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[1]
TOP = {"src/mtgrules": "mtgrules", "model": "mtgrules.model", "encodings": "mtgrules.encodings",
       "queries": "mtgrules.queries", "regression": "mtgrules.regression"}
"""Each top-level folder of the repository and the package it installs as."""
DATA_SUFFIXES = {".py", ".lp", ".yaml"}


def _package_folders() -> set[str]:
    found = set()
    for folder, package in TOP.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in DATA_SUFFIXES and "__pycache__" not in path.parts:
                rel = path.parent.relative_to(ROOT / folder)
                found.add(".".join([package, *rel.parts]))
    return found


def test_every_folder_with_code_or_data_is_a_listed_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    assert _package_folders() <= listed, sorted(_package_folders() - listed)
    folder_of = {package: folder for folder, package in TOP.items()}
    for package in listed:
        top = next(p for p in sorted(folder_of, key=len, reverse=True)
                   if package == p or package.startswith(p + "."))
        rest = package.removeprefix(top).lstrip(".").split(".") if package != top else []
        assert (ROOT / folder_of[top] / Path(*rest) / "__init__.py").is_file(), package


def test_no_folder_at_the_root_shadows_the_installed_package():
    """Python run from the repository would import a root folder named mtgrules instead of the
    installed package, and find no mtgrules.model in it."""
    assert not (ROOT / "mtgrules").exists()


def test_wheel_contains_encodings_rules_cards_and_scenarios(tmp_path):
    pytest.importorskip("setuptools")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "-w", str(tmp_path), str(ROOT)], check=True)
    wheel = next(tmp_path.glob("mtgrules-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder, package in TOP.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in DATA_SUFFIXES and "__pycache__" not in path.parts:
                inside = "/".join([*package.split("."), *path.relative_to(ROOT / folder).parts])
                assert inside in names, inside
    assert not any(n.startswith(("tests/", "notebooks/", "benchmarks/")) for n in names)
