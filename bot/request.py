"""python-telegram-bot's HTTP layer on aiohttp (``HTTP_CLIENT=aiohttp``).

:class:`AiohttpRequest` implements PTB's documented extension point
:class:`telegram.request.BaseRequest` with one :class:`aiohttp.ClientSession` (keep-alive
:class:`aiohttp.TCPConnector`). It behaves like PTB's own ``HTTPXRequest``:

* parameters go as one JSON body (``RequestData.parameters``; PTB's client form-encodes
  ``RequestData.json_parameters``, which the Bot API reads the same way), uploads as multipart
  with the parameters as form fields (``json_parameters`` and ``multipart_data``);
* ``do_request`` returns ``(status, body)``; PTB's ``BaseRequest`` turns statuses into
  ``BadRequest``/``RetryAfter``/…;
* timeouts raise :class:`telegram.error.TimedOut` (a full pool with PTB's "Pool timeout"
  message), other transport errors :class:`telegram.error.NetworkError`
  ("aiohttp.<ErrorClass>: …", the token redacted from any URL in it); redirects are not
  followed (the Bot API answers, it does not redirect).

Timeouts: ``pool_timeout`` bounds the wait for a free connection slot (a semaphore of
``connection_pool_size``, the connector's own limit), ``connect_timeout`` the TCP connect,
``read_timeout`` each wait for response data (aiohttp's ``sock_read``, started once the request
is sent). aiohttp has no per-write timeout, so ``write_timeout`` (``media_write_timeout`` for
uploads) is applied as part of an overall cap of connect + write + read per request (no cap if
any of them is ``None``).
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.parse
import urllib.request
from typing import Any

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bot.updates import LightUpdates

_JSON = {"Content-Type": "application/json"}
_POOL_TIMEOUT = (
    "Pool timeout: All connections in the connection pool are occupied. "
    "Request was *not* sent to Telegram. Consider adjusting the connection "
    "pool size or the pool timeout."
)


_BOT_PATH = re.compile(r"/(file/)?bot[^/\s'\"]+")


def _redact(text: str) -> str:
    """Replace the ``/bot<token>`` part of any URL in ``text``."""
    return _BOT_PATH.sub(lambda m: f"/{m.group(1) or ''}bot<token>", text)


class AiohttpRequest(BaseRequest):
    """A :class:`~telegram.request.BaseRequest` on one aiohttp ``ClientSession``.

    The defaults are those of PTB's ``HTTPXRequest``. With ``trust_env`` (the default, as in
    httpx) the ``http_proxy``/``https_proxy``/``no_proxy`` environment variables apply.
    """

    __slots__ = (
        "_connect_timeout",
        "_media_write_timeout",
        "_pool_size",
        "_pool_timeout",
        "_proxies",
        "_read_timeout",
        "_session",
        "_slots",
        "_trust_env",
        "_write_timeout",
    )

    def __init__(
        self,
        connection_pool_size: int = 256,
        read_timeout: float | None = 5.0,
        write_timeout: float | None = 5.0,
        connect_timeout: float | None = 5.0,
        pool_timeout: float | None = 1.0,
        media_write_timeout: float | None = 20.0,
        *,
        trust_env: bool = True,
    ) -> None:
        if connection_pool_size < 1:
            raise ValueError("connection_pool_size must be at least 1")
        self._pool_size = connection_pool_size
        self._read_timeout = read_timeout
        self._write_timeout = write_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._media_write_timeout = media_write_timeout
        self._trust_env = trust_env
        self._session: aiohttp.ClientSession | None = None
        self._slots: asyncio.Semaphore | None = None
        self._proxies: dict[str, str | None] = {}

    @property
    def read_timeout(self) -> float | None:
        """The default read timeout (seconds)."""
        return self._read_timeout

    async def initialize(self) -> None:
        """Open the session (again, after :meth:`shutdown`)."""
        if self._session is None or self._session.closed:
            self._slots = asyncio.Semaphore(self._pool_size)
            self._proxies = {}
            connector = aiohttp.TCPConnector(limit=self._pool_size, limit_per_host=0)
            self._session = aiohttp.ClientSession(
                connector=connector,
                cookie_jar=aiohttp.DummyCookieJar(),
                headers={"User-Agent": self.USER_AGENT},
            )

    def _proxy_for(self, url: str) -> str | None:
        """The ``http(s)_proxy`` from the environment for this URL's origin (``no_proxy``
        honoured), looked up once per origin and session: aiohttp's own ``trust_env`` does it
        in a thread for every request, a third of its cost here."""
        end = url.find("/", url.find("//") + 2)
        origin = url if end < 0 else url[:end]
        try:
            return self._proxies[origin]
        except KeyError:
            pass
        parts = urllib.parse.urlsplit(origin)
        proxy = None
        if parts.hostname and not urllib.request.proxy_bypass(parts.hostname):
            proxy = urllib.request.getproxies().get(parts.scheme)
        self._proxies[origin] = proxy
        return proxy

    def close_now(self) -> None:
        """Close the session without awaiting (after a failed start-up, whose event loop is
        gone): aiohttp would otherwise report an unclosed session at exit."""
        session, self._session = self._session, None
        if session is None or session.closed:
            return
        connector = session.connector
        session.detach()
        if connector is not None:
            connector._close()  # with the loop closed: marks it closed, nothing to await

    async def shutdown(self) -> None:
        """Close the session and its connections."""
        session, self._session = self._session, None
        if session is not None and not session.closed:
            await session.close()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        """One HTTP request; returns the status code and the body."""
        session, slots = self._session, self._slots
        if session is None or slots is None or session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")

        files = (
            request_data.multipart_data if request_data and request_data.contains_files else None
        )
        read = self._read_timeout if isinstance(read_timeout, DefaultValue) else read_timeout
        connect = (
            self._connect_timeout if isinstance(connect_timeout, DefaultValue) else connect_timeout
        )
        pool = self._pool_timeout if isinstance(pool_timeout, DefaultValue) else pool_timeout
        if isinstance(write_timeout, DefaultValue):
            write = self._media_write_timeout if files else self._write_timeout
        else:
            write = write_timeout
        total = None if read is None or write is None or connect is None else read + write + connect
        timeout = aiohttp.ClientTimeout(total=total, sock_connect=connect, sock_read=read)

        data: Any = None
        headers: dict[str, str] | None = None
        if request_data is not None and files:
            form = aiohttp.FormData()
            for name, value in request_data.json_parameters.items():
                form.add_field(name, value)
            for name, (filename, content, mime) in files.items():
                form.add_field(name, content, filename=filename, content_type=mime)
            data = form
        elif request_data is not None and request_data.parameters:
            # one JSON body (the Bot API takes application/json for every method without a
            # file): a single json.dumps, where a form would JSON-encode each value and then
            # percent-encode it again
            data, headers = json.dumps(request_data.parameters).encode(), _JSON
        proxy = self._proxy_for(url) if self._trust_env else None

        if slots.locked():  # all connections busy: wait at most pool_timeout for one
            try:
                async with asyncio.timeout(pool):
                    await slots.acquire()
            except TimeoutError as err:
                raise TimedOut(message=_POOL_TIMEOUT) from err
        else:
            await slots.acquire()
        try:
            async with session.request(
                method,
                url,
                data=data,
                headers=headers,
                timeout=timeout,
                proxy=proxy,
                allow_redirects=False,  # the Bot API never redirects; a loop would print URLs
            ) as res:
                return res.status, await res.read()
        except TimeoutError as err:  # aiohttp's timeouts derive from it
            raise TimedOut from err
        except aiohttp.ClientError as err:
            # aiohttp's messages often hold the URL, and the URL holds the token: the original
            # error is not chained (a traceback would print it), its text is redacted
            text = _redact(f"aiohttp.{err.__class__.__name__}: {err}")
            raise NetworkError(text) from None
        finally:
            slots.release()


class AiohttpUpdates(LightUpdates, AiohttpRequest):
    """The getUpdates request on aiohttp: tapped messages without their keyboards
    (:mod:`bot.updates`)."""
