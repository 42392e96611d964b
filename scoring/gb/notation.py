"""The phone notation of ``mahjong-tally gb-fans`` and the command's input/output, as functions.

Notation (typed on a phone, one string)::

    [123m][555z](7777p)456m789s1z   --win 1z

* ``[…]`` an exposed meld: 3 consecutive tiles = chow, 3 equal = pung, 4 equal = exposed kong;
* ``(…)`` a concealed kong (4 equal tiles);
* everything else: the concealed tiles in the contract notation (digits, then ``m`` 万 /
  ``p`` 筒 / ``s`` 条 / ``z`` honours 1z–7z = 东南西北白发中); the honours may also be typed as
  东 南 西 北 白 发 中 (also 發). Spaces and commas are ignored; letters may be upper case.
* The winning tile is ``--win``; the concealed part may include it (14 − 3 × melds tiles) or
  leave it out (13 − 3 × melds).

Examples: ``gb-fans "123m456p789s11z222z" --win 1z`` (花龙 8 + 门前清 2 + 幺九刻 1 + 单钓将 1),
``gb-fans "[555z][666z][777z]2344m" --win 4m --self-drawn`` (大三元 88 + 混一色 6 + 自摸 1).
"""

from __future__ import annotations

import json
from typing import Any

from scoring.errors import RecordError
from scoring.gb.calculator import GbResult, calculate
from scoring.gb.fans import FAN_BY_ID, FLOWER, fan_label
from scoring.gb.hand import GbHand, parse_hand
from scoring.gb.tiles import TileSyntaxError, parse_tiles, tile_str, tiles_str

HONOR_CHARS = {"东": 27, "南": 28, "西": 29, "北": 30, "白": 31, "发": 32, "發": 32, "中": 33}


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
  gb-fans --jsonl < hands.jsonl     (one contract tiles object + "id" per line)

notation: [..] exposed chow/pung/kong, (..) concealed kong, then the concealed tiles
(digits + m/p/s/z; honours 1z-7z = 东南西北白发中, or the characters); the winning tile
may be included in the concealed tiles or left out."""


def add_arguments(p: Any) -> None:
    """The ``gb-fans`` arguments on an argparse parser."""
    p.add_argument("hand", nargs="?", help='the hand, e.g. "[123m](7777p)456m789s1z"')
    p.add_argument("--win", help="the winning tile, e.g. 5m or 中")
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
    if args.hand is None or args.win is None:
        raise NotationError(
            'give a HAND and --win TILE, e.g. gb-fans "123m456p789s11z222z" --win 1z'
        )
    obj = parse_phone(
        args.hand,
        args.win,
        self_drawn=args.self_drawn,
        seat=args.seat,
        prevalent=args.round,
        flowers=args.flowers,
        last_tile=args.last_tile,
        last_wall=args.last_wall,
        kong=args.kong,
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
