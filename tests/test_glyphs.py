"""Glyphs for every character we draw (issue 25 point 5: "銃 (出銃, 全銃) is missing from the
bundled font: the Hong Kong hand card prints 出□者付 … All 繁體 image text is drawn with
Simplified glyph shapes").

In every language (en, zh_Hans, zh_Hant, ja) the image text is split into font runs exactly as
the renderer does (:func:`bot.render.text.clusters` within :func:`~bot.render.text.writing`),
for every string of the language's catalogs, every declared name shown in that language and
the players' names of the samples. No character may become □, and every Han character and
kana is drawn with the language's own face of Noto Sans CJK (Traditional: TC, Japanese: JP,
the others: SC), whose file must really hold the glyph (not only ``coverage.json``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PIL import Image, ImageDraw, ImageFont

import scoring
from bot.i18n import LANGS, LOCALES, Translator
from bot.render import samples
from bot.render import text as render_text
from scoring.hant import to_hant
from tests.ja_names import all_names
from tests.test_hant_night import DISPLAY, GUEST_DISPLAY, rules_texts

FONT_DIR = Path(render_text.__file__).resolve().parent.parent / "fonts"


def _is_cjk(ch: str) -> bool:
    cp = ord(ch)
    return 0x3400 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or 0x3041 <= cp <= 0x30FF


def catalog_texts(lang: str) -> Iterator[str]:
    """Every translation of the language's catalogs (messages and, for ja, names); zh_Hant
    also shows the zh_Hans text converted where its own catalog has none."""
    sources = [(lang, None)] + ([("zh_Hans", to_hant)] if lang == "zh_Hant" else [])
    for code, derive in sources:
        for po in sorted((LOCALES / code / "LC_MESSAGES").glob("*.po")):
            with po.open("rb") as fh:
                catalog = read_po(fh)
            for m in catalog:
                if not m.id:
                    continue
                strs = m.string if isinstance(m.string, tuple) else (m.string,)
                for s in map(str, strs):
                    if s:
                        yield derive(s) if derive else s


def declared_texts(lang: str) -> Iterator[str]:
    """Every declared name as the language shows it, and /rules' pieces of every ruleset."""
    tr = Translator(lang)
    for _where, zh, en in all_names():
        yield tr.pick(zh, en)
    for rs in scoring.all_rulesets():
        for _where, text in rules_texts(rs, tr):
            yield text
        for fan in rs.extra_json().get("fans") or []:
            if isinstance(fan, dict):
                yield tr.entry(fan)


def sample_names() -> Iterator[str]:
    for _suffix, _lang, names, table in samples.LANGS:
        yield from (*names, table)
    yield from (*DISPLAY, *GUEST_DISPLAY, *scoring.testing.NAMES)


@cache
def corpus(lang: str) -> frozenset[str]:
    return frozenset([*catalog_texts(lang), *declared_texts(lang), *sample_names()])


@cache
def _face(name: str) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / name), 24)


def in_file(name: str, ch: str) -> bool:
    """Whether the font file draws ``ch`` with a glyph of its own (not .notdef, the box a
    font draws for a character it lacks)."""
    return _ink(name, ch) != _ink(name, "\U0010fffd")


@cache
def _ink(name: str, ch: str) -> bytes:
    im = Image.new("L", (40, 40))
    ImageDraw.Draw(im).text((4, 4), ch, font=_face(name), fill=255)
    return im.tobytes()


@pytest.mark.parametrize("lang", LANGS)
def test_every_character_drawn_has_a_glyph_in_the_languages_font(lang: str) -> None:
    texts = corpus(lang)
    assert len(texts) > 1000  # the catalogs, the names and the samples were found
    missing: dict[str, str] = {}
    faces: dict[tuple[str, str], str] = {}
    for bold in (False, True):
        face = render_text.chain(bold, lang)[1]
        with render_text.writing(lang):
            for text in texts:
                for name, run in render_text.clusters(text, bold):
                    for ch in run:
                        if ch == render_text.PLACEHOLDER and ch not in text:
                            missing.setdefault(text, f"□ for a character of {text!r}")
                        elif _is_cjk(ch) and name != face:
                            missing.setdefault(ch, f"{ch} drawn with {name}, not {face}")
                        elif _is_cjk(ch):
                            faces[(face, ch)] = text
    assert not missing, f"{lang}: {len(missing)} problems, e.g. {list(missing.values())[:8]}"
    lacking = sorted(
        f"{ch} ({face}) in {t!r}" for (face, ch), t in faces.items() if not in_file(face, ch)
    )
    assert not lacking, f"{lang}: not in the font file: {lacking[:8]}"


def test_each_language_draws_with_its_own_face() -> None:
    """Traditional with TC, Japanese with JP, Simplified and English with SC (the issue: the
    calculation header 計算過程 of every 繁體 card was drawn with SC's shapes)."""
    expect = {
        "en": "NotoSansSC",
        "zh_Hans": "NotoSansSC",
        "zh_Hant": "NotoSansTC",
        "ja": "NotoSansJP",
    }
    for lang, face in expect.items():
        with render_text.writing(lang):
            runs = render_text.merge(render_text.clusters("計算過程 出銃者付"))
        assert [n for n, _ in runs] == [f"{face}-Regular.otf"], (lang, runs)
    with render_text.writing("zh"):  # an alias of zh_Hans
        assert render_text.clusters("骨")[0][0].startswith("NotoSansSC")
    assert render_text.current_lang() == ""  # writing() leaves no language behind


def test_hong_kong_words_are_in_the_fonts() -> None:
    """The issue's examples: the Hong Kong hand card's 出銃者付 and 全銃, in every language."""
    for lang in LANGS:
        with render_text.writing(lang):
            for word in ("出銃者付", "全銃", "計算過程", "華", "說"):
                assert render_text.PLACEHOLDER not in "".join(
                    t for _, t in render_text.clusters(word)
                ), (lang, word)


def test_the_check_sees_a_missing_glyph() -> None:
    """A character no bundled font has becomes □, and a CJK face lacks a rare character."""
    assert render_text.clusters("\U0002a6a5")[0][1] == render_text.PLACEHOLDER  # CJK ext. B
    assert not in_file("NotoSansJP-Regular.otf", "\U0002a6a5")
    assert in_file("NotoSansTC-Regular.otf", "銃") and in_file("NotoSansJP-Regular.otf", "満")


STATIC = Path(__file__).resolve().parents[1] / "bot"
FACE = re.compile(r"@font-face\s*{([^}]*)}")


def families(css: str) -> dict[str, list[str]]:
    """The font files (url()) and local() names of each @font-face family, in order."""
    out: dict[str, list[str]] = {}
    for body in FACE.findall(css):
        fam = re.search(r"font-family:\s*([\w-]+)", body)
        if fam:
            out.setdefault(fam.group(1), []).extend(re.findall(r"(?:local|url)\(([^)]*)\)", body))
    return out


def first_family(css: str, selector: str) -> str:
    rule = re.search(re.escape(selector) + r"\s*{[^}]*font(?:-family)?:\s*([^;}]*)", css)
    assert rule, selector
    fams = [f.strip() for f in re.sub(r"^\d+px/[\d.]+\s*", "", rule.group(1)).split(",")]
    return next(f for f in fams if not f.startswith(("PlayEmoji", "PlaySym")))


@pytest.mark.parametrize(
    ("css", "body"),
    [("web/static/style.css", "body"), ("playground/static/play.css", "body")],
)
def test_pages_ask_for_the_languages_font_first(css: str, body: str) -> None:
    """The Mini App and the playground: 繁體 asks for a Traditional face first (the issue:
    "the Mini App's CSS asks for PingFang SC first in 繁體"), 日本語 for a Japanese one."""
    text = (STATIC / css).read_text(encoding="utf-8")
    faces = families(text)
    for selector, want in (
        (body, "SC"),
        (f"{body}:lang(zh-Hant)", "TC"),
        (f"{body}:lang(ja)", "JP"),
    ):
        fam = first_family(text, selector)
        srcs = faces[fam]
        files = [s for s in srcs if s.startswith("/")]
        assert files and all(f"NotoSans{want}-" in f for f in files), (selector, fam, srcs)
        for f in files:
            assert (FONT_DIR / f.split("/")[-1]).exists(), f
        names = [s for s in srcs if not s.startswith("/")]
        assert not any(" SC" in n or "sc-" in n or "YaHei" in n for n in names) or want == "SC"
