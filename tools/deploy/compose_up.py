"""The compose example (``compose.yaml`` and its ``nginx.conf``) brought up without containers,
and checked as a club's players would use it.

``python tools/deploy/compose_up.py`` runs what ``compose.yaml`` describes as processes of
this machine (it has no container engine or registry):

- the ``db`` service as a throwaway PostgreSQL cluster (``tools.pgcluster``) holding the
  compose's database;
- each service built from the ``Dockerfile`` as the Dockerfile's own command (``trionfi
  serve …``, its host, port and data directory made local ones), with the service's
  environment (its database URL pointed at the cluster);
- the ``proxy`` service as nginx with the compose's ``nginx.conf``: the upstream servers'
  names pointed at those servers, its port a free one; added for the check, a header naming
  the server that answered (``X-Upstream``), and the proxy's own address towards the servers
  (``proxy_bind 127.0.0.9``: as from a container of its own; uvicorn trusts 127.0.0.1 anyway).

Then, through the proxy only:

1. the home page answers, from either server;
2. two players from two addresses of this machine (``127.0.x.1``) are sent each to a server of
   their own (``ip_hash``), and the servers see each player's own address, not the proxy's
   (the compose's ``FORWARDED_ALLOW_IPS``): one player's table creations run into the rate
   limit while the other's still go through;
3. a friends' table of Danish Tarok, the host on one server and the friend on the other, with a
   Hard computer: mid-deal the host's server is killed (kill -9) right after it answered the
   host's card; the proxy sends the host on to the other server, no answered move is lost,
   the computer moves on and the deal is played to its end.

Needs nginx and PostgreSQL's server programs (Debian: ``nginx``, ``postgresql``) and PyYAML.
Exits 1 with the reason when a check fails.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from tools.deploy.two_servers import (  # noqa: E402
    CheckFailed,
    client_from,
    computer_goes_on,
    end_group,
    free_port,
    friends_table,
    play,
)
from tools.pgcluster import cluster, fresh_database  # noqa: E402

COMPOSE = HERE / "compose.yaml"
UPSTREAM_HEADER = "X-Upstream"
PROXY_ADDRESS = "127.0.0.9"
"""Where the proxy connects to the servers from (not 127.0.0.1, which uvicorn trusts anyway)."""
ADDRESSES = [f"127.0.{n}.1" for n in range(1, 40)]
"""The players' addresses to try: ``ip_hash`` hashes an address's first three parts."""


def compose() -> dict[str, Any]:
    import yaml  # noqa: PLC0415 - only this tool reads YAML

    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    return loaded


def dockerfile_command() -> list[str]:
    """The Dockerfile's ``CMD``, as a list."""
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.startswith("CMD "):
            command: list[str] = json.loads(line[4:])
            return command
    raise CheckFailed("the Dockerfile has no CMD")


def local_command(port: int, data: Path) -> list[str]:
    """The Dockerfile's command on this machine: ``trionfi`` from this checkout, the host,
    port and data directory made local ones."""
    command = dockerfile_command()
    if command[0] != "trionfi":
        raise CheckFailed(f"the Dockerfile's command is not trionfi's: {command}")
    local = {"--host": "127.0.0.1", "--port": str(port), "--data": str(data)}
    out = [sys.executable, "-m", "app.cli"]
    for index, word in enumerate(command[1:], start=1):
        previous = command[index - 1]
        out.append(local.get(previous, word))
    return out


def database_url(services: dict[str, Any], root_url: str) -> str:
    """The compose's database made in the cluster: its URL as the compose's servers name it,
    the host ``db`` pointed at the cluster."""
    import psycopg  # noqa: PLC0415

    environment = services["db"]["environment"]
    name, user = environment["POSTGRES_DB"], environment["POSTGRES_USER"]
    fresh_database(root_url, name)
    with psycopg.connect(root_url, autocommit=True) as db:
        if db.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (user,)).fetchone() is None:
            db.execute(f'CREATE ROLE "{user}" LOGIN')
        db.execute(f'ALTER DATABASE "{name}" OWNER TO "{user}"')
    return urlsplit(root_url)._replace(path=f"/{name}").geturl()


def pointed(url: str, at: str) -> str:
    """``url`` with its host and port those of ``at`` (its user, password, path kept)."""
    parts, target = urlsplit(url), urlsplit(at)
    credentials = parts.netloc.rpartition("@")[0]
    netloc = f"{credentials}@{target.netloc.rpartition('@')[2]}" if credentials else target.netloc
    return urlunsplit(parts._replace(netloc=netloc))


@contextlib.contextmanager
def servers(
    services: dict[str, Any], database: str, scratch: Path
) -> Iterator[dict[str, tuple[subprocess.Popen[bytes], int]]]:
    """Each service built from the Dockerfile, running: name -> (process, port)."""
    running: dict[str, tuple[subprocess.Popen[bytes], int]] = {}
    try:
        for name, service in services.items():
            if "build" not in service:
                continue
            environment = {str(k): str(v) for k, v in service.get("environment", {}).items()}
            environment["TRIONFI_DATABASE"] = pointed(environment["TRIONFI_DATABASE"], database)
            port = free_port()
            env = {**os.environ, **environment, "PYTHONPATH": str(ROOT)}
            command = local_command(port, scratch / name)
            process = subprocess.Popen(
                command, env=env, stdout=subprocess.DEVNULL, cwd=ROOT, start_new_session=True
            )
            running[name] = (process, port)
        for name, (_, port) in running.items():
            wait_for(f"http://127.0.0.1:{port}/healthz", f"server {name}")
        yield running
    finally:
        for process, _ in running.values():
            if process.poll() is None:
                process.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(10)
            end_group(process.pid)


def wait_for(url: str, what: str) -> None:
    for _ in range(150):
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=1).status_code < 500:
                return
        time.sleep(0.1)
    raise CheckFailed(f"{what} did not start")


def proxy_config(ports: dict[str, int], listen: int) -> str:
    """The compose's nginx.conf for this machine: each ``server NAME:8000`` pointed at the
    local server, ``listen`` a free port, and the ``X-Upstream`` header added."""
    text = (HERE / "nginx.conf").read_text()
    for name, port in ports.items():
        text, found = re.subn(rf"server {re.escape(name)}:\d+;", f"server 127.0.0.1:{port};", text)
        if not found:
            raise CheckFailed(f"nginx.conf has no upstream server {name}")
    text, found = re.subn(r"listen \d+;", f"listen 127.0.0.1:{listen};", text)
    if not found:
        raise CheckFailed("nginx.conf listens on no port")
    marker = "location / {"
    if marker not in text:
        raise CheckFailed("nginx.conf has no location /")
    # the proxy reaches the servers from an address of its own, as a container of its own
    # does: only the compose's FORWARDED_ALLOW_IPS makes them trust its X-Forwarded-For
    # (uvicorn trusts 127.0.0.1 alone by default)
    added = (
        f"{marker}\n        add_header {UPSTREAM_HEADER} $upstream_addr always;"
        f"\n        proxy_bind {PROXY_ADDRESS};"
    )
    return text.replace(marker, added, 1)


@contextlib.contextmanager
def proxy(ports: dict[str, int], scratch: Path) -> Iterator[str]:
    """nginx with the compose's configuration (as ``conf.d/default.conf`` is in the image);
    yields its URL."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise CheckFailed("nginx is not installed (Debian: apt-get install nginx)")
    prefix = scratch / "nginx"
    prefix.mkdir()
    listen = free_port()
    (prefix / "default.conf").write_text(proxy_config(ports, listen))
    main_conf = prefix / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    main_conf.write_text(
        f"{user}worker_processes 1;\npid {prefix}/nginx.pid;\nerror_log {prefix}/error.log;\n"
        "events { worker_connections 256; }\n"
        "http {\n    access_log off;\n"
        f"    client_body_temp_path {prefix}/body;\n    proxy_temp_path {prefix}/proxy;\n"
        f"    fastcgi_temp_path {prefix}/fastcgi;\n    uwsgi_temp_path {prefix}/uwsgi;\n"
        f"    scgi_temp_path {prefix}/scgi;\n    include {prefix}/default.conf;\n}}\n"
    )
    process = subprocess.Popen(
        [nginx, "-p", str(prefix), "-c", str(main_conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        url = f"http://127.0.0.1:{listen}"
        try:
            wait_for(url + "/healthz", "nginx")
        except CheckFailed:
            process.terminate()
            error = process.communicate(timeout=5)[1].decode(errors="replace")
            raise CheckFailed(f"nginx did not start: {error.strip()}") from None
        yield url
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)


def upstream(client: httpx.Client) -> str:
    """Which server the proxy sends this client to (its ``host:port``)."""
    answer = client.get("/healthz")
    if answer.status_code != 200:
        raise CheckFailed(f"/healthz through the proxy answered {answer.status_code}")
    named = str(answer.headers.get(UPSTREAM_HEADER, ""))
    return named.rpartition(",")[2].strip()  # after a failed try: "dead:port, live:port"


def two_players(
    url: str, same_server: bool, addresses: list[str]
) -> tuple[httpx.Client, httpx.Client]:
    """Two players' clients, from ``addresses`` the proxy sends to one server or to two."""
    first = client_from(url, addresses[0])
    home = upstream(first)
    for address in addresses[1:]:
        other = client_from(url, address)
        there = upstream(other)
        if there and (there == home) == same_server:
            where = "the same server" if same_server else "two servers"
            print(f"players from {addresses[0]} and {address} are sent to {where}")
            return first, other
        other.close()
    raise CheckFailed(f"no two addresses go to {'one server' if same_server else 'two'}")


def limits_see_each_player(limited: httpx.Client, other: httpx.Client) -> None:
    """One player's table creations run into the rate limit; the other's, on the same
    server, still go through: the server sees each player's own address (X-Forwarded-For,
    trusted), not the proxy's one address for all."""
    form = {"game": "danish-tarok", "speed": "instant"}
    for attempt in range(60):
        answer = limited.post("/tables", data=form, follow_redirects=False)
        if answer.status_code == 429:
            print(f"the rate limit stopped one player after {attempt} new tables")
            break
    else:
        raise CheckFailed("no rate limit stopped 60 new tables from one address")
    limited.cookies.clear()
    answer = other.post("/tables", data=form, follow_redirects=False)
    other.cookies.clear()
    if answer.status_code != 303:
        raise CheckFailed(
            f"the other player was limited too ({answer.status_code}): the servers see the "
            "proxy's address, not the players'"
        )
    print("the other player, from another address, still creates tables")


def kill_mid_deal(url: str, running: dict[str, tuple[subprocess.Popen[bytes], int]]) -> None:
    """The friends' table through the proxy, the host's server killed mid-deal."""
    host_client, friend_client = two_players(url, False, ADDRESSES[: len(ADDRESSES) // 2])
    host_server = upstream(host_client)
    friend_seat = 2  # the host (seat 0) plays just before the computer at seat 1
    people = friends_table(host_client, friend_client, friend_seat)
    stopped = play(people, [], kill_after=30, before=0)
    if stopped is None:
        raise CheckFailed("the deal ended before the computer's turn came")
    seat, answered = stopped
    port = int(host_server.rsplit(":", 1)[1])
    name, (process, _) = next((n, r) for n, r in running.items() if r[1] == port)
    process.send_signal(signal.SIGKILL)
    process.wait()
    print(
        f"server {name} (the host's) killed (kill -9) at version {answered}, right after it "
        f"answered {people[seat].played}; the computer to move"
    )
    computer_goes_on(people[0], answered, 3 - friend_seat, name)
    now = upstream(host_client)
    if now == host_server:
        raise CheckFailed("the proxy still sends the host to the killed server")
    print(f"the proxy sends the host on to {now}")
    if play(people, [], kill_after=None, before=0) is not None:
        raise CheckFailed("the deal did not end through the proxy")
    actions = people[0].record().get("actions")
    card = people[seat].played
    plays = [
        action.get("seat")
        for action in (actions if isinstance(actions, list) else [])
        if isinstance(action, dict) and action.get("play") == card
    ]
    if plays != [seat]:
        raise CheckFailed(f"{card} of seat {seat} is not once in the deal's record")
    print("the deal was played to its end through the proxy; the card is once in its record")


def check() -> None:
    services = compose()["services"]
    with cluster() as root_url, tempfile.TemporaryDirectory() as scratch_dir:
        scratch = Path(scratch_dir)
        database = database_url(services, root_url)
        with servers(services, database, scratch) as running:
            print(f"servers {', '.join(running)} on one PostgreSQL, as the compose file runs them")
            ports = {name: port for name, (_, port) in running.items()}
            with proxy(ports, scratch) as url:
                print(f"nginx with the compose's nginx.conf at {url}")
                home = client_from(url).get("/")
                if home.status_code != 200:
                    raise CheckFailed(
                        f"the home page through the proxy answered {home.status_code}"
                    )
                # other addresses than the table's players: these run into the limit
                limited, other = two_players(url, True, ADDRESSES[len(ADDRESSES) // 2 :])
                limits_see_each_player(limited, other)
                kill_mid_deal(url, running)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.parse_args(argv)
    try:
        check()
    except CheckFailed as error:
        print(f"compose: {error}", file=sys.stderr)
        return 1
    print("the compose example, brought up without containers: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
