"""Declaration helpers shared by the engine, the random generator and the bot's wizard."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scoring import RecordError, registry, settle
from scoring.declarations import (
    Choice,
    CountDecl,
    OptionDecl,
    WinItemDecl,
    is_enabled,
    item_problem,
)
from scoring.record import HandRecord, Settlement
from scoring.ruleset import Options, Ruleset, Tally


@pytest.mark.parametrize(
    ("enabled_by", "opts", "expected"),
    [
        (None, {}, True),
        ("extras", {"extras": True}, True),
        ("extras", {"extras": False}, False),
        ("extras", {}, False),
        ("extras=set_a|set_b", {"extras": "set_a"}, True),
        ("extras=set_a|set_b", {"extras": "set_b"}, True),
        ("extras=set_a|set_b", {"extras": "off"}, False),
        ("extras!=off", {"extras": "set_a"}, True),
        ("extras!=off", {"extras": "off"}, False),
        ("base=1", {"base": 1}, True),
        ("base=1", {"base": 2}, False),
    ],
)
def test_is_enabled(enabled_by: str | None, opts: dict[str, object], expected: bool) -> None:
    assert is_enabled(enabled_by, opts) is expected  # type: ignore[arg-type]


class DrawCounts(Ruleset):
    """Counts asked only in a draw (like Sichuan's 查大叫), a flag behind a choice option."""

    id = "zz_draw_counts"
    zh = "测试"
    en = "Test"
    options = (
        OptionDecl(
            "extras",
            "附加",
            "Extras",
            "choice",
            "off",
            choices=(Choice("off", "无", "Off"), Choice("on", "有", "On")),
        ),
    )
    shapes = (WinItemDecl("plain", "平胡", "Plain"),)
    flags = (WinItemDecl("bonus", "奖", "Bonus", enabled_by="extras!=off"),)
    counts = (CountDecl("ready", "听牌", "Ready", max=1, results=frozenset({"draw"})),)

    def compute(self, record: HandRecord, opts: Options) -> Settlement:
        t = Tally(record.players)
        for w in record.wins:
            for p in record.players:
                t.pay(p, w.winner, 1, "win")
        t.explain("每家付1", "1 from each")
        return t.settlement()


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    registry.register(DrawCounts())
    yield
    registry.unregister(DrawCounts.id)


def _record(**kw: object) -> dict[str, object]:
    data: dict[str, object] = {
        "ruleset": DrawCounts.id,
        "players": ["a", "b", "c", "d"],
        "dealer": "a",
        "result": "win",
        "wins": [{"winner": "b", "from": None, "shape": "plain"}],
    }
    data.update(kw)
    return data


def test_count_with_results_is_refused_in_another_result() -> None:
    with pytest.raises(RecordError) as err:
        settle(_record(counts={"ready": {"c": 0, "d": 1}}))
    assert err.value.field == "counts.ready.d"
    assert "'win'" in err.value.message


def test_count_with_results_is_taken_in_its_result_and_zero_elsewhere() -> None:
    s = settle(_record(result="draw", wins=[], counts={"ready": {"d": 1}}))
    assert s.payments == ()
    assert s.explanation  # the engine says that nobody pays
    settle(_record(counts={"ready": {"d": 0}}))  # a zero is the same as leaving it out


def test_flag_behind_a_choice_option() -> None:
    with pytest.raises(RecordError) as err:
        settle(_record(wins=[{"winner": "b", "from": None, "shape": "plain", "flags": ["bonus"]}]))
    assert err.value.field == "wins[0].flags[0]"
    ok = _record(
        options={"extras": "on"},
        wins=[{"winner": "b", "from": None, "shape": "plain", "flags": ["bonus"]}],
    )
    assert settle(ok).net["b"] == 3


def test_fan_given_directly_is_bounded() -> None:
    guobiao = HandRecord.from_json(
        {
            "ruleset": "guobiao",
            "players": ["a", "b", "c", "d"],
            "dealer": "a",
            "result": "win",
            "wins": [{"winner": "b", "from": "c", "fan": 10**9}],
        }
    )
    with pytest.raises(RecordError) as err:
        settle(guobiao)
    assert err.value.field == "wins[0].fan"


def test_item_problem_and_a_lifted_not_with() -> None:
    wait = WinItemDecl(
        "wait",
        "吊",
        "Wait",
        not_with=frozenset({"rotten"}),
        not_with_unless="rotten_ok",
        how=frozenset({"self_drawn"}),
    )
    common = {"how": "self_drawn", "winner_is_dealer": False, "shape": "rotten"}
    assert item_problem(wait, others=["rotten"], opts={"rotten_ok": False}, **common) == (
        "cannot be combined with 'rotten'"
    )
    assert item_problem(wait, others=["rotten"], opts={"rotten_ok": True}, **common) is None
    assert wait.excludes("rotten", {"rotten_ok": False})
    assert not wait.excludes("rotten", {"rotten_ok": True})
    assert not wait.excludes("plain", {})
    on_discard = {**common, "how": "discard"}
    assert item_problem(wait, others=[], opts={}, **on_discard) == (
        "is only possible self-drawn, not on a discard"
    )
