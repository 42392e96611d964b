"""Red fives and nuki dora in a riichi tiles reply (issue 27.4; spec riichi.md §1.3: "Red fives
are 0m/0p/0s (with option aka_dora)", "nuki dora (sanma North) | num_nuki_dora — it only adds
han"; §2.13 ``aka_dora`` default true, R20 OptionalRules ``has_aka_dora``).

The reply (``bot.entry.wizard.steps.riichi_tiles.read``) is scored by the ruleset
(``Riichi.tiles_value``) and compared with the ``mahjong`` library called directly, as the
oracle: the tiles through the library's own converter (``TilesConverter.string_to_136_array``
with ``has_aka_dora``, which reads ``0`` as the red five), the config from the table's options.
Random closed hands with riichi (a yaku every closed hand has), red fives anywhere; explicit
hands for melds, indicators, aka off and sanma's North tiles.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from bot.entry import riichi
from bot.entry.wizard.steps.riichi_tiles import read
from scoring.record import HandRecord
from scoring.rulesets.riichi import Riichi
from tests.scoring.test_riichi_builders import hand, win

RS = Riichi()
SUITS = "mps"


def _split(tiles: str) -> dict[str, str]:
    """Contract notation → the converter's keyword strings (man/pin/sou/honors)."""
    out = {"man": "", "pin": "", "sou": "", "honors": ""}
    key = {"m": "man", "p": "pin", "s": "sou", "z": "honors"}
    digits = ""
    for ch in tiles:
        if ch.isdigit():
            digits += ch
        else:
            out[key[ch]] += digits
            digits = ""
    return out


RED_IDS = frozenset({16, 52, 88})  # the library's FIVE_RED_MAN / PIN / SOU


def ids(tiles: str, aka: bool) -> list[int]:
    return TilesConverter.string_to_136_array(**_split(tiles), has_aka_dora=aka)


class Pool:
    """136-format ids of all the hand's tiles at once (the library's converter), handed out
    part by part: a red five gets the red copy, a plain tile a plain one."""

    def __init__(self, tiles: str, aka: bool) -> None:
        self.left = ids(tiles, aka)
        self.aka = aka

    def take(self, part: str) -> list[int]:
        out = []
        for i in ids(part, self.aka):
            red = self.aka and i in RED_IDS
            pick = next(
                j for j in self.left if j // 4 == i // 4 and (self.aka and j in RED_IDS) == red
            )
            self.left.remove(pick)
            out.append(pick)
        return out


def oracle(
    concealed: str,
    win_tile: str,
    *,
    tsumo: bool,
    aka: bool = True,
    melds: tuple[tuple[str, str], ...] = (),  # (kind, tiles) exposed
    dora: str = "",
    nuki: int = 0,
    players: int = 4,
    seat: int = 1,
) -> tuple[int, int]:
    """(han, fu) by the library alone (riichi declared, friendly options)."""
    pool = Pool(concealed + win_tile + "".join(t for _, t in melds), aka)
    all_ids = pool.take(concealed)
    win_ids = pool.take(win_tile)
    all_ids += win_ids
    m_objs = []
    for kind, t in melds:
        mids = pool.take(t)
        m_objs.append(Meld(meld_type=Meld.CHI if kind == "chow" else Meld.PON, tiles=mids))
        all_ids += mids
    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=not melds,
        player_wind=EAST + seat,
        round_wind=EAST,
        num_nuki_dora=nuki,
        options=OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=aka,
            has_double_yakuman=False,
            kazoe_limit=HandConstants.KAZOE_LIMITED,
            kiriage=False,
            renhou_as_yakuman=False,
            is_three_player=players == 3,
        ),
    )
    res = HandCalculator.estimate_hand_value(
        all_ids,
        win_ids[0],
        melds=m_objs,
        dora_indicators=ids(dora, aka) if dora else [],
        config=config,
    )
    assert res.error is None and res.han is not None and res.fu is not None, res.error
    return res.han, res.fu


def ours(text: str, *, tsumo: bool, preset: str | None = None, **opts: Any) -> tuple[int, int]:
    """(han, fu) of the reply ``text``, read as the wizard reads it, scored by the ruleset."""
    options = {**({"preset": preset} if preset else {}), **opts}
    tiles = read(text, self_drawn=tsumo, prevalent="E", aka=riichi.aka_dora("riichi", options))
    flags = ("riichi",) if not tiles["melds"] else ()
    rec = hand(
        [win("S", None if tsumo else "W", None, tiles=tiles, flags=flags)],
        riichi=("S",) if flags else (),
        preset=preset,
        **opts,
    )
    got = RS.tiles_value(HandRecord.from_json(rec), 0)
    return got.han, got.fu


# --- random closed hands ----------------------------------------------------------------
@st.composite
def closed_hands(draw: st.DrawFn) -> tuple[list[int], int, bool]:
    """14 tiles (34-format kinds, at most 4 of each): four chows or pungs and a pair; the
    winning tile (an index into them); tsumo or ron."""
    counts = [0] * 34
    kinds: list[int] = []
    for _ in range(4):
        if draw(st.booleans()):
            start = draw(st.sampled_from([s * 9 + k for s in range(3) for k in range(7)]))
            group = [start, start + 1, start + 2]
        else:
            group = [draw(st.integers(0, 33))] * 3
        if any(counts[k] + group.count(k) > 4 for k in group):
            continue
        for k in group:
            counts[k] += 1
        kinds += group
    pair = draw(st.integers(0, 33).filter(lambda k: counts[k] <= 2))
    counts[pair] += 2
    kinds += [pair, pair]
    if len(kinds) != 14:  # a group was skipped: fill with pungs of honours left
        free = [k for k in range(27, 34) if counts[k] == 0]
        while len(kinds) < 14:
            k = free.pop()
            counts[k] = 3
            kinds += [k] * 3
    return kinds, draw(st.integers(0, 13)), draw(st.booleans())


def notation(kinds: list[int], red: set[int]) -> str:
    """Kinds → contract notation; ``red``: indexes (into ``kinds``) written as ``0``."""
    by: dict[str, str] = {s: "" for s in "mpsz"}
    for i, k in sorted(enumerate(kinds), key=lambda t: t[1]):
        suit = "mpsz"[k // 9]
        digit = k % 9 + 1
        by[suit] += "0" if i in red else str(digit)
    return "".join(d + s for s, d in by.items() if d)


@settings(max_examples=150, deadline=None)
@given(closed_hands(), st.data())
def test_random_red_fives_score_as_the_library_says(
    h: tuple[list[int], int, bool], data: st.DataObject
) -> None:
    kinds, w, tsumo = h
    fives: dict[int, int] = {}
    for i, k in enumerate(kinds):
        if k < 27 and k % 9 == 4:
            fives.setdefault(k, i)  # one red copy per suit at most (R20 FIVE_RED_*)
    # with red fives in play, a suit's fourth five is the red one (R20 FIVE_RED_*)
    red = {i for k, i in fives.items() if kinds.count(k) == 4 or data.draw(st.booleans())}
    win_kind = kinds[w]
    rest = kinds[:w] + kinds[w + 1 :]
    rest_red = {j - (j > w) for j in red if j != w}
    concealed = notation(rest, rest_red)
    win_tile = notation([win_kind], {0} if w in red else set())
    try:
        want = oracle(concealed, win_tile, tsumo=tsumo)
    except AssertionError:  # the library finds no yaku (cannot happen with riichi) or no win
        return
    assert ours(f"{concealed} {win_tile}", tsumo=tsumo) == want
    if red:  # each red five one han more than the same hand without (aka dora)
        plain = oracle(riichi.fives(concealed), riichi.fives(win_tile), tsumo=tsumo, aka=False)
        assert want[0] - plain[0] == len(red) or want[0] >= 13


# --- explicit hands ------------------------------------------------------------------------
def test_a_red_five_in_hand_is_one_han() -> None:
    # riichi + pinfu-free: 234m 067p 345s 678s 22z, ron on 2z … two 2z: the pair waits
    text = "234m067p345s678s2z 2z"
    assert ours(text, tsumo=False) == oracle("234m067p345s678s2z", "2z", tsumo=False)
    assert ours(text, tsumo=False)[0] == ours("234m567p345s678s2z 2z", tsumo=False)[0] + 1


def test_a_red_winning_tile_counts() -> None:
    got = ours("234m67p345s678s22z 0p", tsumo=True)
    assert got == oracle("234m67p345s678s22z", "0p", tsumo=True)
    assert got[0] == ours("234m67p345s678s22z 5p", tsumo=True)[0] + 1


def test_a_red_five_in_an_exposed_meld_counts() -> None:
    # [406s] an exposed chow with the red five; tanyao (kuitan on) + aka
    text = "234m567p33m[406s]678s 3m"
    got = ours(text, tsumo=False)
    want = oracle("234m567p3m678s", "3m", tsumo=False, melds=(("chow", "406s"),))
    assert got == want
    assert got[0] == ours("234m567p33m[456s]678s 3m", tsumo=False)[0] + 1


def test_a_red_indicator_points_at_six() -> None:
    # dora indicator 0p = 5p: 6p is dora (one 6p in hand), the indicator is no aka itself
    text = "234m567p345s678s2z 2z dora 0p"
    got = ours(text, tsumo=False)
    assert got == oracle("234m567p345s678s2z", "2z", tsumo=False, dora="0p")
    assert got[0] == ours("234m567p345s678s2z 2z", tsumo=False)[0] + 1


def test_without_red_fives_a_zero_is_a_plain_five() -> None:
    # ema preset: no red fives (R2 EMA 2016) — the table's option aka_dora off
    plain = ours("234m567p345s678s2z 2z", tsumo=False, aka_dora=False)
    assert ours("234m067p345s678s2z 2z", tsumo=False, aka_dora=False) == plain
    assert plain == oracle("234m567p345s678s2z", "2z", tsumo=False, aka=False)


@pytest.mark.parametrize(
    ("words", "n"),
    [("nuki 2", 2), ("抜きドラ 1", 1), ("抜き 北北北", 3), ("nuki 44z", 2), ("拔北 4", 4)],
)
def test_nuki_dora_in_sanma(words: str, n: int) -> None:
    """Sanma's North tiles set aside: n han more (R17; R20 ``num_nuki_dora``). The 1m/9m and
    pins/sous only: 2m–8m are not in the sanma set."""
    concealed, w = "111m234p567p789s2z", "2z"
    tiles = read(f"{concealed} {w} {words}", self_drawn=False, prevalent="E")
    assert tiles["nuki_dora"] == n
    got = ours(f"{concealed} {w} {words}", tsumo=False, preset="sanma")
    assert got == oracle(concealed, w, tsumo=False, nuki=n, players=3)
    assert got[0] == ours(f"{concealed} {w}", tsumo=False, preset="sanma")[0] + n


def test_nuki_words_leave_the_tiles() -> None:
    assert riichi.take_nuki("111m234p 2z nuki 2 dora 3p") == ("111m234p 2z   dora 3p", 2)
    assert riichi.take_nuki("111m234p 2z") == ("111m234p 2z", None)


def test_nuki_at_four_players_is_refused() -> None:
    from scoring.errors import RecordError

    with pytest.raises(RecordError, match="sanma"):
        ours("234m567p345s678s2z 2z nuki 1", tsumo=False)


def test_the_ema_preset_plays_no_red_fives() -> None:
    # spec §2.13: aka_dora "R2 (EMA 2016: open tanyao, no red fives, renhou mangan)"
    assert riichi.aka_dora("riichi", {}) and not riichi.aka_dora("riichi", {"preset": "ema"})
    assert ours("234m067p345s678s2z 2z", tsumo=False, preset="ema") == ours(
        "234m567p345s678s2z 2z", tsumo=False, preset="ema"
    )
