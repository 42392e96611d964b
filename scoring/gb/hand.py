"""The Guobiao tiles object of the contract (``wins[].tiles``), parsed and checked strictly.

Contract (``shared/contracts/hand-record.md`` "Guobiao tiles")::

    {"melds": [{"kind": "pung", "tiles": "111p", "concealed": false, "claimed_from": "left"},
               {"kind": "kong", "tiles": "7777p", "concealed": true}],
     "hand": "777m777s2z", "win_tile": "2z",
     "self_drawn": false, "last_tile_of_kind": false, "last_wall_tile": false,
     "kong_related": false, "seat_wind": "S", "prevalent_wind": "W", "flowers": 4}

An impossible object is a :class:`RecordError` naming the field and the problem; nothing is
silently corrected.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.errors import RecordError
from scoring.gb.tiles import (
    WIND_LETTERS,
    TileSyntaxError,
    parse_tiles,
    suit,
    tile_str,
    tiles_str,
)

KINDS = ("chow", "pung", "kong")
CLAIMED = ("left", "across", "right")
BOOL_KEYS = ("self_drawn", "last_tile_of_kind", "last_wall_tile", "kong_related")
KEYS = ("melds", "hand", "win_tile", *BOOL_KEYS, "seat_wind", "prevalent_wind", "flowers")


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: ``tile`` is the lowest tile of a chow, else the tile of the pung/kong.

    Chows and pungs are exposed; a kong is exposed unless ``concealed``.
    """

    kind: str
    tile: int
    concealed: bool = False

    @property
    def tiles(self) -> list[int]:
        if self.kind == "chow":
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (4 if self.kind == "kong" else 3)

    def notation(self) -> str:
        body = tiles_str(self.tiles)
        return f"({body})" if self.concealed else f"[{body}]"


@dataclass(frozen=True, slots=True)
class GbHand:
    melds: tuple[Meld, ...]
    hand: tuple[int, ...]  # the concealed tiles without the winning tile, sorted
    win_tile: int
    self_drawn: bool = False
    last_tile_of_kind: bool = False
    last_wall_tile: bool = False
    kong_related: bool = False
    seat_wind: int = 27
    prevalent_wind: int = 27
    flowers: int = 0

    def notation(self) -> str:
        melds = "".join(m.notation() for m in self.melds)
        return f"{melds}{tiles_str(list(self.hand))} +{tile_str(self.win_tile)}"

    @property
    def exposed(self) -> bool:
        """Has a chow, a pung or an exposed kong (not 门前清)."""
        return any(not m.concealed for m in self.melds)

    def to_json(self) -> dict[str, Any]:
        letters = {v: k for k, v in WIND_LETTERS.items()}
        return {
            "melds": [
                {"kind": m.kind, "tiles": tiles_str(m.tiles), "concealed": m.concealed}
                for m in self.melds
            ],
            "hand": tiles_str(list(self.hand)),
            "win_tile": tile_str(self.win_tile),
            "self_drawn": self.self_drawn,
            "last_tile_of_kind": self.last_tile_of_kind,
            "last_wall_tile": self.last_wall_tile,
            "kong_related": self.kong_related,
            "seat_wind": letters[self.seat_wind],
            "prevalent_wind": letters[self.prevalent_wind],
            "flowers": self.flowers,
        }


def _tiles(value: object, path: str) -> list[int]:
    if not isinstance(value, str):
        raise RecordError(path, "must be a tile string like '123m456p77z'")
    try:
        return parse_tiles(value)
    except TileSyntaxError as e:
        raise RecordError(path, str(e)) from None


def _meld(data: object, path: str) -> Meld:
    if not isinstance(data, dict):
        raise RecordError(path, "must be an object {kind, tiles, concealed?, claimed_from?}")
    for k in data:
        if k not in ("kind", "tiles", "concealed", "claimed_from"):
            raise RecordError(f"{path}.{k}", "unknown field")
    kind = data.get("kind")
    if kind not in KINDS:
        raise RecordError(f"{path}.kind", "must be chow, pung or kong")
    tiles = sorted(_tiles(data.get("tiles"), f"{path}.tiles"))
    concealed = data.get("concealed", False)
    if not isinstance(concealed, bool):
        raise RecordError(f"{path}.concealed", "must be true or false")
    claimed = data.get("claimed_from")
    if claimed is not None and claimed not in CLAIMED:
        raise RecordError(f"{path}.claimed_from", "must be left, across or right")
    size = 4 if kind == "kong" else 3
    if len(tiles) != size:
        raise RecordError(f"{path}.tiles", f"a {kind} has {size} tiles, got {len(tiles)}")
    if kind == "chow":
        t = tiles[0]
        if t >= 27 or suit(tiles[2]) != suit(t) or tiles != [t, t + 1, t + 2]:
            raise RecordError(f"{path}.tiles", "a chow is three consecutive tiles of one suit")
        if concealed:
            raise RecordError(f"{path}.concealed", "only a kong can be a concealed meld")
        if claimed not in (None, "left"):
            raise RecordError(f"{path}.claimed_from", "a chow can only be claimed from the left")
    else:
        if len(set(tiles)) != 1:
            raise RecordError(f"{path}.tiles", f"a {kind} is {size} identical tiles")
        if concealed and kind == "pung":
            raise RecordError(
                f"{path}.concealed", "a concealed pung is not a meld: put it in 'hand'"
            )
        if concealed and claimed is not None:
            raise RecordError(f"{path}.claimed_from", "a concealed kong is not claimed")
    return Meld(kind, tiles[0], concealed)


def _bool(data: Mapping[str, Any], key: str, path: str) -> bool:
    v = data.get(key, False)
    if not isinstance(v, bool):
        raise RecordError(f"{path}.{key}", "must be true or false")
    return v


def _wind(data: Mapping[str, Any], key: str, path: str) -> int:
    v = data.get(key)
    if v is None:
        raise RecordError(f"{path}.{key}", "is required: E, S, W or N")
    if v not in WIND_LETTERS:
        raise RecordError(f"{path}.{key}", f"must be E, S, W or N, got {v!r}")
    return WIND_LETTERS[v]


def parse_hand(data: object, path: str = "tiles") -> GbHand:
    """Parse and check one tiles object; ``path`` prefixes the fields in errors."""
    if not isinstance(data, dict):
        raise RecordError(path, "must be an object")
    for k in data:
        if k not in KEYS:
            raise RecordError(f"{path}.{k}", "unknown field")
    melds_raw = data.get("melds", [])
    if not isinstance(melds_raw, list):
        raise RecordError(f"{path}.melds", "must be a list")
    if len(melds_raw) > 4:
        raise RecordError(f"{path}.melds", f"at most 4 melds, got {len(melds_raw)}")
    melds = tuple(_meld(m, f"{path}.melds[{i}]") for i, m in enumerate(melds_raw))
    if "hand" not in data:
        raise RecordError(f"{path}.hand", "is required (the concealed tiles without the win)")
    hand = sorted(_tiles(data["hand"], f"{path}.hand"))
    if "win_tile" not in data:
        raise RecordError(f"{path}.win_tile", "is required")
    win = _tiles(data["win_tile"], f"{path}.win_tile")
    if len(win) != 1:
        raise RecordError(f"{path}.win_tile", f"must be exactly one tile, got {len(win)}")
    want = 13 - 3 * len(melds)
    if len(hand) != want:
        extra = ""
        if len(hand) == want + 1:
            extra = " (leave the winning tile out of 'hand')"
        raise RecordError(
            f"{path}.hand",
            f"with {len(melds)} meld(s) the hand has {want} tiles without the winning tile, "
            f"got {len(hand)}{extra}",
        )
    flags = {k: _bool(data, k, path) for k in BOOL_KEYS}
    flowers = data.get("flowers", 0)
    if not isinstance(flowers, int) or isinstance(flowers, bool) or not 0 <= flowers <= 8:
        raise RecordError(f"{path}.flowers", "must be an integer 0–8")
    gb = GbHand(
        melds,
        tuple(hand),
        win[0],
        flags["self_drawn"],
        flags["last_tile_of_kind"],
        flags["last_wall_tile"],
        flags["kong_related"],
        _wind(data, "seat_wind", path),
        _wind(data, "prevalent_wind", path),
        flowers,
    )
    check_hand(gb, path)
    return gb


def check_hand(gb: GbHand, path: str = "tiles") -> None:
    """The physical checks: tile counts and the context flags (not whether it is a win)."""
    counts = [0] * 34
    for t in gb.hand:
        counts[t] += 1
    counts[gb.win_tile] += 1
    for m in gb.melds:
        for t in m.tiles:
            counts[t] += 1
    for t, n in enumerate(counts):
        if n > 4:
            raise RecordError(path, f"{n} copies of {tile_str(t)}: there are only 4 of each tile")
    win = gb.win_tile
    in_hand = gb.hand.count(win)
    in_melds = sum(m.tiles.count(win) for m in gb.melds)
    name = tile_str(win)
    if gb.last_tile_of_kind and in_hand:
        raise RecordError(
            f"{path}.last_tile_of_kind",
            f"和绝张 (last tile) is impossible: the concealed hand holds another {name}",
        )
    if in_melds == 3 and not gb.last_tile_of_kind:
        raise RecordError(
            f"{path}.last_tile_of_kind",
            f"the other three {name} are in your own exposed melds, so this is 和绝张: set it true",
        )
    if gb.kong_related:
        if gb.self_drawn:
            if not any(m.kind == "kong" for m in gb.melds):
                raise RecordError(
                    f"{path}.kong_related", "杠上开花 (win on a kong replacement) needs a kong"
                )
        else:
            if in_hand or in_melds:
                raise RecordError(
                    f"{path}.kong_related",
                    f"抢杠和 (robbing a kong) is impossible: you hold a {name} yourself, "
                    "so no one can be adding the fourth to a pung",
                )
            if gb.last_wall_tile:
                raise RecordError(
                    f"{path}.last_wall_tile",
                    "海底捞月 is a win on the last discard; a robbed kong is not a discard",
                )
