"""The server's settings: its limits (with their defaults, which ``pentomino serve`` shows), and
who it answers to. Each limit is checked here, once; the command line says a bad one as its
option (``--max-cells``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pentomino.errors import OptionError
from pentomino.model import options

LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"]
"""The Host names of this machine that every server answers to."""


@dataclass
class Settings:
    """The server's limits and who it answers to."""

    max_cells: int = 1024
    """Largest board (cells) a request may name."""
    max_seconds: float = 300.0
    """Longest time one search may run."""
    max_searches: int = 4
    """Searches running at once; more get HTTP 429."""
    max_body: int = 256 * 1024
    """Largest request body, in bytes."""
    max_listed: int = 200_000
    """Most solutions one listing keeps (the gallery's reach)."""
    allowed_hosts: list[str] = field(default_factory=lambda: list(LOOPBACK_NAMES))
    """Host names (without port) the server answers to; "*" for any IP address literal."""
    port: int | None = None
    """The port the Host header must name (None: any)."""

    def __post_init__(self) -> None:
        for name in ("max_cells", "max_searches", "max_body", "max_listed"):
            options.at_least(getattr(self, name), 1, name)
        if isinstance(self.max_seconds, bool) or not isinstance(self.max_seconds, (int, float)) \
                or not self.max_seconds >= 0.1:
            raise OptionError(("max_seconds",), f"must be a number of seconds, 0.1 or more, not {self.max_seconds!r}")


def port(value: object) -> int:
    """A port to listen on: 0 (any free one) to 65535."""
    number = options.at_least(value, 0, "port")
    if number > 65535:
        raise OptionError(("port",), f"must be 0 (any free port) to 65535, not {number}")
    return number


def is_loopback(host: str) -> bool:
    """True if a server listening on ``host`` is reachable from this machine only."""
    import ipaddress  # the command line imports this module for its defaults: load it when asked

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"
