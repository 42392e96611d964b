"""One module per ruleset family; each defines ``RULESETS``. Found by :mod:`scoring.registry`."""
