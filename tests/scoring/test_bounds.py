"""No valid record makes an amount the ledger cannot hold (issue 12 point 4).

The ledger keeps each player's net per hand (BigInteger) and sums them over a night; the scoring
core promises |amount| and |net| ≤ ``LEDGER_MAX`` = 10^12 per player for every record it accepts.
An option set that could break that is refused when the options are resolved (before any record,
so a table cannot even be opened with it), and counts/events that could are bounded.

The property test settles *without* the engine's last guard (``_check_bounds``): it calls
``validate`` and the ruleset's ``compute`` directly, on records whose integers are mostly at their
declared maximum, for every registered ruleset (the ones being added too).
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import RecordError, all_rulesets, get, settle, validate
from scoring.record import LEDGER_MAX, HandRecord, Settlement
from scoring.testing import random_settling_record
from tests.scoring.builders import record, refused_field, win

IDS = [rs.id for rs in all_rulesets()]


def _unguarded(rec: HandRecord) -> Settlement | None:
    try:
        rs, opts = validate(rec)
    except RecordError:
        return None
    return rs.compute(rec, opts)


def _largest(s: Settlement) -> int:
    return max([abs(v) for v in s.net.values()] + [p.amount for p in s.payments] + [0])


@pytest.mark.parametrize("ruleset_id", IDS)
def test_no_valid_record_passes_the_ledger_bound(ruleset_id: str) -> None:
    rs = get(ruleset_id)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**63))
    def check(seed: int) -> None:
        rec = random_settling_record(rs, Random(seed), tries=60, extreme=True)
        s = _unguarded(rec)
        if s is not None:
            assert _largest(s) <= LEDGER_MAX, rec.to_json()

    check()


# --- the two option sets of the issue, worked by hand ---------------------------------------


def test_points_no_cap_is_bounded_by_the_ledger() -> None:
    # points: share = 底分 × 2^番 (seed 001 L99–100); with no cap (0) a fan of 999 given directly
    # would be 10 × 2^999. The most a player can pay in one hand is 12 shares (全冲: 4 shares per
    # winner, 3 winners on his discard), so the fan is bounded by 12 × 底分 × 2^番 ≤ 10^12:
    # 底分 10 → 2^番 ≤ 8.3×10^9 → 番 ≤ 32 (2^33 = 8.6×10^9 is too many).
    ok = record("points", [{"winner": "b", "from": "c", "fan": 32}], options={"cap_fan": 0})
    assert settle(ok).paid("c", "b") == 10 * 2**32
    bad = record("points", [{"winner": "b", "from": "c", "fan": 999}], options={"cap_fan": 0})
    with pytest.raises(RecordError) as err:
        settle(bad)
    assert err.value.field == "wins[0].fan" and "32" in err.value.message


def test_points_cap_too_high_for_the_base_is_refused_with_the_options() -> None:
    # 底分 1,000,000 with a 30-fan cap: 12 × 10^6 × 2^30 = 1.3×10^16 > 10^12: the option set
    # itself is refused (a table cannot be opened with it), naming the cap. The largest cap
    # for that base is 16: 12 × 10^6 × 2^16 = 7.9×10^11 ≤ 10^12 < 12 × 10^6 × 2^17.
    with pytest.raises(RecordError) as err:
        get("points").resolve_options({"base": 1_000_000, "cap_fan": 30})
    assert err.value.field == "options.cap_fan" and "16" in err.value.message
    assert get("points").resolve_options({"base": 1_000_000, "cap_fan": 16})


def test_yichun_no_lighter_limit_still_bounds_the_lighters() -> None:
    # Yichun: seed 002 L61 "丢打火机―在原有牌的计分基础上再翻1倍（建议限丢1个、发展到后期可以考虑不限制）":
    # each lighter doubles; with no table limit (0) 60 lighters would be ×2^60. House bound: at
    # most 8 per hand however the table plays (base 1000 × 100 × ×16 × 2^8 × 3 ≈ 1.2×10^9).
    lighters = [{"type": "lighter", "player": "a", "from": None}] * 60
    r = record("yichun", [win("b", "c", "ping_hu")], options={"lighter_limit": 0}, events=lighters)
    assert refused_field(r) == "events"
    eight = record(
        "yichun", [win("b", "c", "ping_hu")], options={"lighter_limit": 0}, events=lighters[:8]
    )
    assert settle(eight)


def test_the_engine_refuses_what_passes_the_bound() -> None:
    # the last guard, exercised through a throwaway ruleset that pays 10^12 + 1
    from scoring import registry
    from scoring.ruleset import Options, Ruleset, Tally

    class Huge(Ruleset):
        id = "huge_test"
        zh = en = "huge"
        shape_required = False

        def compute(self, record: HandRecord, opts: Options) -> Settlement:
            t = Tally(record.players)
            t.pay(record.players[1], record.players[0], LEDGER_MAX + 1, "huge")
            t.explain("巨额", "huge")
            return t.settlement()

    registry.register(Huge())
    try:
        r = record("huge_test", [{"winner": "a", "from": None}])
        assert refused_field(r) == "options"
    finally:
        registry.unregister("huge_test")


def test_events_per_hand_are_bounded() -> None:
    # Every event carries money of its own, and nothing bounded how many a record lists: 跟庄
    # (follow_dealer, Jiangxi) at the table's largest values pays 1000 × base 10,000 per round,
    # rounds up to 99: ~10^9 per event and payer, so 10,000 of them pass 10^12. A hand has few
    # events (16 kongs at most, one 跟庄, a few 诈胡/lighters/side bets): at most MAX_EVENTS.
    from scoring.engine import MAX_EVENTS

    follow = {"type": "follow_dealer", "player": "a", "rounds": 99}
    opts = {"base": 10_000, "genzhuang": 1000}
    many = record("nanchang", [win("b", "c", "plain_win")], options=opts)
    many["events"] = [follow] * (MAX_EVENTS + 1)
    assert refused_field(many) == "events"
    assert MAX_EVENTS >= 32  # room for every kong of four players and the other events


def test_newtable_stops_the_cap_where_the_ledger_bound_is() -> None:
    # /newtable's ➕ on the points cap stops at the largest cap the base allows (base 10: 32,
    # see above) like at a declared maximum, instead of failing when the option set is resolved
    from bot.entry.wizard import WizardError
    from bot.setup import apply, current_options, new_setup

    _, data = new_setup()
    data["ruleset"] = "points"
    cap = next(i for i, o in enumerate(get("points").options) if o.id == "cap_fan")
    data["options"] = {"cap_fan": 31}
    apply("options", data, "o+", str(cap))
    assert current_options(data)["cap_fan"] == 32
    with pytest.raises(WizardError) as err:
        apply("options", data, "o+", str(cap))
    assert str(err.value) == "at_max"
    assert current_options(data)["cap_fan"] == 32
