"""The HTTP side of the fake Bot API: the request handlers (form, multipart or JSON bodies, the
``{"ok": …}`` envelope), the file download, and a server that answers bytes that are not HTTP."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import tornado.web

from bot.playground.botapi.model import STRING_FIELDS, ApiError, Dropped

if TYPE_CHECKING:
    from bot.playground.botapi.methods import FakeTelegram


def _decode(key: str, value: str) -> Any:
    if key in STRING_FIELDS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


async def raw_server(payload: bytes) -> tuple[int, Callable[[], Any]]:
    """A TCP server on loopback that answers every connection with ``payload`` (not HTTP)
    and closes it; returns its port and a function that stops it."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await reader.read(1024)
            writer.write(payload)
            await writer.drain()
        finally:
            writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return port, server.close


class Handler(tornado.web.RequestHandler):
    def initialize(self, fake: FakeTelegram) -> None:
        self.fake = fake

    async def _handle(self, token: str, method: str) -> None:
        fake = self.fake
        if fake.redirect_loop:
            self.redirect(self.request.uri or "/", status=302)
            return
        if token != fake.token:
            self.set_status(401)
            self.finish({"ok": False, "error_code": 401, "description": "Unauthorized"})
            return
        params: dict[str, Any] = {}
        ctype = self.request.headers.get("Content-Type", "")
        if ctype.startswith("application/json") and self.request.body:
            params = json.loads(self.request.body)
        else:
            for key, values in self.request.arguments.items():
                params[key] = _decode(key, values[-1].decode())
        files: dict[str, bytes] = {}
        for key, infos in self.request.files.items():
            files[key] = infos[0]["body"]
            params.setdefault("_filename", infos[0].get("filename"))
        try:
            result = await fake.call(method, params, files)
        except Dropped:
            if self.request.connection is not None:
                self.request.connection.close()  # type: ignore[attr-defined]
            return
        except ApiError as err:
            fake.errors.append((method, err.code, err.description))
            self.set_status(err.code)
            body: dict[str, Any] = {
                "ok": False,
                "error_code": err.code,
                "description": err.description,
            }
            if err.parameters:
                body["parameters"] = err.parameters
            self.finish(body)
            return
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"ok": True, "result": result}))

    async def post(self, token: str, method: str) -> None:
        await self._handle(token, method)

    async def get(self, token: str, method: str) -> None:
        await self._handle(token, method)


class FileHandler(tornado.web.RequestHandler):
    def initialize(self, fake: FakeTelegram) -> None:
        self.fake = fake

    async def get(self, token: str, path: str) -> None:
        found = self.fake.file_at(path) if token == self.fake.token else None
        if found is None:
            self.set_status(404)
            self.finish({"ok": False, "error_code": 404, "description": "Not Found"})
            return
        data, mime = found
        self.set_header("Content-Type", mime)
        self.finish(data)


# tornado logs every 4xx answer at WARNING: here they are the Bot API's everyday refusals the
# bot expects and handles ("message is not modified", a stale callback query), not news for
# the console (issue #24, point 8); its 5xx (a bug in this server) still show
logging.getLogger("tornado.access").setLevel(logging.ERROR)
