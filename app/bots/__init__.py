"""Computer players. A bot sees one seat's ``Observation`` and its own random stream, never the
deal itself, and returns a legal action for that seat.

- ``base``: the protocol (``get_bot(level, settings)``, ``choose``, ``hint``), ``BotSettings``
  and the decisions every level shares (discard, Fool demand, Bob, No Tricks help).
- ``knowledge``, ``declared``: what a seat can infer about the cards it cannot see;
  ``sampling`` deals those cards consistently with it.
- ``easy``: a forgetful, sensible player; ``odds`` (chances from knowledge) with
  ``danish_play`` and ``troccas_play``: the medium level's heuristics.
- ``sim``, ``scoring``: a fast simulator of the rest of a deal, held equal to the engine by
  tests; ``playout``: its playout policy and exact endgame search; ``hard``: many sampled
  deals played out, the card that does best over them.
- ``conventions``: the seed's machine-player behaviours (rules.md 2.4, 2.13, 2.15).
- ``ismcts``: an information-set Monte Carlo tree search, the arena's reference opponent (not a
  level of the pages).
- ``compiled``: the modules the install compiles with mypyc where it can
  (``tools/build_backend.py``; the search runs about 2.8 times as fast), and
  ``TRIONFI_PURE=1``, which runs their Python sources instead.
"""

from app.bots.compiled import prefer_sources

prefer_sources()
