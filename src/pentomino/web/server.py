"""Running the page's server: :func:`serve` in the foreground (``pentomino serve``), or
:class:`BackgroundServer` in a thread (tests, scripts, notebooks)."""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Callable
from types import FrameType

import uvicorn

from pentomino.tuning import SWITCH_SECONDS
from pentomino.web import settings as checked
from pentomino.web.app import create_app
from pentomino.web.settings import LOOPBACK_NAMES, Settings


def loopback_socket(host: str, port: int) -> socket.socket:
    """A listening socket, bound now so that port 0 can be told before serving."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


def allowed_hosts(host: str) -> list[str]:
    """The Host names a server bound to ``host`` answers to."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return LOOPBACK_NAMES + [host]
    if address.is_loopback:
        return LOOPBACK_NAMES + ([f"[{host}]"] if ":" in host else [host])
    if address.is_unspecified:  # every interface: any address literal, and this machine's name
        return LOOPBACK_NAMES + ["*", socket.gethostname(), socket.getfqdn()]
    return LOOPBACK_NAMES + [f"[{host}]" if ":" in host else host]


def _server(host: str, port: int, settings: Settings | None) -> tuple[uvicorn.Server, socket.socket, str]:
    """A uvicorn server for the app, its socket (bound now, so port 0 is resolved) and URL."""
    # uvicorn's types are not read (pyproject.toml: follow_imports = "skip"), so its Server is Any
    # to mypy, and --strict refuses to subclass Any; the configured run does not check that.
    class Server(uvicorn.Server):  # type: ignore[misc, unused-ignore]
        """Stops the searches first when asked to stop: their event streams then end, and the
        shutdown does not wait for (and then cut) streams that never would."""

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            self.config.app.state.tasks.cancel_all()
            super().handle_exit(sig, frame)

    sock = loopback_socket(host, checked.port(port))
    port = sock.getsockname()[1]
    settings = settings or Settings()
    settings.allowed_hosts = allowed_hosts(host)
    settings.port = port
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else f"[{host}]" if ":" in host else host
    # A stopped search notices within one kernel call; its stream then ends: the grace period
    # covers that with room to spare.
    config = uvicorn.Config(create_app(settings), log_level="warning", lifespan="on", timeout_graceful_shutdown=5)
    return Server(config), sock, f"http://{shown}:{port}/"


def serve(host: str = "127.0.0.1", port: int = 8000, *, open_browser: bool = False,
          settings: Settings | None = None, say: Callable[[str], None] = print) -> None:
    """Serve the page on ``host:port`` (port 0: any free port) until interrupted."""
    server, sock, url = _server(host, port, settings)
    # Searches prepare their tables in Python in threads; a short switch interval lets the event
    # loop take the GIL back sooner, so cheap requests stay quick while they run.
    sys.setswitchinterval(SWITCH_SECONDS)
    say(f"serving on {url}")
    if open_browser:
        webbrowser.open(url)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


class BackgroundServer:
    """The server in a daemon thread on a free loopback port. ``url`` ends without a slash.

    >>> with BackgroundServer() as server:  # doctest: +SKIP
    ...     httpx.get(server.url + "/api/info")
    """

    def __init__(self, settings: Settings | None = None, host: str = "127.0.0.1") -> None:
        self.server, self.socket, url = _server(host, 0, settings)
        self.url = url.rstrip("/")
        self.app = self.server.config.app
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.app.state.tasks.cancel_all()
        self.server.should_exit = True
        self.thread.join(10)
        self.socket.close()

    def __enter__(self) -> BackgroundServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
