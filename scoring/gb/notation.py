"""The phone notation of ``mahjong-tally gb-fans`` and the command's input/output, as functions.

Notation (typed on a phone, one string)::

    [123m][555z](7777p)456m789s1z   --win 1z

* ``[…]`` an exposed meld: 3 consecutive tiles = chow, 3 equal = pung, 4 equal = exposed kong;
* ``(…)`` a concealed kong (4 equal tiles);
* everything else: the concealed tiles in the contract notation (digits, then ``m`` 万 /
  ``p`` 筒 / ``s`` 条 / ``z`` honours 1z–7z = 东南西北白发中); the honours may also be typed as
  东 南 西 北 白 发 中 (also 東, 發). Spaces and commas are ignored; letters may be upper case.
* The winning tile is ``--win``; the concealed part may include it (14 − 3 × melds tiles) or
  leave it out (13 − 3 × melds). Without ``--win``, the last tile of ``HAND`` after a space is
  the winning tile (the bot's tiles reply: ``[555z](7777p)123s999p2z 2z``).
* Words (separate, anywhere; usually after the winning tile) say what the tiles cannot show
  (:func:`read_word`): ``绝张`` / ``lasttile`` 和绝张; ``妙手`` (self-drawn) / ``海底`` (on a
  discard) / ``lastwall`` the last wall tile, 妙手回春 or 海底捞月; ``杠开`` / ``kongdraw``
  杠上开花 (self-drawn); ``圈南`` / ``round:S`` the prevalent wind. Full-width forms and
  Traditional characters (絕張, 撈, 槓開, 圈東 …) read the same.

Examples: ``gb-fans "123m456p789s11z222z" --win 1z`` (花龙 8 + 门前清 2 + 幺九刻 1 + 单钓将 1),
``gb-fans "[555z][666z][777z]2344m" --win 4m --self-drawn`` (大三元 88 + 混一色 6 + 自摸 1).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from scoring.errors import RecordError
from scoring.gb.calculator import GbResult, calculate
from scoring.gb.fans import FAN_BY_ID, FLOWER, fan_label
from scoring.gb.hand import GbHand, parse_hand
from scoring.gb.tiles import TileSyntaxError, parse_tiles, tile_str, tiles_str

HONOR_CHARS = {
    "东": 27, "東": 27, "南": 28, "西": 29, "北": 30, "白": 31, "发": 32, "發": 32, "中": 33,
}  # fmt: skip


class NotationError(ValueError):
    """A typo in the phone notation; the message says where."""


def _segment(text: str, start: int) -> list[int]:
    """Parse concealed-style tiles (digits + suit letters, or honour characters)."""
    out: list[int] = []
    buf = ""
    buf_start = start
    for i, ch in enumerate(text):
        if ch in HONOR_CHARS:
            if buf:
                out += _parse(buf, buf_start)
                buf = ""
            out.append(HONOR_CHARS[ch])
            continue
        if ch in " ,，":
            continue
        if not buf:
            buf_start = start + i
        buf += ch
    if buf:
        out += _parse(buf, buf_start)
    return out


def _parse(buf: str, start: int) -> list[int]:
    try:
        return parse_tiles(buf)
    except TileSyntaxError as e:
        raise NotationError(f"{e} (in {buf!r} at character {start + 1})") from None


def parse_phone(
    text: str,
    win: str,
    *,
    self_drawn: bool = False,
    seat: str = "E",
    prevalent: str = "E",
    flowers: int = 0,
    last_tile: bool = False,
    last_wall: bool = False,
    kong: bool = False,
) -> dict[str, Any]:
    """The contract tiles object for a phone-notation hand (raises :class:`NotationError`)."""
    melds: list[dict[str, Any]] = []
    concealed: list[int] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in "[(":
            close = "]" if ch == "[" else ")"
            j = text.find(close, i + 1)
            other = text.find("[" if ch == "[" else "(", i + 1)
            if j < 0 or (0 <= other < j):
                raise NotationError(f"{ch!r} at character {i + 1} is not closed with {close!r}")
            tiles = sorted(_segment(text[i + 1 : j], i + 1))
            where = f"meld {text[i : j + 1]!r}"
            if ch == "(":
                if len(tiles) != 4 or len(set(tiles)) != 1:
                    raise NotationError(f"{where}: (…) is a concealed kong, 4 equal tiles")
                melds.append({"kind": "kong", "tiles": tiles_str(tiles), "concealed": True})
            else:
                if len(tiles) == 4 and len(set(tiles)) == 1:
                    kind = "kong"
                elif len(tiles) == 3 and len(set(tiles)) == 1:
                    kind = "pung"
                elif (
                    len(tiles) == 3
                    and tiles[0] < 27
                    and tiles == [tiles[0], tiles[0] + 1, tiles[0] + 2]
                    and tiles[0] // 9 == tiles[2] // 9
                ):
                    kind = "chow"
                else:
                    raise NotationError(
                        f"{where}: […] is a chow (3 in a row), a pung (3 equal) or a kong (4 equal)"
                    )
                melds.append({"kind": kind, "tiles": tiles_str(tiles), "concealed": False})
            i = j + 1
            continue
        if ch in "])":
            raise NotationError(f"{ch!r} at character {i + 1} closes nothing")
        j = i
        while j < n and text[j] not in "[]()":
            j += 1
        concealed += _segment(text[i:j], i)
        i = j
    win_tiles = _segment(win, 0) if win else []
    if len(win_tiles) != 1:
        raise NotationError(f"--win must be one tile like 5m or 中, got {win!r}")
    w = win_tiles[0]
    want = 13 - 3 * len(melds)
    if len(concealed) == want + 1:
        if w not in concealed:
            raise NotationError(
                f"the concealed part has {want + 1} tiles but no {tile_str(w)} (the --win tile)"
            )
        concealed.remove(w)
    elif len(concealed) != want:
        raise NotationError(
            f"with {len(melds)} meld(s) the concealed part needs {want} tiles (or {want + 1} "
            f"with the winning tile), got {len(concealed)}"
        )
    # the other three copies in one's own exposed melds are visible: 和绝张 for certain (the
    # scoring core refuses the hand without it, scoring.gb.hand.check_hand)
    if sum(t == w for m in melds for t in parse_tiles(m["tiles"])) == 3:
        last_tile = True
    return {
        "melds": melds,
        "hand": tiles_str(concealed),
        "win_tile": tile_str(w),
        "self_drawn": self_drawn,
        "last_tile_of_kind": last_tile,
        "last_wall_tile": last_wall,
        "kong_related": kong,
        "seat_wind": seat,
        "prevalent_wind": prevalent,
        "flowers": flowers,
    }


# --- words: what the tiles cannot show ---------------------------------------------------------

#: Traditional characters of the words, read as the Simplified ones (东 too: 圈東).
_WORD_FOLD = str.maketrans(
    {"絕": "绝", "決": "决", "張": "张", "槓": "杠", "開": "开", "撈": "捞", "東": "东", "風": "风"}
)
WINDS = "ESWN"
_WIND_NAMES = {
    "e": "E", "east": "E", "东": "E",
    "s": "S", "south": "S", "南": "S",
    "w": "W", "west": "W", "西": "W",
    "n": "N", "north": "N", "北": "N",
}  # fmt: skip
_ROUND_ZH = re.compile(r"圈风?([东南西北])|([东南西北])风?圈")
_ROUND_EN = re.compile(r"round[:=](\w+)")
#: kind, how it must have been won (None = any), the words (folded: Simplified, lower case,
#: no ``-`` or ``_``). Fan values (shared/rules/guobiao-mcr.md §3): 和绝张 4, 妙手回春 8 (self-
#: drawn), 海底捞月 8 (the last discard), 杠上开花 8 (self-drawn), 圈风刻 2.
_WORDS: tuple[tuple[str, str | None, frozenset[str]], ...] = (
    ("last_tile", None, frozenset({"绝张", "和绝张", "胡绝张", "决张", "和决张", "lasttile"})),
    ("last_wall", "self_drawn", frozenset({"妙手", "妙手回春"})),
    ("last_wall", "discard", frozenset({"海底", "海底捞月"})),
    ("last_wall", None, frozenset({"lastwall"})),
    ("kong", "self_drawn", frozenset({"杠开", "杠上开花", "杠上花", "kongdraw"})),
)
#: What :func:`words_text` writes back (the canonical word of each).
WORD_LAST_TILE, WORD_LAST_DRAW, WORD_LAST_CLAIM, WORD_KONG = "绝张", "妙手", "海底", "杠开"


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a tiles reply: ``kind`` ``last_tile`` / ``last_wall`` / ``kong`` /
    ``round`` (``wind`` E/S/W/N); ``how`` ``self_drawn`` / ``discard`` / None (any win)."""

    text: str
    kind: str
    how: str | None = None
    wind: str | None = None


class WordError(NotationError):
    """A word that is unknown or does not fit the win. ``code``: ``unknown``, ``self_drawn``
    (only possible self-drawn), ``discard`` (only on a discard), ``robbed_kong`` (not when
    robbing a kong), ``two_winds`` (two prevalent winds; ``word`` names both)."""

    def __init__(self, code: str, word: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.word = word


def read_word(token: str) -> Word | None:
    """The word ``token`` is (full-width, Traditional, upper case, ``-``/``_`` all read the
    same), or None if it is no word."""
    t = unicodedata.normalize("NFKC", token).translate(_WORD_FOLD).lower()
    t = t.replace("-", "").replace("_", "")
    for kind, how, names in _WORDS:
        if t in names:
            return Word(token, kind, how)
    m = _ROUND_ZH.fullmatch(t)
    if m:
        return Word(token, "round", wind=_WIND_NAMES[m.group(1) or m.group(2)])
    m = _ROUND_EN.fullmatch(t)
    if m and m.group(1) in _WIND_NAMES:
        return Word(token, "round", wind=_WIND_NAMES[m.group(1)])
    return None


def _word_like(token: str) -> bool:
    """A token that cannot be tiles: no digit, no bracket, not only honour characters."""
    if any(ch.isdigit() or ch in "[]()【】（）" for ch in token) or token == "--win":
        return False
    return not all(ch in HONOR_CHARS or ch in ",，" for ch in token)


def _one_tile(token: str) -> bool:
    try:
        return len(_segment(token, 0)) == 1
    except NotationError:
        return False


def split_words(text: str, win: str | None = None) -> tuple[str, str, list[Word]]:
    """``HAND [--win] WINTILE [WORD …]`` → ``(hand, win tile, words)``; with ``win`` given
    (``gb-fans --win``), ``text`` is only ``HAND [WORD …]``.

    The words are taken out wherever they stand (blanked, so the parser's character positions
    in ``hand`` stay those of ``text``). A token no tile can be (no digit or bracket) that is no
    word raises :class:`WordError` ``unknown``; a missing winning tile, :class:`NotationError`
    starting ``--win``."""
    chars = list(text)
    words: list[Word] = []
    rest: list[re.Match[str]] = []
    for m in re.finditer(r"\S+", text):
        word = read_word(m.group())
        if word is None:
            rest.append(m)
            continue
        words.append(word)
        chars[m.start() : m.end()] = " " * (m.end() - m.start())
    for m in rest:
        if _word_like(m.group()):
            raise WordError(
                "unknown",
                m.group(),
                f"unknown word {m.group()!r} (the words: 绝张 lasttile, 妙手 海底 lastwall, "
                "杠开 kongdraw, 圈南 round:S)",
            )
    if win is None:
        if len(rest) < 2 or not _one_tile(rest[-1].group()):
            last = rest[-1].group() if rest else ""
            raise NotationError(f"--win must be one tile like 5m or 中, got {last!r}")
        win = rest[-1].group()
        end = rest[-1].start()
        if len(rest) > 2 and rest[-2].group() == "--win":
            end = rest[-2].start()
        chars = chars[:end]
    return "".join(chars).rstrip(), win, words


def apply_words(words: list[Word], *, self_drawn: bool, robbed_kong: bool) -> dict[str, Any]:
    """The words as :func:`parse_phone` keywords (``last_tile``, ``last_wall``, ``kong``,
    ``prevalent`` — only those the words give), checked against how the hand was won:
    :class:`WordError` for a word that cannot hold (杠开 on a discard, 妙手 on a discard,
    海底 self-drawn, the last wall tile when robbing a kong, two prevalent winds). 绝张 when
    robbing a kong is true but not counted (抢杠和 不计 和绝张, spec §3 row 47)."""
    out: dict[str, Any] = {}
    for w in words:
        if w.kind == "round":
            if out.get("prevalent", w.wind) != w.wind:
                both = next(v.text for v in words if v.kind == "round") + " " + w.text
                raise WordError("two_winds", both, f"two prevalent winds: {both}")
            out["prevalent"] = w.wind
            continue
        if w.how == "self_drawn" and not self_drawn:
            raise WordError(
                "self_drawn", w.text, f"{w.text!r} is only possible on a self-drawn win"
            )
        if w.how == "discard" and self_drawn:
            raise WordError(
                "discard",
                w.text,
                f"{w.text!r} (海底捞月) is a win on the last discard; self-drawn, write 妙手",
            )
        if w.kind == "last_wall" and robbed_kong:
            raise WordError(
                "robbed_kong", w.text, f"{w.text!r} is not possible when robbing a kong"
            )
        out[w.kind] = True
    return out


def words_text(tiles: dict[str, Any], prevalent_default: str = "E") -> str:
    """The words that give a tiles object's context back (``""`` if none): the inverse of
    :func:`apply_words` (杠开 only self-drawn: on a discard ``kong_related`` is 抢杠和, which the
    win itself says). The prevalent wind is written (圈东 too) when it is not
    ``prevalent_default``, the one a reply without a wind word gets."""
    out = []
    if tiles.get("last_tile_of_kind"):
        out.append(WORD_LAST_TILE)
    if tiles.get("last_wall_tile"):
        out.append(WORD_LAST_DRAW if tiles.get("self_drawn") else WORD_LAST_CLAIM)
    if tiles.get("kong_related") and tiles.get("self_drawn"):
        out.append(WORD_KONG)
    wind = tiles.get("prevalent_wind", "E")
    if wind != prevalent_default and wind in WINDS:
        out.append("圈" + "东南西北"[WINDS.index(wind)])
    return " ".join(out)


def score(gb: GbHand, path: str = "tiles") -> GbResult:
    """Calculate, or :class:`RecordError` if the tiles are not a winning hand."""
    res = calculate(gb)
    if res is None:
        raise RecordError(
            path, f"not a winning hand: {gb.notation()} is not 4 sets and a pair or a special form"
        )
    return res


def result_json(res: GbResult) -> dict[str, Any]:
    """The contract's per-hand output: ``{"total", "fans": [{id, name_zh, name_en, points, count}]}``."""
    fans = []
    for line in res.fans:
        zh, en = fan_label(line.id)
        fans.append(
            {
                "id": line.id,
                "name_zh": zh,
                "name_en": en,
                "points": line.points,
                "count": line.count,
            }
        )
    if res.flowers:
        f = FAN_BY_ID[FLOWER]
        fans.append(
            {"id": f.id, "name_zh": f.zh, "name_en": f.en, "points": 1, "count": res.flowers}
        )
    return {"total": res.grand_total, "fans": fans}


def jsonl_line(line: str) -> str:
    """One line of ``gb-fans --jsonl``: a tiles object plus ``"id"`` in, one JSON line out."""
    ident: Any = None
    try:
        data = json.loads(line)
    except json.JSONDecodeError as e:
        return json.dumps({"id": None, "error": f"not JSON: {e.msg}"}, ensure_ascii=False)
    if isinstance(data, dict):
        ident = data.pop("id", None)
    try:
        res = score(parse_hand(data, "tiles"))
    except RecordError as e:
        return json.dumps({"id": ident, "error": str(e)}, ensure_ascii=False)
    return json.dumps({"id": ident, **result_json(res)}, ensure_ascii=False)


def explain_lines(res: GbResult, lang: str = "en") -> list[str]:
    """A readable explanation: the reading, each fan with its points, the excluded fans."""
    zh = lang.startswith("zh")
    out = [("拆分：" if zh else "Reading: ") + res.decomposition]
    for line in res.fans:
        name_zh, name_en = fan_label(line.id)
        name = name_zh if zh else f"{name_en} {name_zh}"
        times = f" ×{line.count}" if line.count > 1 else ""
        out.append(f"  {name}{times}: {line.total}")
    if res.flowers:
        out.append(f"  {'花牌' if zh else 'Flower Tiles 花牌'} ×{res.flowers}: {res.flowers}")
    for e in res.excluded:
        g_zh, g_en = fan_label(e.id)
        b_zh, b_en = fan_label(e.by)
        times = f" ×{e.count}" if e.count > 1 else ""
        if zh:
            out.append(f"  （{g_zh}{times} 不计：{b_zh}不计{g_zh}）")
        else:
            out.append(f"  ({g_en} {g_zh}{times} not counted: implied by {b_en} {b_zh})")
    if zh:
        out.append(
            f"合计 {res.total} 番"
            + (f" + 花牌 {res.flowers} = {res.grand_total}" if res.flowers else "")
        )
    else:
        flw = f" + {res.flowers} flowers = {res.grand_total}" if res.flowers else ""
        out.append(f"Total {res.total} fan{flw}")
    return out


# --- the ``gb-fans`` command (argparse wiring lives in bot/cli.py) ---------------------------

USAGE_EXAMPLES = """examples:
  gb-fans "123m456p789s11z222z" --win 1z
  gb-fans "[555z][666z][777z]2344m" --win 4m --self-drawn --seat S --round E
  gb-fans "(1111m)222m333m444m5p" --win 5p --flowers 2
  gb-fans "123m 456p 789s 东东 南南南" --win 东 --lang zh
  gb-fans "[111z]234m567p678s9s 9s 海底 圈南"     (the bot's tiles reply: HAND TILE WORDS)
  gb-fans --jsonl < hands.jsonl     (one contract tiles object + "id" per line)

notation: [..] exposed chow/pung/kong, (..) concealed kong, then the concealed tiles
(digits + m/p/s/z; honours 1z-7z = 东南西北白发中, or the characters); the winning tile
may be included in the concealed tiles or left out. Words (in HAND): 绝张/lasttile 和绝张,
妙手 (self-drawn) / 海底 (discard) / lastwall the last wall tile, 杠开/kongdraw 杠上开花,
圈南/round:S the prevalent wind; the same as --last-tile, --last-wall, --kong, --round."""


def add_arguments(p: Any) -> None:
    """The ``gb-fans`` arguments on an argparse parser."""
    p.add_argument(
        "hand",
        nargs="?",
        help='the hand, e.g. "[123m](7777p)456m789s1z", and words like 绝张 海底 圈南',
    )
    p.add_argument("--win", help="the winning tile, e.g. 5m or 中 (or HAND's last tile)")
    p.add_argument("--self-drawn", action="store_true", help="自摸 (default: won on a discard)")
    p.add_argument("--seat", default="E", choices=("E", "S", "W", "N"), help="门风 seat wind")
    p.add_argument("--round", default="E", choices=("E", "S", "W", "N"), help="圈风 round wind")
    p.add_argument("--flowers", type=int, default=0, help="花牌 flowers 0–8")
    p.add_argument("--last-tile", action="store_true", help="和绝张: the 4th copy, 3 visible")
    p.add_argument("--last-wall", action="store_true", help="妙手回春 / 海底捞月")
    p.add_argument("--kong", action="store_true", help="杠上开花 (self-drawn) / 抢杠和 (discard)")
    p.add_argument("--json", action="store_true", help="print JSON (the --jsonl line format)")
    p.add_argument("--lang", choices=("zh", "en"), default="en", help="text language")
    p.add_argument("--jsonl", action="store_true", help="batch: tiles objects on stdin")


def run(args: Any, stdin: Any, stdout: Any) -> int:
    """Run ``gb-fans``; raises ValueError (NotationError / RecordError) for bad input."""
    if args.jsonl:
        if args.hand is not None:
            raise NotationError("--jsonl reads standard input; give no HAND")
        for line in stdin:
            if line.strip():
                stdout.write(jsonl_line(line) + "\n")
                stdout.flush()
        return 0
    usage = 'give a HAND and --win TILE, e.g. gb-fans "123m456p789s11z222z" --win 1z'
    if args.hand is None:
        raise NotationError(usage)
    try:  # the words in HAND; without --win, HAND ends with the winning tile (the bot's reply)
        hand, win, words = split_words(args.hand, args.win)
    except WordError:
        raise
    except NotationError:
        raise NotationError(usage + ' (or "123m456p789s11z222z 1z")') from None
    said = apply_words(
        words, self_drawn=args.self_drawn, robbed_kong=args.kong and not args.self_drawn
    )
    if said.get("prevalent", args.round) != args.round != "E":
        raise NotationError(f"--round {args.round} but the words say {said['prevalent']}")
    obj = parse_phone(
        hand,
        win,
        self_drawn=args.self_drawn,
        seat=args.seat,
        prevalent=said.get("prevalent", args.round),
        flowers=args.flowers,
        last_tile=args.last_tile or said.get("last_tile", False),
        last_wall=args.last_wall or said.get("last_wall", False),
        kong=args.kong or said.get("kong", False),
    )
    res = score(parse_hand(obj, "hand"), "hand")
    if args.json:
        out = result_json(res)
        out["reading"] = res.decomposition
        out["excluded"] = [{"id": e.id, "count": e.count, "by": e.by} for e in res.excluded]
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        return 0
    lines = explain_lines(res, args.lang)
    if res.total < 8:
        lines.append(
            f"（不够8番起和：{res.total}番）"
            if args.lang == "zh"
            else f"(below the 8-fan minimum: {res.total} fan)"
        )
    stdout.write("\n".join(lines) + "\n")
    return 0
