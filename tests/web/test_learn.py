"""The pages for learning the games: the strategy of each game with its diagrams, About the
cards with the whole pack, and the links to them from the home, rules and table pages."""

from __future__ import annotations

import re
from html import unescape
from itertools import pairwise
from random import Random

import pytest

from app.bots.base import get_bot
from app.engine.actions import Discard, PlayCard
from app.engine.cards import ALL_CARDS, TRUMP_TITLES, code, display_name, parse
from app.engine.deal import Deal
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import Options
from app.web.show.learn import DIAGRAMS, KING_COVERS_A_PAGE, THE_BOB, Diagram, suit_rows, trumps
from tests.web.support import TestClient, start

PAGES = ("/strategy", "/strategy/danish-tarok", "/strategy/troccas", "/cards")
IMAGE = re.compile(r"<img ([^>]*)>")
SEAT_ORDER = {
    "danish-tarok": ("You", "Right", "Left"),
    "troccas": ("You", "Right", "Partner", "Left"),
}
"""Counter-clockwise, the order of play (rules.md 0.3)."""


def attribute_of(tag: str, name: str) -> str | None:
    found = re.search(rf'\b{name}="([^"]*)"', tag)
    return None if found is None else unescape(found.group(1))


def words(html: str) -> str:
    """The page's text as a reader gets it: no tags, single spaces."""
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def headings(html: str) -> list[tuple[int, str]]:
    return [
        (int(level), re.sub(r"<[^>]+>", "", text).strip())
        for level, text in re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", html, re.S)
    ]


@pytest.mark.parametrize("path", PAGES)
def test_each_page_has_a_title_a_language_unique_ids_and_headings_in_order(
    client: TestClient, path: str
) -> None:
    response = client.get(path)
    assert response.status_code == 200
    html = response.text
    assert '<html lang="en">' in html
    assert re.search(r"<title>[^<]+ · Trionfi</title>", html)
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    for target in re.findall(r'href="#([^"]+)"', html):
        assert target in ids, target
    levels = [level for level, _ in headings(html)]
    assert levels[0] == 1
    assert levels.count(1) == 1
    for before, after in pairwise(levels):
        assert after <= before + 1, (path, levels)


FACE_SRC = r"/static/cards/(?:french/(?:[a-z]+/)?)?([A-Z0-9-]+)\.svg\?v=[0-9a-f]+"
"""A face's address: the default faces, or the French ones (the /cards page shows a few)."""


@pytest.mark.parametrize("path", PAGES)
def test_every_card_image_exists_is_named_and_loads_lazily(client: TestClient, path: str) -> None:
    html = client.get(path).text
    for tag in IMAGE.findall(html):
        src = attribute_of(tag, "src")
        assert src is not None
        found = re.fullmatch(
            r"/static/cards/(?:french/(?:[a-z]+/)?)?([A-Z0-9-]+)\.svg\?v=[0-9a-f]+", src
        )
        assert found, src
        assert attribute_of(tag, "alt") == display_name(parse(found.group(1)))
        assert attribute_of(tag, "loading") == "lazy"
        image = client.get(src)
        assert image.status_code == 200, src
        assert image.content.lstrip().startswith(b"<svg")


def test_danish_strategy_says_what_strong_players_aim_for(client: TestClient) -> None:
    html = client.get("/strategy/danish-tarok").text
    titles = [text for _, text in headings(html)]
    assert titles[0] == "Danish Tarok strategy"
    for title in ("What to aim for", "The threat of Nolo", "How the computer players signal"):
        assert title in titles
    aims = re.search(r'<h2 id="aims">.*?<ol>(.*?)</ol>', html, re.S)
    assert aims
    in_order = re.findall(r"<strong>(.*?)</strong>", aims.group(1))
    assert in_order == [
        "Stop another player's Ultimo.",
        "Make your own Ultimo",
        "Force a Bagud",
        "Win the last trick",
        "Capture Ultimo cards",
        "The count",
    ]
    text = words(html)
    for statement in (
        "pays 40 (a King) or 45 (the I) to each other player",
        "a Nolo also cancels the Ultimo payout, the last-trick payment and the count",
        "a Bagud is still paid",
        "The XXI can never lose a trick",
        "the others, following to a Cups, Coins, Swords or Staves trick",
        "keep this convention at every level",
        "play the King of that suit whenever they hold it",
        "a King that you do not hold, and that nobody has shown this way, is with the",
    ):
        assert statement in text, statement


def test_troccas_strategy_covers_partners_kitty_fool_bob_and_counting(client: TestClient) -> None:
    html = client.get("/strategy/troccas").text
    titles = [text for _, text in headings(html)]
    assert titles[0] == "Swiss Troccas strategy"
    for title in (
        "Playing with your partner",
        "The kitty",
        "The Fool as an excuse",
        "The Bob",
        "Counting cards",
        "How the computer players play",
    ):
        assert title in titles
    text = words(html)
    for statement in (
        "Troccas has no declarations, no Ultimo and no bonus for the last trick",
        "always comes back to your team with its 4 points, in the last trick too",
        "the Bob only shows who holds the Page",
        "They always call the Bob",
        "36 is par",
    ):
        assert statement in text, statement


@pytest.mark.parametrize(
    ("game", "diagram"), [(game, d) for game, shown in DIAGRAMS.items() for d in shown]
)
def test_each_diagram_is_a_trick_as_the_rules_play_it(game: str, diagram: Diagram) -> None:
    """The seats play in turn, and the card marked as winning is the one the engine says wins."""
    order = SEAT_ORDER[game]
    assert len(diagram.plays) == len(order)
    seats = [card.label.split()[0] for card in diagram.plays]
    first = order.index(seats[0])
    assert seats == [order[(first + i) % len(order)] for i in range(len(order))]
    deal = GAMES[game].shuffle_and_deal(Random(1), 0, Options())
    winner = deal.trick_winner([parse(card.code) for card in diagram.plays], None)
    assert [card.wins for card in diagram.plays] == [i == winner for i in range(len(order))]


def deal_with(game: str, dealer: int, hands: dict[int, str]) -> Deal:
    """A deal in which each seat holds the cards named for it; the rest dealt in pack order,
    the dealer's discard made of the first legal cards no hand was given."""
    named = {seat: [parse(c) for c in text.split()] for seat, text in hands.items()}
    used = {card for held in named.values() for card in held}
    rest = [card for card in ALL_CARDS if card not in used]
    sizes = [GAMES[game].hand_size] * GAMES[game].seat_count
    sizes[dealer] = GAMES[game].dealer_hand_size
    dealt = [
        named.get(seat, []) + [rest.pop(0) for _ in range(size - len(named.get(seat, [])))]
        for seat, size in enumerate(sizes)
    ]
    talon = [rest.pop(0) for _ in range(GAMES[game].talon_size)]
    deal = GAMES[game].new_deal(dealt, talon, dealer, Options())
    spare = [card for card in deal.legal_discard_cards() if card not in used]
    deal.apply(Discard(dealer, tuple(spare[: deal.discard_size])))
    return deal


def play(deal: Deal, diagram: Diagram, seats: tuple[int, ...], upto: int | None = None) -> None:
    for card, seat in list(zip(diagram.plays, seats, strict=True))[:upto]:
        deal.apply(PlayCard(seat, parse(card.code)))


def test_a_medium_computer_player_covers_the_page_as_the_diagram_shows() -> None:
    """Danish seats: You 0, Right 1, Left 2; Right deals, so Left leads the first trick."""
    trump_hand = " ".join(f"T{n}" for n in range(2, 14))
    left = f"CU-P {trump_hand} ST-10 ST-9 ST-8 ST-7 ST-6 ST-5 ST-4 ST-3 ST-2 ST-A SW-2 SW-3"
    deal = deal_with("danish-tarok", 1, {0: "CU-5", 1: "CU-K", 2: left})
    trumps_declared = {d.seat: d for d in deal.declared if d.kind == "trumps"}
    assert trumps_declared[2].detail == "12 trumps, without the I"
    assert max(trumps_declared.values(), key=lambda d: d.value).seat == 2  # the trump hand
    play(deal, KING_COVERS_A_PAGE, (2, 0, 1), upto=2)
    hint = get_bot("medium").hint(observe(deal, 1), Random(0))
    assert hint.action == PlayCard(1, parse("CU-K"))
    assert hint.reason.startswith("cover the Page of Cups")


def test_the_bob_moves_the_page_and_the_spot_card_as_the_diagram_says() -> None:
    """Troccas seats: You 0, Right 1, Partner 2, Left 3; Left deals, so you lead."""
    deal = deal_with("troccas", 3, {0: "SW-K", 1: "SW-4", 2: "SW-2", 3: "SW-9 SW-P"})
    play(deal, THE_BOB, (0, 1, 2, 3))
    bob = deal.bobs[-1]
    assert (bob.source, bob.target) == (3, 0)
    assert bob.page == parse(THE_BOB.after[0].code)
    assert bob.returned == parse("SW-2")  # the lowest spot card, as the caption says
    assert "your partner's 2 of Swords" in THE_BOB.caption
    assert parse("SW-2") in deal.holdings[3]


def test_the_diagrams_are_on_their_pages_with_captions(client: TestClient) -> None:
    for game, diagrams in DIAGRAMS.items():
        html = client.get(f"/strategy/{game}").text
        for diagram in diagrams:
            pattern = rf'<figure class="diagram" id="diagram-{diagram.id}".*?</figure>'
            figure = re.search(pattern, html, re.S)
            assert figure, diagram.id
            assert diagram.title in unescape(figure.group(0))
            assert f"<figcaption>{diagram.caption}" in unescape(figure.group(0))
            assert [attribute_of(t, "alt") for t in IMAGE.findall(figure.group(0))] == [
                display_name(parse(c)) for c in diagram.codes
            ]


def test_the_cards_page_shows_all_78_cards_and_every_trump_name(client: TestClient) -> None:
    html = client.get("/cards").text
    codes = re.findall(r"/static/cards/([A-Z0-9-]+)\.svg", html)
    assert sorted(codes) == sorted(code(card) for card in ALL_CARDS)
    for title in TRUMP_TITLES:
        assert title in html
    assert [card.name for card in trumps()][::20] == ["I The Magician", "XXI The World"]
    text = words(html)
    for statement in (
        "also known as Grosstarock",
        "from the Italian tarocchi",
        "the old name of the trumps",
        "In the round suits the pip cards rank the other way round",
        "Cups (round suit, red)",
        "Staves (long suit, black)",
    ):
        assert statement in text, statement


def test_each_suit_runs_from_high_to_low_as_the_rules_rank_it() -> None:
    rows = {row.name: row for row in suit_rows()}
    assert list(rows) == ["Cups", "Coins", "Swords", "Staves"]
    round_order = "King, Queen, Knight, Page, Ace, 2, 3, 4, 5, 6, 7, 8, 9, 10"
    long_order = "King, Queen, Knight, Page, 10, 9, 8, 7, 6, 5, 4, 3, 2, Ace"
    assert rows["Cups"].order == rows["Coins"].order == round_order
    assert rows["Swords"].order == rows["Staves"].order == long_order


def test_the_pages_are_linked_from_home_rules_and_the_table(client: TestClient) -> None:
    assert 'href="/cards"' in client.get("/").text
    rules = client.get("/rules").text
    assert 'href="/cards"' in rules
    assert 'href="/strategy"' in rules
    for game in ("danish-tarok", "troccas"):
        page = client.get(f"/rules/{game}").text
        assert f'href="/strategy/{game}"' in page
        assert 'href="/cards"' in page
        table = start(client, game=game).html
        assert f'href="/strategy/{game}"' in table
        assert 'href="/cards"' in table


def test_an_unknown_game_has_no_strategy_page(client: TestClient) -> None:
    response = client.get("/strategy/poker")
    assert response.status_code == 404
    assert "No such game" in response.text
