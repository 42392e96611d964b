"""The riichi section of /season's card (issue 27.5: "/season for riichi ranks by total score
with average placement and the placement counts (1st/2nd/3rd/4th), as club leagues do").

Two east-only games are recorded into a real ledger (SQLite) by four players, as
tests/storage/test_riichi_games.py records them (``storage.seasons.riichi`` ranks them); the
card is drawn by ``bot.render.season.render_season_card`` in the four languages, and every
string handed to the drawing code is read back: the section's title and the place words in
the language, each player with the score a club writes (÷ 1,000: +42.1pt), the average place
and the counts, in the ranks' order; no id, no character the language's font lacks (Japanese:
the JP face), no Chinese word in a Japanese card.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from bot import present, riichi_view
from bot.i18n import LANGS, Translator
from bot.render import draw as draw_mod
from bot.render import text as render_text
from bot.render.samples import temporary_ledger
from bot.render.season import (
    RIICHI_WORDS,
    SeasonWithRiichi,
    average_text,
    render_season_card,
    riichi_height,
    score_pt,
)
from storage.seasons.riichi import RiichiSeason
from storage.service import Ledger
from tests.storage.test_riichi_games import OPTIONS, Table, play_to_the_end, ron
from tests.test_hant_night import Recorder, problems

CHAT = -4127
NAMES = ("田中", "Bob", "小明", "さくら")  # Japanese, Latin, Chinese and kana names


@pytest.fixture(scope="module")
def season() -> Iterator[tuple[Ledger, RiichiSeason]]:
    with temporary_ledger() as led:
        led.ensure_chat(CHAT, title="Riichi club")
        players = [led.ensure_user(7100 + i, n) for i, n in enumerate(NAMES)]
        t = led.open_table(CHAT, creator_id=players[0].id, ruleset="riichi", options=OPTIONS)
        for p in players:
            led.join(t.id, p.id)
        led.start(t.id, dealer_id=players[0].id)
        table = Table(led, t.id, [str(p.id) for p in players])
        play_to_the_end(table)  # game 1 (test_riichi_games: E1–E4, four rons)
        for w, d, han in ((1, 0, 3), (2, 1, 1), (3, 2, 1), (0, 3, 1)):  # game 2
            table.record(ron(table, w, d, han))
        yield led, led.riichi_season(CHAT)


def drawn(
    led: Ledger, board: RiichiSeason, lang: str, mp: pytest.MonkeyPatch
) -> tuple[bytes, list[str]]:
    rec = Recorder()
    wrapped = rec.wrap(render_text.draw_runs)  # once: draw imports it too
    mp.setattr(render_text, "draw_runs", wrapped)
    mp.setattr(draw_mod, "draw_runs", wrapped)
    card = present.season_card(led.season_board(CHAT), "Riichi club", Translator(lang))
    png = render_season_card(SeasonWithRiichi(card, riichi_view.season_view(board)), lang)
    return png, list(rec.lines)  # a copy: later drawing records on


def test_the_season_has_two_games(season: tuple[Ledger, RiichiSeason]) -> None:
    _, board = season
    assert board.games == 2 and len(board.lines) == 4
    assert sum(line.score for line in board.lines) == 0  # the finals of a game sum to 0


@pytest.mark.parametrize("lang", LANGS)
def test_the_riichi_ranks_are_drawn(
    season: tuple[Ledger, RiichiSeason], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    led, board = season
    png, lines = drawn(led, board, lang, monkeypatch)
    im = Image.open(io.BytesIO(png))
    assert im.format == "PNG" and im.width == 1080
    view = riichi_view.season_view(board)
    assert view is not None
    plain = render_season_card(
        present.season_card(led.season_board(CHAT), "Riichi club", Translator(lang)), lang
    )
    assert im.height == Image.open(io.BytesIO(plain)).height + riichi_height(view)
    tr = Translator(lang)
    title = tr.pick(*RIICHI_WORDS["title"][:2], ja=RIICHI_WORDS["title"][2])
    assert title in lines
    start = lines.index(title)
    section = lines[start:]
    # each row: rank, name, "2 games · average place 2.50", the score, the place counts
    for rank, line in enumerate(board.lines, 1):
        i = section.index(str(rank))
        assert section[i + 1] == line.name
        assert average_text(line.average_place_x100) in section[i + 2]
        assert "2" in section[i + 2]  # the games
        assert section[i + 3] == score_pt(line.score) + "pt"  # ▲/▼: a drawn triangle
        places = section[i + 4]
        for k, n in enumerate(line.places):
            zh, en, ja = RIICHI_WORDS[f"place_{k + 1}"]
            assert f"{tr.pick(zh, en, ja=ja)} {n}" in places
    for text in lines:
        assert not problems(text, lang, drawn=True), (text, problems(text, lang, drawn=True))


def test_ranks_are_by_total_score(season: tuple[Ledger, RiichiSeason]) -> None:
    _, board = season
    view = riichi_view.season_view(board)
    assert view is not None
    assert [r.score for r in view.rows] == sorted((r.score for r in view.rows), reverse=True)
    for r in view.rows:
        assert sum(r.places) == r.games == 2
        # average place × 100 from the counts, rounded half up (storage RiichiLine)
        total = sum((k + 1) * n for k, n in enumerate(r.places))
        assert r.average_place_x100 == (200 * total + r.games) // (2 * r.games)


def test_a_japanese_card_says_its_own_words(
    season: tuple[Ledger, RiichiSeason], monkeypatch: pytest.MonkeyPatch
) -> None:
    led, board = season
    _, lines = drawn(led, board, "ja", monkeypatch)
    section = lines[lines.index("リーチ麻雀 順位表") :]
    assert any("平均順位" in t and "2戦" in t for t in section)
    assert any("1着" in t and "4着" in t for t in section)
    for zh in ("场", "顺位", "麻将", "排名"):
        assert not any(zh in t for t in section), zh


@pytest.mark.parametrize(
    ("points", "text"), [(42100, "+42.1"), (-14000, "-14.0"), (1550, "+1.55"), (0, "+0.0")]
)
def test_the_score_as_a_club_writes_it(points: int, text: str) -> None:
    # riichi.md §2.9 "final score in pt = final / 1000"
    assert score_pt(points) == text


def test_no_riichi_game_no_section() -> None:
    from storage.seasons.views import SeasonInfo

    assert riichi_view.season_view(RiichiSeason(SeasonInfo(1, None, None, None), 1, 0)) is None
    assert riichi_height(None) == 0


def test_a_sanma_season_has_three_places(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three players (preset sanma, spec §2.11): no 4th place is counted or drawn."""
    import tests.storage.test_riichi_games as games

    sanma: dict[str, bool | int | str] = {"preset": "sanma", "length": "tonpuusen"}
    monkeypatch.setattr(games, "OPTIONS", sanma)  # the records the table types (games.hand)
    with temporary_ledger() as led:
        led.ensure_chat(-4130, title="Sanma")
        people = [led.ensure_user(7400 + i, n) for i, n in enumerate(("田中", "佐藤", "鈴木"))]
        t = led.open_table(-4130, creator_id=people[0].id, ruleset="riichi", options=sanma)
        for p in people:
            led.join(t.id, p.id)
        led.start(t.id, dealer_id=people[0].id)
        table = Table(led, t.id, [str(p.id) for p in people])
        for w, d, han in ((1, 0, 3), (2, 1, 1), (0, 2, 1)):  # E1–E3, nobody keeps the deal
            table.record(ron(table, w, d, han))
        board = led.riichi_season(-4130)
        assert board.games == 1 and board.seats == 3
        view = riichi_view.season_view(board)
        assert view is not None and all(len(r.places) == 3 for r in view.rows)
        assert [r.places for r in view.rows] == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
        rec = Recorder()
        wrapped = rec.wrap(render_text.draw_runs)  # once: draw imports it too
        monkeypatch.setattr(render_text, "draw_runs", wrapped)
        monkeypatch.setattr(draw_mod, "draw_runs", wrapped)
        card = present.season_card(led.season_board(-4130), "Sanma", Translator("ja"))
        render_season_card(SeasonWithRiichi(card, view), "ja")
        rows = [t for t in rec.lines if "1着" in t]
        assert len(rows) == 3 and all("3着" in t and "4着" not in t for t in rows)
        # the words say three places too: the card's line and /season's heading (not "4th")
        render_season_card(SeasonWithRiichi(card, view), "en")
        assert any("places 1st to 3rd" in t for t in rec.lines), rec.lines
        heads = {
            lang: riichi_view.season_lines(board, Translator(lang)).split("\n")[0]
            for lang in ("en", "zh_Hans", "ja")
        }
        assert "1st/2nd/3rd)" in heads["en"] and "4th" not in heads["en"], heads
        assert "三位" in heads["zh_Hans"] and "四位" not in heads["zh_Hans"], heads
        assert "3位" in heads["ja"] and "4位" not in heads["ja"], heads
