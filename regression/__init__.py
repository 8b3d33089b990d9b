"""Regression for rules updates (DESIGN §9), its own package: what a new edition of the
Comprehensive Rules changes and what that does to the encodings.

- :mod:`~mtgrules.regression.links`: the declared links from encoded rules to rulebook keys
  (``model/data/rules.yaml``): which encoding, at which line, implements each key
  (the forms are described in ``encodings/README.md``);
- :mod:`~mtgrules.regression.crdiff`: two CR files aligned by text (``mtgrules cr-diff``) and
  the impact on the encodings and the built-in scenarios;
- :mod:`~mtgrules.regression.regress`: verdicts across two editions (``mtgrules regress``) and
  the encoded rules' text compared by number (``mtgrules rules-diff``);
- :mod:`~mtgrules.regression.coverage`: the rules of an edition the encodings implement and the
  scenarios exercising them (``mtgrules coverage``).

The CLI commands live in ``queries/cli.py`` and call these modules.
"""
