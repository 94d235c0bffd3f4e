"""What every request meets first: the Host-header check (a page on another site cannot reach
the server through DNS rebinding), the body-size limit, and the security headers every answer
carries (a Content-Security-Policy that allows nothing from other origins)."""

from __future__ import annotations

import ipaddress

from starlette.datastructures import State
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pentomino.web.settings import Settings

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]


def error(message: str, status: int = 400) -> JSONResponse:
    """The answer to a request that cannot be served: ``{"error": message}``."""
    return JSONResponse({"error": message}, status_code=status)


class Guard:
    """Host-header check, body-size limit and security headers, for every request (the
    outermost layer of the app: its headers go on every answer, errors included)."""

    def __init__(self, app: ASGIApp, settings: Settings, state: State) -> None:
        self.app = app
        self.settings = settings
        self.state = state  # the app's tasks and settings, for tests and tools

    def host_ok(self, host: str) -> bool:
        s = self.settings
        name, _, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
        if not name:
            name, port = host, ""
        if s.port is not None and port != str(s.port):
            return False
        if name in s.allowed_hosts:
            return True
        if "*" in s.allowed_hosts:
            try:
                ipaddress.ip_address(name.strip("[]"))
                return True
            except ValueError:
                return False
        return False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + HEADERS
            await send(message)

        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.host_ok(host):
            await error(f"this server does not answer for host {host!r}: open it as "
                        "http://127.0.0.1:PORT/ (or the address `pentomino serve` printed)", 403)(
                scope, receive, send_with_headers)
            return
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.settings.max_body):
            await error(f"the request body is over {self.settings.max_body} bytes", 413)(
                scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
