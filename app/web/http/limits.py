"""Rate limits per client address on creating tables and on looking up table codes.

Each address has a token bucket per kind of request: ``burst`` requests at once, then one
more every ``interval`` seconds. The defaults (``RateLimits``):

- creating a table, either kind (``POST /tables``, ``POST /friends``): a burst of 10, then
  one every 6 seconds. A person starting games one after the other, or a family creating a
  few tables at once behind one router, never meets it; a script creating 20 tables a second
  gets 10, then 10 a minute.
- looking up a table code (``GET /join?code=``): a burst of 20, then one a second. Typing a
  code wrong a few times costs nothing; trying the 244 million codes at one a second does.

A refused request takes nothing from the bucket and gets 429 with a page in the site's style
and ``Retry-After``. Memory stays bounded: an address whose bucket has filled up again is the
same as an unknown one and is forgotten, and at most ``max_addresses`` are kept (the least
recently seen go first). Addresses are ``request.client.host`` (an IPv6 address counts as its
/64 network): behind a proxy that would be the proxy's, but ``trionfi serve`` is reached
directly on the LAN.

Requests from the server's own machine (a loopback address) are limited like any other: a
reverse proxy on the same machine would otherwise make every visitor unlimited. Benchmarks and
browser tests, which seat dozens of tables at once from one address, start the server with
``trionfi serve --no-rate-limits`` (``RateLimits(enabled=False)``).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from ipaddress import IPv6Address, ip_address, ip_network

from fastapi import Request

from app.web.http.problems import Problem

MAX_ADDRESSES = 10_000


@dataclass(frozen=True)
class Rate:
    burst: int
    """Requests allowed at once."""
    interval: float
    """Seconds for one more request to be allowed after the burst."""


@dataclass(frozen=True)
class RateLimits:
    """The limits of one app (``create_app(limits=...)``; tests set small ones)."""

    creation: Rate = Rate(10, 6.0)
    lookup: Rate = Rate(20, 1.0)
    max_addresses: int = MAX_ADDRESSES
    exempt_loopback: bool = False
    """Whether requests from this machine itself go unlimited."""
    enabled: bool = True
    """False: nothing is limited (``trionfi serve --no-rate-limits``, for benchmarks)."""


class Slowed(Problem):
    """429: the address asked too often; ``retry_after`` is the seconds until it may again."""

    def __init__(self, retry_after: int, message: str) -> None:
        super().__init__(429, "Too many requests", message)
        self.retry_after = retry_after


@dataclass
class Limiter:
    """One kind of request's token buckets, one per address."""

    rate: Rate
    max_addresses: int = MAX_ADDRESSES
    clock: Callable[[], float] = time.monotonic
    _buckets: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)
    """address -> (tokens left, when counted), the least recently seen first."""

    def take(self, address: str) -> float:
        """Take one request for ``address``: 0.0 if allowed, else the seconds to wait."""
        now = self.clock()
        tokens = self._tokens(address, now)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return (1 - tokens) * self.rate.interval
        self._buckets[address] = (tokens - 1, now)
        self._forget_idle(now)
        return 0.0

    def __len__(self) -> int:
        return len(self._buckets)

    def _tokens(self, address: str, now: float) -> float:
        tokens, since = self._buckets.pop(address, (float(self.rate.burst), now))
        return min(float(self.rate.burst), tokens + (now - since) / self.rate.interval)

    def _forget_idle(self, now: float) -> None:
        """Forget the least recently seen addresses while they are full again or too many."""
        while self._buckets:
            address, (tokens, since) = next(iter(self._buckets.items()))
            full = tokens + (now - since) / self.rate.interval >= self.rate.burst
            if not full and len(self._buckets) <= self.max_addresses:
                return
            del self._buckets[address]


@dataclass
class Limiters:
    creation: Limiter
    lookup: Limiter
    exempt_loopback: bool = False
    enabled: bool = True

    @classmethod
    def of(cls, limits: RateLimits) -> Limiters:
        return cls(
            Limiter(limits.creation, limits.max_addresses),
            Limiter(limits.lookup, limits.max_addresses),
            limits.exempt_loopback,
            limits.enabled,
        )


def client_address(request: Request) -> str:
    """The address a limit counts: the client's, or for IPv6 its /64 network (one home or
    one phone network hands out a whole /64, so its addresses count as one)."""
    host = request.client.host if request.client is not None else "unknown"
    try:
        address = ip_address(host)
    except ValueError:
        return host
    if isinstance(address, IPv6Address) and address.ipv4_mapped is None:
        return str(ip_network(f"{address}/64", strict=False))
    return host


def is_loopback(request: Request) -> bool:
    try:
        return request.client is not None and ip_address(request.client.host).is_loopback
    except ValueError:
        return False


def _check(limiters: Limiters, limiter: Limiter, request: Request, what: str) -> None:
    if not limiters.enabled or (limiters.exempt_loopback and is_loopback(request)):
        return
    wait = limiter.take(client_address(request))
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        unit = "second" if seconds == 1 else "seconds"
        message = f"Too many {what} from this address: wait {seconds} {unit}, then try again."
        raise Slowed(seconds, message)


def limit_creation(request: Request) -> None:
    """A route dependency: refuse with 429 an address creating tables too fast."""
    limiters: Limiters = request.app.state.limiters
    _check(limiters, limiters.creation, request, "new tables")


def limit_lookup(request: Request) -> None:
    """A route dependency: refuse with 429 an address trying table codes too fast."""
    limiters: Limiters = request.app.state.limiters
    _check(limiters, limiters.lookup, request, "table codes tried")
