"""The Mini App's composer, without HTTP: what the form shows (from the ruleset's
declarations), the record built from the page's form (the server's ruleset, options, players
and dealer, never the page's), what may be chosen now and the preview's settlement. The record,
the choices and the sentences are the entry core's (:mod:`bot.entry.checks`,
:mod:`bot.entry.allowed`), as for the chat's buttons and ``/hand``; :mod:`bot.web.api` keeps
the routes, the access checks, the bodies and the responses."""

from __future__ import annotations

from typing import Any

import scoring
from bot import fan_words, present, riichi_entry
from bot.describe import fan_list
from bot.entry import allowed, checks, riichi
from bot.entry.draft import Draft
from bot.entry.wizard.steps.riichi import keypad_json
from bot.i18n import Translator
from bot.terms import replacements
from bot.web.views import WINDS, seated
from scoring.declarations import is_enabled
from scoring.errors import RecordError
from scoring.record import HandRecord
from scoring.ruleset import Ruleset
from storage.views import TableView

TILE_KEYS = ("melds", "hand", "win_tile", "last_tile_of_kind", "last_wall_tile", "kong_related")


class BadForm(ValueError):
    """The page's form is not of the API's shape (a 400, not a hand the core refuses)."""


def _item(tr: Translator, d: Any) -> dict[str, Any]:
    out = {"id": d.id, "name": tr.name(d)}
    value = tr.attr(d, "value") if hasattr(d, "value_zh") else ""
    if value:
        out["value"] = value
    return out


def declarations(rs: Ruleset, opts: Any, tr: Translator) -> dict[str, Any]:
    """What the composer shows, from the ruleset's declarations (only what this table plays)."""
    events = []
    for e in rs.events:
        if not is_enabled(e.enabled_by, opts):
            continue
        events.append(
            {
                **_item(tr, e),
                "from": e.source,
                "from_name": tr.attr(e, "source"),
                "results": sorted(e.results),
                "fields": [
                    {
                        "id": f.id,
                        "name": tr.name(f),
                        "kind": f.kind,
                        "min": f.min,
                        "max": f.max,
                        "default": f.default,
                    }
                    for f in e.fields
                ],
            }
        )
    return {
        "ruleset": {
            "id": rs.id,
            "name": tr.name(rs),
            "unit": tr.attr(rs, "unit"),
            "terms": replacements(rs.id, tr),  # its own verbs (Hong Kong 出銃): bot.terms
        },
        "results": [
            {"id": r.value, "name": tr.name(r)}
            for r in rs.results
            if riichi.entered(rs, r.value)  # a riichi game's end is the ledger's
        ],
        "wins_in": sorted(rs.wins_allowed_in),
        "multi_win": rs.multi_win,
        "win_inputs": sorted(rs.win_inputs),
        "shape_required": rs.shape_required and bool(rs.shapes),
        "shapes": [_item(tr, s) for s in rs.shapes if is_enabled(s.enabled_by, opts)],
        "flags": [_item(tr, f) for f in rs.flags if is_enabled(f.enabled_by, opts)],
        "counts": [
            {
                **_item(tr, c),
                "min": c.min,
                "max": c.max,
                "total_max": c.total_max,
                "results": sorted(c.results),
            }
            for c in rs.counts
            if is_enabled(c.enabled_by, opts)
        ],
        "events": events,
        "keypad": keypad_json(rs, opts, tr),  # riichi: the han keypad (bot.entry.wizard)
        **checklist_json(rs, tr),
    }


def checklist_json(rs: Ruleset, tr: Translator) -> dict[str, Any]:
    """The fan checklist (``wins[].fans``) where the ruleset's win inputs take it: its fans
    from the ruleset's fan list (``extra_json()["fans"]``, as the chat wizard's checklist),
    named in the chat's language, with their points (the page groups them by points), how
    often each may be ticked (``max_count``) and the ruleset's own words for the checklist
    and its total (台 / 番 …). Which fans go with the ticked ones, and the total, come with
    every preview (:func:`valid_choices`)."""
    if "fans" not in rs.win_inputs:
        return {"fans": []}
    fans = []
    for f in fan_list(rs):
        points = int(f.get("points") or 0)
        item: dict[str, Any] = {
            "id": str(f["id"]),
            "name": tr.entry(f),
            "points": points,
            "group": fan_words.amount(rs, tr, points),
            "max_count": max(1, int(f.get("max_count") or 1)),
        }
        if f.get("limit"):
            item["limit"] = True
        fans.append(item)
    return {
        "fans": fans,
        "fan_words": {
            "checklist": fan_words.checklist_label(rs, tr),
            "total": fan_words.total_label(rs, tr),
        },
    }


def build_record(
    table: TableView, dealer: str, prevalent: str, form: dict[str, Any]
) -> dict[str, Any]:
    players = [str(s.player_id) for s in seated(table)]
    return record_json(table.ruleset, dict(table.options), players, dealer, prevalent, form)


def record_json(
    ruleset: str,
    options: dict[str, Any],
    players: list[str],
    dealer: str,
    prevalent: str,
    form: dict[str, Any],
) -> dict[str, Any]:
    """The hand record's JSON from the page's form: the table's ruleset, options, players and
    the entry's dealer are the server's, never the page's; Guobiao's tiles get their
    self-drawn, seat wind and prevalent wind here."""
    d = players.index(dealer) if dealer in players else 0
    winds = {p: WINDS[(i - d) % len(players) % 4] for i, p in enumerate(players)}
    result = form.get("result")
    wins: list[dict[str, Any]] = []
    for w in form.get("wins") or []:
        if not isinstance(w, dict):
            raise BadForm("bad_request")
        win: dict[str, Any] = {
            "winner": w.get("winner"),
            "from": w.get("from"),
            "robbed_kong": bool(w.get("robbed_kong")) and w.get("from") is not None,
            "shape": w.get("shape") or None,
            "flags": list(w.get("flags") or []),
        }
        if w.get("fan") is not None:
            win["fan"] = w.get("fan")
        fans = w.get("fans")
        if fans is not None:
            if not isinstance(fans, list) or not all(isinstance(f, str) for f in fans):
                raise BadForm("bad_request")
            win["fans"] = list(fans)
        tiles = w.get("tiles")
        if isinstance(tiles, dict):
            t = {k: tiles[k] for k in TILE_KEYS if k in tiles}
            t["self_drawn"] = win["from"] is None
            t["seat_wind"] = winds.get(str(win["winner"]), "E")
            t["prevalent_wind"] = prevalent
            win["tiles"] = t
        wins.append(win)
    counts = form.get("counts") or {}
    if not isinstance(counts, dict):
        raise BadForm("bad_request")
    clean_counts = {
        str(cid): {str(p): n for p, n in per.items() if n}
        for cid, per in counts.items()
        if isinstance(per, dict)
    }
    rec = {
        "ruleset": ruleset,
        "options": options,
        "players": players,
        "dealer": dealer,
        "result": result,
        "wins": wins if result in scoring.get(ruleset).wins_allowed_in else [],
        "counts": {k: v for k, v in clean_counts.items() if v},
        "events": [e for e in form.get("events") or [] if isinstance(e, dict)],
    }
    # the record every door builds (bot.entry.checks): the fan a "how" carries, the flowers
    return checks.record_json(Draft.of_record(rec, {}))


def valid_choices(rs: Ruleset, opts: Any, rec: dict[str, Any]) -> list[dict[str, Any]]:
    """Per win, what the form may choose now: :func:`bot.entry.allowed.choices` (the chat's
    buttons and ``/hand`` ask the same): ``shapes``, ``flags`` (``not_with`` both ways),
    ``hows`` (the ways the table plays), ``fan_min`` and, with a checklist, ``fans`` and
    ``fan_total`` (a fan the "how" carries, Hong Kong's 自摸, is added, not offered)."""
    return allowed.choices(Draft.of_record(rec, {}))


def hand_choices(rec: dict[str, Any]) -> dict[str, list[str]]:
    """The hand's rows of player toggles (:func:`bot.entry.allowed.hand_choices`): riichi's
    ``riichi`` and, at a draw, ``tenpai`` (the players who may be ticked); empty elsewhere."""
    return allowed.hand_choices(Draft.of_record(rec, {}))


def problem(err: RecordError, rec: dict[str, Any], names: dict[str, str], tr: Translator) -> str:
    """The sentence for an impossible form (:func:`bot.entry.checks.problem_text`)."""
    return checks.problem_text(err, Draft.of_record(rec, names), tr)


def settlement_json(
    rec: dict[str, Any], names: dict[str, str], tr: Translator, table: TableView | None = None
) -> dict[str, Any]:
    """The preview's settlement; at a staked ``table`` each net's money too (the display's
    one money figure: present.hand_money's shares, not a ruleset's own stake step)."""
    record = HandRecord.from_json(rec)
    shown = present.preview(record, names)
    named = tr.parties(names)
    cash = present.net_money(shown.net, record.players, table)
    return {
        "headline": present.headline(record, named, tr),
        "payments": [
            {
                "from": named.get(p.payer, p.payer),
                "to": named.get(p.payee, p.payee),
                "amount": p.amount,
                "for": present.reason(record.ruleset, p.reason, tr),  # win, wildcards …
            }
            for p in shown.payments
        ],
        "net": [
            {"name": named.get(k, k), "amount": v}
            | (
                {"money": present.money(cash[k], table.currency, sign=True, lang=tr.lang)}
                if table is not None and k in cash
                else {}
            )
            for k, v in shown.net.items()
        ],
        "steps": tr.steps(shown.explanation),
        "unit": present.unit(record.ruleset, tr),
    }


def table_counts(data: dict[str, Any]) -> dict[str, int]:
    """A riichi hand's honba and riichi sticks on the table (``counts.honba`` /
    ``counts.riichi_sticks``, on the dealer: bot.riichi_entry), {} elsewhere."""
    counts = data.get("counts") or {}
    out = {k: sum((counts.get(k) or {}).values()) for k in riichi_entry.COUNTS}
    return {k: v for k, v in out.items() if v}


def preview_json(
    rs: Ruleset,
    opts: Any,
    rec: dict[str, Any],
    names: dict[str, str],
    tr: Translator,
    table: TableView | None = None,
) -> dict[str, Any]:
    """A ``preview`` answer: the valid choices for the form as it is now, the hand's toggle
    rows, riichi's honba and sticks (at a ``table``), and the settlement — settled once, for
    its JSON — or the sentence saying why the hand is not possible."""
    out: dict[str, Any] = {"valid": valid_choices(rs, opts, rec), "hand": hand_choices(rec)}
    if table is not None:
        out["table_counts"] = table_counts(rec)  # riichi: honba and sticks, over the nets
    try:
        out["settlement"] = settlement_json(rec, names, tr, table)
    except RecordError as err:
        forced = allowed.event_count_forced(Draft.of_record(rec, names), err)
        if forced is None:
            out["problem"] = problem(err, rec, names, tr)
            return out
        # a count the rules force, filled in as the chat's buttons and /hand do (Sichuan: a
        # kong is a 根 of its maker): the form takes the counts, the preview is of that hand
        out["forced_counts"] = forced.counts
        out["settlement"] = settlement_json(checks.record_json(forced), names, tr, table)
    return out


def players_json(table: TableView, tr: Translator) -> list[dict[str, str]]:
    """The seated players for the composer, East first, with their seat winds' names."""
    winds = dict(zip(WINDS, tr.winds(), strict=True))
    by_seat = {str(s.player_id): WINDS[s.seat_index % 4] for s in table.seats}
    return [
        {"id": str(s.player_id), "name": s.name, "wind": winds[by_seat[str(s.player_id)]]}
        for s in seated(table)
    ]


def calc_players(rs: Ruleset, tr: Translator) -> list[dict[str, str]]:
    """The calculator's seats: four by wind (or the ruleset's most), named in the language."""
    n = 4 if 4 in rs.players else max(rs.players)
    seats = (("东家", "East"), ("南家", "South"), ("西家", "West"), ("北家", "North"))
    winds = tr.winds()
    return [{"id": WINDS[i], "name": tr.pick(*seats[i]), "wind": winds[i]} for i in range(n)]
