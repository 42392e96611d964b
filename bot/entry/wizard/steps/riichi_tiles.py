"""A riichi win by its tiles (issue #27 points 3 and 4): the tiles reply in the phone
notation of the tile pad (``[…]`` an exposed chow/pung/kong, ``(…)`` a concealed kong, the
rest concealed; honours 1z–7z), the winning tile, then the dora indicators after ``dora`` /
``ドラ`` / ``宝牌`` and the ura-dora after ``ura`` / ``裏ドラ`` / ``里宝牌``:
``234m567p(7777s)22z 2z dora 3m ura 9p``. The tiles object is spec riichi.md §1.3's (the
``mahjong`` library scores it: :meth:`scoring.rulesets.riichi.Riichi.tiles_value`); the seat
wind follows from the dealer, the round wind is the draft's."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from bot.entry import riichi
from bot.entry.draft import Draft
from bot.entry.keyboard import Code
from bot.entry.wizard.actions import Button, Ctx, TilesError, WizardError, _nav, _split
from bot.entry.wizard.steps.tiles import TilesStep, win_problem
from bot.i18n import Translator
from bot.terms import ICON_TILES
from scoring.gb.notation import NotationError, parse_phone

EXAMPLE = "234m567p345s(7777s)2z 2z dora 3m"
#: the dora word of the example in each chat language (each one :data:`_DORA` reads)
DORA_WORD = {"zh_Hans": "宝牌", "zh_Hant": "寶牌", "ja": "ドラ"}
_DORA = re.compile(
    r"(?:(?P<ura>ura|裏ドラ|里宝牌|裡寶牌|裏寶牌|裏宝牌|裏)|dora|ドラ|宝牌|寶牌)\s*[:：]?\s*(?P<tiles>(?:[0-9]+[mpsz])+)",
    re.IGNORECASE,
)
_MELD = ("kind", "tiles", "concealed")


def read(text: str, *, self_drawn: bool, prevalent: str, aka: bool = True) -> dict[str, Any]:
    """The §1.3 tiles object of a reply (raises :class:`TilesError`): red fives ``0m 0p 0s``
    where the table plays them (``aka``; else plain fives), ``nuki 2`` the North tiles set
    aside in sanma (:func:`bot.entry.riichi.take_nuki`)."""
    folded, nuki = riichi.take_nuki(unicodedata.normalize("NFKC", text).strip())
    dora: list[str] = []
    ura: list[str] = []

    def take(m: re.Match[str]) -> str:
        (ura if m.group("ura") else dora).append(m.group("tiles").lower())
        return " "

    rest = _DORA.sub(take, folded).split()
    if len(rest) != 2:
        raise TilesError("win_tile" if len(rest) == 1 else "bad_tiles", folded)
    try:
        hand, win, reds = riichi.split_red(rest[0], rest[1])
        got = parse_phone(hand, win, self_drawn=self_drawn, prevalent=prevalent)
    except NotationError as exc:
        raise TilesError("bad_tiles", str(exc)) from exc
    tiles: dict[str, Any] = {
        "hand": got["hand"],
        "win_tile": got["win_tile"],
        "melds": [{k: m[k] for k in _MELD if k in m} for m in got.get("melds") or []],
        "prevalent_wind": prevalent,
    }
    if aka:
        riichi.put_red(tiles, reds)
    if dora:
        tiles["dora_indicators"] = "".join(dora) if aka else riichi.fives("".join(dora))
    if ura:
        tiles["ura_dora_indicators"] = "".join(ura) if aka else riichi.fives("".join(ura))
    if nuki:
        tiles["nuki_dora"] = nuki
    return tiles


def set_tiles(d: Draft, step: str, text: str) -> None:
    """A tiles reply on a riichi win's ``tiles`` step: the win's tiles (its han, fu and
    yakuman counts dropped), or :class:`TilesError` with the win left as it was."""
    kind, n = _split(step)
    if kind != "tiles":
        raise WizardError("bad_arg")
    win = d.wins[n]
    tiles = read(
        text,
        self_drawn=win.discarder is None,
        prevalent=d.prevalent(),
        aka=riichi.aka_dora(d.ruleset, d.options),
    )
    before = d.copy()
    win.tiles, win.mode, win.fan = tiles, "tiles", None
    for cid in ("fu", "yakuman"):
        (d.counts.get(cid) or {}).pop(win.winner, None)
    flags = [list(w.flags) for w in d.wins]
    riichi.sync_riichi_flag(d)  # the winner's riichi toggle, as the flag the library scores
    for k, w in enumerate(d.wins):  # only this win's
        if k != n:
            w.flags = flags[k]
    problem = win_problem(d, n)
    if problem is not None:
        d.counts, d.wins[n] = before.counts, before.wins[n]
        raise TilesError("bad_hand", problem)


class RiichiTilesStep(TilesStep):
    """``tiles.<n>`` at a riichi table: its own example and words (dora, ura); elsewhere the
    generic step."""

    kinds = ("tiles",)

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        if not riichi.applies(c.rs):
            return super().render(c, tr)
        _ = tr.gettext
        prompt = _(
            "Reply to this message with the hand, a space, then the winning tile, then the dora "
            "indicators after dora and the ura-dora after ura, e.g. {example}\n[…] is an "
            "exposed chow, pung or kong, (…) a concealed kong, the rest are the concealed "
            "tiles: digits with m, p, s; honours 1z–7z (East South West North, white, green, "
            "red). The flags (riichi, ippatsu …) are ticked on the preview."
        ).format(example=EXAMPLE.replace("dora", DORA_WORD.get(tr.lang, "dora")))
        # the tiles reply's red fives and nuki dora (spec riichi.md §1.3)
        prompt += "\n" + _(
            "0m 0p 0s are the red fives (where the table plays them); in three-player, "
            "nuki 2 counts two North tiles set aside."
        )
        rows = [[Button(ICON_TILES + " " + _("Tile pad"), Code.PAD)]]
        nxt = _("Next") + " ▶" if c.win.tiles else None
        rows.append(_nav(c.d, tr, next_label=nxt))
        return prompt, rows
