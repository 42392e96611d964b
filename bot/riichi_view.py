"""What a riichi table shows of its game (issue 27.5): the round, honba and sticks on the
table message and the board, the game result image when a game ends, the riichi ranks on
/season. Every word goes through the chat's :class:`~bot.i18n.Translator` (en, zh_Hans,
zh_Hant, ja: 東1局, 本場, 供託, 順位, ウマ, オカ in Japanese).

The game itself is the ledger's (:meth:`storage.service.Ledger.riichi_state`, the stored
``game_end`` hands); nothing here is kept between updates.
"""

from __future__ import annotations

import asyncio
import logging

from telegram import InputFile
from telegram.error import TelegramError

from bot import present
from bot.context import Ctx, Who, db, db_long, ledger
from bot.i18n import Translator
from bot.render.game import GameResultView, GameRow, render_game_result
from bot.render.labels import label
from bot.render.season import RiichiRankRow, RiichiRanksView, score_pt
from bot.terms import ICON_TITLE  # a game's title line, not 🀄 (a winner's)
from bot.tg import esc
from scoring import registry
from scoring.riichi.decls import GAME_END
from scoring.riichi.game_end import game_result, money_text
from scoring.riichi.points import fmt
from storage.ledger.games import RiichiState
from storage.seasons.riichi import RiichiSeason
from storage.views import HandView, TableView

log = logging.getLogger(__name__)

RIICHI = "riichi"


def pt(points: int) -> str:
    """Points as a club writes a score: ÷ 1,000, signed, one decimal at least, exact (42,100 →
    "+42.1", −14,000 → "-14.0", 1,550 → "+1.55"), as the season card draws it."""
    return score_pt(points)


def round_label(state: RiichiState, tr: Translator) -> str:
    """``東2局 1本場 · 供託1本`` / ``East 2 · honba 1 · riichi sticks 1`` (no zero counts)."""
    _ = tr.gettext
    winds = (_("East {n}"), _("South {n}"), _("West {n}"), _("North {n}"))
    parts = [winds[min(state.round_wind, 3)].format(n=state.hand)]
    if state.honba:
        parts.append(_("honba {n}").format(n=state.honba))
    if state.sticks:
        parts.append(_("riichi sticks {n}").format(n=state.sticks))
    return " · ".join(parts)


def state_lines(state: RiichiState, table: TableView, tr: Translator) -> str:
    """Two lines (HTML) for the table message: the game, round, honba, sticks; the running
    points of each player, East first."""
    names = present.names_of(table)
    game = tr.gettext("Game {n}").format(n=state.game)
    head = f"{ICON_TITLE} <b>{esc(round_label(state, tr))}</b> · {esc(game)}"
    points = " · ".join(
        f"{esc(names.get(str(p), str(p)))} {fmt(state.points.get(p, 0))}" for p in state.players
    )
    now = esc(tr.gettext("Points now: {points}")).format(points=points)
    return f"{head}\n{now}\n"


async def table_state(context: Ctx, table: TableView) -> RiichiState | None:
    if table.ruleset != RIICHI or table.status == "closed":
        return None
    return await db(ledger(context).riichi_state, table.id)


async def table_lines(context: Ctx, table: TableView, tr: Translator) -> str:
    """:func:`state_lines` of a riichi table that is playing, else ""."""
    if table.status != "playing":
        return ""
    state = await table_state(context, table)
    return state_lines(state, table, tr) + "\n" if state is not None else ""


async def board_label(context: Ctx, table: TableView, tr: Translator) -> str:
    """The board image's words for the game (plain text), "" for another ruleset."""
    state = await table_state(context, table)
    if state is None:
        return ""
    return " · ".join((round_label(state, tr), tr.gettext("Game {n}").format(n=state.game)))


# --- the game result -----------------------------------------------------------------------
def _place(i: int, tr: Translator) -> str:
    _ = tr.gettext
    return (_("1st"), _("2nd"), _("3rd"), _("4th"))[i]


def reason_text(reason: str, tr: Translator) -> str:
    """Why the game ended (scoring.riichi.game.REASONS), in the chat's language."""
    _ = tr.gettext
    words = {
        "last_hand": _("The last hand is over."),
        "tobi": _("A player went below zero."),
        "agari_yame": _("Agari-yame: the last dealer won and leads."),
        "tenpai_yame": _("Tenpai-yame: the last dealer is tenpai and leads."),
        "extension_target": _("A player reached the return points in the extension."),
        "extension_end": _("The extension is over."),
    }
    return words.get(reason, "")


def game_result_view(
    table: TableView, hand: HandView, tr: Translator, game: int = 0, reason: str = ""
) -> GameResultView:
    """The image of a stored ``game_end`` hand: places, raw points, uma, oka, final, money."""
    _ = tr.gettext
    record = hand.record
    opts = registry.get(RIICHI).resolve_options(record.options)
    res = game_result(record, opts)
    start, ret, rate = opts.i("start_points"), opts.i("return_points"), opts.i("rate")
    names = present.names_of(table, hand.names)
    w_points, w_uma, w_oka, w_money = _("Points"), _("Uma"), _("Oka"), _("Money")
    rows = []
    for i, p in enumerate(res.order):
        parts = [f"{w_points} {fmt(record.count('points', p))}", f"{w_uma} {pt(res.uma[p])}"]
        oka = res.oka[p] + ret - start
        if oka:
            parts.append(f"{w_oka} {pt(oka)}")
        for amount, word in (
            (res.rounding[p], _("Rounding")),
            (res.sticks[p], _("Sticks left")),
            (-res.penalty[p], _("Chombo")),
        ):
            if amount:
                parts.append(f"{word} {pt(amount)}")
        if rate:
            parts.append(f"{w_money} {money_text(res.final[p], rate)}")
        rows.append(
            GameRow(
                place=_place(i, tr) if i < 4 else str(i + 1),
                name=names.get(p, p),
                final=pt(res.final[p]),
                final_value=res.final[p],
                parts=" · ".join(parts),
            )
        )
    name, _rs = present.title(table, tr)
    sub = [x for x in (name, label("night", tr.lang, n=hand.night)) if x]
    if game:
        sub.append(_("Game {n}").format(n=game))
    note = _("Final = (points − {ret}) ÷ 1,000 + uma + oka").format(ret=fmt(ret))
    return GameResultView(
        _("Game result"), " · ".join(sub), tuple(rows), note, reason_text(reason, tr)
    )


async def last_game_end(context: Ctx, table: TableView) -> HandView | None:
    """The table's last confirmed hand if it is a game end (a game just finished)."""
    if table.ruleset != RIICHI:
        return None
    hand = await db(ledger(context).last_hand, table.id)
    return hand if hand is not None and hand.record.result == GAME_END else None


async def send_game_result(
    context: Ctx, chat_id: int, tr: Translator, table: TableView, hand: HandView
) -> None:
    """The game result image, with its words as the caption (the text if drawing fails, or
    with images off). Telegram's own failures are logged: the hand is recorded already."""
    games = await db(ledger(context).riichi_games, table.id, night=hand.night)
    g = next((g for g in games if g.end_hand_id == hand.id), None)
    view = game_result_view(table, hand, tr, g.game if g else 0, g.reason if g else "")
    caption = esc(result_text(view))
    png: bytes | None = None
    if context.application.bot_data.get("images", True):
        try:
            png = await asyncio.to_thread(render_game_result, view, tr.lang)
        except Exception:
            log.exception("drawing the game result failed")
    try:
        if png is not None:
            await context.bot.send_photo(
                chat_id, InputFile(png, filename="game.png"), caption=caption[:1024]
            )
        else:
            await context.bot.send_message(chat_id, caption, parse_mode="HTML")
    except TelegramError as err:
        log.warning("could not send the game result of table %s: %s", table.id, err)


def result_text(view: GameResultView) -> str:
    lines = [f"{view.title} · {view.sub}"] + ([view.reason] if view.reason else [])
    lines += [f"{r.place} {r.name} {r.final}" for r in view.rows]
    return "\n".join(lines)


async def after_hand(
    context: Ctx, chat_id: int, tr: Translator, table_id: int | None, hand: HandView
) -> None:
    """After a hand is recorded (a Confirm on the keyboards or in the Mini App): if it
    ended its game, the game result image."""
    if hand.record.ruleset != RIICHI or table_id is None:
        return
    table = await db(ledger(context).get_table, table_id)
    end = await last_game_end(context, table)
    if end is not None and end.idempotency_key.startswith(f"game_end:{table_id}:{hand.id}:"):
        await send_game_result(context, chat_id, tr, table, end)


async def after_board(context: Ctx, w: Who, table: TableView) -> None:
    """/board right after a game ended: its result image too."""
    end = await last_game_end(context, table)
    if end is not None:
        await send_game_result(context, w.chat_id, w.tr, table, end)


# --- /season -------------------------------------------------------------------------------
def season_lines(board: RiichiSeason, tr: Translator) -> str:
    """The riichi ranks (HTML): total score, games, average place, place counts."""
    _ = tr.gettext
    places = "/".join(_place(i, tr) for i in range(board.seats))  # sanma: 1st/2nd/3rd
    head = _("Riichi ranks (total score, average place, {places})").format(places=places)
    out = [f"<b>{esc(head)}</b>"]
    for i, line in enumerate(board.lines, 1):
        avg = f"{line.average_place_x100 // 100}.{line.average_place_x100 % 100:02d}"
        out.append(
            esc(
                _("{rank}. {name} {score} · {games} games · average place {avg} · {places}").format(
                    rank=i,
                    name=line.name,
                    score=pt(line.score),
                    games=line.games,
                    avg=avg,
                    places="/".join(str(n) for n in line.places[: board.seats]),
                )
            )
        )
    return "\n".join(out)


async def season_board(context: Ctx, w: Who, number: int | None) -> RiichiSeason:
    """The riichi ranks of season ``number`` of the chat (None = the current one)."""
    return await db_long(ledger(context).riichi_season, w.chat_id, number)


def season_text(board: RiichiSeason, tr: Translator) -> str:
    """The riichi ranks to add under /season's text ("" when the season has no riichi game)."""
    return "\n\n" + season_lines(board, tr) if board.games else ""


def season_view(board: RiichiSeason) -> RiichiRanksView | None:
    """The riichi section of /season's card (None when the season has no riichi game)."""
    if not board.games:
        return None
    rows = tuple(
        RiichiRankRow(
            name=line.name,
            games=line.games,
            score=line.score,
            average_place_x100=line.average_place_x100,
            places=line.places[: board.seats],
        )
        for line in board.lines
    )
    return RiichiRanksView(board.games, rows)


async def season_part(context: Ctx, w: Who, number: int | None) -> str:
    """The riichi ranks to add under /season ("" when the season has no riichi game)."""
    return season_text(await season_board(context, w, number), w.tr)
