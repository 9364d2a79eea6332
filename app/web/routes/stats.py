"""Your statistics (``/stats``): the deals this browser finished, added up.

The browser is known by its player cookie (``app.web.http.cookies``), handed out when it takes
a seat. A browser without one sees the empty page; one that sends a cookie this server never
handed out (forged, or malformed) gets a fresh one and the empty page, never anyone else's
numbers (a fresh cookie is noted at once, so it is known at the next visit; handing them out
is rate-limited like trying table codes).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.web.http.cookies import sends_player_cookie, set_player_cookie
from app.web.http.limits import limit_lookup
from app.web.http.render import render
from app.web.routes.deps import Player, SiteDep, known_player
from app.web.show.stats import statistics
from app.web.table.model import new_token

router = APIRouter()


@router.get("/stats")
async def your_statistics(request: Request, site: SiteDep) -> Response:
    player = await known_player(request, site)
    if player is None and sends_player_cookie(request):
        limit_lookup(request)  # a script trying cookies gets no row a try
        player = Player(new_token(), fresh=True)
        await site.store.add_player(player.id)
    results = [] if player is None or player.fresh else await site.store.results_of(player.id)
    summed = await asyncio.to_thread(statistics, results)  # thousands of deals: off the loop
    response = render(request, "pages/stats.html", {"stats": summed})
    if player is not None:
        set_player_cookie(response, player.token)
    return response
