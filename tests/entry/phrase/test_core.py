"""The one-line entry on the entry core (issue 23 points 3 and 4): the parser builds the typed
draft (:mod:`bot.entry.draft`), its record is :func:`bot.entry.checks.to_record`'s (every
door's), and a line naming a shape or flag is refused exactly where
:mod:`bot.entry.allowed` would not offer it — every shape with every flag, self-drawn and on
a discard, in every ruleset with shapes. A line that leaves one thing out says what
(:class:`bot.entry.phrase.Missing`). Players 11 12 13 14, 11 deals."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from bot.entry import allowed, checks, phrase
from bot.entry.draft import Draft, WinDraft
from bot.entry.phrase.vocab import TableInfo
from bot.i18n import Translator

P = ("11", "12", "13", "14")
A, B, C, D = P
EN = dict(zip(P, ("Alice", "Bob", "Carol", "Dave"), strict=True))
ITEM_CODES = {"not_played", "only_how", "dealer_only", "not_dealer", "needs_shape", "not_with"}


def info(rs: str, **options: Any) -> TableInfo:
    return TableInfo(rs, options, P, EN, A)


def test_hong_kong_self_drawn_carries_its_faan_once() -> None:
    # hongkong.py: 自摸 is 1 faan on the checklist (zi_mo); the how carries it (checks.HOW_FANS)
    record = phrase.parse("Bob zimo 平糊 混一色", info("hongkong"))
    fans = record.wins[0].fans or ()
    assert sorted(fans) == ["hun_yi_se", "ping_hu", "zi_mo"], fans
    on_discard = phrase.parse("Bob won off Carol 平糊 混一色", info("hongkong"))
    assert "zi_mo" not in (on_discard.wins[0].fans or ())


def test_the_record_is_the_drafts() -> None:
    reading = phrase.read("Bob ron Carol big seven pairs no wild", info("xingguo"))
    assert reading.missing is None
    assert reading.record == checks.to_record(reading.draft)
    (w,) = reading.draft.wins
    assert (w.winner, w.discarder, w.shape, w.flags) == (B, C, "big_seven_pairs", ["no_wild"])


@pytest.mark.parametrize(
    ("rs", "text", "kind"),
    [
        ("xingguo", "Bob zimo no wild", "shape"),  # jiangxi.py: shape_required
        ("xingguo", "Bob ron big seven pairs", "how"),  # whose discard?
        ("xingguo", "Bob big seven pairs", "how"),  # self-drawn or a discard?
        ("hongkong", "Bob zimo", "value"),  # a faan total, the checklist or 爆棚
        ("guobiao", "Bob ron Carol", "value"),
    ],
)
def test_what_a_line_leaves_out(rs: str, text: str, kind: str) -> None:
    reading = phrase.read(text, info(rs))
    assert reading.missing is not None and reading.missing.kind == kind, reading
    assert reading.missing.win == 0
    with pytest.raises(phrase.PhraseError):  # parse (the strict reading) refuses it
        phrase.parse(text, info(rs))


def test_two_things_left_out_are_refused_not_asked() -> None:
    with pytest.raises(phrase.PhraseError) as err:
        phrase.read("Bob ron", info("xingguo"))  # no discarder, and no shape
    assert err.value.code in ("no_discarder", "no_shape")


def pairs() -> list[tuple[str, str | None, str, str]]:
    out = []
    for rs in scoring.registry.all_rulesets():
        if not rs.shapes or "shape" not in rs.win_inputs or 4 not in rs.players:
            continue
        for discarder in (None, C):
            for s in rs.shapes:
                for f in rs.flags:
                    out.append((rs.id, discarder, s.id, f.id))
    return out


@pytest.mark.parametrize(("rs_id", "discarder", "shape", "flag"), pairs())
def test_a_flag_is_refused_exactly_where_it_is_not_offered(
    rs_id: str, discarder: str | None, shape: str, flag: str
) -> None:
    rs = scoring.get(rs_id)
    d = Draft(ruleset=rs_id, players=list(P), names=EN, dealer=A, options={})
    w = WinDraft(winner=B, discarder=discarder, shape=shape)
    d.wins = [w]
    if rs.shape(shape) is None or not allowed.item_ok(d, w, rs.shape(shape), shape=shape):
        pytest.skip("the shape itself is not offered for this win")
    offered = allowed.flag_ok(d, w, flag)
    record = scoring.HandRecord(
        ruleset=rs_id,
        players=P,
        dealer=A,
        result="win",
        wins=(scoring.record.Win(winner=B, discarder=discarder, shape=shape, flags=(flag,)),),
        options={},
    )
    text = phrase.phrase_of(record, info(rs_id), "en")
    try:
        reading = phrase.read(text, info(rs_id), Translator("en"))
    except phrase.PhraseError as err:
        refused = err.code in ITEM_CODES
        assert refused or err.code in ("core", "ambiguous"), (text, err.code)
        assert refused != offered, (text, err.code, offered)
        return
    assert offered, (text, "read although the buttons do not offer it")
    assert reading.draft.wins[0].flags == [flag]


@pytest.mark.parametrize(
    ("rs", "text", "lang", "said"),
    [
        # hongkong.py min_faan 3 (三番起糊, H13): the sentence every door says (checks)
        ("hongkong", "Bob won off Carol 2 faan", "en", "Hong Kong needs at least 3 faan"),
        ("hongkong", "Bob won off Carol 2 faan", "zh_Hant", "香港麻雀至少要3 番"),
        ("hongkong", "Bob zimo 1 faan", "zh_Hans", "香港麻将至少要3 番"),
        # singapore.py min_tai 1
        ("singapore", "Bob ron Carol 0 tai", "en", "Singapore needs at least 1 tai"),
        # guobiao.py min_fan 8 (seed 001: 8番起和)
        ("guobiao", "Bob ron Carol 5 fan", "en", "minimum of 8"),
    ],
)
def test_a_value_under_the_minimum_is_refused_naming_it(
    rs: str, text: str, lang: str, said: str
) -> None:
    with pytest.raises(phrase.PhraseError) as err:
        phrase.parse(text, info(rs), Translator(lang))
    assert said in err.value.text(Translator(lang)), err.value.text(Translator(lang))
