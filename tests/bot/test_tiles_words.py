"""The words of a Guobiao tiles reply: what the tiles cannot show, after the winning tile.

``HAND WINTILE [WORD …]`` (bot/entry/wizard/ ``set_tiles``; the words are read by
``scoring.gb.notation.read_word``):

* ``绝张`` / ``lasttile`` → ``last_tile_of_kind`` (和绝张);
* ``妙手`` (self-drawn) / ``海底`` (on a discard) / ``lastwall`` (either) → ``last_wall_tile``
  (妙手回春 self-drawn, 海底捞月 on a discard);
* ``杠开`` / ``杠上开花`` / ``kongdraw`` → ``kong_related`` on a self-drawn win (杠上开花);
* ``圈南`` / ``南圈`` / ``round:S`` … → ``prevalent_wind`` (East when no word says otherwise).

The fan values are those of shared/rules/guobiao-mcr.md §3 (the table of the 81 fans) and the
seed it quotes, seed 002_eb57fc9b56582777.txt:

* row 58, 和绝张 4 — seed 002 L245 "和绝张 胡牌池、桌面已亮明的3张牌所剩的第4张牌(抢杠和不计和绝张)"
  (in the 4-fan group that starts after "双箭刻 2副箭刻(或杠)4 番", L237);
* row 44, 妙手回春 8, 不计 自摸 — seed 002 L217 "妙手回春 自摸牌墙上最 后一张牌胡牌。不计自摸";
* row 45, 海底捞月 8 — seed 002 L219 "海底捞月 和打出的最后一张牌";
* row 46, 杠上开花 8, 不计 自摸 — seed 002 L221 "杠上开花 开杠抓进的牌成胡牌(不包括补花)不计自摸";
* row 47, 抢杠和 8, 不计 和绝张 — seed 002 L223 "抢杠胡 和别人自抓开明杠的牌。不计和绝张番";
* row 60, 圈风刻 2 (engine adds: 不计 幺九刻 of that pung) — seed 002 L249 "圈风刻 与圈风相同的风刻"
  (2-fan group, header "2 番" at the end of L245).

Settlement (spec §2.3, the default, not in the seeds): on a discard the discarder pays 8 + F
and each other player 8. The money oracle is ``scoring.settle`` on the record written by hand.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest

import scoring
from bot import describe
from bot.entry import wizard
from bot.i18n import Translator
from scoring.gb.calculator import calculate
from scoring.gb.hand import parse_hand
from scoring.gb.notation import read_word, split_words
from tests.bot.conftest import Scene
from tests.bot.helpers import next_until, open_table, seat_and_start
from tests.bot.helpers import wizard as taps

NAMES = ("Alice", "Bob", "Carol", "Dave")
PLAYERS = ["1", "2", "3", "4"]
SELF, DISCARD, ROBBED = "self", "discard", "robbed"
# how_choices for a winner: self-drawn, then each other player's discard, then robbing each
# other player's kong (bot/entry/wizard/ how_choices); "1" is the first other player
HOW_ARG = {SELF: "0", DISCARD: "1", ROBBED: "4"}

# [123m][456m](7777s)78m55p + 9m: 清龙 Pure Straight 16 + 暗杠 Concealed Kong 2 + 无字 1 = 19
# on a discard. The 9m is held nowhere else, so 和绝张 and robbing a kong are possible, and
# the concealed kong makes 杠上开花 possible.
KONG_HAND = "[123m][456m](7777s)78m55p 9m"
# [222z][123m][456m][789m]5p + 5p: a pung of South, 清龙 16 + 全求人 Melded Hand 6 + …
SOUTH_HAND = "[222z][123m][456m][789m]5p 5p"


def at_tiles(how: str, *, winner: int = 0, dealer: str = "1") -> tuple[str, dict[str, Any]]:
    """A Guobiao wizard at the tiles step of win 0 (winner ``PLAYERS[winner]``)."""
    step, data = wizard.new_state(
        ruleset="guobiao",
        options={},
        players=PLAYERS,
        names=dict(zip(PLAYERS, NAMES, strict=True)),
        dealer=dealer,
    )
    step = wizard.apply(step, data, "w", str(winner))
    step = wizard.apply(step, data, "h", HOW_ARG[how])
    step = wizard.apply(step, data, "m", "2")  # tiles
    assert step == "tiles.0"
    return step, data


def fans_of(tiles: dict[str, Any]) -> dict[str, int]:
    """fan id → points × count, as the scoring core finds them (flowers aside)."""
    res = calculate(parse_hand({**tiles, "flowers": 0}))
    assert res is not None
    return {f.id: f.points * f.count for f in res.fans}


def reply_tiles(how: str, text: str, **kw: Any) -> dict[str, Any]:
    step, data = at_tiles(how, **kw)
    wizard.set_tiles(data, step, text)
    tiles = data["wins"][0]["tiles"]
    assert isinstance(tiles, dict)
    return tiles


# --- each word, and the fans it brings -------------------------------------------------------


def test_last_tile_of_kind_adds_4_fan():
    # spec §3 row 58 / seed 002 L245: 和绝张 4 fan
    plain = reply_tiles(DISCARD, KONG_HAND)
    tiles = reply_tiles(DISCARD, KONG_HAND + " 绝张")
    assert plain["last_tile_of_kind"] is False and tiles["last_tile_of_kind"] is True
    assert fans_of(tiles) == {**fans_of(plain), "last_tile": 4}


def test_last_wall_tile_self_drawn_is_8_and_replaces_self_drawn():
    # spec §3 row 44 / seed 002 L217: 妙手回春 8, "不计自摸" (自摸 Self-Drawn 1 is not counted)
    plain = reply_tiles(SELF, KONG_HAND)
    for word in ("妙手", "妙手回春", "lastwall", "LAST-WALL"):
        tiles = reply_tiles(SELF, f"{KONG_HAND} {word}")
        assert tiles["last_wall_tile"] is True and tiles["self_drawn"] is True
        want = {k: v for k, v in fans_of(plain).items() if k != "self_drawn"}
        assert fans_of(tiles) == {**want, "last_tile_draw": 8}, word


def test_last_wall_tile_on_a_discard_is_8():
    # spec §3 row 45 / seed 002 L219: 海底捞月 8
    plain = reply_tiles(DISCARD, KONG_HAND)
    for word in ("海底", "海底捞月", "海底撈月", "lastwall"):
        tiles = reply_tiles(DISCARD, f"{KONG_HAND} {word}")
        assert tiles["last_wall_tile"] is True and tiles["self_drawn"] is False
        assert fans_of(tiles) == {**fans_of(plain), "last_tile_claim": 8}, word


def test_kong_replacement_is_8_and_replaces_self_drawn():
    # spec §3 row 46 / seed 002 L221: 杠上开花 8, "不计自摸"
    plain = reply_tiles(SELF, KONG_HAND)
    want = {k: v for k, v in fans_of(plain).items() if k != "self_drawn"}
    for word in ("杠开", "杠上开花", "杠上花", "槓開", "槓上開花", "kongdraw", "Kong_Draw"):
        tiles = reply_tiles(SELF, f"{KONG_HAND} {word}")
        assert tiles["kong_related"] is True
        assert fans_of(tiles) == {**want, "out_with_replacement_tile": 8}, word


def test_robbing_a_kong_comes_from_how_and_last_tile_is_not_counted_with_it():
    # spec §3 row 47 / seed 002 L223: 抢杠和 8, "不计和绝张番": 绝张 is accepted (it is true:
    # the other three are the exposed pung the kong was added to) but adds nothing
    robbed = reply_tiles(ROBBED, KONG_HAND)
    assert robbed["kong_related"] is True and robbed["self_drawn"] is False
    assert fans_of(robbed)["robbing_the_kong"] == 8
    both = reply_tiles(ROBBED, KONG_HAND + " 绝张")
    assert both["last_tile_of_kind"] is True
    assert fans_of(both) == fans_of(robbed)


def test_prevalent_wind_word_gives_the_prevalent_wind_pung():
    # spec §3 row 60 / seed 002 L249: 圈风刻 2; engine adds 不计 幺九刻 (1) of that pung.
    # Alice is the dealer (East); a pung of South is no seat wind of hers.
    plain = reply_tiles(DISCARD, SOUTH_HAND)
    assert plain["prevalent_wind"] == "E"  # no word: East
    assert fans_of(plain)["pung_of_terminals_or_honors"] == 1
    want = {k: v for k, v in fans_of(plain).items() if k != "pung_of_terminals_or_honors"}
    for word in (
        "圈南",
        "南圈",
        "圈风南",
        "南风圈",
        "圈風南",
        "round:S",
        "ROUND=south",
        "round：Ｓ",
    ):
        tiles = reply_tiles(DISCARD, f"{SOUTH_HAND} {word}")
        assert tiles["prevalent_wind"] == "S", word
        assert fans_of(tiles) == {**want, "prevalent_wind": 2}, word
    # 圈東 (Traditional) and round:E say what the default says
    for word in ("圈東", "圈东", "round:E", "东圈"):
        assert reply_tiles(DISCARD, f"{SOUTH_HAND} {word}") == plain, word
    # Bob sits South (the dealer Alice is East): 圈南 + his seat wind, both 2
    bob = reply_tiles(DISCARD, SOUTH_HAND + " 圈南", winner=1)
    assert bob["seat_wind"] == "S" and bob["prevalent_wind"] == "S"
    assert fans_of(bob)["prevalent_wind"] == 2 and fans_of(bob)["seat_wind"] == 2


def test_words_full_width_traditional_anywhere_and_together():
    tiles = reply_tiles(
        DISCARD, "[123m][456m]（7777s）78m55p　９ｍ　ＬＡＳＴＴＩＬＥ　海底撈月　圈西"
    )
    assert (tiles["last_tile_of_kind"], tiles["last_wall_tile"], tiles["prevalent_wind"]) == (
        True,
        True,
        "W",
    )
    # a word may stand before the winning tile too, and --win is still allowed
    same = reply_tiles(DISCARD, "[123m][456m](7777s)78m55p 絕張 海底 --win 9m 圈西")
    assert same == tiles


def test_seat_and_prevalent_wind_shown_in_the_prompt_with_the_words_that_fit():
    step, data = at_tiles(DISCARD, winner=1)  # Bob, South; on Carol's discard
    text = wizard.render(step, data, Translator("en")).text
    assert "Seat wind: South · prevalent wind: East (East unless a word says otherwise)" in text
    assert "绝张 or lasttile" in text and "海底 or lastwall" in text and "圈南 or round:S" in text
    assert "杠开" not in text and "妙手" not in text  # only self-drawn
    wizard.set_tiles(data, step, SOUTH_HAND + " 圈北")
    assert "prevalent wind: North" in wizard.render(step, data, Translator("en")).text
    zh = wizard.render(step, data, Translator("zh_Hans")).text
    assert "门风：南 · 圈风：北" in zh, zh
    hant = wizard.render(step, data, Translator("zh_Hant")).text
    assert "門風：南 · 圈風：北" in hant, hant
    step, data = at_tiles(SELF)
    text = wizard.render(step, data, Translator("en")).text
    assert "妙手 or lastwall" in text and "杠开 or kongdraw" in text and "海底" not in text
    step, data = at_tiles(ROBBED)
    text = wizard.render(step, data, Translator("en")).text
    assert "lastwall" not in text and "kongdraw" not in text and "圈南 or round:S" in text


# --- words that cannot be used -------------------------------------------------------------


@pytest.mark.parametrize(
    ("how", "word", "code", "en"),
    [
        (DISCARD, "杠开", "word_self_drawn", "杠开 is only possible on a self-drawn win"),
        (DISCARD, "kongdraw", "word_self_drawn", "kongdraw is only possible on a self-drawn"),
        (ROBBED, "槓上開花", "word_self_drawn", "槓上開花 is only possible on a self-drawn"),
        (DISCARD, "妙手", "word_self_drawn", "妙手 is only possible on a self-drawn win"),
        (SELF, "海底", "word_discard", "海底 (海底捞月) is a win on the last discard"),
        (ROBBED, "海底", "word_robbed_kong", "海底 is not possible when robbing a kong"),
        (ROBBED, "lastwall", "word_robbed_kong", "lastwall is not possible when robbing"),
        (DISCARD, "lastwal", "word_unknown", "I do not know the word lastwal."),
        (SELF, "杠", "word_unknown", "I do not know the word 杠."),
        (DISCARD, "round:X", "word_unknown", "I do not know the word round:X."),
        (DISCARD, "<b>", "word_unknown", "I do not know the word &lt;b&gt;."),
        (DISCARD, "圈南 圈西", "word_two_winds", "Two different prevalent winds: 圈南 圈西."),
    ],
)
def test_a_word_that_does_not_fit_is_refused_by_name_and_the_win_is_unchanged(
    how: str, word: str, code: str, en: str
):
    step, data = at_tiles(how)
    wizard.set_tiles(data, step, KONG_HAND)  # an earlier good reply
    before = dict(data["wins"][0]["tiles"])
    with pytest.raises(wizard.TilesError) as info:
        wizard.set_tiles(data, step, f"{KONG_HAND} {word}")
    assert str(info.value) == code
    assert data["wins"][0]["tiles"] == before
    assert en in wizard.tiles_error_text(info.value, Translator("en"))
    named = word.replace("<", "&lt;").replace(">", "&gt;")
    for lang in ("zh_Hans", "zh_Hant"):
        zh = wizard.tiles_error_text(info.value, Translator(lang))
        assert named in zh and "Reply" not in zh and "possible" not in zh, zh


def test_chinese_error_texts():
    step, data = at_tiles(DISCARD)
    with pytest.raises(wizard.TilesError) as info:
        wizard.set_tiles(data, step, KONG_HAND + " 杠开")
    assert wizard.tiles_error_text(info.value, Translator("zh_Hans")).startswith(
        "杠开 只能用于自摸，这手牌不是自摸。"
    )
    assert wizard.tiles_error_text(info.value, Translator("zh_Hant")).startswith(
        "杠开 只能用於自摸，這手牌不是自摸。"
    )


def test_a_word_the_scoring_core_refuses_is_a_bad_hand():
    # 和绝张 while holding another copy (the pair wait on 2z): the core's own reason
    step, data = at_tiles(DISCARD)
    with pytest.raises(wizard.TilesError) as info:
        wizard.set_tiles(data, step, "[555z](7777p)123s999p2z 2z 绝张")
    assert str(info.value) == "bad_hand" and "holds another 2z" in info.value.why
    # 杠开 without a kong
    step, data = at_tiles(SELF)
    with pytest.raises(wizard.TilesError) as info:
        wizard.set_tiles(data, step, SOUTH_HAND.replace("[222z]", "[333z]") + " 杠开")
    assert str(info.value) == "bad_hand" and "needs a kong" in info.value.why
    assert data["wins"][0]["tiles"] is None


def test_a_missing_winning_tile_is_still_the_winning_tile_error():
    step, data = at_tiles(DISCARD)
    for text in ("[123m][456m](7777s)78m55p9m", "[123m][456m](7777s)78m55p9m 绝张 圈南"):
        with pytest.raises(wizard.TilesError) as info:
            wizard.set_tiles(data, step, text)
        assert str(info.value) == "win_tile", text


def test_three_copies_in_ones_own_exposed_melds_is_last_tile_of_its_kind():
    # the other three 6m in one's own exposed melds are visible: 和绝张 (seed 002 L245), which
    # the scoring core requires (scoring/gb/hand.py check_hand); the reply need not say it
    # (和绝张 4 + 四归一 Tile Hog 2 + 连六 1 + 无字 1 = 8, the minimum)
    tiles = reply_tiles(DISCARD, "[666m][123p][456p]78m99s 6m")
    assert tiles["last_tile_of_kind"] is True
    assert fans_of(tiles)["last_tile"] == 4
    assert describe.tiles_notation(tiles) == "[666m][123p][456p]78m99s 6m 绝张"


# --- write-back: the notation shown in the summary reads back as the same tiles --------------

COMBOS = [
    (how, last_tile, last_wall, kong, wind)
    for how, last_tile, last_wall, kong, wind in itertools.product(
        (SELF, DISCARD, ROBBED), (False, True), (False, True), (False, True), "ESWN"
    )
    if not (kong and how != SELF) and not (last_wall and how == ROBBED)
]


@pytest.mark.parametrize(("how", "last_tile", "last_wall", "kong", "wind"), COMBOS)
def test_notation_round_trips(how: str, last_tile: bool, last_wall: bool, kong: bool, wind: str):
    words = []
    if last_tile:
        words.append("lasttile")
    if last_wall:
        words.append("lastwall")
    if kong:
        words.append("kongdraw")
    words.append(f"round:{wind}")
    tiles = reply_tiles(how, " ".join([KONG_HAND, *words]))
    assert tiles["last_tile_of_kind"] is last_tile
    assert tiles["last_wall_tile"] is last_wall
    assert tiles["kong_related"] is (kong or how == ROBBED)
    assert tiles["prevalent_wind"] == wind
    text = describe.tiles_notation(tiles)
    assert reply_tiles(how, text) == tiles, text
    # /edit: the record's tiles (flowers from the count) come back as the same notation
    step, data = at_tiles(how)
    wizard.set_tiles(data, step, text)
    record = wizard.build_record(data)
    scoring.settle(record)
    again = wizard.from_record(record, dict(zip(PLAYERS, NAMES, strict=True)))
    assert describe.tiles_notation(again["wins"][0]["tiles"]) == text


def test_notation_writes_the_chinese_words():
    assert describe.tiles_notation(reply_tiles(SELF, KONG_HAND + " lastwall kongdraw round:W")) == (
        "[123m][456m](7777s)78m55p 9m 妙手 杠开 圈西"
    )
    assert describe.tiles_notation(reply_tiles(DISCARD, KONG_HAND + " lasttile lastwall")) == (
        "[123m][456m](7777s)78m55p 9m 绝张 海底"
    )
    # robbing a kong is the "how", not a word; East is not written
    assert describe.tiles_notation(reply_tiles(ROBBED, KONG_HAND + " round:E")) == KONG_HAND


def test_read_word_and_split_words():
    assert read_word("5p") is None and read_word("东") is None and read_word("圈") is None
    word = read_word("圈東")
    assert word is not None and (word.kind, word.wind) == ("round", "E")
    hand, win, words = split_words("[333z]12 3m 绝张 456m789m5p --win 5p 圈南")
    # the words are blanked, so the parser's character positions are those of the reply
    assert (hand, win) == ("[333z]12 3m" + " " * 4 + "456m789m5p", "5p")
    assert [w.text for w in words] == ["绝张", "圈南"]


# --- end to end over the fake Telegram server ---------------------------------------------


def expected_payments(record: dict[str, Any]) -> set[str]:
    st = scoring.settle(record)
    return {f"{p.payer} → {p.payee}: {p.amount} points" for p in st.payments}


def payments(preview: str) -> set[str]:
    return {ln.split(" · ")[0] for ln in preview.splitlines() if " → " in ln}  # " · win"


async def test_words_end_to_end_and_edit_prefill(tg, bot):
    chat = tg.group(-100781)
    users = [tg.user(780 + i, n) for i, n in enumerate(NAMES)]
    alice, bob = users[:2]
    s = Scene(tg, chat)
    table = await open_table(s, alice, "Guobiao")
    await seat_and_start(s, table, users)

    w = await s.tap_for_message(bob, table, "Record hand")
    await taps(s, bob, w, "Bob ← Dave", "Tiles")
    assert "Seat wind: South · prevalent wind: East" in s.text(w)  # Alice deals: Bob is South
    assert "海底 or lastwall" in s.text(w) and "kongdraw" not in s.text(w)

    async def reply(text: str) -> None:
        await tg.post(chat, bob, text, reply_to=tg.messages[(chat.id, w["message_id"])])

    # a word that does not fit a discard win: named, the wizard unchanged
    before = s.text(w)
    mark = tg.mark()
    await reply(SOUTH_HAND + " 杠开")
    answer = await tg.next_message(chat, mark, contains="self-drawn")
    assert "杠开 is only possible on a self-drawn win" in answer["text"], answer["text"]
    assert s.text(w) == before

    await reply(SOUTH_HAND + " 海底 圈南")
    await tg.wait_for(lambda: s.text(w) != before)
    shown = "[222z][123m][456m][789m]5p 5p 海底 圈南"
    assert f"Bob — on Dave's discard · {shown}" in s.text(w)  # read: on to the preview
    await next_until(s, bob, w, "Confirm")
    preview = s.text(w)
    # 清龙 16 + 全求人 6 + 海底捞月 8 + 圈风刻 2 + 门风刻 2 + 缺一门 1 = 35 (spec §3 rows 28,
    # 52, 45, 60, 61, 75); the discarder pays 8 + 35, the others 8 (spec §2.3)
    for fan in ("Last Tile Claim 8", "Prevalent Wind 2", "Seat Wind 2", "= 35 fan"):
        assert fan in preview, (fan, preview)
    tiles = {
        "melds": [
            {"kind": "pung", "tiles": "222z"},
            {"kind": "chow", "tiles": "123m"},
            {"kind": "chow", "tiles": "456m"},
            {"kind": "chow", "tiles": "789m"},
        ],
        "hand": "5p",
        "win_tile": "5p",
        "last_wall_tile": True,
        "seat_wind": "S",
        "prevalent_wind": "S",
    }
    record = {
        "ruleset": "guobiao",
        "players": list(NAMES),
        "dealer": "Alice",
        "result": "win",
        "wins": [{"winner": "Bob", "from": "Dave", "tiles": tiles}],
    }
    assert (
        payments(preview)
        == expected_payments(record)
        == {
            "Dave → Bob: 43 points",
            "Alice → Bob: 8 points",
            "Carol → Bob: 8 points",
        }
    )
    mark = tg.mark()
    await taps(s, bob, w, "✅ Confirm")
    line = await tg.next_message(chat, mark, contains="Hand 1:")
    assert "Bob +59" in line["text"], line["text"]

    # /edit 1: the summary shows the tiles with their words; replying with them changes nothing
    w = await s.say(bob, "/edit 1", expect="Correcting hand 1")
    assert shown in s.text(w)
    for _ in range(10):
        if "Reply to this message with the hand" in s.text(w):
            break
        await taps(s, bob, w, "◀ Back")
    assert "prevalent wind: South" in s.text(w)
    m = re.search(r"· (\[222z\].*)$", s.text(w), flags=re.M)
    assert m is not None and m.group(1) == shown
    # the tiles without the words first (the prevalent wind goes back to East), then the copy
    await reply(SOUTH_HAND)  # read: on to the preview by itself, the summary without 圈南
    await tg.wait_for(lambda: shown not in s.text(w) and "Payments" in s.text(w))
    await reply(m.group(1))  # a reply to the preview corrects the tiles again
    await tg.wait_for(lambda: f"Bob — on Dave's discard · {shown}" in s.text(w))
    await next_until(s, bob, w, "Confirm")
    assert payments(s.text(w)) == expected_payments(record)


# --- the command line: gb-fans reads the same reply ------------------------------------------


def gb_fans(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from bot.cli import main

    status = main(["gb-fans", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_gb_fans_reads_the_words_like_the_flags(capsys: pytest.CaptureFixture[str]):
    # 海底捞月 8 (spec §3 row 45) and 圈风刻 2 (row 60) from the words or from the flags alike
    status, words, _err = gb_fans(capsys, SOUTH_HAND + " 海底 圈南", "--json")
    assert status == 0
    status, flags, _err = gb_fans(
        capsys, SOUTH_HAND.split()[0], "--win", "5p", "--last-wall", "--round", "S", "--json"
    )
    assert status == 0 and words == flags
    fans = {f["id"]: f["points"] for f in json.loads(words)["fans"]}
    assert fans["last_tile_claim"] == 8 and fans["prevalent_wind"] == 2
    # the words may stand in HAND with --win given too; Traditional/full-width alike
    status, same, _err = gb_fans(
        capsys, SOUTH_HAND.split()[0] + " 海底撈月 圈南", "--win", "5p", "--json"
    )
    assert status == 0 and same == words
    # 杠上开花 8 (row 46) self-drawn
    status, out, _err = gb_fans(capsys, KONG_HAND + " 槓開", "--self-drawn", "--json")
    assert status == 0
    assert {f["id"] for f in json.loads(out)["fans"]} >= {"out_with_replacement_tile"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ((SOUTH_HAND + " 妙手",), "'妙手' is only possible on a self-drawn win"),
        ((SOUTH_HAND + " 海底", "--self-drawn"), "is a win on the last discard"),
        ((KONG_HAND + " lastwall", "--kong"), "'lastwall' is not possible when robbing a kong"),
        ((SOUTH_HAND + " 圈南", "--round", "W"), "--round W but the words say S"),
        ((SOUTH_HAND + " lastwal",), "unknown word 'lastwal'"),
        (("[222z][123m][456m][789m]5p5p",), "--win TILE"),
    ],
)
def test_gb_fans_refuses_words_that_do_not_fit(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
):
    status, out, err = gb_fans(capsys, *argv)
    assert status == 2 and not out
    assert err.startswith("mahjong-tally gb-fans: error: ") and message in err, err
