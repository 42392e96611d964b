"""A win in words: the one line on who won how (the wizard's summary, a hand's headline in
:func:`bot.present.headline`) and a win's tiles written back in the reply's notation.

Below both :mod:`bot.entry.wizard` and :mod:`bot.present` (each imports it; it imports neither), so
that the presentation layer and the wizard do not import each other (issue #15, point 5)."""

from __future__ import annotations

import json
from typing import Any

from bot import checklist, fan_words
from bot.i18n import Translator
from bot.terms import ruled
from scoring.declarations import DISCARD, ROBBED_KONG, SELF_DRAWN
from scoring.gb.notation import words_text
from scoring.ruleset import Ruleset

# The contract's tiles field ``flowers`` and a ruleset count of the same id (Guobiao's 花牌) are
# one number: a tiles reply leaves it out and build_record takes it from the count.
FLOWERS = "flowers"


def how(win: dict[str, Any]) -> str:
    if win.get("robbed_kong"):
        return ROBBED_KONG
    return SELF_DRAWN if win.get("from") is None else DISCARD


def fan_list(rs: Ruleset) -> list[dict[str, Any]]:
    fans = rs.extra_json().get("fans") or []
    return [f for f in fans if isinstance(f, dict) and "id" in f]


#: The prevalent wind 圈风 a tiles reply gets unless a word (圈南, round:S …) says otherwise,
#: when the draft names none: /calc, /edit, a ruleset without rounds. A new hand at a Guobiao
#: table carries its own in ``data["prevalent_wind"]`` (bot/handlers/table.py ``start_hand``,
#: from the night's confirmed hands: :func:`scoring.rulesets.guobiao.prevalent_wind_for`,
#: option ``round_wind``), and ``data["night_hand"]`` (the hand's number in the night) when
#: it follows the rounds. The tiles prompt shows it for the players to check.
PREVALENT_DEFAULT = "E"


def prevalent(data: dict[str, Any]) -> str:
    """The prevalent wind a tiles reply without a wind word gets in this draft."""
    wind = data.get("prevalent_wind")
    return wind if isinstance(wind, str) and wind in ("E", "S", "W", "N") else PREVALENT_DEFAULT


def seat_wind(data: dict[str, Any], win: dict[str, Any]) -> str:
    """The winner's seat wind 门风: the dealer sits East, the others follow in seat order."""
    players, dealer = data["players"], data["dealer"]
    offset = (players.index(win["winner"]) - players.index(dealer)) % len(players)
    return "ESWN"[offset % 4]


def tiles_notation(
    tiles: dict[str, Any], seat: str | None = None, prevalent: str = PREVALENT_DEFAULT
) -> str:
    """A tiles object written back in the reply's notation, with the words for what the tiles
    cannot show (绝张, 妙手/海底, 杠开, 圈南 …), so that replying with it (/edit) gives the
    same tiles again; the JSON if it has no such form: a concealed chow/pung or, with ``seat``
    (the winner's seat wind, :func:`seat_wind`) given, flowers inside the tiles (a reply takes
    them from the flower count) or another seat wind (a reply takes the seat's). The prevalent
    wind is written (圈东 too) when it is not ``prevalent``, the one a reply without a wind
    word gets (:func:`prevalent`)."""
    try:
        if seat is not None and (FLOWERS in tiles or tiles.get("seat_wind", seat) != seat):
            raise ValueError("no notation for these flowers or this seat wind")
        out = ""
        for m in tiles.get("melds") or []:
            if m.get("concealed") and m.get("kind") != "kong":
                raise ValueError("a concealed chow/pung has no bracket form")
            out += ("({})" if m.get("concealed") else "[{}]").format(m["tiles"])
        words = words_text(tiles, prevalent_default=prevalent)
        return f"{out}{tiles['hand']} {tiles['win_tile']}" + (f" {words}" if words else "")
    except (AttributeError, KeyError, TypeError, ValueError):
        return json.dumps(tiles, ensure_ascii=False)


def name(data: dict[str, Any], p: str | None) -> str:
    if p is None:
        return "—"
    return str(data["names"].get(p, p))


def describe_win(rs: Ruleset, data: dict[str, Any], w: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    who = name(data, w["winner"])
    h = how(w)
    if h == SELF_DRAWN:
        how_txt = _("self-drawn")
    elif h == DISCARD:
        how_txt = ruled(_("on {name}'s discard"), rs.id, tr).format(name=name(data, w["from"]))
    else:
        how_txt = _("robbing {name}'s kong").format(name=name(data, w["from"]))
    parts = [f"{who} — {how_txt}"]
    if w.get("shape") and (s := rs.shape(w["shape"])):
        parts.append(tr.name(s))
    if w.get("fan") is not None:
        parts.append(fan_words.amount(rs, tr, w["fan"]))
    if w.get("fans"):
        names = {f["id"]: tr.entry(f) for f in fan_list(rs)}
        parts.append(checklist.joined(w["fans"], names))
    if isinstance(w.get("tiles"), dict):
        # the wizard's summary (also the /edit pre-fill) must reply as the same tiles; a
        # record's headline (bot.texts, no seats in ``data``) only shows them
        seat = seat_wind(data, w) if "players" in data else None
        parts.append(tr.chinese(tiles_notation(w["tiles"], seat, prevalent(data))))
    for fid in w.get("flags") or []:
        f = rs.flag(fid)
        parts.append(tr.name(f) if f else fid)
    return " · ".join(parts)
