"""Measurements of this machine and of a running server; figures, never asserted.

- ``throughput``: ``trionfi bench``, the engine's and the bots' speed in this process.
- ``clicks``: ``python -m app.bench.clicks``, a card click's latency and the pages' weight.
- ``tables``: ``python -m app.bench.tables``, friends' tables of simulated people under load.
- ``solo``: ``python -m app.bench.solo``, solo games against Hard under load (issue 20).
- ``pool``: ``python -m app.bench.pool``, the computers' worker pool alone.
- ``thinktimes``: ``python -m app.bench.thinktimes``, what timing the computers' moves shows.

``clicks`` and ``tables`` start ``trionfi serve`` as a process of its own (or take a running
server's address) and speak HTTP to it, so that they measure the server as a browser sees it:
they import nothing of ``app.web``. This module imports none of them, so that running one does
not load the others (``throughput`` loads every bot).
"""
