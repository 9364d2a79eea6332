"""The services of one app, built once by ``create_app`` and handed to the routes.

A route gets the one ``Site`` of its app (``SiteDep``): the table store, the poll bus and who
is present, the cache of replayed deals the frames are built from, the computers that move
off the request, the outside programs, and the uploaded replays. Nothing here is a module
global, so two apps in one process (the tests make many) share nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.bots.pool import BotPool
from app.web.live.bus import PollBus
from app.web.live.computers import Computers
from app.web.live.presence import Presence
from app.web.show.replay import Replay
from app.web.show.timeline import Timelines
from app.web.storage.store import TableStore
from app.web.storage.uploads import Uploads
from app.web.table.programs import ProgramPool


@dataclass
class Site:
    store: TableStore
    bus: PollBus
    programs: ProgramPool
    computers: Computers
    presence: Presence = field(default_factory=Presence)
    timelines: Timelines = field(default_factory=Timelines)
    uploads: Uploads[Replay] = field(default_factory=Uploads)
    lan_base: str | None = None
    """The address invite links use when the host's own browser opened ``localhost``."""

    @classmethod
    def build(
        cls,
        store: TableStore,
        programs: ProgramPool,
        inline_computers: bool,
        lan_base: str | None = None,
        bots: BotPool | None = None,
    ) -> Site:
        bus = PollBus()
        computers = Computers(store, bus, programs, inline=inline_computers, bots=bots)
        return cls(store, bus, programs, computers, lan_base=lan_base)
