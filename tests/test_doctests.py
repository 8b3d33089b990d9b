"""The examples in the package's docstrings run, as the installed package's modules."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mtgrules.encodings
import mtgrules.model
import mtgrules.queries

PACKAGES = (mtgrules.model, mtgrules.encodings, mtgrules.queries)
MODULES = sorted({pkg.__name__ for pkg in PACKAGES}
                 | {m.name for pkg in PACKAGES
                    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")})
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS, verbose=False)
    assert result.failed == 0


def test_there_are_examples_to_run():
    finder = doctest.DocTestFinder()
    examples = sum(len(t.examples) for name in MODULES
                   for t in finder.find(importlib.import_module(name)))
    assert examples >= 8
