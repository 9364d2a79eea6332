"""The rules engine: pure Python, standard library only (no web, clock, I/O or global random).

Public API:

- ``cards``: ``Card`` (an int), ``parse``/``code``/``display_name``, ``Suit``, ``sorted_cards``.
- ``games.GAMES[key]``: a ``Game`` (``"danish-tarok"``, ``"troccas"``) that deals
  (``shuffle_and_deal(rng, dealer, options, before)``) and builds deals from a record.
- ``deal.Deal``: one deal's state; ``phase``, ``turn``, ``legal_cards()``,
  ``legal_discard_cards()``, ``check(action)``, ``apply(action)`` (raises ``IllegalAction``).
- ``actions``: ``Discard``, ``PlayCard``, ``DemandFool``, ``CallBob``; ``TakeBack`` (not a move
  of the game: ``Deal.check_take_back``/``apply`` undo a seat's last card and what followed).
- ``observation.observe(deal, seat)``: what one seat may know; the only view bots and pages get.
- ``record``: hand records and results (``parse_record``, ``replay``, ``result``, ``record_of``).
- ``match.Match``: balances, pots and the dealer's rotation over a series of deals.
"""
