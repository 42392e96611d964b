"""A throwaway ruleset that uses every kind of declaration, for the engine and property tests.

It is never put in ``scoring/rulesets``; tests register it with ``scoring.registry.register``
and remove it afterwards (:func:`registered`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from scoring import registry
from scoring.declarations import (
    DISCARD,
    SELF_DRAWN,
    Choice,
    CountDecl,
    EventDecl,
    FieldDecl,
    OptionDecl,
    PresetDecl,
    WinItemDecl,
)
from scoring.record import HandRecord, Settlement
from scoring.ruleset import Options, Ruleset, Tally
from scoring.testing import POT

TOY_ID = "zz_toy"


class Toy(Ruleset):
    id = TOY_ID
    zh = "测试"
    en = "Toy"
    players = (3, 4)
    options = (
        OptionDecl("base", "底分", "Base", "int", 1, min=1, max=100),
        OptionDecl(
            "mode",
            "模式",
            "Mode",
            "choice",
            "plain",
            choices=(Choice("plain", "普通", "Plain"), Choice("double", "加倍", "Double")),
        ),
        OptionDecl("extras", "附加", "Extras", "bool", False),
    )
    presets = (PresetDecl("big", "大", "Big", {"base": 10, "mode": "double"}),)
    shapes = (
        WinItemDecl("plain", "平胡", "Plain"),
        WinItemDecl("seven_pairs", "七对", "Seven pairs"),
        WinItemDecl("heaven", "天胡", "Heavenly", how=frozenset({SELF_DRAWN}), winner_dealer=True),
    )
    flags = (
        WinItemDecl("last_tile", "海底", "Last tile", how=frozenset({SELF_DRAWN})),
        WinItemDecl("on_discard", "点炮奖", "Discard bonus", how=frozenset({DISCARD})),
        WinItemDecl("pure", "清", "Pure", not_with=frozenset({"seven_pairs"})),
        WinItemDecl("pairs_bonus", "对奖", "Pairs bonus", shapes=frozenset({"seven_pairs"})),
        WinItemDecl("not_dealer", "闲奖", "Non-dealer bonus", winner_dealer=False),
        WinItemDecl("extra", "附加奖", "Extra", enabled_by="extras"),
    )
    counts = (
        CountDecl("wild", "精", "Wild", max=3, total_max=4),
        CountDecl("flowers", "花", "Flowers", max=8, enabled_by="extras"),
    )
    events = (
        EventDecl("kong", "杠", "Kong"),
        EventDecl(
            "follow",
            "跟庄",
            "Follow",
            source="required",
            fields=(FieldDecl("rounds", "轮", "Rounds", min=1, max=5, default=1),),
        ),
        EventDecl(
            "bet", "押", "Side bet", fields=(FieldDecl("backer", "人", "Backer", kind="text"),)
        ),
        EventDecl("false_win", "诈胡", "False win", source="optional", results=frozenset({"draw"})),
        EventDecl("fine", "罚", "Fine to the kitty", enabled_by="extras"),
    )
    multi_win = "same_discard"

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        base = opts.i("base") * (2 if opts.s("mode") == "double" else 1)
        for win in record.wins:
            value = base * (2 if win.shape == "seven_pairs" else 1) + len(win.flags)
            for p in record.players:
                if p != win.winner:
                    t.pay(p, win.winner, value * (2 if p == win.discarder else 1), "win")
            t.explain(f"胡 {value}", f"win {value}")
        for cid in ("wild", "flowers"):
            for p in record.players:
                n = record.count(cid, p)
                for q in record.players:
                    t.pay(q, p, n, cid)
        for ev in record.events:
            if ev.type == "kong":
                for q in record.players:
                    t.pay(q, ev.player, 2, "kong")
            elif ev.type == "follow":
                assert ev.source is not None
                t.pay(ev.player, ev.source, ev.int("rounds", 1), "follow")
            elif ev.type == "bet":
                t.pay(str(ev.get("backer", ev.player)), ev.player, 3, "side_bet")
            elif ev.type == "false_win":
                t.pay(ev.player, ev.source or record.dealer, 5, "false_win")
            elif ev.type == "fine":
                t.pay(ev.player, POT, 1, "fine_to_pot")
        t.explain("结算完毕", "settled")
        return t.settlement()


TOY = Toy()


@contextmanager
def registered() -> Iterator[Toy]:
    """Register the toy ruleset for the duration of a ``with`` block."""
    registry.register(TOY)
    try:
        yield TOY
    finally:
        registry.unregister(TOY_ID)
