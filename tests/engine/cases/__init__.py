"""Data-driven cases: the worked examples of rules.md section 4 and the edge cases around them.

Each module holds a ``CASES`` list of ``tests.engine.checks.Case``; ``test_cases.py`` runs them.
Danish seats with the Player dealing: D = 0 (dealer), F = 1 (forehand), M = 2 (middlehand).
Troccas seats: PLAYER = 0, RIGHT = 1, PARTNER = 2, LEFT = 3.
"""

D, F, M = 0, 1, 2
PLAYER, RIGHT, PARTNER, LEFT = 0, 1, 2, 3


def all_cases() -> list:  # list[Case]; untyped to keep this module free of imports
    """Every ``CASES`` entry of the modules of this package."""
    import importlib
    import pkgutil

    found: list = []
    for module in pkgutil.iter_modules(__path__):
        if not module.name.startswith("_"):
            found += importlib.import_module(f"{__name__}.{module.name}").CASES
    return found
