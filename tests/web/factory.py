"""Tables in chosen situations, for the route and browser tests.

A table is built the way the app builds one (a person at seat 0, bots elsewhere), with a seed
searched until the situation a test needs comes up: who deals, whether the person leads the
Fool, and so on. Earlier deals are played out by random bots, so the dealer rotates as in a
real match. The table is saved in a data directory's store, where a server finds it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from random import Random
from secrets import token_hex

from app.bots.base import RandomBot
from app.engine.actions import PlayCard
from app.engine.cards import FOOL
from app.engine.deal import Deal, Phase
from app.engine.match import Match
from app.engine.observation import observe
from app.engine.options import Options
from app.web.storage.store import TableStore
from app.web.table import players as runner
from app.web.table.model import Seat, Table, TableSettings, hash_token, new_token, seat_names

Wanted = Callable[[Deal], bool]


def play_out(deal: Deal, seed: int) -> int:
    """Finish ``deal`` with random legal moves; how many actions that took."""
    rng = Random(seed)
    bot = RandomBot()
    moves = 0
    while not deal.is_over:
        deal.apply(bot.choose(observe(deal, deal.turn), rng))
        moves += 1
    return moves


def build_table(
    game: str = "danish-tarok",
    *,
    options: Options | None = None,
    settings: TableSettings | None = None,
    level: str = "random",
    deals_before: int = 0,
    wanted: Wanted | None = None,
    seed: int = 0,
    tries: int = 300,
    acknowledge: bool = True,
) -> tuple[Table, str]:
    """A table at the start of deal ``deals_before + 1`` (bots have moved up to the person's
    turn) for which ``wanted(deal)`` holds. With ``acknowledge`` the person has already
    pressed Continue after the declarations."""
    for attempt in range(seed, seed + tries):
        table, token = _attempt(game, options or Options(), settings, level, deals_before, attempt)
        deal = table.match.deal
        assert deal is not None
        if wanted is None or wanted(deal):
            if acknowledge:
                table.acknowledge(0)
            return table, token
    raise AssertionError("no seed gave the wanted situation")


def _attempt(
    game: str,
    options: Options,
    settings: TableSettings | None,
    level: str,
    deals_before: int,
    seed: int,
) -> tuple[Table, str]:
    match = Match.new(game, options, f"test-{seed}")
    version = 0
    for number in range(deals_before):
        version += 1 + play_out(match.start_deal(), seed * 100 + number)
    match.start_deal()
    version += 1
    table_id = f"t{seed}x{deals_before}{game[:2]}{token_hex(3)}"
    return seated(table_id, match, level, settings, f"test-{seed}", version)


def seated(
    table_id: str,
    match: Match,
    level: str,
    settings: TableSettings | None,
    seed: str,
    version: int,
) -> tuple[Table, str]:
    """A table of ``match`` against the computer: the person at seat 0 (their seat token
    returned with the table), computers of ``level`` at the others, who move at once."""
    token = new_token()
    names = seat_names(match.game.key)
    seats = [Seat("person", names[0], token_hash=hash_token(token))]
    seats += [Seat("bot", name, level=level) for name in names[1:]]
    table = Table(
        table_id,
        match,
        seats,
        settings or TableSettings(speed="instant"),
        seed=seed,
        version=version,
        deal_base=version,
    )
    runner.advance(table)
    return table, token


def save(table: Table, data_dir: Path) -> None:
    store = TableStore(data_dir)
    store.add(table)
    store.close()


def person_leads_fool(deal: Deal) -> bool:
    """The person leads the first trick and holds the Fool (Danish Tarok: it names a suit)."""
    return (
        deal.phase is Phase.PLAY
        and deal.turn == 0
        and not deal.trick
        and FOOL in deal.legal_cards()
    )


def person_discards(deal: Deal) -> bool:
    return deal.phase is Phase.DISCARD and deal.turn == 0


def play_until(
    table: Table, wanted: Wanted, seed: int = 0, limit: int = 200, keep_fool: bool = False
) -> bool:
    """Play random legal moves for every seat (the person's too) until ``wanted(deal)``;
    with ``keep_fool`` nobody plays the Fool while they may play something else."""
    deal = table.match.deal
    assert deal is not None
    rng = Random(seed)
    bot = RandomBot()
    for _ in range(limit):
        if wanted(deal):
            return True
        if deal.is_over:
            return False
        action = bot.choose(observe(deal, deal.turn), rng)
        if keep_fool and isinstance(action, PlayCard) and action.card == FOOL:
            others = [card for card in deal.legal_cards() if card != FOOL]
            if others:
                action = PlayCard(action.seat, others[0])
        deal.apply(action)
        table.version += 1
    return wanted(deal)


def person_to(phase: Phase) -> Wanted:
    return lambda deal: deal.phase is phase and deal.turn == 0


def trumpless_table(
    game: str = "danish-tarok",
    without: tuple[int, ...] = (0,),
    *,
    options: Options | None = None,
    settings: TableSettings | None = None,
    level: str = "random",
) -> tuple[Table, str]:
    """A table against the computer at its first deal (seat 0 deals), dealt so that the
    seats ``without`` hold no trump (rules.md 2.3a: about one deal in seven thousand, too rare
    for a seed search), with the option ``trumpless_redeal`` on; the computers have answered
    up to the person's turn."""
    from tests.engine.rigged import rigged_game

    match = Match.new(game, options or Options(trumpless_redeal=True), f"test-redeal-{without}")
    real = match.game
    match.game = rigged_game(game, without)
    match.start_deal()
    match.game = real
    table_id = f"redeal{game[:2]}{token_hex(3)}"
    return seated(table_id, match, level, settings, f"test-redeal-{without}", 1)
