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

Examples: ``gb-fans "123m456p789s11z222z" --win 1z`` (花龙 …),
``gb-fans "[555z][666z]23444m" --win 7z …`` is rejected (wrong count), ``gb-fans
"[555z][666z][777z]2344m" --win 4m --self-drawn``.
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
