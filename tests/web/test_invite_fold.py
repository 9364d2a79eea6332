"""The invite panel (issue 21): open in the lobby, folded into a closed "Invite friends" once
the game has started, with everything still inside it for the host to open."""

from __future__ import annotations

import re

from tests.web.friends import create, full_table
from tests.web.support import TestClient


def fold_of(html: str) -> str:
    found = re.search(r"<details class=\"invite-fold\"[^>]*>", html)
    assert found, "no invite panel"
    return found.group(0)


def test_the_invite_is_open_in_the_lobby(client: TestClient) -> None:
    host = create(client)
    fold = fold_of(host.html)
    assert " open" in fold
    assert 'data-lobby="open"' in fold  # static/js/table.js folds it when the game starts
    summary = host.html.split(fold, 1)[1].split("</summary>", 1)[0]
    assert '<h2 id="invite-title">Invite friends</h2>' in summary


def test_the_invite_is_folded_once_the_game_has_started(client: TestClient) -> None:
    host = full_table(client)[0]
    host.get()
    html = host.html
    assert fold_of(html) == '<details class="invite-fold">'
    inside = html.split(fold_of(html), 1)[1].split("</section>", 1)[0]
    assert 'id="invite-link"' in inside  # still there, a tap away
    assert 'id="table-code"' in inside
    assert "<svg" in inside
    section = html.split('<section class="invite"', 1)[1].split("</section>", 1)[0]
    assert "sound-check" not in section  # the Sounds box is the aside's, for every table
    assert 'class="check sound-check"' in html
