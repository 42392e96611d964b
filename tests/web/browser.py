"""A real browser for the Mini App tests: Playwright (PyPI) driving Debian's ``chromium``
(``make test`` installs it; no ``playwright install``, nothing downloaded), offline: every
request that does not go to the bot's loopback server is aborted, and Telegram's
``telegram-web-app.js`` is a stub served by route interception that provides signed initData
(and, like the real script, the theme's CSS variables)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
LIGHT = {"bg_color": "#ffffff", "text_color": "#111111", "hint_color": "#8a8a8f",
         "link_color": "#2481cc", "button_color": "#2481cc", "button_text_color": "#ffffff",
         "secondary_bg_color": "#f0f0f4"}  # fmt: skip
DARK = {"bg_color": "#17212b", "text_color": "#f5f5f5", "hint_color": "#708499",
        "link_color": "#6ab3f3", "button_color": "#5288c1", "button_text_color": "#ffffff",
        "secondary_bg_color": "#232e3c"}  # fmt: skip


def need_chromium() -> None:
    if not (shutil.which("chromium") or os.path.exists(CHROMIUM)):
        why = "Debian's chromium is not installed (make test installs it)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(why)  # on CI nothing is skipped
        pytest.skip(why)


def stub_script(init_data: str, unsafe: dict[str, Any], theme: dict[str, str]) -> str:
    scheme = "dark" if theme is DARK else "light"
    parts = {
        "THEME": json.dumps(theme),
        "INIT": json.dumps(init_data),
        "UNSAFE": json.dumps(unsafe),
        "SCHEME": json.dumps(scheme),
    }
    js = (
        "(function(){var theme=THEME;var root=document.documentElement;"
        "for(var k in theme){root.style.setProperty('--tg-theme-'+k.replace(/_/g,'-'),theme[k]);}"
        "window.Telegram={WebApp:{initData:INIT,initDataUnsafe:UNSAFE,themeParams:theme,"
        "colorScheme:SCHEME,platform:'tdesktop',version:'8.0',ready:function(){},"
        "expand:function(){},close:function(){},"
        "HapticFeedback:{notificationOccurred:function(){}}}};})();"
    )
    for k, v in parts.items():
        js = js.replace(k, v, 1)
    return js


@asynccontextmanager
async def browser() -> AsyncIterator[Any]:
    need_chromium()
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            await b.close()


async def phone(
    b: Any, base: str, init_data: str, unsafe: dict[str, Any], theme: dict[str, str] = LIGHT
) -> Any:
    """A new page sized like a phone, with the stub and offline routing in place."""
    ctx = await b.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    script = stub_script(init_data, unsafe, theme)

    async def route(r: Any) -> None:
        url = r.request.url
        if url.startswith("https://telegram.org/js/telegram-web-app.js"):
            await r.fulfill(status=200, content_type="application/javascript", body=script)
        elif url.startswith(base):
            await r.continue_()
        else:
            await r.abort()

    await ctx.route("**/*", route)
    page = await ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


async def screenshot(page: Any, name: str) -> Path | None:
    """Write docs/images/<name> when it is missing or UPDATE_SCREENSHOTS=1 (else leave it)."""
    path = IMAGES / name
    if path.exists() and os.environ.get("UPDATE_SCREENSHOTS") != "1":
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    await page.evaluate("document.body.classList.add('shot')")
    await page.evaluate("document.fonts.ready.then(() => true)")
    await page.wait_for_timeout(300)
    await page.screenshot(path=str(path), full_page=True)
    await page.evaluate("document.body.classList.remove('shot')")
    return path
