"""``python -m mtgrules``: the ``mtgrules`` command line, for where the script is not on the
``PATH`` (a virtual environment not activated, ``python -m`` in CI)."""
from __future__ import annotations

from mtgrules.queries.cli import main

if __name__ == "__main__":
    main(prog_name="mtgrules")
