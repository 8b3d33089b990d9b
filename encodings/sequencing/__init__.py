"""Sequencing (MTR 4.3) on the temporal core: the performed run and the correct run as one
trace of ``encodings/game/core.lp`` (``runs.lp``), the five conditions of DESIGN §5.4 as rules
over the two (``judge.lp``), driven by ``core.py``; ``lines.py`` reads performed lines.
``CORE.md`` states the semantics.
"""
