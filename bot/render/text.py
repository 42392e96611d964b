"""Text on the images: bundled fonts, a per-character fallback chain, ellipsis, wrapping.

Every character of a text is drawn with the first font of the chain that covers it (the
coverage comes from ``bot/fonts/coverage.json``, written by ``make_subset.py``). The chain
depends on the language of the image (:func:`writing`, set by the renderers for the image's
``lang``): Han characters are drawn with that language's face of Noto Sans CJK first
(:data:`CJK_FACE`: Traditional with TC, Japanese with JP, the others with SC), then the other
faces, so a name in another script still finds its glyph; a character no
font covers becomes a white square, control and format characters are dropped, combining marks
stay on their base character (at most :data:`MAX_MARKS` of them, so a "Zalgo" name cannot grow
out of its row). Colour emoji come from a bitmap font that FreeType only draws at 109 px: they are
drawn once at that size, scaled to the text size and cached.

Nothing here raises on user text: any ``str`` can be measured and drawn.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

EMOJI = "NotoColorEmoji.ttf"
EMOJI_PX = 109  # the only size of the bitmap strike of Noto Color Emoji
SYMBOLS2 = "NotoSansSymbols2-Regular.ttf"
_TAIL = (
    "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    SYMBOLS2,
    "NotoSansSymbols-Regular.ttf",
    EMOJI,
)


@lru_cache(maxsize=1)
def _coverage() -> dict[str, frozenset[int]]:
    raw = json.loads((FONT_DIR / "coverage.json").read_text(encoding="utf-8"))
    out: dict[str, frozenset[int]] = {}
    for name, ranges in raw.items():
        cps: set[int] = set()
        for a, b in ranges:
            cps.update(range(a, b + 1))
        out[name] = frozenset(cps)
    return out


#: the face of Noto Sans CJK a language draws Han characters with (default: SC)
CJK_FACE = {"zh_Hant": "TC", "ja": "JP"}
_FACES = ("SC", "TC", "JP")


def chain(bold: bool = False, lang: str = "") -> tuple[str, ...]:
    """The fonts a text in ``lang`` is drawn with, in order: Latin, the language's CJK face,
    the other CJK faces, then the other scripts, symbols and emoji."""
    return _chain(bold, CJK_FACE.get(lang, "SC"))


@lru_cache(maxsize=16)
def _chain(bold: bool, face: str) -> tuple[str, ...]:
    w = "Bold" if bold else "Regular"
    faces = (face, *(f for f in _FACES if f != face))
    cjk = [f"NotoSans{f}-{w}.otf" for f in faces]
    return (f"NotoSans-{w}.ttf", *(f for f in cjk if f in _coverage()), *_TAIL)


#: the chains of the default language (Simplified first), by weight
CHAINS: dict[bool, tuple[str, ...]] = {False: chain(False), True: chain(True)}

#: the language of the image being drawn (a registered code of bot.i18n; "" = default)
_LANG: ContextVar[str] = ContextVar("render_text_lang", default="")


@contextmanager
def writing(lang: str) -> Iterator[None]:
    """Within this block, text is drawn in ``lang``'s fonts (:func:`chain`). ``lang`` is a
    language of :mod:`bot.i18n` or an alias of one (``zh`` = zh_Hans, ``zh-TW`` …)."""
    from bot.i18n import ALIASES, normalize

    token = _LANG.set(normalize(ALIASES.get(lang, lang)))
    try:
        yield
    finally:
        _LANG.reset(token)


def current_lang() -> str:
    """The language set by :func:`writing` ("" outside of it)."""
    return _LANG.get()


PLACEHOLDER = "\u25a1"  # □ for a character no bundled font has
ELLIPSIS = "\u2026"
MAX_MARKS = 2
_JOINERS = {0x200D, 0xFE0E, 0xFE0F, *range(0xE0020, 0xE0080)}  # ZWJ, variation selectors, tags

Run = tuple[str, str]  # (font file, text)


@lru_cache(maxsize=256)
def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / name), size)


def _pick(cp: int, chain: tuple[str, ...], emoji_first: bool) -> str | None:
    cov = _coverage()
    if emoji_first and cp in cov[EMOJI]:
        return EMOJI
    for name in chain:
        if cp in cov[name]:
            return name
    return None


def clusters(text: str, bold: bool = False) -> list[Run]:
    """Split ``text`` into grapheme-like clusters, each with the font that draws it."""
    fonts = chain(bold, _LANG.get())
    cov = _coverage()
    text = unicodedata.normalize("NFC", text)
    out: list[list[str]] = []
    marks = 0
    chars = list(text)
    for i, ch in enumerate(chars):
        cp = ord(ch)
        cat = unicodedata.category(ch)
        if ch in "\n\r\t\v\f\u2028\u2029":
            ch, cp, cat = " ", 0x20, "Zs"
        if cp in _JOINERS or cat in ("Mn", "Mc", "Me") or 0x1F3FB <= cp <= 0x1F3FF:
            # attaches to the cluster before it, if that cluster's font can draw it
            if out and cp in cov[out[-1][0]] and (cat[0] != "M" or marks < MAX_MARKS):
                out[-1][1] += ch
                marks += cat[0] == "M"
            continue
        if cat in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            continue
        marks = 0
        nxt = chars[i + 1] if i + 1 < len(chars) else ""
        emoji_first = cp >= 0x1F300 or cp == 0x1F004 or nxt == "\ufe0f"
        if cat[0] in "ZP" and out and cp in cov[out[-1][0]] and _continues(chars, i, out[-1][0]):
            name: str | None = out[-1][0]  # spaces and punctuation stay in the current run
        else:
            name = _pick(cp, fonts, emoji_first) if cat != "Cn" else None
        if name is None:
            ch, name = PLACEHOLDER, SYMBOLS2
        if ch == "\ufffd":
            ch, name = PLACEHOLDER, SYMBOLS2
        out.append([name, ch])
    return [(f, t) for f, t in out]


def _continues(chars: list[str], i: int, name: str) -> bool:
    """Whether the next letter after position ``i`` is drawn by font ``name`` too (then spaces
    and punctuation between stay in that font's run, so a right-to-left phrase stays whole)."""
    for ch in chars[i + 1 :]:
        if unicodedata.category(ch)[0] not in "ZPM":
            return name != EMOJI and ord(ch) in _coverage()[name] and name != CHAINS[False][0]
    return False


def merge(cl: list[Run]) -> list[Run]:
    """Join neighbouring clusters that use the same font into runs."""
    out: list[list[str]] = []
    for f, t in cl:
        if out and out[-1][0] == f:
            out[-1][1] += t
        else:
            out.append([f, t])
    return [(f, t) for f, t in out]


def _emoji_scale(size: int) -> float:
    return size * 0.95 / 128


@lru_cache(maxsize=512)
def _emoji_image(text: str, size: int) -> Image.Image:
    f = font(EMOJI, EMOJI_PX)
    w = max(1, int(f.getlength(text)))
    im = Image.new("RGBA", (w, 136), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((0, 0), text, font=f, embedded_color=True)
    s = _emoji_scale(size)
    return im.resize((max(1, round(w * s)), max(1, round(136 * s))), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4096)
def run_width(name: str, text: str, size: int) -> float:
    if name == EMOJI:
        return float(_emoji_image(text, size).width)
    return float(font(name, size).getlength(text))


def width(runs: list[Run], size: int) -> float:
    return sum(run_width(f, t, size) for f, t in runs)


def text_width(text: str, size: int, bold: bool = False) -> float:
    return width(merge(clusters(text, bold)), size)


def fit(text: str, size: int, max_w: float, bold: bool = False) -> list[Run]:
    """The runs of ``text``, cut with an ellipsis so that they are at most ``max_w`` wide."""
    cl = clusters(text, bold)
    runs = merge(cl)
    if width(runs, size) <= max_w:
        return runs
    ell = (CHAINS[bold][0], ELLIPSIS)
    lo, hi = 0, len(cl)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(merge([*cl[:mid], ell]), size) <= max_w:
            lo = mid
        else:
            hi = mid - 1
    head = cl[:lo]
    while head and head[-1][1].isspace():
        head.pop()
    return merge([*head, ell]) if width([ell], size) <= max_w else []


def draw_runs(
    im: Image.Image,
    x: float,
    baseline: float,
    runs: list[Run],
    size: int,
    fill: tuple[int, int, int],
) -> float:
    """Draw runs left to right from ``x`` on ``baseline``; returns the width drawn."""
    d = ImageDraw.Draw(im)
    x0 = x
    for name, t in runs:
        if name == EMOJI:
            e = _emoji_image(t, size)
            top = round(baseline - e.height * 0.88)
            im.paste(e, (round(x), top), e)
            x += e.width
        else:
            f = font(name, size)
            d.text((x, baseline), t, font=f, fill=fill, anchor="ls")
            x += f.getlength(t)
    return x - x0


def draw_text(
    im: Image.Image,
    x: float,
    baseline: float,
    text: str,
    size: int,
    fill: tuple[int, int, int],
    *,
    bold: bool = False,
    max_w: float | None = None,
    align: str = "left",
) -> float:
    """Draw one line of text (cut with an ellipsis at ``max_w``); returns its width.

    ``align`` is ``left`` (x = left edge), ``right`` (x = right edge) or ``center``.
    """
    runs = fit(text, size, max_w, bold) if max_w is not None else merge(clusters(text, bold))
    w = width(runs, size)
    if align == "right":
        x -= w
    elif align == "center":
        x -= w / 2
    draw_runs(im, x, baseline, runs, size, fill)
    return w


def wrap(text: str, size: int, max_w: float, bold: bool = False, max_lines: int = 99) -> list[str]:
    """Break ``text`` into lines at most ``max_w`` wide: at spaces, or between any two CJK
    characters; a word too long for a line is cut. The last kept line ends in an ellipsis when
    text is left over."""
    tokens: list[list[str]] = []  # [kind, text]: s = spaces, c = one CJK char, w = word
    for ch in text.replace("\n", " "):
        kind = "s" if ch.isspace() else "c" if _is_cjk(ch) else "w"
        if kind == "c" and ch in _NO_LINE_START and tokens:
            tokens[-1][1] += ch
        elif tokens and kind != "c" and tokens[-1][0] == kind:
            tokens[-1][1] += ch
        else:
            tokens.append([kind, ch])
    lines: list[str] = []
    cur = ""
    for _, tok in tokens:
        cand = cur + tok
        if cur and text_width(cand.rstrip(), size, bold) > max_w:
            lines.append(cur.rstrip())
            cur = tok.lstrip()
        else:
            cur = cand
        while text_width(cur.rstrip(), size, bold) > max_w and len(cur.rstrip()) > 1:
            # a single word wider than the line: cut it where it overflows
            n = len(cur)
            while n > 1 and text_width(cur[:n], size, bold) > max_w:
                n -= 1
            lines.append(cur[:n])
            cur = cur[n:]
    if cur.strip():
        lines.append(cur.rstrip())
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]  # shortened until it fits with the ellipsis (one character stays)
        while len(last) > 1 and text_width(last.rstrip() + ELLIPSIS, size, bold) > max_w:
            last = last[:-1]
        lines[-1] = last.rstrip() + ELLIPSIS
    return lines


_NO_LINE_START = set("，。、；：！？）」』》〉…,.;:!?)")


def _is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80 and not (0xFE00 <= ord(ch) <= 0xFE0F)
