"""Sequencing (MTR 4.3) on the temporal core: the performed run and the correct run as one
trace of ``encodings/game/core.lp`` (``runs.lp``), the five conditions of DESIGN §5.4 as rules
over the two (``judge.lp``), driven by ``core.py``; ``block.py`` writes a question as the
core's inputs, ``windows.lp`` names the rule behind each priority window. Performed lines are
read by ``model/read/lines.py``. ``CORE.md`` states the semantics.
"""
