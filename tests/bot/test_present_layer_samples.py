"""``render-samples`` draws what the bot sends (issue 15 point 2: "`render-samples` output
equals what the bot sends for the same night").

The README night (bot/render/samples.py: ten 兴国冲关 hands, a Guobiao win entered as tiles)
is loaded through the ledger's public API into the bot's own database — the same chats, Telegram
users, names, table names and hands as ``render-samples`` records into its temporary ledger —
and then the real bot, polling the fake Bot API server, is asked for /board, /explain 5,
/explain 1 at the Guobiao table and /settle (confirmed), in an English, a Simplified Chinese
and a Traditional Chinese chat (the chat's language setting). The PNG bytes the fake server
received must equal ``render-samples``' files byte for byte.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.render import samples
from tests.bot.conftest import Bot, Scene, db_url, tg  # noqa: F401 (fixtures)
from tests.bot.fake_telegram import Chat, FakeTelegram, User

SETTLE = {"en": "Settle", "zh_Hans": "结算", "zh_Hant": "結算"}


@pytest.fixture
async def image_bot(tg: FakeTelegram, db_url: str) -> AsyncIterator[Bot]:  # noqa: F811
    b = Bot(tg, db_url, images=True)
    await b.start()
    yield b
    await b.stop()


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("samples")
    return {p.name: p.read_bytes() for p in samples.render_samples(out)}


async def sent_photo(fake: FakeTelegram, s: Scene, mark: int) -> bytes:
    """The PNG bytes of the first photo the bot uploaded to the chat after ``mark``."""
    await fake.next_message(s.chat, mark, method="sendPhoto", timeout=20)
    (sent,) = fake.sent_since(mark, "sendPhoto", s.chat.id)[:1]
    (data,) = sent.files.values()  # the multipart upload, as the server received it
    assert data.startswith(b"\x89PNG")
    return data


async def photo(s: Scene, user: User, text: str) -> bytes:
    """Say ``text`` as ``user``; the PNG of the next photo the bot sends to the chat."""
    mark = s.tg.mark()
    await s.tg.post(s.chat, user, text)
    return await sent_photo(s.tg, s, mark)


async def settle(s: Scene, user: User, lang: str) -> bytes:
    ask = await s.say(user, "/settle")
    label = next(b for b in s.labels(ask) if SETTLE[lang] in b)
    mark = s.tg.mark()
    answer = await s.tap(user, ask, label)
    assert not answer.get("show_alert"), answer
    return await sent_photo(s.tg, s, mark)


@pytest.mark.parametrize(("suffix", "lang", "names", "table_name"), samples.LANGS)
async def test_the_bot_sends_the_readme_images(
    tg: FakeTelegram,  # noqa: F811
    image_bot: Bot,
    rendered: dict[str, bytes],
    suffix: str,
    lang: str,
    names: tuple[str, ...],
    table_name: str,
) -> None:
    assert image_bot.ledger is not None
    samples.readme_night(image_bot.ledger, lang)  # the same night, in the bot's database
    users = [
        tg.user(uid, n, lang="en") for uid, n in zip(samples.user_ids(lang), names, strict=True)
    ]
    group = tg.group(samples.CHAT_IDS[lang])
    gb_group = tg.group(samples.CHAT_IDS[lang] + samples.GB_CHAT_OFFSET)
    assert isinstance(group, Chat)
    s, gb = Scene(tg, group), Scene(tg, gb_group)
    got = {
        "scoreboard": await photo(s, users[1], "/board"),
        "hand": await photo(s, users[2], f"/explain {samples.CARD_HAND}"),
        "hand_guobiao": await photo(gb, users[3], "/explain 1"),
        "settlement": await settle(s, users[0], lang),
    }
    for kind, data in got.items():
        name = f"{kind}_{suffix}.png"
        assert data == rendered[name], f"the bot's {kind} image differs from {name}"
    # and render-samples' files are the committed README images
    docs = Path(__file__).resolve().parents[2] / "docs" / "images"
    for kind in got:
        name = f"{kind}_{suffix}.png"
        assert (docs / name).read_bytes() == rendered[name], f"regenerate docs/images/{name}"
