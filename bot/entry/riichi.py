"""Riichi's answers (issue #27 point 3): what may be chosen for a riichi hand, the one answer
the chat's buttons, the Mini App's ``valid_choices`` and ``/hand`` share (called from
:mod:`bot.entry.allowed`).

* A win's value on the **han keypad**: 1–13 han, the limits as buttons (mangan = 5 han,
  haneman = 6, baiman = 8, sanbaiman = 11: spec riichi.md §2.1) and a yakuman of k times
  (``counts.yakuman``, k up to the table's ``max_yakuman``).
* **Fu** only where it matters (han ≤ 4, §1.1) and only the values that exist for that han
  and way of winning: 20 fu is a pinfu tsumo (never at 1 han, never on a ron), 25 fu is seven
  pairs (at least 2 han), 30 … 110; the values from the first one that reaches the mangan cap
  on are one button (they all pay mangan, §2.1 ``min(b, 2000)``).
* **Declarations** as one row of player toggles: riichi (``riichi`` events, the 1,000 sticks,
  §2.4) in any hand that takes them, tenpai (``tenpai`` events, §2.5) at an exhaustive draw.
  The honba and the sticks already on the table are the ledger's (``counts.honba`` /
  ``counts.riichi_sticks``, filled in before settling): never asked.

The flags of the ruleset are the tiles mode's situational flags (§1.3): a win entered by
han and fu is not asked them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import scoring
from bot.entry.draft import Draft, WinDraft, resolved
from scoring.riichi.decls import GAME_END
from scoring.riichi.points import FU_VALUES, MANGAN
from scoring.ruleset import Ruleset

RIICHI = "riichi"
HAN_MAX = 13
FU_TOP = 110  # the largest fu a hand reaches (the core takes up to 140)
#: the counts the buttons never ask: fu and yakuman come from the keypad, honba and sticks
#: from the ledger (spec §1.1 "filled by the engine from the ledger")
KEYPAD_COUNTS = frozenset({"fu", "yakuman", "honba", "riichi_sticks"})
DECLARED = ("riichi", "tenpai")  # the events entered as a row of toggles


@dataclass(frozen=True, slots=True)
class Limit:
    """A limit hand's button: its word id (``scoring.riichi.decls.WORDS``) and the han it
    stands for (the least han of the tier, §2.1)."""

    id: str
    han: int


LIMITS = (Limit("mangan", 5), Limit("haneman", 6), Limit("baiman", 8), Limit("sanbaiman", 11))


def applies(rs: Ruleset) -> bool:
    """Whether the table is a riichi table (han and fu, not a fan total)."""
    return rs.id == RIICHI


def keypad_win(d: Draft, w: WinDraft) -> bool:
    """A riichi win entered by han and fu (not by its tiles)."""
    return applies(d.rs) and w.mode != "tiles" and w.tiles is None


def hidden_flags(d: Draft, w: WinDraft) -> frozenset[str]:
    """The flags not offered on win ``w``: all of them on a win by han (they are the tiles'),
    and on a win by tiles ``riichi``, which the winner's riichi toggle sets (:func:`toggle`)."""
    if not applies(d.rs):
        return frozenset()
    if keypad_win(d, w):
        return frozenset(f.id for f in d.rs.flags)
    return frozenset({"riichi"})


def sync_riichi_flag(d: Draft) -> None:
    """A win by tiles has the flag ``riichi`` exactly when its winner declared riichi (the
    row's toggle), unless it is a double riichi."""
    on = set(declared(d, "riichi"))
    for w in d.wins:
        if not applies(d.rs) or keypad_win(d, w):
            continue
        if w.winner in on and "riichi" not in w.flags and "double_riichi" not in w.flags:
            w.flags.append("riichi")
        elif w.winner not in on and "riichi" in w.flags:
            w.flags.remove("riichi")


def hidden_counts(rs: Ruleset) -> frozenset[str]:
    """The counts the preview does not ask at this table (:data:`KEYPAD_COUNTS`)."""
    return KEYPAD_COUNTS if applies(rs) else frozenset()


def hidden_events(rs: Ruleset) -> frozenset[str]:
    """The events entered as a row of toggles rather than ➕ (:data:`DECLARED`)."""
    return frozenset(DECLARED) if applies(rs) else frozenset()


# --------------------------------------------------------------------------------------
# the value
# --------------------------------------------------------------------------------------
def han_values() -> list[int]:
    return list(range(1, HAN_MAX + 1))


def yakuman_multiples(d: Draft) -> list[int]:
    """The yakuman buttons: single, double … up to the table's ``max_yakuman``."""
    return list(range(1, d.opts.i("max_yakuman") + 1))


def _basic(han: int, fu: int) -> int:
    return int(fu * 2 ** (2 + han))


def fu_values(d: Draft, w: WinDraft, han: int) -> list[int]:
    """The fu a win of ``han`` han may have, won as ``w`` was (empty from 5 han: fu do not
    matter). The last value stands for itself and every larger one where they pay the same
    mangan (3 han 70 fu and up, 4 han 40 fu and up)."""
    if han > 4:
        return []
    out: list[int] = []
    for fu in sorted(FU_VALUES):
        if fu > FU_TOP:
            break
        if fu == 25 and han == 1:  # seven pairs is 2 han at least
            continue
        if fu == 20 and (han == 1 or w.discarder is not None):  # pinfu tsumo only
            continue
        out.append(fu)
        if _basic(han, fu) >= MANGAN:
            break
    return out


def fu_capped(han: int, fu: int) -> bool:
    """Whether ``fu`` at ``han`` is the button that stands for "this or more" (mangan)."""
    return han <= 4 and _basic(han, fu) >= MANGAN


def value_set(d: Draft, w: WinDraft) -> bool:
    """Whether win ``w``'s value is complete: a yakuman, 5 han or more, or han with fu."""
    if d.count("yakuman", w.winner):
        return True
    if w.fan is None:
        return False
    return w.fan > 4 or bool(d.count("fu", w.winner))


def set_han(d: Draft, n: int, han: int) -> None:
    """Win ``n`` is ``han`` han (no yakuman; its fu dropped from 5 han)."""
    w = d.wins[n]
    w.fan, w.mode = han, "fan"
    _set(d, "yakuman", w.winner, 0)
    if han > 4:
        _set(d, "fu", w.winner, 0)


def set_fu(d: Draft, n: int, fu: int) -> None:
    _set(d, "fu", d.wins[n].winner, fu)


def set_yakuman(d: Draft, n: int, k: int) -> None:
    """Win ``n`` is a yakuman of ``k`` times (``fan`` null, spec §1.1)."""
    w = d.wins[n]
    w.fan, w.mode = None, "fan"
    _set(d, "fu", w.winner, 0)
    _set(d, "yakuman", w.winner, k)


def _set(d: Draft, cid: str, p: str, v: int) -> None:
    per = d.counts.setdefault(cid, {})
    if v:
        per[p] = v
    else:
        per.pop(p, None)
    if not per:
        d.counts.pop(cid, None)


# --------------------------------------------------------------------------------------
# the declarations row
# --------------------------------------------------------------------------------------
def declarations(d: Draft) -> list[str]:
    """The events of this hand entered as a row of player toggles: ``riichi`` wherever the
    hand's result takes it (not a chombo: its sticks are returned, §2.4), ``tenpai`` at an
    exhaustive draw (§2.5)."""
    if not applies(d.rs) or d.result == "chombo":
        return []
    rs, out = d.rs, []
    for eid in DECLARED:
        decl = rs.event(eid)
        if decl is not None and (not decl.results or d.result in decl.results):
            out.append(eid)
    return out


def declared(d: Draft, eid: str) -> list[str]:
    """The players with event ``eid`` in this hand, in seat order."""
    have = {e.get("player") for e in d.events if e.get("type") == eid}
    return [p for p in d.players if p in have]


def toggle(d: Draft, eid: str, p: str) -> None:
    """Add or remove ``p``'s ``eid`` event (a riichi stick, a tenpai)."""
    if eid not in declarations(d) or p not in d.players:
        raise ValueError(eid)
    mine = [e for e in d.events if e.get("type") == eid and e.get("player") == p]
    if mine:
        d.events = [e for e in d.events if e not in mine]
    else:
        d.events.append({"type": eid, "player": p})
    sync_riichi_flag(d)


# --------------------------------------------------------------------------------------
# the Mini App's and the differential test's view
# --------------------------------------------------------------------------------------
def win_choices(d: Draft, w: WinDraft) -> dict[str, object]:
    """What a riichi win may choose now: ``han`` (1–13), ``limits`` (``[word id, han]``),
    ``yakuman`` (the multiples), ``fu`` (for the han chosen, empty if none needed)."""
    return {
        "han": han_values(),
        "limits": [[x.id, x.han] for x in LIMITS],
        "yakuman": yakuman_multiples(d),
        "fu": fu_values(d, w, w.fan) if w.fan is not None else [],
    }


def hand_choices(d: Draft) -> dict[str, list[str]]:
    """The declarations row of each event type, who may toggle: every seated player."""
    return {eid: list(d.players) for eid in declarations(d)}


def value_step(rs: Ruleset, mode: str) -> str:
    """The step kind that asks a win's value in ``mode``: riichi's han keypad for ``fan``."""
    return "han" if applies(rs) and mode == "fan" else mode


# --------------------------------------------------------------------------------------
# the results the table enters
# --------------------------------------------------------------------------------------
def entered(rs: Ruleset, result: str) -> bool:
    """Whether the table enters this result: a riichi game's end is the ledger's, never
    entered (storage.ledger.games adds it after the hand that ends the game, §2.9)."""
    return not (applies(rs) and result == GAME_END)


# --------------------------------------------------------------------------------------
# a tiles reply's red fives and nuki dora (spec §1.3)
# --------------------------------------------------------------------------------------
#: the tile groups of the phone notation: digits, then the suit (0 = a red five, R20 aka dora)
_GROUP = re.compile(r"([0-9]+)([mps])")
#: the North tiles set aside in sanma (抜きドラ, spec §1.3 ``nuki_dora`` / §2.11): a count, or
#: the North tiles themselves (``nuki 44z``, ``抜きドラ 北北``)
NUKI = re.compile(
    r"(?:nuki(?:\s*dora)?|kita|抜きドラ|抜き|北抜き|拔北|拔北宝牌)\s*[:：]?\s*"
    r"(?P<n>[0-4](?![0-9]*z)|4+z|北+)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class RedFives:
    """Where a reply's red fives were: per suit, in the concealed tiles, in each meld (in
    the order written) and the winning tile (a suit, or "")."""

    concealed: dict[str, int]
    melds: tuple[dict[str, int], ...]
    win: str

    @property
    def count(self) -> int:
        return (
            sum(self.concealed.values())
            + sum(sum(m.values()) for m in self.melds)
            + (1 if self.win else 0)
        )


def _count_reds(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for m in _GROUP.finditer(text):
        if "0" in m.group(1):
            out[m.group(2)] = out.get(m.group(2), 0) + m.group(1).count("0")
    return out


def fives(text: str) -> str:
    """``text`` with each red five written as a plain five (``0m`` → ``5m``)."""
    return _GROUP.sub(lambda m: m.group(1).replace("0", "5") + m.group(2), text)


def split_red(hand: str, win: str) -> tuple[str, str, RedFives]:
    """``hand`` and ``win`` (the reply's two parts) with each red five ``0m``/``0p``/``0s``
    written as a plain five (what the tile notation reads), and where the red ones were."""
    concealed: dict[str, int] = {}
    melds: list[dict[str, int]] = []
    i = 0
    while i < len(hand):
        if hand[i] in "[(":
            close = "]" if hand[i] == "[" else ")"
            j = hand.find(close, i + 1)
            j = len(hand) if j < 0 else j
            melds.append(_count_reds(hand[i + 1 : j]))
            i = j + 1
            continue
        k = i
        while k < len(hand) and hand[k] not in "[(":
            k += 1
        for suit, n in _count_reds(hand[i:k]).items():
            concealed[suit] = concealed.get(suit, 0) + n
        i = k
    win_red = next(iter(_count_reds(win)), "")
    return fives(hand), fives(win), RedFives(concealed, tuple(melds), win_red)


def _redden(tiles: str, reds: dict[str, int]) -> str:
    """``tiles`` (contract notation) with ``reds[suit]`` of its fives of that suit red."""
    left = dict(reds)

    def sub(m: re.Match[str]) -> str:
        digits, suit = m.group(1), m.group(2)
        n = min(left.get(suit, 0), digits.count("5"))
        left[suit] = left.get(suit, 0) - n
        return digits.replace("5", "0", n) + suit

    return _GROUP.sub(sub, tiles)


def put_red(tiles: dict[str, Any], reds: RedFives) -> None:
    """The red fives back into the §1.3 tiles object ``tiles`` (as the tile notation read the
    reply: ``hand``, ``win_tile``, ``melds`` in the order written)."""
    tiles["hand"] = _redden(tiles["hand"], reds.concealed)
    if reds.win:
        tiles["win_tile"] = _redden(tiles["win_tile"], {reds.win: 1})
    for meld, red in zip(tiles.get("melds") or [], reds.melds, strict=False):
        if red:
            meld["tiles"] = _redden(meld["tiles"], red)


def take_nuki(text: str) -> tuple[str, int | None]:
    """``text`` without its nuki dora words, and how many North tiles were set aside (None:
    not said). ``nuki 2``, ``抜きドラ 2``, ``抜き 北北``, ``nuki 44z``."""
    found: list[int] = []

    def take(m: re.Match[str]) -> str:
        n = m.group("n")
        found.append(int(n) if n.isdigit() else n.count("4") if n.endswith("z") else len(n))
        return " "

    rest = NUKI.sub(take, text)
    return rest, (sum(found) if found else None)


def aka_dora(ruleset: str, options: dict[str, Any]) -> bool:
    """Whether the table plays red fives (option ``aka_dora``; a reply's ``0m`` at a table
    without them is a plain five, as the tile is on the table)."""
    return applies(scoring.get(ruleset)) and resolved(ruleset, options).b("aka_dora")
