"""日本麻将 Riichi mahjong (リーチ麻雀): han and fu → points, honba, the riichi pot, draws,
several winners, pao, chombo, three players, and the game end with oka and uma.

Spec: ``shared/rules/riichi.md`` (not written from the seeds; sources R1–R24). The parts
live in :mod:`scoring.riichi`; this module declares the ruleset and checks the records.

* A win gives ``fan`` = the **han** (with dora) and ``counts.fu`` for han ≤ 4, or
  ``counts.yakuman`` = k for a k-fold yakuman (then ``fan`` is null), or ``tiles`` (scored by
  the ``mahjong`` library, §1.3).
* ``counts.honba`` and ``counts.riichi_sticks`` are keyed on the dealer (the counters and the
  sticks on the table before the hand); ``riichi`` events are this hand's sticks.
* The pot is the pseudo-party ``pot``: the players' nets sum to minus its change.
* ``result`` ``game_end`` settles a whole game (§2.9) from ``counts.points``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Literal

from scoring.declarations import (
    Choice,
    CountDecl,
    DealerRule,
    EventDecl,
    OptionDecl,
    PresetDecl,
    WinItemDecl,
)
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Step, Win
from scoring.riichi import game_end, hand
from scoring.riichi.decls import (
    ABORTIVE,
    ABORTIVE_KINDS,
    CHOMBO,
    COUNTS,
    EVENTS,
    FLAGS,
    GAME_END,
    OPTIONS,
    PAO_LISTS,
    PAO_YAKU,
    PRESETS,
    REASONS,
    RESULTS,
    RULESET_ID,
    WIN,
    WORDS,
    word,
)
from scoring.riichi.points import FU_VALUES, HandValue, basic_points
from scoring.riichi.tiles import TilesResult, evaluate
from scoring.ruleset import Options, Ruleset, Words


def _fail(path: str, message: str) -> None:
    raise RecordError(path, message)


class Riichi(Ruleset):
    id: ClassVar[str] = RULESET_ID
    zh: ClassVar[str] = "日本麻将（立直）"
    zh_hant: ClassVar[str] = "日本麻將（立直）"
    en: ClassVar[str] = "Riichi (Japanese)"
    unit_zh: ClassVar[str] = "点"
    unit_zh_hant: ClassVar[str] = "點"
    unit_en: ClassVar[str] = "points"
    fan_word_zh: ClassVar[str] = "番"
    fan_word_zh_hant: ClassVar[str] = "番"
    fan_word_en: ClassVar[str] = "han"
    summary_zh: ClassVar[str] = (
        "番与符定基本点：符×2^(2+番)，封顶满贯2,000；5番满贯、6–7跳满、8–10倍满、11–12三倍满、"
        "役满8,000。闲家荣和4倍、庄家6倍；自摸闲家各付1倍、庄家付2倍（庄家自摸各付2倍），每份进位到百。"
        "每本场300；立直棒1,000入供托，和了者取得。流局未听罚符3,000；包牌、错和、三麻、终局Oka与马按选项。"
    )
    summary_en: ClassVar[str] = (
        "Han and fu give the basic points fu × 2^(2+han), capped at mangan 2,000; 5 han mangan, "
        "6–7 haneman, 8–10 baiman, 11–12 sanbaiman, yakuman 8,000. A ron pays 4× (dealer 6×); a "
        "tsumo 1× from each non-dealer and 2× from the dealer (dealer's tsumo 2× from each), each "
        "share rounded up to 100. Honba 300 each; a riichi stick of 1,000 is put on the table "
        "(kyoutaku) for the next winner. Noten payments 3,000 at a draw; pao, chombo, sanma and the game end's "
        "oka and uma by the options."
    )
    words: ClassVar[Words] = WORDS
    reasons: ClassVar[tuple[Choice, ...]] = REASONS
    players: ClassVar[tuple[int, ...]] = (3, 4)
    options: ClassVar[tuple[OptionDecl, ...]] = OPTIONS
    presets: ClassVar[tuple[PresetDecl, ...]] = PRESETS
    default_preset: ClassVar[str | None] = "friendly"
    results: ClassVar[tuple[Choice, ...]] = RESULTS
    shape_required: ClassVar[bool] = False
    flags: ClassVar[tuple[WinItemDecl, ...]] = FLAGS
    counts: ClassVar[tuple[CountDecl, ...]] = COUNTS
    events: ClassVar[tuple[EventDecl, ...]] = EVENTS
    win_inputs: ClassVar[frozenset[str]] = frozenset({"fan", "tiles"})
    multi_win: ClassVar[Literal["none", "same_discard", "sequential"]] = "same_discard"
    dealer_rule: ClassVar[DealerRule] = DealerRule(
        dealer_wins="stay",
        other_wins="next",
        draw="stay",
        zh="庄家和了或流局听牌连庄（本场+1）；闲家和了则下家坐庄；途中流局按选项；错和重打",
        en="The dealer keeps the deal after winning or being tenpai at a draw (honba + 1); after "
        "a non-dealer's win it passes on; abortive draws by the options; a chombo is replayed",
    )

    # --- options -----------------------------------------------------------------------
    @classmethod
    def check_options(cls, opts: Options) -> None:
        if opts.i("return_points") < opts.i("start_points"):
            _fail("options.return_points", "must be at least the start points")

    @staticmethod
    def check_players(opts: Options) -> None:
        """The options that depend on the number of players (checked with each record, so that
        an option set of either size resolves)."""
        n = opts.i("player_count")
        if opts.i("honba_value") % (n - 1):
            _fail("options.honba_value", f"must split evenly among the {n - 1} payers of a tsumo")
        if opts.i("noten_total") % (12 if n == 4 else 2):
            _fail("options.noten_total", f"must be divisible by {12 if n == 4 else 2}")
        problem = game_end.uma_problem(opts)
        if problem is not None:
            _fail(*problem)

    # --- checks ------------------------------------------------------------------------
    def check(self, record: HandRecord, opts: Options) -> None:
        n = len(record.players)
        if n != opts.i("player_count"):
            _fail("players", f"the options are for {opts.i('player_count')} players, not {n}")
        self.check_players(opts)
        if record.result == ABORTIVE and not opts.b("abortive_draws"):
            _fail("result", "abortive draws are not played at this table (option abortive_draws)")
        for cid in ("honba", "riichi_sticks"):
            for p, v in record.counts.get(cid, {}).items():
                if v and p != record.dealer:
                    _fail(f"counts.{cid}.{p}", "is counted on the dealer only")
        if record.result == GAME_END:
            game_end.check(record, opts)
            if opts.s("chombo") != "final_penalty" and any(
                record.counts.get("chombo", {}).values()
            ):
                _fail("counts.chombo", "a chombo was paid at once (option chombo: mangan_payment)")
            return
        self._check_events(record, opts)
        self._check_counts_of_wins(record)
        values = self.values(record, opts)
        self._check_pao(record, values)

    def _check_events(self, record: HandRecord, opts: Options) -> None:
        seen: Counter[tuple[str, str]] = Counter()
        for i, ev in enumerate(record.events):
            key = (ev.type, ev.source or ev.player if ev.type == "pao" else ev.player)
            seen[key] += 1
            if seen[key] > 1 and ev.type in ("riichi", "tenpai", "nagashi_mangan", "pao"):
                _fail(f"events[{i}].player", f"a second {ev.type!r} for the same player")
            if ev.type == "abortive_draw":
                kind = ev.get("kind", "")
                if kind and kind not in ABORTIVE_KINDS:
                    _fail(f"events[{i}].kind", "must be one of " + ", ".join(ABORTIVE_KINDS))
                if kind == "suufon_renda" and len(record.players) == 3:
                    _fail(f"events[{i}].kind", "four same winds needs four players")
                if sum(e.type == "abortive_draw" for e in record.events) > 1:
                    _fail(f"events[{i}]", "one abortive draw per hand")
            if ev.type == "pao":
                yaku = ev.get("yaku", "")
                allowed = PAO_LISTS[opts.s("pao_yaku")]
                if yaku and yaku not in allowed:
                    _fail(f"events[{i}].yaku", "must be one of " + ", ".join(sorted(allowed)))
                if ev.source not in {w.winner for w in record.wins}:
                    _fail(f"events[{i}].from", "must be a winner of this hand")
        if record.result == CHOMBO and sum(e.type == "chombo" for e in record.events) != 1:
            _fail("events", "a chombo hand needs exactly one chombo event (the offender)")

    def _check_counts_of_wins(self, record: HandRecord) -> None:
        winners = {w.winner for w in record.wins}
        for cid in ("fu", "yakuman"):
            for p, v in record.counts.get(cid, {}).items():
                if v and p not in winners:
                    _fail(f"counts.{cid}.{p}", f"{p} did not win")

    def _check_pao(self, record: HandRecord, values: dict[str, HandValue]) -> None:
        for i, ev in enumerate(record.events):
            if ev.type == "pao" and ev.source is not None and values[ev.source].yakuman == 0:
                _fail(f"events[{i}].from", "pao is for a yakuman: the win is not one")

    # --- the value of each win ---------------------------------------------------------
    def values(self, record: HandRecord, opts: Options) -> dict[str, HandValue]:
        """Each winner's :class:`HandValue` (from han/fu/yakuman, or from the tiles)."""
        return {w.winner: self._value(record, opts, i, w) for i, w in enumerate(record.wins)}

    def tiles_value(self, record: HandRecord, i: int) -> TilesResult:
        """What the ``mahjong`` library finds in the tiles of ``record.wins[i]`` (han, fu, the
        yakuman multiple, the yaku): what the bot shows before the table confirms or
        overwrites it (§1.3). :class:`RecordError` naming ``wins[i].tiles`` if it cannot."""
        win = record.wins[i]
        if win.tiles is None:
            _fail(f"wins[{i}].tiles", "this win has no tiles")
        assert win.tiles is not None
        opts = self.resolve_options(record.options)
        players = record.players
        return evaluate(
            win.tiles,
            path=f"wins[{i}].tiles",
            flags=win.flags,
            tsumo=win.discarder is None,
            robbed_kong=win.robbed_kong,
            seat=(players.index(win.winner) - players.index(record.dealer)) % len(players),
            players=len(players),
            opts=opts,
            winner_is_dealer=win.winner == record.dealer,
        )

    def _value(self, record: HandRecord, opts: Options, i: int, win: Win) -> HandValue:
        w = win.winner
        dealer = w == record.dealer
        fu_given = record.counts.get("fu", {}).get(w, 0)
        yakuman = record.count("yakuman", w)

        def value(han: int | None, fu: int | None, k: int) -> HandValue:
            return basic_points(
                han,
                fu,
                k,
                kiriage=opts.s("kiriage"),
                kazoe=opts.s("kazoe"),
                max_yakuman=opts.i("max_yakuman"),
                winner_is_dealer=dealer,
            )

        if win.tiles is not None:
            if win.fan is not None or fu_given or yakuman:
                _fail(f"wins[{i}].tiles", "give the tiles or the han/fu/yakuman, not both")
            got = self.tiles_value(record, i)
            return value(got.han, got.fu if got.han <= 4 else None, got.yakuman)
        if yakuman:
            if win.fan is not None:
                _fail(f"wins[{i}].fan", "a yakuman has no han: use null with counts.yakuman")
            return value(None, None, yakuman)
        if win.fan is None:
            _fail(f"wins[{i}].fan", "the han are missing (or counts.yakuman, or the tiles)")
        han = win.fan
        assert han is not None
        if han < 1:
            _fail(f"wins[{i}].fan", "a win has at least 1 han")
        fu = None
        if han <= 4:
            if not fu_given:
                _fail(f"counts.fu.{w}", f"the fu are needed for {han} han")
            if fu_given not in FU_VALUES:
                _fail(f"counts.fu.{w}", "must be 20, 25 or 30 … 140 in steps of 10")
            if fu_given == 25 and han == 1:
                _fail(f"counts.fu.{w}", "25 fu is seven pairs, which is at least 2 han")
            if fu_given == 20 and (han == 1 or win.discarder is not None):
                _fail(f"counts.fu.{w}", "20 fu is a pinfu tsumo only (at least 2 han, no ron)")
            fu = fu_given
        return value(han, fu, 0)

    # --- settlement --------------------------------------------------------------------
    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        if record.result == GAME_END:
            return game_end.settle(record, opts)
        values = self.values(record, opts) if record.result == WIN else {}
        s = hand.settle(record, opts, values)
        tiles_steps = self._tiles_steps(record, values)
        if not tiles_steps:
            return s
        return Settlement(s.payments, s.net, (*tiles_steps, *s.explanation))

    def _tiles_steps(self, record: HandRecord, values: dict[str, HandValue]) -> list[Step]:
        out = []
        for w in record.wins:
            if w.tiles is None:
                continue
            v = values[w.winner]
            if v.yakuman:
                yz, ye, yj = word("yakuman")
                zh, en, ja = f"{v.yakuman}倍{yz}", f"{v.yakuman} × {ye}", f"{v.yakuman}倍{yj}"
            else:
                fu = f"{v.fu}符" if v.fu else ""
                zh, en = f"{v.han}番{fu}", f"{v.han} han" + (f" {v.fu} fu" if v.fu else "")
                ja = f"{v.han}翻{fu}"
            out.append(
                Step(
                    f"{w.winner}的手牌算得：{zh}",
                    f"{w.winner}'s tiles score {en}",
                    f"{w.winner}の手牌から計算：{ja}",
                )
            )
        return out

    @classmethod
    def extra_json(cls) -> dict[str, Any]:
        """The values of the events' text fields, with their names (``rules riichi --json``):
        the abortive draw kinds (§1.1) and the pao yaku of each ``pao_yaku`` option value."""
        return {
            "abortive_kinds": [
                {"id": k, "name_zh": zh, "name_en": en, "name_ja": ja}
                for k, (zh, en, ja) in ABORTIVE_KINDS.items()
            ],
            "pao_yaku": [
                {"id": k, "name_zh": zh, "name_en": en, "name_ja": ja}
                for k, (zh, en, ja) in PAO_YAKU.items()
            ],
            "pao_lists": {k: sorted(v) for k, v in PAO_LISTS.items()},
        }

    def next_dealer(self, record: HandRecord) -> str:
        return hand.after(record, self.resolve_options(record.options)).dealer

    def table_after(self, record: HandRecord) -> hand.TableState:
        """Dealer, honba and sticks for the next hand (the ledger's state, §2.3–§2.6)."""
        return hand.after(record, self.resolve_options(record.options))


RULESETS = [Riichi()]
