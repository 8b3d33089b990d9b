"""mtgrules: an executable model of the rules of Magic: The Gathering, decided by clingo and z3.

The code lives in four subpackages, installed from the repository's top-level folders:
``mtgrules.model`` (``model/``), ``mtgrules.encodings`` (``encodings/``),
``mtgrules.queries`` (``queries/``) and ``mtgrules.regression`` (``regression/``). This folder holds only the package's version; it sits
under ``src/`` so that Python started at the repository's root never mistakes it for the
installed package.
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mtgrules")
    """The installed distribution's version (from its metadata, i.e. ``pyproject.toml``)."""
except PackageNotFoundError:  # pragma: no cover - imported from a tree that was never installed
    __version__ = "unknown"

__all__ = ["__version__"]
