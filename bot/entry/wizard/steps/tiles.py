"""The tiles of a Guobiao win: a text reply in the phone notation (or the contract's
JSON), and the tile pad that writes that reply by taps."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable

import scoring
from bot.describe import FLOWERS
from bot.entry import allowed, checks, pad
from bot.entry.draft import Draft, WinDraft
from bot.entry.keyboard import Code
from bot.entry.pad import PAD_TILES as PAD_TILES
from bot.entry.pad import pad_text as pad_text
from bot.entry.wizard.actions import (
    TILES_EXAMPLE,
    Button,
    Ctx,
    Step,
    TilesError,
    WizardError,
    _esc,
    _nav,
    _split,
)
from bot.entry.wizard.changes import _CJK
from bot.entry.wizard.targets import Go, Next, Stay, Target
from bot.i18n import Translator
from bot.terms import ICON_TILES
from scoring.errors import RecordError
from scoring.gb.notation import (
    NotationError,
    WordError,
    apply_words,
    parse_phone,
    split_words,
)

# full-width brackets and letters from a Chinese keyboard, and 東 (traditional), read as typed
_TILES_FOLD = str.maketrans({"【": "[", "】": "]", "東": "东"})

# a ruleset whose tiles reply reads otherwise (riichi: dora and ura-dora, #27) -> its reader;
# filled by ``bot.entry.wizard.flow``, which imports both, so this module imports none of them
READERS: dict[str, Callable[[Draft, str, str], None]] = {}


def set_tiles(d: Draft, step: str, text: str) -> None:
    """A text reply on a ``tiles`` step: ``HAND WINTILE [WORD …]`` or the contract's tiles JSON.

    ``HAND`` is the phone notation of ``mahjong-tally gb-fans`` (:func:`scoring.gb.notation.
    parse_phone`): ``[…]`` an exposed chow/pung/kong, ``(…)`` a concealed kong, the rest the
    concealed tiles (honours 1z–7z or 东南西北白发中); ``WINTILE`` is the last tile (``--win``
    before it is allowed), e.g. ``[555z](7777p)123s999p2z 2z``. The words after it
    (:func:`scoring.gb.notation.read_word`) say what the tiles cannot: 绝张 / lasttile
    (和绝张), 妙手 / 海底 / lastwall (妙手回春 self-drawn, 海底捞月 on a discard), 杠开 /
    kongdraw (杠上开花, self-drawn), 圈南 / round:S (the prevalent wind). The seat wind comes
    from the winner's seat (the dealer sits East), the prevalent wind is the draft's
    (:meth:`Draft.prevalent`) unless a word says otherwise, self-drawn and robbing a kong from
    the win's "how"; the flowers from the flower count (see :data:`FLOWERS`). A reply the
    parser cannot read, a word that is unknown or does not fit the "how", or a hand the scoring
    core refuses (not a winning hand, under the minimum), raises :class:`TilesError` and leaves
    the win as it was, so the user can simply reply again."""
    reader = READERS.get(d.rs.id)
    if reader is not None:
        return reader(d, step, text)
    kind, n = _split(step)
    if kind != "tiles":
        raise WizardError("bad_arg")
    win = d.wins[n]
    seat = d.seat_wind(win)
    text = text.strip()
    if text.startswith("{"):
        try:
            tiles = json.loads(text)
        except ValueError as exc:
            raise TilesError("bad_tiles", f"not JSON: {exc}") from exc
        if not isinstance(tiles, dict):
            raise TilesError("bad_tiles", "the tiles JSON must be an object {…}")
        tiles.setdefault("seat_wind", seat)
        tiles.setdefault("prevalent_wind", d.prevalent())
        tiles.setdefault("self_drawn", win.discarder is None)
        tiles.setdefault("kong_related", win.robbed_kong)
    else:
        folded = unicodedata.normalize("NFKC", text).translate(_TILES_FOLD).strip()
        self_drawn, robbed = win.discarder is None, win.robbed_kong
        try:
            hand, last, words = split_words(folded)
            said = apply_words(words, self_drawn=self_drawn, robbed_kong=robbed)
            tiles = parse_phone(
                hand,
                last,
                self_drawn=self_drawn,
                seat=seat,
                prevalent=said.get("prevalent", d.prevalent()),
                last_tile=said.get("last_tile", False),
                last_wall=said.get("last_wall", False),
                kong=robbed or said.get("kong", False),
            )
        except WordError as exc:  # unknown, or does not fit the "how": named in the answer
            raise TilesError("word_" + exc.code, exc.word) from exc
        except NotationError as exc:
            why = str(exc)
            code = "win_tile" if why.startswith("--win") else "bad_tiles"
            raise TilesError(code, folded if code == "win_tile" else why) from exc
        del tiles[FLOWERS]  # from the flower count (build_record)
    before = win.tiles
    win.tiles = tiles
    if not allowed.flags(d, win):  # no flag to come can change it
        problem = win_problem(d, n)
        if problem is not None:
            win.tiles = before
            raise TilesError("bad_hand", problem)


def tiles_reply_step(step: str, d: Draft) -> str | None:
    """The tiles step a text reply to the entry's message answers: the tiles step itself, or,
    on the preview, the last win entered by its tiles (replying again corrects them there)."""
    if step.startswith("tiles."):
        return step
    if step != "preview" or d.kind != "hand":
        return None
    for past in reversed(d.trail):
        kind, n = _split(past)
        if kind == "tiles" and n < len(d.wins) and d.wins[n].mode == "tiles":
            return past
    return None


def win_problem(d: Draft, n: int) -> str | None:
    """What the scoring core says is wrong with win ``n`` as entered so far (None if nothing
    is, or only something else is: that shows in the preview)."""
    try:
        scoring.settle(checks.to_record(d))
    except RecordError as err:
        at = f"wins[{n}]"
        if err.field == at or err.field.startswith((at + ".", at + "[")):
            return err.message
    return None


def tiles_error_text(err: TilesError, tr: Translator) -> str:
    """The reply to a tiles reply that cannot be used (HTML)."""
    _ = tr.gettext
    if str(err) == "win_tile":
        return _(
            "After the hand, put a space and the winning tile: one tile like 5m or 中. "
            "Reply to the message again, e.g. {example}"
        ).format(example=TILES_EXAMPLE)
    if str(err) == "bad_hand":
        return _("This hand is not possible: {why}. Check the tiles and reply again.").format(
            why=_esc(_tiles_reason(err.why, tr))
        )
    word = _esc(err.why)
    if str(err) == "word_unknown":
        return _(
            "I do not know the word {word}. After the winning tile you can add 绝张 (or "
            "lasttile), 妙手 or 海底 (or lastwall), 杠开 (or kongdraw) and 圈南 (or round:S). "
            "Reply to the message again."
        ).format(word=word)
    if str(err) == "word_self_drawn":
        return _(
            "{word} is only possible on a self-drawn win, and this win is not self-drawn. "
            "Reply again without it, or go Back and change how the hand was won."
        ).format(word=word)
    if str(err) == "word_discard":
        return _(
            "{word} (海底捞月) is a win on the last discard, and this win is self-drawn: for "
            "the last tile of the wall drawn yourself write 妙手 (妙手回春). Reply to the "
            "message again."
        ).format(word=word)
    if str(err) == "word_robbed_kong":
        return _("{word} is not possible when robbing a kong. Reply again without it.").format(
            word=word
        )
    if str(err) == "word_two_winds":
        return _("Two different prevalent winds: {word}. Write one and reply again.").format(
            word=word
        )
    return _(
        "I could not read those tiles: {why}. Reply to the message again: the hand, a space, "
        "then the winning tile, e.g. {example}"
    ).format(why=_esc(err.why), example=TILES_EXAMPLE)


def _tiles_reason(why: str, tr: Translator) -> str:
    """The scoring core's reason (English) for tiles it refuses, as a Chinese chat reads it:
    the fan total under the minimum in words, else the Chinese name it starts with."""
    if not tr.zh:
        return why
    m = re.search(r"reaches (\d+) fan, below the (\d+)-fan minimum", why)
    if m:
        return tr.gettext("it reaches {n} fan, under the table's minimum of {m}").format(
            n=m.group(1), m=m.group(2)
        )
    head = re.split(r"[\s(:（：]", why.strip(), maxsplit=1)[0]
    if _CJK.search(head) and not re.search(r"[A-Za-z]", head):
        return tr.chinese(head) + tr.gettext(" does not fit these tiles")
    return tr.gettext("the tiles do not make a winning hand as entered")


def tiles_words_help(d: Draft, win: WinDraft, tr: Translator) -> str:
    """The tiles prompt's lines on the words: those that fit this win's "how", and the seat and
    prevalent winds (those of the tiles so far, else the winner's seat and the draft's
    :meth:`Draft.prevalent`, what a reply without a wind word gets; at a table that follows the
    rounds, also the hand's number in the night it comes from), so the players can check
    them."""
    _ = tr.gettext
    names = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}
    items = [_("绝张 or lasttile (和绝张, the last tile of its kind)")]
    if win.robbed_kong:
        items = []  # 抢杠和 不计 和绝张; no last wall tile, no replacement tile
    elif win.discarder is None:
        items += [
            _("妙手 or lastwall (妙手回春, the last tile of the wall)"),
            _("杠开 or kongdraw (杠上开花, the replacement tile of a kong)"),
        ]
    else:
        items.append(_("海底 or lastwall (海底捞月, the last discard)"))
    items.append(_("圈南 or round:S, etc. (the prevalent wind)"))
    sep = "；" if tr.zh else "; "
    t = win.tiles
    prevalent = t.get("prevalent_wind") if t is not None else None
    seat = t.get("seat_wind") if t is not None else None  # a tiles JSON may say another
    default = d.prevalent()
    seat_name = names.get(str(seat), names[d.seat_wind(win)])
    wind_name = names.get(str(prevalent), names[default])
    night_hand = d.night_hand
    if night_hand is not None:
        winds = _(
            "Seat wind: {seat} · prevalent wind: {wind} ({default} unless a word says "
            "otherwise: hand {n} of the night, four hands to a round)"
        ).format(seat=seat_name, wind=wind_name, default=names[default], n=night_hand)
    else:
        winds = _(
            "Seat wind: {seat} · prevalent wind: {wind} (East unless a word says otherwise)"
        ).format(seat=seat_name, wind=wind_name)
    lines = [
        _("Words after the winning tile, if they apply: {words}.").format(words=sep.join(items)),
        winds,
    ]
    return "\n".join(_esc(x) for x in lines)


class TilesStep(Step):
    """The tiles, as a text reply (see :func:`set_tiles`)."""

    kinds = ("tiles",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        w = c.win
        if action == Code.NEXT:
            if not w.tiles:
                raise WizardError("need_tiles")
            return Next()
        if action == Code.PAD:
            if w.pad is None:
                w.pad = []
            return Go(f"pad.{c.n}")
        raise WizardError("bad_arg")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d, win = c.d, c.win
        _ = tr.gettext
        next_lbl = _("Next") + " ▶"
        prompt = _(
            "Reply to this message with the hand, a space, then the winning tile, e.g. "
            "{example}\n[…] is an exposed chow, pung or kong, (…) a concealed kong, the rest "
            "are the concealed tiles: digits with m (characters), p (dots), s (bamboo); "
            "honours 1z–7z or 东南西北白发中. The tiles JSON works too."
        ).format(example=TILES_EXAMPLE)
        prompt += "\n" + tiles_words_help(d, win, tr)
        # the tiles read so far show in the summary above (describe_win)
        rows = [[Button(ICON_TILES + " " + _("Tile pad"), Code.PAD)]]
        rows.append(_nav(d, tr, next_label=next_lbl if win.tiles else None))
        return prompt, rows


class PadStep(Step):
    """The tile pad (where a ruleset takes tiles): the 34 tiles and the sets of the last one
    (:mod:`bot.entry.pad`), ⌫, the notation so far; the set that makes the 14 tiles, or
    Done, reads it as a tiles reply would (:func:`set_tiles`). One tap is one edit of the
    entry's message, in the group."""

    kinds = ("pad",)

    def apply(self, c: Ctx, action: str, arg: str) -> Target:
        d, n = c.d, c.n
        tokens, complete = pad.press(list(c.win.pad or []), action, arg)
        if not complete:
            c.win.pad = tokens
            return Stay()
        hand, last = pad_text(tokens)
        set_tiles(d, f"tiles.{n}", f"{hand} {last}")
        d.wins[n].pad = None
        if d.trail and d.trail[-1] == f"tiles.{n}":
            d.trail.pop()  # Back from the preview goes to the tiles step
        return Next(after=f"tiles.{n}", frm=f"tiles.{n}")

    def render(self, c: Ctx, tr: Translator) -> tuple[str, list[list[Button]]]:
        d = c.d
        _ = tr.gettext
        tokens: list[str] = list(c.win.pad or [])
        hand, last = pad_text(tokens)
        so_far = (hand + (f" {last}" if last else "")) or "▁"
        prompt = _(
            "Tap a tile, then the set it is in: its pair, pung or chow, [ ] exposed, ( ) a "
            "concealed kong. The winning tile last: tap it, then its set. The set marked ✔ "
            "makes the 14 tiles and ends the pad."
        )
        prompt += "\n" + _("So far: {tiles}").format(tiles=_esc(so_far))
        rows = pad.keys(tokens, "✔ " + _("Done"), tr.lang)
        rows.append(_nav(d, tr))
        return prompt, rows
