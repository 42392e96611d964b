"""Tiles mode (spec §1.3): han and fu from the tiles, by the ``mahjong`` library (R20).

The tiles object is the contract's notation (``hand`` without the winning tile, ``win_tile``,
``melds`` of ``chow``/``pung``/``kong`` with ``concealed``) plus ``dora_indicators`` and
``ura_dora_indicators`` (tile strings, e.g. ``"3m7z"``), ``prevalent_wind`` (``E``/``S``/``W``/
``N``, default ``E``) and, in sanma, ``nuki_dora`` (North tiles set aside, 0–4). Red fives are
``0m``/``0p``/``0s`` (with option ``aka_dora``). The seat wind follows from the dealer (East).
The situational flags are the win's ``flags`` (§1.3 table); ``is_tsumo`` = no discarder and
``is_chankan`` = ``robbed_kong``.

The library's ``cost`` is **not** used for money: the settlement pays from han and fu (§2).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

from scoring.errors import RecordError
from scoring.ruleset import Options

TILES_KEYS = frozenset(
    {"hand", "win_tile", "melds", "dora_indicators", "ura_dora_indicators", "prevalent_wind",
     "seat_wind", "nuki_dora"}
)  # fmt: skip
MELD_KEYS = frozenset({"kind", "tiles", "concealed", "claimed_from"})
WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_GROUP = re.compile(r"([0-9]+)([mpsz])")
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
#: flag id -> HandConfig keyword (§1.3)
FLAG_CONFIG = {
    "riichi": "is_riichi",
    "double_riichi": "is_daburu_riichi",
    "ippatsu": "is_ippatsu",
    "rinshan": "is_rinshan",
    "chankan": "is_chankan",
    "haitei": "is_haitei",
    "houtei": "is_houtei",
    "tenhou": "is_tenhou",
    "chiihou": "is_chiihou",
    "renhou": "is_renhou",
    "open_riichi": "is_open_riichi",
}
KAZOE = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "no_limit": HandConstants.KAZOE_NO_LIMIT,
}
_MELD_TYPES = {"chow": (Meld.CHI, 3), "pung": (Meld.PON, 3), "kong": (Meld.KAN, 4)}


@dataclass(frozen=True, slots=True)
class Tile:
    kind: int  # 0..33 (34-format)
    red: bool = False


@dataclass(frozen=True, slots=True)
class TilesResult:
    """What the library found: ``han`` and ``fu``; ``yakuman`` = the multiple of a natural
    yakuman (0 otherwise); the yaku names (English, as the library gives them) and
    ``yaku_han``, each one's han as the library counted it (:mod:`scoring.riichi.yaku_names`
    names them)."""

    han: int
    fu: int
    yakuman: int
    yaku: tuple[str, ...]
    yaku_han: tuple[int, ...] = ()


def parse_tiles(text: object, path: str, aka: bool) -> list[Tile]:
    """``"123m0p11z"`` → tiles (a ``0`` is a red five when ``aka``)."""
    if not isinstance(text, str) or not text:
        raise RecordError(path, "must be tiles in the notation, e.g. '123m456p11z'")
    if "".join(m.group(0) for m in _GROUP.finditer(text)) != text:
        raise RecordError(path, f"{text!r} is not in the tile notation (digits then m/p/s/z)")
    out: list[Tile] = []
    for m in _GROUP.finditer(text):
        digits, suit = m.group(1), m.group(2)
        for d in digits:
            v = int(d)
            red = v == 0
            if red and (suit == "z" or not aka):
                why = "red fives are off (option aka_dora)" if suit != "z" else "0z is no tile"
                raise RecordError(path, f"{d}{suit}: {why}")
            if suit == "z" and not 1 <= v <= 7:
                raise RecordError(path, f"{d}z is no tile (1z–7z)")
            out.append(Tile(_SUIT_BASE[suit] + (5 if red else v) - 1, red))
    return out


class _Pool:
    """Hands out the 136-format ids: copy 0 of a five is the red one (R20 FIVE_RED_*)."""

    def __init__(self, aka: bool) -> None:
        self.used: dict[int, set[int]] = {}
        self.aka = aka

    def take(self, tile: Tile, path: str) -> int:
        used = self.used.setdefault(tile.kind, set())
        reds = self.aka and tile.kind < 27 and tile.kind % 9 == 4
        if tile.red:
            copies = [0]
        else:
            copies = [1, 2, 3] if reds else [0, 1, 2, 3]
        for c in copies:
            if c not in used:
                used.add(c)
                return tile.kind * 4 + c
        raise RecordError(path, f"more of tile {_name(tile)} than the set holds")


def _name(tile: Tile) -> str:
    if tile.kind >= 27:
        return f"{tile.kind - 26}z"
    return f"{0 if tile.red else tile.kind % 9 + 1}{'mps'[tile.kind // 9]}"


def _wind(value: object, path: str) -> int:
    if value not in WINDS:
        raise RecordError(path, "must be E, S, W or N")
    assert isinstance(value, str)
    return WINDS[value]


def evaluate(
    tiles: Mapping[str, Any],
    *,
    path: str,
    flags: tuple[str, ...],
    tsumo: bool,
    robbed_kong: bool,
    seat: int,
    players: int,
    opts: Options,
    winner_is_dealer: bool,
) -> TilesResult:
    """Han and fu of one win from its tiles; :class:`RecordError` naming ``path`` (the win's
    ``tiles``) for a malformed or impossible hand, or one the library rejects (no yaku …)."""
    for key in tiles:
        if key not in TILES_KEYS:
            raise RecordError(f"{path}.{key}", "unknown field")
    aka = opts.b("aka_dora")
    pool = _Pool(aka)
    hand = parse_tiles(tiles.get("hand"), f"{path}.hand", aka)
    win = parse_tiles(tiles.get("win_tile"), f"{path}.win_tile", aka)
    if len(win) != 1:
        raise RecordError(f"{path}.win_tile", "must be one tile")
    all_ids = [pool.take(t, f"{path}.hand") for t in hand]
    win_id = pool.take(win[0], f"{path}.win_tile")
    all_ids.append(win_id)
    melds_raw = tiles.get("melds") or []
    if not isinstance(melds_raw, list):
        raise RecordError(f"{path}.melds", "must be a list")
    melds: list[Meld] = []
    for i, m in enumerate(melds_raw):
        mp = f"{path}.melds[{i}]"
        if not isinstance(m, dict) or m.get("kind") not in _MELD_TYPES:
            raise RecordError(mp, "must be an object with kind chow, pung or kong")
        for key in m:
            if key not in MELD_KEYS:
                raise RecordError(f"{mp}.{key}", "unknown field")
        mtype, size = _MELD_TYPES[m["kind"]]
        mtiles = parse_tiles(m.get("tiles"), f"{mp}.tiles", aka)
        kinds = sorted(t.kind for t in mtiles)
        same = len(set(kinds)) == 1
        run = kinds[0] < 27 and kinds == list(range(kinds[0], kinds[0] + 3)) and (kinds[0] % 9 <= 6)
        if (
            len(mtiles) != size
            or (m["kind"] == "chow" and not run)
            or (m["kind"] != "chow" and not same)
        ):
            raise RecordError(f"{mp}.tiles", f"is not a {m['kind']}")
        concealed = m.get("concealed", False)
        if not isinstance(concealed, bool) or (concealed and m["kind"] != "kong"):
            raise RecordError(f"{mp}.concealed", "only a kong may be concealed (true/false)")
        ids = [pool.take(t, f"{mp}.tiles") for t in mtiles]
        all_ids.extend(ids)
        melds.append(Meld(meld_type=mtype, tiles=ids, opened=not concealed))
    if len(hand) + 1 + 3 * len(melds) != 14:
        raise RecordError(
            f"{path}.hand",
            f"needs {13 - 3 * len(melds)} tiles with {len(melds)} melds, has {len(hand)}",
        )
    dora = [
        pool.take(t, f"{path}.dora_indicators")
        for t in _optional_tiles(tiles, "dora_indicators", path, aka)
    ]
    ura = [
        pool.take(t, f"{path}.ura_dora_indicators")
        for t in _optional_tiles(tiles, "ura_dora_indicators", path, aka)
    ]
    round_wind = _wind(tiles.get("prevalent_wind", "E"), f"{path}.prevalent_wind")
    if "seat_wind" in tiles and _wind(tiles["seat_wind"], f"{path}.seat_wind") != seat:
        raise RecordError(f"{path}.seat_wind", "does not match the winner's seat from the dealer")
    nuki = tiles.get("nuki_dora", 0)
    if (
        not isinstance(nuki, int)
        or isinstance(nuki, bool)
        or not 0 <= nuki <= 4
        or (nuki and players != 3)
    ):
        raise RecordError(f"{path}.nuki_dora", "must be 0–4, and only in sanma")
    kiriage = opts.s("kiriage") == "all" or (opts.s("kiriage") == "dealer" and winner_is_dealer)
    rules = OptionalRules(
        has_open_tanyao=opts.b("kuitan"),
        has_aka_dora=aka,
        has_double_yakuman=opts.b("double_yakuman_hands"),
        kazoe_limit=KAZOE[opts.s("kazoe")],
        kiriage=kiriage,
        renhou_as_yakuman=opts.s("renhou") == "yakuman",
        is_three_player=players == 3,
    )
    kw: dict[str, bool] = {FLAG_CONFIG[f]: True for f in flags if f in FLAG_CONFIG}
    if robbed_kong:
        kw["is_chankan"] = True
    config = HandConfig(
        is_tsumo=tsumo,
        player_wind=EAST + seat,
        round_wind=EAST + round_wind,
        options=rules,
        num_nuki_dora=nuki,
        **kw,
    )
    res = HandCalculator.estimate_hand_value(
        all_ids, win_id, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
    )
    if res.error is not None or res.han is None or res.fu is None or res.cost is None:
        raise RecordError(path, f"the mahjong library refuses the hand: {res.error}")
    yaku = tuple(str(y) for y in res.yaku or ())
    # as HandCalculator adds them up: the open han where the yaku has them, else the closed
    yaku_han = tuple(
        y.han_open if res.is_open_hand and y.han_open else y.han_closed for y in res.yaku or ()
    )
    natural = any(y.is_yakuman for y in res.yaku or ())
    k = max(1, res.han // 13) if natural else 0
    return TilesResult(res.han, res.fu, k, yaku, yaku_han)


def _optional_tiles(tiles: Mapping[str, Any], key: str, path: str, aka: bool) -> list[Tile]:
    value = tiles.get(key)
    if value is None or value == "":
        return []
    return parse_tiles(value, f"{path}.{key}", aka)
