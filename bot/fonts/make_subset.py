"""Build the bundled font subsets (run once, by hand; the output files are committed).

The renderer never uses system fonts: everything it draws comes from the files in this folder,
so the images look the same on every machine, Docker included. All fonts are Noto (SIL Open
Font License 1.1, see ``OFL.txt``), taken from the Debian 12 packages::

    apt-get update
    apt-get download fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
    for f in *.deb; do dpkg -x "$f" SRC; done
    pip install fonttools brotli
    python bot/fonts/make_subset.py SRC

It writes the subset fonts next to this script and ``coverage.json`` (the code points each font
covers, as ranges), which the renderer uses to pick a fallback font per character without
needing fontTools at run time.

Each language draws its Han characters with its own face of Noto Sans CJK (``bot/render/text.py``
chooses by language): Simplified with SC, Traditional with TC, Japanese with JP. SC keeps the
large set below (it is also the fallback for any name); TC keeps Big5 level 1 and JP the 6355
kanji of JIS X 0208, and both add every character the project's own texts use: the
catalogs (``bot/locales/**.po``), the Mini App's strings, and every string literal of ``bot/``,
``scoring/`` and ``storage/`` (declared names, sample names), each also converted to Traditional
(:func:`scoring.hant.to_hant`, as zh_Hant shows it). Run from the repository root after texts
change (``tests/test_glyphs.py`` fails until the fonts cover them).
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TT = "usr/share/fonts/truetype/noto"
OT = "usr/share/fonts/opentype/noto"


def _charset(codec: str, lead: range, trail: range) -> set[int]:
    out: set[int] = set()
    for a in lead:
        for b in trail:
            try:
                s = bytes((a, b)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(s) == 1:
                out.add(ord(s))
    return out


def cjk_codepoints() -> set[int]:
    """GB2312 (all 6763 hanzi) + Big5 level 1 (common Traditional) + kana + KS X 1001 hangul,
    CJK punctuation, fullwidth forms, ASCII and Latin-1."""
    cps = _charset("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))
    cps |= _charset("big5", range(0xA1, 0xC7), range(0x40, 0xFF))  # level 1 + symbols
    cps |= _charset("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))  # 2350 hangul syllables
    cps |= set(range(0x20, 0x7F)) | set(range(0xA0, 0x100))
    cps |= set(range(0x3000, 0x3100))  # CJK punctuation, hiragana, katakana
    cps |= set(range(0xFF00, 0xFFF0))  # fullwidth forms
    cps |= set(range(0x2000, 0x2070)) | set(range(0x2190, 0x2200))
    cps |= {0x00B7, 0x2026, 0x2212, 0x25B2, 0x25BC, 0x25CF, 0x25A1}
    # 万筒条 and the common 萬 variants used on tiles, 庄 and the winds, whatever the charsets
    cps |= {ord(c) for c in "万萬筒条條索东南西北中发發白庄莊胡和番台"}
    return cps


def _is_han(cp: int) -> bool:
    return 0x3400 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or 0x20000 <= cp <= 0x3FFFF


#: modules whose string literals are conversion tables, never drawn (OpenCC's Simplified →
#: Traditional pairs; the phrase parser's folding of variant spellings)
NOT_DRAWN = frozenset({"scoring/_hant_table.py", "bot/entry/phrase/fold.py"})


def project_texts() -> Iterator[str]:
    """Every text the project itself may draw: catalog entries, the Mini App's strings and
    every string literal of the Python packages (declared names, words, sample names)."""
    for po in sorted((ROOT / "bot" / "locales").glob("**/*.po")):
        yield po.read_text(encoding="utf-8")
    for js in sorted((ROOT / "bot").glob("**/static/i18n/*.json")):
        yield js.read_text(encoding="utf-8")
    for pkg in ("bot", "scoring", "storage"):
        for py in sorted((ROOT / pkg).glob("**/*.py")):
            if py.relative_to(ROOT).as_posix() in NOT_DRAWN:
                continue
            for node in ast.walk(ast.parse(py.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    yield node.value


def project_han() -> set[int]:
    """The Han characters of :func:`project_texts`, as written and converted to Traditional."""
    sys.path.insert(0, str(ROOT))
    from scoring.hant import to_hant

    out: set[int] = set()
    for text in project_texts():
        for t in (text, to_hant(text)):
            out.update(cp for cp in map(ord, t) if _is_han(cp))
    return out


def _common() -> set[int]:
    """What every CJK face keeps besides Han: kana, CJK punctuation, fullwidth forms, ASCII,
    Latin-1, general punctuation and arrows."""
    cps = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100))
    cps |= set(range(0x3000, 0x3100)) | set(range(0x31F0, 0x3200))  # punctuation, kana
    cps |= set(range(0xFF00, 0xFFF0))
    cps |= set(range(0x2000, 0x2070)) | set(range(0x2190, 0x2200))
    cps |= {0x00B7, 0x2026, 0x2212, 0x25B2, 0x25BC, 0x25CF, 0x25A1}
    return cps


def tc_codepoints(han: set[int]) -> set[int]:
    """Big5 level 1 (5401 common Traditional hanzi) + the project's Han characters."""
    big5 = _charset("big5", range(0xA4, 0xC7), range(0x40, 0xFF))
    return _common() | {c for c in big5 if _is_han(c)} | han


def jp_codepoints(han: set[int]) -> set[int]:
    """JIS X 0208 (the 6355 kanji of levels 1 and 2: level 2 holds many name kanji, 翔, 莉,
    颯 …) and its symbols + the project's Han."""
    return _common() | _charset("euc_jp", range(0xA1, 0xF5), range(0xA1, 0xFF)) | han


def _options() -> subset.Options:
    o = subset.Options()
    o.hinting = False
    o.desubroutinize = False
    o.name_IDs = ["*"]
    o.name_languages = ["*"]
    o.notdef_outline = True
    o.layout_features = ["*"]
    o.glyph_names = False
    return o


def _subset(font: TTFont, cps: set[int] | None, out: Path) -> set[int]:
    cmap = set(font.getBestCmap())
    keep = cmap if cps is None else cmap & cps
    s = subset.Subsetter(_options())
    s.populate(unicodes=sorted(keep))
    s.subset(font)
    font.save(out)
    return set(TTFont(out).getBestCmap())


def _ranges(cps: set[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for c in sorted(cps):
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def emoji_codepoints() -> set[int]:
    """Single-code-point emoji of the common blocks (no flags, no skin tones, no sequences)."""
    cps: set[int] = set()
    for a, b in [
        (0x1F300, 0x1F5FF),  # symbols & pictographs
        (0x1F600, 0x1F64F),  # emoticons
        (0x1F680, 0x1F6FF),  # transport & map
        (0x1F900, 0x1F9FF),  # supplemental symbols & pictographs
        (0x1FA70, 0x1FAFF),
        (0x2600, 0x27BF),  # misc symbols, dingbats
        (0x1F004, 0x1F004),  # 🀄
    ]:
        cps |= set(range(a, b + 1))
    cps -= set(range(0x1F3FB, 0x1F400))  # skin tone modifiers
    return cps


def main(src: Path) -> None:
    coverage: dict[str, list[list[int]]] = {}

    def put(name: str, font: TTFont, cps: set[int] | None) -> None:
        got = _subset(font, cps, HERE / name)
        coverage[name] = _ranges(got)
        print(f"{name}: {len(got)} code points, {(HERE / name).stat().st_size // 1024} KB")

    latin = set(range(0x20, 0x250)) | set(range(0x300, 0x370)) | set(range(0x370, 0x530))
    latin |= set(range(0x1E00, 0x1F00)) | set(range(0x2000, 0x20D0)) | {0x2212, 0x2026, 0xFFFD}
    latin |= set(range(0x2100, 0x2200))
    han = project_han()
    for w in ("Regular", "Bold"):
        put(f"NotoSans-{w}.ttf", TTFont(src / TT / f"NotoSans-{w}.ttf"), latin)
        faces = {"SC": cjk_codepoints() | han, "TC": tc_codepoints(han), "JP": jp_codepoints(han)}
        for face, cps in faces.items():
            coll = TTCollection(src / OT / f"NotoSansCJK-{w}.ttc")  # saving consumes the face
            f = next(f for f in coll.fonts if f" CJK {face}" in (f["name"].getDebugName(4) or ""))
            put(f"NotoSans{face}-{w}.otf", f, cps)
    put("NotoSansArabic-Regular.ttf", TTFont(src / TT / "NotoSansArabic-Regular.ttf"), None)
    put("NotoSansHebrew-Regular.ttf", TTFont(src / TT / "NotoSansHebrew-Regular.ttf"), None)
    put("NotoSansSymbols2-Regular.ttf", TTFont(src / TT / "NotoSansSymbols2-Regular.ttf"), None)
    put("NotoSansSymbols-Regular.ttf", TTFont(src / TT / "NotoSansSymbols-Regular.ttf"), None)
    put("NotoColorEmoji.ttf", TTFont(src / TT / "NotoColorEmoji.ttf"), emoji_codepoints())
    (HERE / "coverage.json").write_text(json.dumps(coverage, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_subset.py SRC  (SRC = the dpkg -x folder of the Noto packages)")
    main(Path(sys.argv[1]))
