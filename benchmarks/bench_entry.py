"""Taps per hand: the real bot over the fake Bot API server enters a fixed set of hands.

The hands are data (``benchmarks/entry_hands.py``: each hand as it is meant, players as seat
offsets from the dealer). A generic driver taps toward each one: it reads the entry's draft
(step and choices so far) from the ledger, picks the button of the current keyboard that moves
the entry toward the hand (by the button's callback action, never by its label), taps it over
the fake server and waits for the answer, until Confirm. A tiles step is answered by a text
reply (counted as one input). The recorded hand is then compared with the one meant, so a
driver that went astray fails loudly instead of measuring something else.

Counted: every tap from "Record hand" to Confirm, both included (paging ▶ too), and the new
messages the bot posts in the group per hand (sendMessage/sendPhoto).

    .venv/bin/python benchmarks/bench_entry.py [--json] [--only RULESET] [--trace HAND_ID]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scoring
from benchmarks.entry_hands import GUEST, HANDS, PAD_HANDS
from bot.callback import DraftCb, TableCb, decode
from bot.entry import checks
from bot.entry import pad as tile_pad
from scoring.declarations import ROBBED_KONG, SELF_DRAWN
from tests.bot.conftest import Bot
from tests.bot.fake_telegram import Chat, FakeTelegram, User

NAMES = ("Alice", "Bob", "Carol", "Dave")
MAX_TAPS = 80
TRACE: set[str] = set()  # --trace ID: each tap's step and button, on stderr


class Astray(RuntimeError):
    """The driver found no button toward the hand (or the bot refused a tap)."""


def _pid(data: dict[str, Any], k: int | None) -> str | None:
    if k is None:
        return None
    players = data["players"]
    return players[(players.index(data["dealer"]) + k) % len(players)]


def target_of(hand: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """The hand in the draft's terms (player ids) for the draft's dealer."""
    guest = next((p for p, n in data["names"].items() if n == GUEST), None)
    wins = [
        {**x, "winner": _pid(data, x["winner"]), "from": _pid(data, x["from"])}
        for x in hand["wins"]
    ]
    counts = {c: {_pid(data, k): v for k, v in per.items()} for c, per in hand["counts"].items()}
    events = []
    for ev in hand["events"]:
        d = {**ev, "player": _pid(data, ev["player"]), "from": _pid(data, ev["from"])}
        if d.get("backer") == GUEST:
            d["backer"] = guest
        events.append(d)
    return {
        "result": hand["result"],
        "wins": wins,
        "counts": counts,
        "events": events,
        "via": hand.get("via"),
        "pad": hand.setdefault("_pad", {"done": 0}),  # the tile pad's taps so far
    }


def same_tiles(got: dict[str, Any], reply: str) -> bool:
    """The recorded tiles are the reply's: its melds, concealed tiles and winning tile as the
    notation's reader writes them (the winds and the flowers are the table's)."""
    from scoring.gb.notation import parse_phone

    want = parse_phone(*reply.split())
    return all(got.get(k) == want[k] for k in ("melds", "hand", "win_tile"))


def _how(w: dict[str, Any]) -> str:
    if w.get("robbed_kong"):
        return "robbed_kong"
    return "self_drawn" if w.get("from") is None else "discard"


def _ev_key(ev: dict[str, Any]) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in ev.items() if v is not None))


class Driver:
    """Chooses the next tap toward the target hand (by callback actions)."""

    def __init__(self, step: str, data: dict[str, Any], target: dict[str, Any]) -> None:
        self.step, self.data, self.t = step, data, target
        self.rs = scoring.get(data["ruleset"])

    def choose(self, offered: list[tuple[str, str]]) -> tuple[str, str] | str:
        """An ``(action, arg)`` among ``offered``, or a text to reply (tiles)."""
        want = self.want()
        if isinstance(want, str):
            return want
        for w in want:
            if w in offered:
                return w
        pages = [o for o in offered if o[0] == "pg"]
        cur = int(self.data.get("page", 0))
        page = self.page_of(want)
        if page is not None and ("pg", str(page)) in pages and page != cur:
            return ("pg", str(page))
        nxt = [o for o in pages if o[1] == str(cur + 1)]
        if nxt:
            return nxt[0]
        raise Astray(f"step {self.step}: wanted {want}, offered {offered}")

    def page_of(self, want: list[tuple[str, str]]) -> int | None:
        """The page of a paged list (the fan checklist) that shows the wanted button."""
        from bot.entry import wizard

        if not self.step.startswith("fans") or not want or want[0][0] != "ft":
            return None
        import copy

        from bot.i18n import Translator

        for page in range(30):  # the wizard's own layout, page by page (#26.4 keeps places)
            trial = copy.deepcopy(self.data)
            trial["page"] = page
            rows = wizard.render(self.step, trial, Translator("en")).rows
            if any((b.action, b.arg) == want[0] for row in rows for b in row):
                return page
        return None

    # the wanted taps, best first -----------------------------------------------------------
    def want(self) -> list[tuple[str, str]] | str:
        from bot.entry import wizard

        d, t, rs = self.data, self.t, self.rs
        kind, _, n_txt = self.step.partition(".")
        n = int(n_txt) if n_txt else 0
        players = d["players"]
        wins = d["wins"]
        if kind == "winner":
            if n < len(t["wins"]):
                tw = t["wins"][n]
                i = players.index(tw["winner"])
                out = [("w", str(i))]
                if hasattr(wizard, "grid_hows"):  # the winners' grid: who and how in one tap
                    opts = rs.resolve_options(d.get("options") or {})
                    cells = wizard.grid_hows(rs, opts, d, n, tw["winner"])
                    src = None if _how(tw) == "self_drawn" else tw["from"]
                    if (_how(tw), src) in cells:
                        out.insert(0, ("wh", f"{i}.{cells.index((_how(tw), src))}"))
                    elif not d.get("rk") and tw.get("robbed_kong"):
                        out.insert(0, ("rk", ""))
                return out
            results = [r.value for r in rs.results if r.value != "win"]
            if n > 0:
                results = [r for r in results if r in rs.wins_allowed_in]
            return [("r", str(results.index(t["result"])))]
        if kind == "how":
            tw = t["wins"][n]
            opts = rs.resolve_options(d.get("options") or {})
            choices = wizard.how_choices(rs, opts, d, n)
            src = None if _how(tw) == "self_drawn" else tw["from"]
            return [("h", str(choices.index((_how(tw), src))))]
        if kind == "mode":
            tw = t["wins"][n]
            mode = next(m for m in ("fan", "fans", "tiles") if tw.get(m) is not None)
            pad = [("pad", "")] if mode == "tiles" and t.get("via") == "pad" else []
            return [*pad, ("m", str(wizard.win_modes(rs).index(mode)))]  # the pad in one tap
        if kind == "shape":
            tw = t["wins"][n]
            if tw["shape"] is None:
                return [("s0", "")]
            return [("s", str([s.id for s in rs.shapes].index(tw["shape"])))]
        if kind == "fan":
            goal, cur = str(t["wins"][n]["fan"]), wins[n].get("fan")
            cur_s = "" if cur is None else str(cur)
            if cur_s == goal:
                return [("n", "")]
            if goal.startswith(cur_s):
                return [("k", goal[len(cur_s)])]
            return [("kb", "")]
        if kind == "han":  # riichi's han keypad: the han, a limit, or yakuman ×k
            k = t["counts"].get("yakuman", {}).get(t["wins"][n]["winner"])
            if k:
                return [("yk", str(k))]
            han = t["wins"][n]["fan"]
            fu = t["counts"].get("fu", {}).get(t["wins"][n]["winner"])
            both = [("hn", f"{han}.{fu}")] if fu else []  # a common hand: han and fu at once
            return [*both, ("hn", str(han))]
        if kind == "fu":
            return [("fu", str(t["counts"]["fu"][t["wins"][n]["winner"]]))]
        if kind == "fans":
            ids = [f["id"] for f in wizard.fan_list(rs)]
            tw = t["wins"][n]
            how = SELF_DRAWN if tw["from"] is None else ROBBED_KONG if tw.get("robbed_kong") else ""
            carried = set(checks.HOW_FANS.get(how, ()))  # the how adds them, not a tap (#23.4)
            have, goal = set(wins[n].get("fans") or []), set(tw["fans"]) - carried
            for f in sorted(have ^ goal, key=ids.index):
                return [("ft", str(ids.index(f)))]
            return [("n", "")]
        if kind == "tiles":
            if not wins[n].get("tiles"):
                if t.get("via") == "pad":
                    return [("pad", "")]
                return str(t["wins"][n]["tiles"])
            return [("n", "")]
        if kind == "pad":  # each tile and set key pressed; the last set ends the pad (✔)
            taps = tile_pad.taps_for(str(t["wins"][n]["tiles"]))
            done = t["pad"]["done"]
            if done < len(taps):
                t["pad"]["done"] = done + 1
                return [taps[done]]
            return [("pd", "")]
        if kind == "flags":
            ids = [f.id for f in rs.flags]
            have, goal = set(wins[n].get("flags") or []), set(t["wins"][n]["flags"])
            for f in sorted(have ^ goal, key=ids.index):
                return [("f", str(ids.index(f)))]
            return [("n", "")]
        if kind == "more":
            if len(t["wins"]) > n + 1:
                return [("aw", "")]
            if t["result"] != d["result"]:
                results = [
                    r.value
                    for r in rs.results
                    if r.value != "win" and r.value in rs.wins_allowed_in
                ]
                return [("r", str(results.index(t["result"])))]
            return [("n", "")]
        if kind == "count":
            cid = rs.counts[n].id
            return self._count_taps(cid) or [("n", "")]
        if kind == "events":
            missing = self._missing_events()
            if missing:
                ids = [e.id for e in rs.events]
                return [("ea", str(ids.index(missing[0]["type"])))]
            return [("n", "")]
        if kind in ("evplayer", "evfrom", "evtext", "evfields"):
            ev = d["ev"]
            goal = next(
                x
                for x in self._missing_events()
                if x["type"] == ev["type"] and (ev.get("player") in (None, x["player"]))
            )
            if kind == "evplayer":
                decl = rs.event(ev["type"])
                ints = [f for f in decl.fields if f.kind == "int"]
                for i, f in enumerate(ints):
                    v, g = int(ev.get(f.id, f.default)), int(goal.get(f.id, f.default))
                    if v != g:
                        return [("+" if g > v else "-", str(i))]
                out = [("p", str(players.index(goal["player"])))]
                if hasattr(wizard, "event_cells"):
                    cells = wizard.event_cells(d, decl)
                    cell = (goal["player"], goal["from"])
                    if cell in cells:
                        out.insert(0, ("eg", str(cells.index(cell))))
                return out
            if kind == "evfrom":
                return [("p", "-" if goal["from"] is None else str(players.index(goal["from"])))]
            if kind == "evtext":
                decl = rs.event(ev["type"])
                fd = [f for f in decl.fields if f.kind == "text"][n]
                by = [str(p) for p in d.get("bystanders", [])]
                return [("p", str(by.index(str(goal[fd.id]))))]
            decl = rs.event(ev["type"])
            ints = [f for f in decl.fields if f.kind == "int"]
            for i, f in enumerate(ints):
                v, g = int(ev.get(f.id, f.default)), int(goal.get(f.id, f.default))
                if v != g:
                    return [("+" if g > v else "-", str(i))]
            return [("n", "")]
        if kind == "preview":
            return self._preview()
        raise Astray(f"unknown step {self.step}")

    def _preview(self) -> list[tuple[str, str]]:
        """On the preview (also the editor): what is missing or wrong, else Confirm."""
        d, t, rs = self.data, self.t, self.rs
        wins = d["wins"]
        if len(wins) < len(t["wins"]):
            return [("aw", "")]
        ids = [f.id for f in rs.flags]
        for n, (w, tw) in enumerate(zip(wins, t["wins"], strict=False)):
            for f in sorted(set(w.get("flags") or []) ^ set(tw["flags"]), key=ids.index):
                return [("tf", f"{n}.{ids.index(f)}"), ("ed", f"f{n}")]  # or its own screen
        from bot.entry import riichi
        from bot.entry.draft import Draft

        missing = self._missing_events()
        declared = riichi.declarations(Draft.from_json(d))
        for ev in missing:  # riichi's toggle rows: riichi, tenpai
            if ev["type"] in declared:
                i = d["players"].index(ev["player"])
                return [("dc", f"{declared.index(ev['type'])}.{i}")]
        if missing:
            ids_e = [e.id for e in rs.events]
            # the events behind one button where the editor is tight (#26.2)
            return [("ea", str(ids_e.index(missing[0]["type"]))), ("ed", "e")]
        # the counts after the events: a count an event forces follows it (a kong is a 根)
        for c, cdecl in enumerate(rs.counts):
            if cdecl.id in riichi.hidden_counts(rs):  # riichi: the keypad's and the ledger's
                continue
            taps = self._count_taps(cdecl.id)
            if taps:
                a, i = taps[0]
                # the editor's counts (#26.2): the count's tab, the ➖ mode, then the cell
                mode = [("ed", "m")] if (a == "-") != bool(d.get("minus")) else []
                cell = [] if mode else [("cp" if a == "+" else "cm", f"{c}.{i}")]
                from bot.entry import wizard

                order = wizard.shown_counts(d)  # ◀ or ▶ to it, the shorter way
                cur = int(d["ct"]) if d.get("ct") is not None else (order[0] if order else 0)
                k = len(order)
                at, to = (
                    (order.index(cur), order.index(c)) if cur in order and c in order else (0, 0)
                )
                step = 1 if (to - at) % max(k, 1) <= (at - to) % max(k, 1) else -1
                onward = [("ed", f"t{order[(at + step * j) % k]}") for j in range(1, k)]
                have = d["counts"].get(cdecl.id, {})
                goal = t["counts"].get(cdecl.id, {})
                up = [goal.get(p, 0) - have.get(p, 0) for p in d["players"]]
                each = [("ed", f"a{c}")] if all(x > 0 for x in up) and not mode else []
                return [*each, *cell, ("ed", f"c{c}"), *mode, ("ed", f"t{c}"), *onward]
        return [("c", "")]

    def _count_taps(self, cid: str) -> list[tuple[str, str]]:
        have = self.data["counts"].get(cid, {})
        goal = self.t["counts"].get(cid, {})
        for i, p in enumerate(self.data["players"]):
            v, g = have.get(p, 0), goal.get(p, 0)
            if v != g:
                return [("+" if g > v else "-", str(i))]
        return []

    def _with_defaults(self, ev: dict[str, Any]) -> dict[str, Any]:
        decl = self.rs.event(ev["type"])
        ints = {f.id: f.default for f in decl.fields if f.kind == "int"} if decl else {}
        return {**ints, **ev}

    def _missing_events(self) -> list[dict[str, Any]]:
        have = [_ev_key(self._with_defaults(e)) for e in self.data["events"]]
        out = []
        for ev in self.t["events"]:
            k = _ev_key(self._with_defaults(ev))
            if k in have:
                have.remove(k)
            else:
                out.append(ev)
        return out


class Table:
    def __init__(self, bench: Bench, idx: int, ruleset: str, options: dict[str, Any]) -> None:
        self.bench, self.tg = bench, bench.tg
        self.chat: Chat = self.tg.group(-20_000_000 - idx, f"entry {ruleset}")
        self.users: list[User] = [
            self.tg.user(2_000_000 + idx * 10 + i, n) for i, n in enumerate(NAMES)
        ]
        self.ruleset, self.options = ruleset, options
        self.table_id = 0

    async def setup(self) -> None:
        L = self.bench.bot.ledger
        assert L is not None
        ids = [L.ensure_user(u.id, u.first_name).id for u in self.users]
        L.ensure_chat(self.chat.id)
        L.ensure_guest(self.chat.id, GUEST)
        t = L.open_table(
            self.chat.id, creator_id=ids[0], ruleset=self.ruleset, options=self.options
        )
        for pid in ids:
            L.join(t.id, pid)
        L.start(t.id)
        self.table_id = t.id
        mark = self.tg.mark()
        await self.tg.post(self.chat, self.users[0], "/table")
        await self.tg.next_message(self.chat, mark, timeout=30)
        for _ in range(200):  # the bot stores the message id just after sending it
            if L.get_table(t.id).message_id is not None:
                break
            await asyncio.sleep(0.01)

    def table_message(self) -> int:
        L = self.bench.bot.ledger
        assert L is not None
        mid = L.get_table(self.table_id).message_id
        assert mid is not None
        return mid

    def buttons(self, mid: int) -> list[tuple[tuple[str, str], str]]:
        out = []
        for b in self.tg.buttons(self.chat, mid):
            cb = decode(b["callback_data"])
            if isinstance(cb, DraftCb):
                out.append(((cb.action, cb.arg), b["callback_data"]))
        return out

    async def press(self, user: User, mid: int, data: str) -> dict[str, Any]:
        cq = await self.tg.press_data(self.chat, user, mid, data)
        return await self.tg.answer_of(cq, timeout=30)

    async def enter(self, hand: dict[str, Any]) -> dict[str, Any]:
        L = self.bench.bot.ledger
        assert L is not None
        user = self.users[1]
        mark = self.tg.mark()
        table_mid = self.table_message()
        rec = next(
            b
            for b in self.tg.buttons(self.chat, table_mid)
            if (cb := decode(b["callback_data"])) and isinstance(cb, TableCb) and cb.action == "rec"
        )
        ans = await self.press(user, table_mid, rec["callback_data"])
        if ans.get("show_alert"):
            raise Astray(f"Record hand: {ans}")
        taps = 1
        msg = await self.tg.next_message(self.chat, mark, timeout=30)
        mid = msg["message_id"]
        before = L.standings(self.table_id).hand_count
        while True:
            btns = self.buttons(mid)
            if not btns:
                break
            draft = L.get_draft(decode(btns[0][1]).draft_id)  # type: ignore[union-attr]
            if draft.status != "open":
                break
            driver = Driver(draft.step, draft.data, target_of(hand, draft.data))
            pick = driver.choose([a for a, _ in btns])
            taps += 1
            if TRACE and hand["id"] in TRACE:
                print(f"  {hand['id']} tap {taps}: {draft.step} -> {pick}", file=sys.stderr)
            if isinstance(pick, str):  # a text reply (tiles)
                m2 = self.tg.mark()
                await self.tg.post(
                    self.chat, user, pick, reply_to=self.tg.messages[(self.chat.id, mid)]
                )
                await self.tg.wait_for(
                    lambda m2=m2: self.tg.sent_since(m2, chat_id=self.chat.id), timeout=30
                )
                await asyncio.sleep(0.05)
            else:
                data = next(cb for a, cb in btns if a == pick)
                ans = await self.press(user, mid, data)
                if ans.get("show_alert"):
                    raise Astray(f"{hand['id']} at {draft.step}: alert {ans.get('text')}")
                if pick[0] == "c":
                    break
            if taps > MAX_TAPS:
                raise Astray(f"{hand['id']}: more than {MAX_TAPS} taps")
        st = L.standings(self.table_id)
        if st.hand_count != before + 1:
            raise Astray(f"{hand['id']}: no hand recorded")
        got = L.last_hand(self.table_id)
        assert got is not None
        self.check(hand, got.record)
        sent = [
            s
            for s in self.tg.sent_since(mark, chat_id=self.chat.id)
            if s.method in ("sendMessage", "sendPhoto")
        ]
        return {"id": hand["id"], "ruleset": hand["ruleset"], "taps": taps, "messages": len(sent)}

    def check(self, hand: dict[str, Any], record: Any) -> None:
        j = record.to_json()
        t = target_of(hand, {"players": j["players"], "dealer": j["dealer"], "names": {}})
        for ev in t["events"]:
            ev.pop("backer", None)
        got_events = [{k: v for k, v in ev.items() if k != "backer"} for ev in j["events"]]
        assert j["result"] == t["result"], (hand["id"], j["result"])
        assert [x["winner"] for x in j["wins"]] == [x["winner"] for x in t["wins"]], hand["id"]
        for gw, tw in zip(j["wins"], t["wins"], strict=True):
            assert gw.get("from") == tw["from"], (hand["id"], gw, tw)
            assert gw.get("shape") == tw["shape"], (hand["id"], gw, tw)
            assert sorted(gw.get("flags") or []) == sorted(tw["flags"]), (hand["id"], gw, tw)
            if tw.get("tiles") is not None:  # the tiles as the typed reply reads them
                assert same_tiles(gw["tiles"], tw["tiles"]), (hand["id"], gw["tiles"], tw)
            for k in ("fan", "fans"):
                if tw.get(k) is not None:
                    assert gw.get(k) == tw[k] or sorted(gw.get(k)) == sorted(tw[k]), (
                        hand["id"],
                        gw,
                    )
        want_counts = {c: {p: v for p, v in per.items() if v} for c, per in t["counts"].items()}
        want_counts = {c: per for c, per in want_counts.items() if per}
        assert j["counts"] == want_counts, (hand["id"], j["counts"], want_counts)
        drv = Driver("preview", {"ruleset": hand["ruleset"]}, t)
        got_events = [drv._with_defaults(ev) for ev in got_events]
        t["events"] = [drv._with_defaults(ev) for ev in t["events"]]
        assert sorted(map(_ev_key, got_events)) == sorted(map(_ev_key, t["events"])), (
            hand["id"],
            got_events,
            t["events"],
        )


class Bench:
    def __init__(self, tg: FakeTelegram, bot: Bot) -> None:
        self.tg, self.bot = tg, bot


async def run(only: str | None) -> list[dict[str, Any]]:
    tg = FakeTelegram()
    await tg.start()
    with tempfile.TemporaryDirectory() as tmp:
        bot = Bot(tg, f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        await bot.start()
        bench = Bench(tg, bot)
        try:
            tables: dict[tuple[str, str], Table] = {}
            out = []
            for hand in [*HANDS, *PAD_HANDS]:
                if only and hand["ruleset"] != only:
                    continue
                key = (hand["ruleset"], json.dumps(hand["options"], sort_keys=True))
                if key not in tables:
                    tables[key] = Table(bench, len(tables), hand["ruleset"], hand["options"])
                    await tables[key].setup()
                out.append({**await tables[key].enter(hand), "via": hand.get("via") or "buttons"})
            return out
        finally:
            await bot.stop()
            await tg.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--only", help="only this ruleset's hands")
    ap.add_argument("--trace", action="append", default=[], help="print this hand's taps")
    args = ap.parse_args()
    TRACE.update(args.trace)
    logging.basicConfig(level=logging.WARNING)
    everything = asyncio.run(run(args.only))
    hands = [h for h in everything if h["via"] == "buttons"]  # the fixed hand set
    pad = [h for h in everything if h["via"] == "pad"]  # the tile pad, apart
    for h in everything:
        del h["via"]
    taps = [h["taps"] for h in hands]
    msgs = [h["messages"] for h in hands]
    by_rs: dict[str, list[int]] = defaultdict(list)
    for h in hands:
        by_rs[h["ruleset"]].append(h["taps"])
    summary = {
        "hands": hands,
        "count": len(hands),
        "taps_median": statistics.median(taps),
        "taps_max": max(taps),
        "taps_min": min(taps),
        "messages_median": statistics.median(msgs),
        "messages_max": max(msgs),
        "per_ruleset": {
            rs: {"median": statistics.median(v), "max": max(v), "hands": len(v)}
            for rs, v in sorted(by_rs.items())
        },
        "pad_hands": pad,
    }
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return
    for h in hands:
        print(f"{h['id']:<24} {h['ruleset']:<10} taps {h['taps']:>3}  messages {h['messages']}")
    print()
    for rs, v in summary["per_ruleset"].items():
        print(f"{rs:<10} hands {v['hands']:>2}  taps median {v['median']:>4}  max {v['max']:>3}")
    print()
    print(
        f"{len(hands)} hands: taps median {summary['taps_median']}, "
        f"min {summary['taps_min']}, max {summary['taps_max']}; "
        f"new messages per hand median {summary['messages_median']}, max {summary['messages_max']}"
    )
    for h in pad:
        print(
            f"tile pad: {h['id']} {h['taps']} taps (its tiles typed: one reply), "
            f"{h['messages']} new messages"
        )


if __name__ == "__main__":
    main()
