"""The whole hand in one line: ``老王 自摸 小七对 精吊 正精 老王2 小红1``, ``Bob ron Carol big
seven pairs no wild``, ``小红 胡 阿明 清一色 根1``, ``Carol zimo tiles [555z](7777p)123s999p2z 2z``.

Pure: no Telegram, no database. :func:`parse` reads one line of text for a table
(:class:`TableInfo`: the ruleset and options, the seated players' ids and display names, the
dealer) into a :class:`~scoring.record.HandRecord` that ``scoring.settle`` accepts, or raises
:class:`PhraseError`, whose :meth:`PhraseError.text` is a sentence in the chat's language that
names the players and the word at fault, with suggestions — never a JSON path or an id.

Words are the ruleset's own names (Simplified, Traditional and English, with what is in
brackets left out: ``平胡（二五八将）`` is also ``平胡``; ``杠开/花开`` is either), a unique prefix of
one of them, and the common aliases below; players by display name or a unique prefix
(case-insensitive; full-width letters and digits fold). Numbers in ASCII, full width or Chinese
(一 二 两 三 … 十 …). Filler words (了 的 那个 嗯 um uh …) and punctuation are ignored, so the
text of a phone's dictation reads too. Nothing is guessed: an unknown or ambiguous word is
named back with the closest names.

Grammar, loosely (any order that reads naturally works):

* ``P 自摸`` / ``P zimo`` — P self-drew; ``P 胡 Q`` / ``P ron Q`` / ``P wins off Q`` /
  ``P on Q's discard`` / ``Q 点炮 P`` / ``Q 放炮 P R`` (一炮多响) — P won on Q's discard;
  ``P 抢杠 Q`` — P robbed Q's kong; several win clauses where the ruleset allows (血战);
* shapes, flags and (Guobiao) fans after the winner apply to that win; ``8番`` / ``7 fan`` /
  ``5台`` a fan total; ``tiles …`` / ``牌 …`` the rest of the line is the Guobiao tiles reply;
* counts: ``根1`` / ``两根`` (the winner's), ``正精 老王2 小红1``, ``老王 2精``, ``花 Bob 3``;
* events: ``老王 暗杠``, ``暗杠 老王 2`` (two), ``老王 碰杠 阿明`` (from 阿明), ``跟庄 2``
  (rounds; the dealer's);
* results: ``流局`` / ``荒庄`` / ``draw``, ``老王 诈胡`` (a result that is also an event); in
  血战 (Sichuan) fewer wins than players − 1 make the hand a draw with those wins.

A word that could be several things is refused with the choices: in Xingguo ``七对`` is
小七对 or 大七对, ``精`` is 正精, 副精, 精吊 or 精杠. A win says how it was won: ``Carol tiles …``
without 自摸 or a discarder is asked back.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import scoring
from bot import wizard
from bot.i18n import Translator
from scoring.declarations import (
    DISCARD,
    HOWS,
    ROBBED_KONG,
    SELF_DRAWN,
    WinItemDecl,
    is_enabled,
)
from scoring.errors import RecordError
from scoring.record import Event, HandRecord, OptionValue, Win
from scoring.ruleset import Ruleset

__all__ = [
    "PhraseError",
    "TableInfo",
    "error_text",
    "looks_like_hand",
    "parse",
    "parse_record",
    "phrase_of",
]


# ---------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TableInfo:
    """What a phrase is read against: the table's ruleset and options, the seated players
    (ids in seat order) with their display names, the dealer, and the prevalent wind a Guobiao
    tiles entry gets by default."""

    ruleset: str
    options: Mapping[str, OptionValue]
    players: tuple[str, ...]
    names: Mapping[str, str]
    dealer: str
    prevalent_wind: str = "E"

    def name(self, pid: str | None) -> str:
        return "?" if pid is None else self.names.get(pid, pid)


# ---------------------------------------------------------------------------------------
# the error
# ---------------------------------------------------------------------------------------
class PhraseError(ValueError):
    """A phrase that does not make a hand. ``code`` says what kind; ``word`` is the word at
    fault as typed; ``choices`` the suggestions (display names); ``who`` / ``whom`` players'
    names; ``what`` a declaration's name. :func:`error_text` makes the sentence."""

    def __init__(
        self,
        code: str,
        *,
        word: str = "",
        choices: Iterable[str] = (),
        who: str = "",
        whom: str = "",
        what: str = "",
        n: int = 0,
        why: str = "",
    ) -> None:
        super().__init__(code)
        self.code = code
        self.word = word
        self.choices = tuple(choices)
        self.who = who
        self.whom = whom
        self.what = what
        self.n = n
        self.why = why

    def text(self, tr: Translator) -> str:
        return error_text(self, tr)


def _or(tr: Translator, items: Iterable[str]) -> str:
    items = list(items)
    if tr.zh:
        return "、".join(items[:-1]) + ("或" if len(items) > 1 else "") + items[-1]
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def error_text(err: PhraseError, tr: Translator) -> str:
    """The sentence for a :class:`PhraseError` in the chat's language (plain text)."""
    _ = tr.gettext
    choices = _or(tr, err.choices) if err.choices else ""
    f = {
        "word": err.word,
        "choices": choices,
        "who": err.who,
        "whom": err.whom,
        "what": err.what,
        "n": err.n,
        "why": err.why,
    }
    code = err.code
    if code == "empty":
        text = _(
            "Say the hand in one line, e.g. /hand Bob ron Carol plain win, or /hand Alice "
            "self-drawn plain win."
        )
    elif code == "unknown":
        if choices:
            text = _("I do not know the word “{word}”. Did you mean {choices}?")
        else:
            text = _("I do not know the word “{word}”.")
    elif code == "ambiguous":
        text = _("“{word}” could be {choices}: write it out.")
    elif code == "ambiguous_player":
        text = _("“{word}” could be {choices}: write more of the name.")
    elif code == "no_how":
        text = _(
            "How did {who} win? Say self-drawn (自摸) or whose discard it was (e.g. ron {whom})."
        )
    elif code == "no_discarder":
        text = _("Whose discard did {who} win on? Name the player after the word “{word}”.")
    elif code == "no_winner":
        text = _("Who won? Start with the winner's name (or say draw / 流局).")
    elif code == "no_winner_for":
        text = _("Who won on {who}'s discard? Name the winner after the word “{word}”.")
    elif code == "two_hows":
        text = _("{who} cannot win both self-drawn and on a discard: say one.")
    elif code == "two_discarders":
        text = _("{who} won on one discard: {choices}?")
    elif code == "self_discard":
        text = _("{who} cannot win on their own discard.")
    elif code == "two_shapes":
        text = _("{who} has one hand: {choices}?")
    elif code == "twice":
        text = _("{who} is named as a winner twice.")
    elif code == "stray_player":
        text = _(
            "What about {who}? Say what they did, e.g. {who} 自摸 (self-drawn), "
            "{who} 胡 {whom} (won on {whom}'s discard) or {whom} 点炮 {who}."
        )
    elif code == "stray_number":
        text = _("I do not know what the number {n} is for. Put it after a count, e.g. 根1.")
    elif code == "stray_item":
        text = _("Whose is {what}? Name the winner first.")
    elif code == "no_shape":
        text = _("Which hand did {who} win with? Say one of {choices}.")
    elif code == "no_fan":
        text = _("Give {who}'s fans: a total like 8番 / 8 fan, fan names, or tiles …")
    elif code == "not_played":
        text = _("{what} is not played at this table.")
    elif code == "only_how":
        text = _("{what} is only possible {choices}, and {who} did not win that way.")
    elif code == "dealer_only":
        text = _("{what} is only possible for the dealer, and {who} is not the dealer.")
    elif code == "not_dealer":
        text = _("{what} is not possible for the dealer {who}.")
    elif code == "needs_shape":
        text = _("{what} goes only with {choices}.")
    elif code == "not_with":
        text = _("{what} cannot be combined with {choices}.")
    elif code == "one_winner":
        text = _("Only one player can win a hand in these rules.")
    elif code == "same_discard":
        text = _("Several winners must all win on the same discard in these rules.")
    elif code == "all_win":
        text = _("At least one player must not win.")
    elif code == "no_wins_in":
        text = _("A hand with the result {what} has no winner.")
    elif code == "count_whose":
        text = _("Whose {what}? Write the player's name and the number, e.g. {what} {who} 2.")
    elif code == "count_how_many":
        text = _("How many {what} has {who}? Write the number after it.")
    elif code == "count_range":
        text = _("{who}: {what} can be at most {n}.")
    elif code == "count_min":
        text = _("{who}: {what} must be at least {n}.")
    elif code == "count_total":
        text = _("{what}: all players together can have at most {n}.")
    elif code == "count_result":
        text = _("{what} is not counted in this kind of hand.")
    elif code == "event_whose":
        text = _("Who had the {what}? Write the player's name next to it.")
    elif code == "event_from":
        text = _("{what}: whom did {who} take it from? Write that player after {who}.")
    elif code == "event_result":
        text = _("{what} cannot happen in this kind of hand.")
    elif code == "event_field":
        text = _("{what}: the number must be between {why}.")
    elif code == "event_text":
        text = _("{what} needs a name that I cannot take from one line; use the buttons.")
    elif code == "tiles":
        text = _("I could not read the tiles “{word}”: {why}. Write the hand, a space, then "
                 "the winning tile, e.g. tiles [555z](7777p)123s999p2z 2z")  # fmt: skip
    elif code == "tiles_word":
        text = _("The tiles word “{word}” does not fit this win.")
    elif code == "tiles_only":
        text = _("Tiles (牌 …) are only entered in Guobiao.")
    elif code == "fan_total":
        text = _("A fan total like 8番 does not fit these rules.")
    elif code == "core":  # a sentence already (the wizard's, in the chat's language)
        return err.why
    else:
        text = _("I could not read that hand.")
    return text.format(**f)


# ---------------------------------------------------------------------------------------
# text folding
# ---------------------------------------------------------------------------------------
#: Traditional → Simplified for the characters of mahjong words, so that 槓開, 點炮, 門清 …
#: read like 杠开, 点炮, 门清 (a word's own ``zh_hant`` name folds the same way).
_T2S_PAIRS = (
    "對对門门槓杠龍龙點点莊庄風风聽听國国開开撈捞滿满雙双單单張张頭头財财飄飘帶带將将順顺"
    "殺杀錢钱發发東东萬万條条紅红綠绿補补爛烂獨独豐丰華华豬猪個个兩两幾几這这麼么還还贏赢"
    "輸输誰谁給给從从輪轮數数軟软當当壓压鴿鸽機机買买賣卖丟丢攤摊餵喂剋克後后齊齐報报臺台"
    "錯错詐诈連连們们號号邊边釣钓鉤钩麵面颳刮鐵铁衝冲砲炮榮荣搶抢無无喫吃絕绝圈圈氣气變变"
    "來来見见們们兒儿會会這这說说嗎吗問问應应該该樣样沒没與与為为並并禮礼勝胜負负雜杂歡欢"
    "實实寶宝燈灯蓮莲麼么濕湿孫孙陽阳陰阴鳥鸟雞鸡魚鱼鳳凤狀状過过進进選选紀纪級级結结總总"
    "計计該该認认誤误請请謝谢讓让讀读轉转較较輕轻響响頂顶順顺領领題题額额飛飞館馆體体鬧闹"
    "嘩哗噸吨圍围園园圓圆團团壞坏夠够夢梦奪夺嬌娇寫写專专對对尋寻導导層层島岛幣币帥帅幫帮"
    "廣广張张彈弹徑径從从恆恒悶闷惡恶愛爱態态慣惯戲戏戰战戶户擇择擁拥據据擊击擺摆擴扩斷断"
    "時时晝昼暫暂槍枪樂乐標标權权歐欧歲岁歸归殘残氣气決决沖冲況况淨净湊凑滾滚漁渔潔洁灣湾"
    "為为烏乌無无煙烟熱热燒烧爺爷牆墙狀状獎奖現现環环產产畢毕畫画當当疊叠盤盘盡尽確确碼码"
    "禮礼種种穩稳窮穷競竞筆笔節节範范籤签糧粮紀纪納纳純纯紙纸級级紛纷細细終终組组絕绝經经"
    "綁绑維维網网緊紧線线練练縣县總总績绩織织繼继續续罰罚羅罗聯联聲声職职肅肃脫脱腦脑臉脸"
    "與与舊旧艱艰莊庄葉叶著着蓋盖藥药處处號号蟲虫術术衛卫補补裝装製制複复見见規规視视親亲"
    "覺觉觀观訂订計计記记設设許许評评試试話话該该詳详認认語语說说誰谁調调請请論论諸诸謎谜"
    "證证識识議议護护讀读變变讓让財财貨货質质購购賽赛贏赢趕赶趨趋跡迹踐践車车軍军輛辆輩辈"
    "轉转辦办農农這这連连週周進进運运過过達达違违遠远適适遲迟選选遺遗還还邊边郵邮鄉乡醫医"
    "釋释針针鈔钞鉛铅銀银鋼钢錄录錢钱鍵键鎖锁鐘钟長长門门閉闭開开閒闲間间關关陣阵陳陈陸陆"
    "隊队階阶隨随險险雖虽雙双雜杂雞鸡離离難难電电霧雾靈灵靜静響响頁页順顺須须預预領领頭头"
    "題题顏颜類类顯显風风飯饭養养餘余馬马駕驾驗验騎骑體体髮发鬥斗鬧闹魚鱼鳥鸟麥麦黃黄點点"
    "齊齐齒齿龍龙龜龟擡抬牌牌碰碰摸摸胡胡糊糊"
)
_T2S = {_T2S_PAIRS[i]: _T2S_PAIRS[i + 1] for i in range(0, len(_T2S_PAIRS) - 1, 2)}
_FOLD = str.maketrans(
    {
        **_T2S,
        "’": "'",
        "‘": "'",
        "`": "'",
        "-": " ",
        "_": " ",
        "【": "[",
        "】": "]",
        "〔": "[",
        "〕": "]",
    }
)
_SEPARATORS = set(' \t\r\n,.;:!?，。；：！？、·…~～"“”「」『』《》/|+=*&')


def fold(text: str) -> str:
    """NFKC (full width → ASCII), lower case, Traditional → Simplified for mahjong words."""
    return unicodedata.normalize("NFKC", text).casefold().translate(_FOLD)


def _latin(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch == "'")


def _word_key(text: str) -> str:
    """A vocabulary key: folded, separators → single spaces, English plurals dropped."""
    s = re.sub(r"'s\b", " 's", fold(text))
    s = "".join(" " if ch in _SEPARATORS else ch for ch in s)
    words = []
    for w in s.split():
        words.append(_singular(w))
    return " ".join(words)


def _singular(w: str) -> str:
    if w.isascii() and w.isalpha() and len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


# ---------------------------------------------------------------------------------------
# the vocabulary
# ---------------------------------------------------------------------------------------
#: meanings that are not declarations
WIN, SELF, RON, FEED, ROB, DEALER, TILES, FANUNIT, FILLER, DRAW = (
    "win",
    "self",
    "ron",
    "feed",
    "rob",
    "dealer",
    "tiles",
    "fanunit",
    "filler",
    "draw",
)

ALIASES: dict[str, tuple[str, ...]] = {
    WIN: ("胡", "胡了", "胡牌", "和", "和了", "糊", "糊了", "胡牌了", "赢", "赢了", "win", "wins", "won",
          "winner", "hu", "mahjong"),
    SELF: ("自摸", "自摸了", "自摸胡", "自摸和", "自摸糊", "zimo", "zi mo", "tsumo",
           "self drawn", "self draw", "self drew", "selfdrawn", "self", "drew it", "by himself",
           "by herself", "自己摸", "自己摸的"),
    RON: ("ron", "on a discard", "on the discard", "off", "from", "discard", "on", "吃胡",
          "吃了", "捉炮", "抓炮", "接炮", "胡了他", "胡他"),
    FEED: ("点炮", "点了炮", "点炮了", "点的炮", "放的炮", "放的冲", "点了", "放炮", "放炮了", "放了炮", "放冲", "放铳", "点冲",
           "点铳", "出冲", "放", "点", "discarded", "dealt in", "dealt into", "fed", "feeds",
           "fed it", "threw in", "deal in", "deals in"),
    ROB: ("抢杠", "抢杠胡", "抢杠和", "抢", "robbed kong", "robbed the kong", "robbing a kong",
          "robbing the kong", "robs the kong", "robs", "robbed", "rob"),
    DEALER: ("庄", "庄家", "dealer", "the dealer"),
    TILES: ("tiles", "tile", "hand tiles", "牌", "牌张", "手牌", "牌是"),
    FANUNIT: ("番", "翻", "台", "fan", "tai", "fans", "points"),
    DRAW: ("流局", "荒庄", "黄庄", "荒牌", "流了", "没人胡", "draw", "drawn", "a draw", "no winner",
           "nobody won", "wall exhausted", "exhausted", "和局"),
    FILLER: ("了", "的", "那个", "这个", "嗯", "啊", "呃", "额", "哦", "噢", "吧", "呢", "就",
             "就是", "然后", "还有", "是", "把", "给", "这把", "这一把", "这局", "这一局", "一把",
             "他", "她", "我", "一炮多响", "一炮双响", "一炮三响", "跟", "有",
             "um", "umm", "uh", "uhh", "er", "erm", "hmm", "ah", "oh", "like", "so", "then",
             "and", "the", "a", "an", "with", "by", "of", "okay", "ok", "well", "his", "her",
             "their", "got", "has", "had", "have", "is", "was", "it", "hand", "also", "plus",
             "for", "at", "to", "all"),
}  # fmt: skip

#: short words for some declared ids (where the declared name is longer than what is said)
ID_ALIASES: dict[tuple[str, str], tuple[str, ...]] = {
    ("count", "flowers"): ("花", "flower", "补花"),
    ("count", "gen"): ("根", "gen"),
    ("event", "follow_dealer"): ("跟庄", "follow the dealer"),
    ("event", "concealed_kong"): ("暗杠", "an gang", "concealed kong"),
    ("event", "exposed_kong"): ("明杠", "exposed kong", "open kong"),
    ("event", "added_kong"): ("补杠", "added kong"),
    ("event", "an_gang"): ("暗杠", "下雨", "concealed kong"),
    ("event", "zhi_gang"): ("直杠", "刮风"),
    ("event", "mian_xia_gang"): ("面下杠", "补杠", "added kong"),
    ("count", "flower_pig"): ("花猪", "flower pig"),
    ("count", "ready_fan"): ("大叫", "查叫", "ready"),
}

_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}  # fmt: skip
_CN_NUM = set(_CN_DIGITS) | {"十", "百"}
_EN_NUM = {"zero": 0, "no": 0, "one": 1, "once": 1, "two": 2, "twice": 2, "three": 3,
           "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
           "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
           "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}  # fmt: skip
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}  # fmt: skip
#: measure words after a number that say nothing more (两个, 3张 …)
_MEASURE_SKIP = set("个张只次轮把")
#: what may follow a Chinese numeral that is a number (a unit or a measure word)
_MEASURE = set("番翻台个张只次轮根杠花精")


def _cn_value(s: str) -> int | None:
    if not s or any(ch not in _CN_NUM for ch in s):
        return None
    if "百" in s:
        head, _, rest = s.partition("百")
        h = _cn_value(head) if head else 1
        r = _cn_value(rest) if rest else 0
        if h is None or r is None:
            return None
        return h * 100 + r
    if "十" in s:
        head, _, rest = s.partition("十")
        if "十" in rest:
            return None
        t = _CN_DIGITS.get(head, None) if head else 1
        u = _CN_DIGITS.get(rest, None) if rest else 0
        if t is None or u is None:
            return None
        return t * 10 + u
    if len(s) == 1:
        return _CN_DIGITS[s]
    digits = [_CN_DIGITS[ch] for ch in s]  # 二五 → 25 (read as written)
    return int("".join(map(str, digits)))


def _names_of(text: str) -> list[str]:
    """The forms of a declared name a user may say: the whole name, the name without what is
    in brackets, and each part of ``a/b``, ``a·b`` or ``a：b``."""
    out = [text]
    base = re.sub(r"[（(][^）)]*[）)]", "", text).strip()
    if base:
        out.append(base)
    for sep in ("/", "·", "：", ":"):
        for src in list(out):
            if sep in src:
                out.extend(p.strip() for p in src.split(sep) if p.strip())
    # "All 2/5/8 pungs" is not said "5": no bare numbers or single letters
    return [o for o in out if o and not o.isdigit() and not (o.isascii() and len(o) < 2)]


@dataclass(frozen=True, slots=True)
class Meaning:
    kind: str  # shape flag count event result fan player + the alias kinds
    id: str = ""


@dataclass(slots=True)
class Vocab:
    exact: dict[str, set[Meaning]] = field(default_factory=dict)
    #: unique-prefix lookups of the declared names (key → meanings)
    names: dict[str, set[Meaning]] = field(default_factory=dict)
    maxlen: int = 1

    def add(self, text: str, m: Meaning) -> None:
        key = _word_key(text)
        if not key:
            return
        self.exact.setdefault(key, set()).add(m)
        self.maxlen = max(self.maxlen, len(key))


def _decl_items(rs: Ruleset) -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    items += [("shape", s) for s in rs.shapes]
    items += [("flag", f) for f in rs.flags]
    items += [("count", c) for c in rs.counts]
    items += [("event", e) for e in rs.events]
    items += [("result", r) for r in rs.results if r.value != "win"]
    items += [("fan", f) for f in _fans(rs.id)]
    return items


@dataclass(frozen=True, slots=True)
class FanName:
    """A fan of a ruleset's fan list (``extra_json()["fans"]``: Guobiao's 81, Points' list)."""

    id: str
    zh: str
    en: str
    zh_hant: str = ""


@lru_cache(maxsize=64)
def _fans(ruleset_id: str) -> tuple[FanName, ...]:
    rs = scoring.get(ruleset_id)
    if "fans" not in rs.win_inputs:
        return ()
    out = []
    for f in rs.extra_json().get("fans") or []:
        if isinstance(f, dict) and "id" in f and f["id"] != "flower_tiles":  # 花牌: the count
            out.append(FanName(str(f["id"]), str(f.get("name_zh", "")), str(f.get("name_en", ""))))
    return tuple(out)


def _item_id(kind: str, item: Any) -> str:
    return str(item.value if kind == "result" else item.id)


def _hant(text: str) -> str:
    """The Traditional form of a Simplified name, where the converter is available (the
    fold above reads the common characters either way)."""
    try:
        from scoring.hant import to_hant
    except ImportError:  # pragma: no cover - the converter is optional here
        return ""
    return to_hant(text)


@lru_cache(maxsize=64)
def _vocab(ruleset_id: str) -> Vocab:
    rs = scoring.get(ruleset_id)
    v = Vocab()
    declared: set[str] = set()
    items = _decl_items(rs)
    for kind, item in items:
        if kind == "fan":
            continue
        m = Meaning(kind, _item_id(kind, item))
        for text in (item.zh, getattr(item, "zh_hant", "") or _hant(item.zh), item.en):
            for form in _names_of(text) if text else ():
                v.add(form, m)
                declared.add(_word_key(form))
    for ms in v.exact.values():
        results = {m.id for m in ms if m.kind == "result"}
        if results:  # 诈胡 is a result and its event: the result (which adds the event)
            ms.difference_update({m for m in ms if m.kind == "event" and m.id in results})
    for (kind, item_id), words in ID_ALIASES.items():
        if _decl(rs, kind, item_id) is not None:
            for w in words:
                if _word_key(w) not in declared:
                    v.add(w, Meaning(kind, item_id))
                    declared.add(_word_key(w))
    for kind, words in ALIASES.items():
        for w in words:
            key = _word_key(w)
            if not key or key in declared:  # the ruleset's own word wins (和牌 = draw …)
                continue
            m = Meaning("result", "draw") if kind == DRAW else Meaning(kind)
            if kind == DRAW and "draw" not in rs.result_ids():
                continue
            v.add(w, m)
            hant = _hant(w) if not w.isascii() else ""
            if hant and _word_key(hant) not in declared:
                v.add(hant, m)
    if "fan" not in rs.win_inputs:
        for w in ALIASES[FANUNIT]:
            v.exact.pop(_word_key(w), None)
    for kind, item in items:  # Guobiao fans last: 自摸 and 抢杠和 stay the ways of winning
        if kind != "fan":
            continue
        m = Meaning(kind, item.id)
        for text in (item.zh, item.en):
            for form in _names_of(text):
                if _word_key(form) not in v.exact:
                    v.add(form, m)
    # unique prefixes of the declared names, for "thirteen" or "七星"
    for key, ms in list(v.exact.items()):
        if not ms or next(iter(ms)).kind not in ("shape", "flag", "count", "event", "fan"):
            continue
        for n in range(2, len(key)):
            v.names.setdefault(key[:n], set()).update(ms)
    return v


# ---------------------------------------------------------------------------------------
# tokens
# ---------------------------------------------------------------------------------------
@dataclass(slots=True)
class Tok:
    kind: str  # a Meaning kind, "player", "number", "fantotal", "unknown"
    id: str = ""
    n: int = 0
    word: str = ""  # as typed (folded)
    possessive: bool = False


def _players_vocab(table: TableInfo) -> dict[str, str]:
    return {_word_key(table.names[p]): p for p in table.players if _word_key(table.names[p])}


def _match_at(
    s: str, i: int, vocab: Vocab, players: dict[str, str]
) -> tuple[int, list[Meaning]] | None:
    """The longest vocabulary word or player name at ``s[i:]`` (a word boundary after an
    ASCII word), as (length, meanings)."""
    top = min(len(s) - i, max(vocab.maxlen, max((len(k) for k in players), default=1)))
    for n in range(top, 0, -1):
        key = s[i : i + n]
        if key[-1] == " ":
            continue
        if _latin(key[-1]) and i + n < len(s) and _latin(s[i + n]):
            continue
        if _latin(key[0]) and i > 0 and _latin(s[i - 1]):
            continue
        if key in players:
            return n, [Meaning("player", players[key])]
        hit = vocab.exact.get(key)
        if hit:
            return n, sorted(hit, key=lambda m: (m.kind, m.id))
    return None


def _cn_number_at(s: str, i: int, vocab: Vocab, players: dict[str, str]) -> int:
    """The length of a Chinese numeral at ``s[i:]`` that is a number here (0 if none): it must
    be followed by the end, a separator, a digit, a measure word or another word."""
    j = i
    while j < len(s) and s[j] in _CN_NUM:
        j += 1
    if j == i or _cn_value(s[i:j]) is None:
        return 0
    if j == len(s) or s[j] == " " or s[j].isdigit() or s[j] in _MEASURE or _latin(s[j]):
        return j - i
    if _match_at(s, j, vocab, players) is not None:
        return j - i
    return 0


_FILLER_CHARS = set("了的啊嗯呃额哦吧呢")


def _as_typed(word: str, text: str) -> str:
    """A folded word as the user typed it (Bob, not bob; 七對, not 七对), where it can be
    found; else the folded word."""
    norm = unicodedata.normalize("NFKC", text)
    folded = norm.casefold().translate(_FOLD)
    if len(folded) == len(norm):
        at = folded.find(word)
        if at >= 0:
            return norm[at : at + len(word)]
    return word


def _skip_measure(s: str, i: int, vocab: Vocab, players: dict[str, str]) -> int:
    """After a number: past a measure word (两个, 3张) that starts no word of its own."""
    if i < len(s) and s[i] in _MEASURE_SKIP and _match_at(s, i, vocab, players) is None:
        return i + 1
    return i


def _tokenize(text: str, table: TableInfo) -> tuple[list[Tok], str | None]:
    """The tokens of a phrase, and the Guobiao tiles text (after ``tiles``/``牌``) if any."""
    vocab = _vocab(table.ruleset)
    players = _players_vocab(table)
    s = fold(text)
    s = "".join(" " if ch in _SEPARATORS else ch for ch in s)
    s = re.sub(r"'s\b", " 's", s)  # "carol's" → "carol 's"
    s = " ".join(_singular(w) for w in s.split())
    toks: list[Tok] = []
    tiles: str | None = None
    i = 0
    unknown_start = -1

    def flush(end: int) -> None:
        nonlocal unknown_start
        if unknown_start < 0:
            return
        word = s[unknown_start:end].strip()
        unknown_start = -1
        word = word.strip("".join(_FILLER_CHARS))
        if word:
            toks.append(Tok("unknown", word=word))

    while i < len(s):
        ch = s[i]
        if ch == " ":
            flush(i)
            i += 1
            continue
        hit = _match_at(s, i, vocab, players)
        if hit is not None:
            n, meanings = hit
            flush(i)
            word = s[i : i + n]
            m = meanings[0]
            if m.kind == TILES and len(meanings) == 1:
                rest = s[i + n :].strip()
                if rest and (rest[0] in "[(" or rest[0].isdigit() or rest[0] in "东南西北白发中"):
                    tiles, moved = _tiles_tail(rest, vocab, players)
                    if moved:
                        more, _none = _tokenize(moved, table)
                        toks.extend(more)
                    break
                toks.append(Tok("unknown", word=word))
            elif m.kind == FILLER and len(meanings) == 1:
                pass
            elif len(meanings) > 1:
                toks.append(
                    Tok("ambiguous", word=word, id="|".join(f"{x.kind}:{x.id}" for x in meanings))
                )
            elif m.kind == "player":
                toks.append(Tok("player", id=m.id, word=word))
            elif m.kind == DEALER:
                toks.append(Tok("player", id=table.dealer, word=word))
            elif m.kind == "'s":
                pass
            else:
                toks.append(Tok(m.kind, id=m.id, word=word))
            i += n
            continue
        if ch.isdigit():
            flush(i)
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            toks.append(Tok("number", n=int(s[i:j]), word=s[i:j]))
            i = _skip_measure(s, j, vocab, players)
            continue
        n = _cn_number_at(s, i, vocab, players)
        if n and unknown_start < 0:
            value = _cn_value(s[i : i + n])
            assert value is not None
            toks.append(Tok("number", n=value, word=s[i : i + n]))
            i = _skip_measure(s, i + n, vocab, players)
            continue
        if _latin(ch):
            flush(i)
            j = i
            while j < len(s) and _latin(s[j]):
                j += 1
            word = s[i:j]
            units = {_word_key(u) for u in ALIASES[FANUNIT]}
            after = s[j:].lstrip().split(" ", 1)[0] if s[j:].strip() else ""
            if (
                (word in _EN_NUM or word in _EN_TENS)
                and vocab.names.get(word)
                and after not in units
            ):
                toks.append(Tok("unknown", word=word))  # "thirteen" (rotten), not 13
            elif word in _EN_TENS:
                value = _EN_TENS[word]
                rest = s[j:].lstrip()
                unit = rest.split(" ", 1)[0] if rest else ""
                if unit in _EN_NUM and 0 < _EN_NUM[unit] < 10 and unit not in ("no", "once"):
                    value += _EN_NUM[unit]
                    j = len(s) - len(rest) + len(unit)
                toks.append(Tok("number", n=value, word=s[i:j]))
            elif word in _EN_NUM and word != "no":
                toks.append(Tok("number", n=_EN_NUM[word], word=word))
            elif word == "'s":
                if toks and toks[-1].kind == "player":
                    toks[-1].possessive = True
            else:
                toks.append(Tok("unknown", word=word))
            i = j
            continue
        if unknown_start < 0:
            unknown_start = i
        i += 1
    flush(len(s))
    # 's after a player: a possessive
    out: list[Tok] = []
    for t in toks:
        if t.kind == "unknown" and t.word == "'s" and out and out[-1].kind == "player":
            out[-1].possessive = True
            continue
        out.append(t)
    return [_resolve_unknown(t, table, vocab, players) for t in out], tiles


#: what may stand among the tiles words and is the phrase's, not the tiles'
_PHRASE_KINDS = frozenset({SELF, RON, ROB, WIN, FEED, DEALER, "player", "count", "result"})


def _tiles_tail(rest: str, vocab: Vocab, players: dict[str, str]) -> tuple[str, str]:
    """Split the text after ``tiles``/``牌`` into the tiles reply and the phrase's own words
    (a player, 自摸/ron, a count with its number) written among or after the tiles."""
    keep: list[str] = []
    moved: list[str] = []
    parts = rest.split()
    j = 0
    while j < len(parts):
        w = parts[j]
        key = _word_key(w)
        ms = vocab.exact.get(key, set())
        kinds = {m.kind for m in ms} | ({"player"} if key in players else set())
        if kinds == {FILLER}:
            pass  # um, 了 …
        elif kinds and kinds <= _PHRASE_KINDS and j > 0:
            moved.append(w)
            if "count" in kinds and j + 1 < len(parts) and parts[j + 1].isdigit():
                moved.append(parts[j + 1])
                j += 1
        else:
            keep.append(w)
        j += 1
    return " ".join(keep), " ".join(moved)


def _resolve_unknown(t: Tok, table: TableInfo, vocab: Vocab, players: dict[str, str]) -> Tok:
    """A word that is no exact name: a unique prefix of a player or of a declared name."""
    if t.kind != "unknown":
        return t
    word = t.word
    hits = sorted({p for k, p in players.items() if k.startswith(word)})
    if len(hits) == 1:
        return Tok("player", id=hits[0], word=word)
    if len(hits) > 1:
        return Tok("ambiguous_player", word=word, id="|".join(hits))
    if len(word) >= (3 if word.isascii() else 2):
        ms = vocab.names.get(word, set())
        if len(ms) == 1:
            m = next(iter(ms))
            return Tok(m.kind, id=m.id, word=word)
        if len(ms) > 1:
            return Tok(
                "ambiguous", word=word, id="|".join(f"{x.kind}:{x.id}" for x in sorted(
                    ms, key=lambda m: (m.kind, m.id)))
            )  # fmt: skip
    return t


# ---------------------------------------------------------------------------------------
# display names
# ---------------------------------------------------------------------------------------
def _decl(rs: Ruleset, kind: str, item_id: str) -> Any:
    if kind == "shape":
        return rs.shape(item_id)
    if kind == "flag":
        return rs.flag(item_id)
    if kind == "count":
        return rs.count(item_id)
    if kind == "event":
        return rs.event(item_id)
    if kind == "result":
        return next((r for r in rs.results if r.value == item_id), None)
    if kind == "fan":
        return next((f for f in _fans(rs.id) if f.id == item_id), None)
    return None


def _short(name: str) -> str:
    """A declared name without its bracketed gloss: 平胡（二五八将） → 平胡."""
    base = re.sub(r"\s*[（(][^）)]*[）)]", "", name).strip()
    return base or name


def _dname(rs: Ruleset, kind: str, item_id: str, tr: Translator) -> str:
    d = _decl(rs, kind, item_id)
    if d is None:
        return item_id
    if kind == "fan":
        return str(tr.name(d))
    return _short(tr.name(d))


def _suggest(word: str, table: TableInfo, tr: Translator) -> list[str]:
    rs = scoring.get(table.ruleset)
    shown: dict[str, str] = {}  # key → display name
    for kind, item in _decl_items(rs):
        disp = _dname(rs, kind, _item_id(kind, item), tr)
        for text in (item.zh, getattr(item, "zh_hant", ""), item.en):
            for form in _names_of(text) if text else ():
                shown.setdefault(_word_key(form), disp)
    for p in table.players:
        shown.setdefault(_word_key(table.names[p]), table.names[p])
    contained = [d for k, d in shown.items() if word in k and len(word) >= 2]
    close = difflib.get_close_matches(word, list(shown), n=4, cutoff=0.5)
    # a misheard word of a longer name: "sevn" in "big sevn pairs"
    parts: dict[str, list[str]] = {}
    for k, d in shown.items():
        for part in k.split():
            if part != k and len(part) >= 3:
                parts.setdefault(part, []).append(d)
    near = difflib.get_close_matches(word, list(parts), n=3, cutoff=0.7)
    out: list[str] = []
    for d in contained + [shown[k] for k in close] + [d for p in near for d in parts[p]]:
        if d not in out:
            out.append(d)
    return out[:4]


# ---------------------------------------------------------------------------------------
# the parser
# ---------------------------------------------------------------------------------------
@dataclass(slots=True)
class _Win:
    winner: str
    how: str | None = None  # self_drawn / discard / robbed_kong
    discarder: str | None = None
    shape: str | None = None
    shape_word: str = ""
    flags: list[str] = field(default_factory=list)
    fans: list[str] = field(default_factory=list)
    fan: int | None = None
    tiles: str | None = None
    how_word: str = ""


class _Parser:
    def __init__(self, table: TableInfo, tr: Translator) -> None:
        self.table = table
        self.tr = tr
        self.rs = scoring.get(table.ruleset)
        self.wins: list[_Win] = []
        self.pending: list[str] = []
        self.expect: str | None = None  # "from" | "winner" | "winner_self"
        self.expect_word = ""
        self.feeder: str | None = None
        self.floating: list[Tok] = []
        self.counts: dict[str, dict[str, int]] = {}
        self.events: list[Event] = []
        self.result: str | None = None
        self.result_implied = False
        self.toks: list[Tok] = []
        self.i = 0
        self.text = ""  # the phrase as typed (for naming a word back)

    # --- helpers ----------------------------------------------------------------------
    def name(self, pid: str | None) -> str:
        return self.table.name(pid)

    def dn(self, kind: str, item_id: str) -> str:
        return _dname(self.rs, kind, item_id, self.tr)

    def peek(self, k: int = 0) -> Tok | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def cur(self) -> _Win | None:
        return self.wins[-1] if self.wins else None

    def other_player(self, pid: str) -> str:
        return next((p for p in self.table.players if p != pid), pid)

    def new_win(self, pid: str, how: str | None = None, discarder: str | None = None) -> _Win:
        if any(w.winner == pid for w in self.wins):
            raise PhraseError("twice", who=self.name(pid))
        w = _Win(pid, how, discarder)
        self.wins.append(w)
        for t in self.floating:
            self.apply_item(w, t)
        self.floating = []
        return w

    def set_how(self, w: _Win, how: str, word: str) -> None:
        if w.how is not None and w.how != how and not ({w.how, how} == {DISCARD, ROBBED_KONG}):
            raise PhraseError("two_hows", who=self.name(w.winner))
        if w.how != ROBBED_KONG:
            w.how = how
        w.how_word = word

    def set_from(self, w: _Win, pid: str) -> None:
        if pid == w.winner:
            raise PhraseError("self_discard", who=self.name(pid))
        if w.discarder is not None and w.discarder != pid:
            raise PhraseError(
                "two_discarders", who=self.name(w.winner),
                choices=(self.name(w.discarder), self.name(pid)),
            )  # fmt: skip
        if w.how == SELF_DRAWN:
            raise PhraseError("two_hows", who=self.name(w.winner))
        w.discarder = pid
        if w.how is None:
            w.how = DISCARD

    def apply_item(self, w: _Win, t: Tok) -> None:
        if t.kind == "shape":
            if w.shape is not None and w.shape != t.id:
                raise PhraseError(
                    "two_shapes", who=self.name(w.winner),
                    choices=(self.dn("shape", w.shape), self.dn("shape", t.id)),
                )  # fmt: skip
            w.shape = t.id
        elif t.kind == "flag":
            if t.id not in w.flags:
                w.flags.append(t.id)
        elif t.kind == "fan":
            w.fans.append(t.id)
        elif t.kind == "fantotal":
            if "fan" not in self.rs.win_inputs:
                raise PhraseError("fan_total")
            w.fan = t.n
        elif t.kind == "tiles":
            w.tiles = t.word

    # --- the pass ---------------------------------------------------------------------
    def run(self, toks: list[Tok], tiles: str | None) -> None:
        self.toks = self.merge_fan_totals(toks)
        while self.i < len(self.toks):
            t = self.toks[self.i]
            self.i += 1
            getattr(self, "on_" + t.kind, self.on_other)(t)
        if tiles is not None:
            if "tiles" not in self.rs.win_inputs:
                raise PhraseError("tiles_only")
            t = Tok("tiles", word=tiles)
            if self.pending:
                self.start_wins_from_pending()
            w = self.cur()
            if w is None:
                self.floating.append(t)
            else:
                self.apply_item(w, t)
        self.finish()

    def merge_fan_totals(self, toks: list[Tok]) -> list[Tok]:
        out: list[Tok] = []
        for t in toks:
            if t.kind == FANUNIT and out and out[-1].kind == "number":
                n = out.pop()
                out.append(Tok("fantotal", n=n.n, word=n.word + t.word))
            elif t.kind == FANUNIT:
                out.append(Tok("unknown", word=t.word))
            else:
                out.append(t)
        return out

    def start_wins_from_pending(self, *, same_way: bool = False) -> list[_Win]:
        """The pending players become winners; ``same_way`` (a winner named with only a hand
        after another's discard win, 一炮多响): on the same discard."""
        made = []
        prev = self.cur()
        for p in self.pending:
            w = self.new_win(p)
            if (
                same_way
                and prev is not None
                and prev.how in (DISCARD, ROBBED_KONG)
                and self.rs.multi_win == "same_discard"
            ):
                w.how, w.discarder = prev.how, prev.discarder
            made.append(w)
        self.pending = []
        return made

    def on_player(self, t: Tok) -> None:
        pid = t.id
        nxt, nxt2 = self.peek(), self.peek(1)
        if self.expect == "from":  # ron Bob …: Bob is the discarder, whatever follows
            self.expect_from(pid)
            return
        # counts: P n C, P C n, and pairs after a count word (handled in on_count)
        if nxt is not None and nxt.kind == "number" and nxt2 is not None and nxt2.kind in (
            "count", "event"
        ):  # fmt: skip
            self.i += 2
            if nxt2.kind == "count":
                self.set_count(nxt2.id, pid, nxt.n)
            else:
                self.add_event(nxt2, pid, repeat=nxt.n)
            return
        if nxt is not None and nxt.kind in ("count", "event"):
            self.i += 1
            if nxt.kind == "count":
                self.count_for(nxt.id, pid)
            else:
                self.add_event(nxt, pid)
            return
        if t.possessive and self.cur() is not None and self.expect != "winner":
            self.set_from(self.cur(), pid)  # type: ignore[arg-type]
            self.expect = None
            return
        if self.expect == "winner":
            self.new_win(pid, DISCARD, self.feeder)
            return
        if self.expect == "winner_self":
            self.new_win(pid, SELF_DRAWN)
            self.expect = None
            return
        if self.expect == "winner_any":
            self.new_win(pid)
            self.expect = "from"
            return
        self.pending.append(pid)

    def expect_from(self, pid: str) -> None:
        targets = [w for w in self.wins if w.discarder is None and w.how != SELF_DRAWN]
        cur = self.cur()
        for w in targets or ([cur] if cur is not None else []):
            self.set_from(w, pid)
        self.expect = None

    def on_win(self, t: Tok) -> None:
        if self.pending:
            self.start_wins_from_pending()
            self.expect, self.expect_word = "from", t.word
        elif self.cur() is not None and self.cur().how is None:  # type: ignore[union-attr]
            self.expect, self.expect_word = "from", t.word
        elif self.expect == "winner":
            pass  # 阿明点炮 小红 胡了
        else:
            self.expect, self.expect_word = "winner_any", t.word
        self.close_expect_if_not_player()

    def close_expect_if_not_player(self) -> None:
        """After 胡/ron, a discarder may follow; if no player follows, the win's how is still
        open (自摸 may come later)."""
        nxt = self.peek()
        if self.expect == "from" and (nxt is None or nxt.kind != "player"):
            if self.toks[self.i - 1].kind == WIN:
                self.expect = None

    def on_self(self, t: Tok) -> None:
        if self.pending:
            for w in self.start_wins_from_pending():
                self.set_how(w, SELF_DRAWN, t.word)
        else:
            cur = self.cur()
            if cur is None:
                self.expect = "winner_self"
                return
            if cur.discarder is not None:
                raise PhraseError("two_hows", who=self.name(cur.winner))
            self.set_how(cur, SELF_DRAWN, t.word)
        if self.expect == "from":
            self.expect = None

    def on_ron(self, t: Tok, how: str = DISCARD) -> None:
        wins = self.start_wins_from_pending() if self.pending else []
        if not wins and self.cur() is not None:
            wins = [self.cur()]  # type: ignore[list-item]
        if not wins:
            raise PhraseError("no_winner")
        for w in wins:
            self.set_how(w, how, t.word)
        if all(w.discarder is not None for w in wins):
            return
        self.expect, self.expect_word = "from", t.word

    def on_rob(self, t: Tok) -> None:
        self.on_ron(t, ROBBED_KONG)

    def on_feed(self, t: Tok) -> None:
        if len(self.pending) > 1:
            raise PhraseError(
                "two_discarders", who=self.name(self.pending[-1]),
                choices=[self.name(p) for p in self.pending],
            )  # fmt: skip
        if self.pending:
            d = self.pending.pop()
            open_wins = [w for w in self.wins if w.how is None or (
                w.how == DISCARD and w.discarder is None)]  # fmt: skip
            if open_wins:
                for w in open_wins:
                    self.set_from(w, d)
                return
            self.feeder = d
            self.expect, self.expect_word = "winner", t.word
            return
        cur = self.cur()
        prev = self.toks[self.i - 2] if self.i >= 2 else None
        if cur is not None and prev is not None and prev.kind == "player":
            if prev.id == cur.discarder:
                return  # Bob wins off Carol, Carol discarded
        if cur is not None and cur.discarder is None and cur.how != SELF_DRAWN:
            self.set_how(cur, DISCARD, t.word)
            self.expect, self.expect_word = "from", t.word
            return
        raise PhraseError("no_winner")

    def on_item(self, t: Tok) -> None:
        if self.pending:
            self.start_wins_from_pending(same_way=True)
        if self.expect == "from":
            self.expect = None
        w = self.cur()
        if w is None:
            self.floating.append(t)
        else:
            self.apply_item(w, t)

    on_shape = on_flag = on_fan = on_fantotal = on_item

    def on_number(self, t: Tok) -> None:
        nxt = self.peek()
        if nxt is not None and nxt.kind == "count":
            self.i += 1
            w = self.cur()
            if w is None:
                raise PhraseError("count_whose", what=self.dn("count", nxt.id), who="…")
            self.set_count(nxt.id, w.winner, t.n)
            return
        if nxt is not None and nxt.kind == "event":
            self.i += 1
            self.add_event(nxt, None, repeat=t.n)
            return
        raise PhraseError("stray_number", n=t.n)

    def count_for(self, cid: str, pid: str) -> None:
        """``P C`` seen: a number may follow (``老王 精2``); a 0/1 count without one is 1."""
        nxt = self.peek()
        if nxt is not None and nxt.kind == "number":
            self.i += 1
            self.set_count(cid, pid, nxt.n)
            return
        decl = self.rs.count(cid)
        assert decl is not None
        if decl.max == 1:
            self.set_count(cid, pid, 1)
            return
        raise PhraseError("count_how_many", what=self.dn("count", cid), who=self.name(pid))

    def on_count(self, t: Tok) -> None:
        cid = t.id
        got = False
        while True:
            a, b = self.peek(), self.peek(1)
            if a is not None and a.kind == "player" and b is not None and b.kind == "number":
                self.i += 2
                self.set_count(cid, a.id, b.n)
                got = True
                continue
            break
        if got:
            return
        a = self.peek()
        if a is not None and a.kind == "number":
            self.i += 1
            if self.pending:
                self.set_count(cid, self.pending.pop(), a.n)
                return
            w = self.cur()
            if w is None or len(self.wins) > 1:
                raise PhraseError(
                    "count_whose", what=self.dn("count", cid), who=self.name(self.table.players[0])
                )
            self.set_count(cid, w.winner, a.n)
            return
        if a is not None and a.kind == "player":
            self.i += 1
            self.count_for(cid, a.id)
            return
        if self.pending:
            self.count_for(cid, self.pending.pop())
            return
        w = self.cur()
        decl = self.rs.count(cid)
        assert decl is not None
        if w is not None and len(self.wins) == 1 and decl.max == 1:
            self.set_count(cid, w.winner, 1)
            return
        raise PhraseError(
            "count_whose", what=self.dn("count", cid), who=self.name(self.table.players[0])
        )

    def set_count(self, cid: str, pid: str, n: int) -> None:
        self.counts.setdefault(cid, {})[pid] = n

    def on_event(self, t: Tok) -> None:
        self.add_event(t, self.pending.pop() if self.pending else None)

    def add_event(self, t: Tok, pid: str | None, repeat: int | None = None) -> None:
        decl = self.rs.event(t.id)
        assert decl is not None
        what = self.dn("event", decl.id)
        if pid is None:
            nxt = self.peek()
            if nxt is not None and nxt.kind == "player":
                self.i += 1
                pid = nxt.id
            elif decl.id in DEALER_EVENTS:
                pid = self.table.dealer
            else:
                raise PhraseError("event_whose", what=what)
        source: str | None = None
        if decl.source != "forbidden":
            nxt = self.peek()
            if nxt is not None and nxt.kind == RON:
                self.i += 1
                nxt = self.peek()
            after = self.peek(1)
            subject = after is not None and after.kind in ("event", "result", "count")
            if (
                nxt is not None
                and nxt.kind == "player"
                and nxt.id != pid
                and (decl.source == "required" or not subject)
            ):
                self.i += 1
                source = nxt.id
            elif decl.source == "required":
                raise PhraseError("event_from", what=what, who=self.name(pid))
        data: dict[str, OptionValue] = {}
        ints = [f for f in decl.fields if f.kind == "int"]
        texts = [f for f in decl.fields if f.kind == "text"]
        if texts:
            raise PhraseError("event_text", what=what)
        # a number is the event's one int field when it counts something (跟庄 rounds, min 1),
        # else how many such events (暗杠 老王 2 = two concealed kongs)
        ints = [f for f in ints if f.min >= 1]
        nxt = self.peek()
        if nxt is not None and nxt.kind == "number" and repeat is None:
            self.i += 1
            value = nxt.n
            if len(ints) == 1:
                f = ints[0]
                if not f.min <= value <= f.max:
                    raise PhraseError("event_field", what=what, why=f"{f.min}–{f.max}")
                data[f.id] = value
            else:
                repeat = value
        elif repeat is not None and len(ints) == 1:
            f = ints[0]
            if not f.min <= repeat <= f.max:
                raise PhraseError("event_field", what=what, why=f"{f.min}–{f.max}")
            data[f.id] = repeat
            repeat = 1
        for f in decl.fields:
            if f.kind == "int" and f.id not in data and f.default != 0:
                data[f.id] = f.default
        for _ in range(max(1, repeat or 1) if repeat != 0 else 0):
            self.events.append(Event(decl.id, pid, source, dict(data)))

    def on_result(self, t: Tok) -> None:
        self.result = t.id
        decl = self.rs.event(t.id)
        if decl is not None:  # a result that is also an event (诈胡): the player's
            pid = self.pending.pop() if self.pending else None
            if pid is None:
                nxt = self.peek()
                if nxt is not None and nxt.kind == "player":
                    self.i += 1
                    pid = nxt.id
            if pid is None:
                raise PhraseError("event_whose", what=self.dn("event", decl.id))
            self.events.append(Event(decl.id, pid, None, {}))

    def on_ambiguous(self, t: Tok) -> None:
        parts = [p.partition(":") for p in t.id.split("|")]
        choices = []
        for kind, _, item in parts:
            d = self.dn(kind, item)
            if d not in choices:
                choices.append(d)
        if len(choices) < len(parts):  # 字一色（成阕） and 字一色（不成阕）: the full names
            choices = []
            for kind, _, item in parts:
                decl = _decl(self.rs, kind, item)
                full = self.tr.name(decl) if decl is not None and kind != "fan" else item
                if full not in choices:
                    choices.append(full)
        raise PhraseError("ambiguous", word=_as_typed(t.word, self.text), choices=choices)

    def on_ambiguous_player(self, t: Tok) -> None:
        raise PhraseError(
            "ambiguous_player",
            word=_as_typed(t.word, self.text),
            choices=[self.name(p) for p in t.id.split("|")],
        )

    def on_unknown(self, t: Tok) -> None:
        raise PhraseError(
            "unknown",
            word=_as_typed(t.word, self.text),
            choices=_suggest(t.word, self.table, self.tr),
        )

    def on_other(self, t: Tok) -> None:  # pragma: no cover - every kind has a handler
        raise PhraseError("unknown", word=t.word)

    def on_tiles(self, t: Tok) -> None:
        self.on_unknown(t)

    def on_dealer(self, t: Tok) -> None:  # pragma: no cover - tokenized as a player
        self.on_player(Tok("player", id=self.table.dealer, word=t.word))

    # --- the end ----------------------------------------------------------------------
    def finish(self) -> None:
        if self.pending:
            who = self.pending[0]
            raise PhraseError(
                "stray_player", who=self.name(who), whom=self.name(self.other_player(who))
            )
        if self.floating:
            t = self.floating[0]
            what = t.word if t.kind in ("fantotal", "tiles") else self.dn(t.kind, t.id)
            if self.result is None or self.result == "win":
                raise PhraseError("no_winner")
            raise PhraseError("stray_item", what=what)
        if self.expect == "winner" and not any(w.discarder == self.feeder for w in self.wins):
            raise PhraseError("no_winner_for", who=self.name(self.feeder), word=self.expect_word)
        if self.expect == "winner_self" or self.expect == "winner_any":
            raise PhraseError("no_winner")
        for w in self.wins:
            if w.how is None:
                raise PhraseError(
                    "no_how", who=self.name(w.winner), whom=self.name(self.other_player(w.winner))
                )
            if w.how in (DISCARD, ROBBED_KONG) and w.discarder is None:
                raise PhraseError(
                    "no_discarder", who=self.name(w.winner), word=w.how_word or self.expect_word
                )
        if self.result is None:
            if not self.wins:
                raise PhraseError("no_winner")
            self.result = "win"
            self.result_implied = True


#: events that are always the dealer's (跟庄: the others follow the dealer's first discard)
DEALER_EVENTS = frozenset({"follow_dealer"})


def _seat_wind(table: TableInfo, winner: str) -> str:
    players = table.players
    offset = (players.index(winner) - players.index(table.dealer)) % len(players)
    return "ESWN"[offset % 4]


def _tiles_object(table: TableInfo, w: _Win, flowers: int) -> dict[str, Any]:
    from scoring.gb.notation import NotationError, WordError, apply_words, parse_phone, split_words

    text = unicodedata.normalize("NFKC", w.tiles or "").translate(_FOLD).strip()
    self_drawn, robbed = w.how == SELF_DRAWN, w.how == ROBBED_KONG
    try:
        hand, last, words = split_words(text)
        said = apply_words(words, self_drawn=self_drawn, robbed_kong=robbed)
        return parse_phone(
            hand,
            last,
            self_drawn=self_drawn,
            seat=_seat_wind(table, w.winner),
            prevalent=said.get("prevalent", table.prevalent_wind),
            flowers=flowers,
            last_tile=said.get("last_tile", False),
            last_wall=said.get("last_wall", False),
            kong=robbed or said.get("kong", False),
        )
    except WordError as exc:
        raise PhraseError("tiles_word", word=exc.word) from exc
    except NotationError as exc:
        raise PhraseError("tiles", word=text, why=str(exc)) from exc


def parse_record(text: str, table: TableInfo, tr: Translator | None = None) -> HandRecord:
    """The record a phrase says, before the scoring core's checks (raises PhraseError)."""
    tr = tr or Translator("en")
    if not text or not text.strip():
        raise PhraseError("empty")
    toks, tiles = _tokenize(text, table)
    if not toks and tiles is None:
        raise PhraseError("empty")
    p = _Parser(table, tr)
    p.text = text
    p.run(toks, tiles)
    rs = p.rs
    wins = []
    for w in p.wins:
        fans: tuple[str, ...] | None = tuple(w.fans) if w.fans else None
        fan_ids = {f.id for f in _fans(rs.id)}
        if w.fans and {"self_drawn", "robbing_the_kong"} <= fan_ids:
            # MCR scores 自摸 on every self-drawn win and 抢杠和 on a robbed kong (the checklist
            # drops what these imply); the phrase's 自摸/抢杠 words say so already
            extra = []
            if w.how == SELF_DRAWN and "self_drawn" not in w.fans:
                extra.append("self_drawn")
            if w.how == ROBBED_KONG and "robbing_the_kong" not in w.fans:
                extra.append("robbing_the_kong")
            fans = tuple(w.fans + extra)
        elif (
            not w.fans
            and w.fan is None
            and w.tiles is None
            and w.how == ROBBED_KONG
            and "robbing_the_kong" in fan_ids
        ):
            # "P 抢杠 Q" and no fans: 抢杠和 alone (8 fans in MCR, a whole hand at the minimum;
            # phrase_of leaves it out as said by 抢杠). 自摸 alone (1 fan) is never a hand: the
            # fans are asked for instead.
            fans = ("robbing_the_kong",)
        tiles_obj = None
        if w.tiles is not None:
            tiles_obj = _tiles_object(table, w, p.counts.get("flowers", {}).get(w.winner, 0))
        wins.append(
            Win(
                winner=w.winner,
                discarder=w.discarder,
                robbed_kong=w.how == ROBBED_KONG,
                shape=w.shape,
                flags=tuple(w.flags),
                fan=w.fan,
                fans=fans,
                tiles=tiles_obj,
            )
        )
    counts = {cid: {q: n for q, n in per.items() if n} for cid, per in p.counts.items()}
    counts = {cid: per for cid, per in counts.items() if per}
    record = HandRecord(
        ruleset=rs.id,
        players=tuple(table.players),
        dealer=table.dealer,
        result=p.result or "win",
        wins=tuple(wins),
        options=dict(table.options),
        counts=counts,
        events=tuple(p.events),
    )
    if p.result_implied and rs.multi_win == "sequential" and "draw" in rs.wins_allowed_in:
        record = _sequential_result(record)
    _precheck(record, table, tr)
    return record


def _sequential_result(record: HandRecord) -> HandRecord:
    """血战: a won hand goes on until all but one have won; with fewer wins (and no result
    said) the wall ran out: the result is a draw (流局) with those wins, if the rules say so."""
    from dataclasses import replace

    from scoring.engine import validate

    try:
        validate(record)
    except RecordError:
        alt = replace(record, result="draw")
        try:
            validate(alt)
        except RecordError:
            return record
        return alt
    return record


def looks_like_hand(text: str, table: TableInfo) -> bool:
    """Whether a line names anything of a hand (a player, a declared word, 自摸/胡/流局 …):
    a reply to the table message that names nothing ("nice one!") is chat, not an entry."""
    if not text or not text.strip():
        return False
    toks, tiles = _tokenize(text, table)
    return tiles is not None or any(
        t.kind not in ("unknown", "number", "ambiguous", "ambiguous_player") for t in toks
    )


def parse(text: str, table: TableInfo, tr: Translator | None = None) -> HandRecord:
    """Read one line into a record the scoring core accepts. Raises :class:`PhraseError`
    (a scoring core refusal becomes ``core``, worded by :func:`bot.wizard.problem_text`)."""
    tr = tr or Translator("en")
    record = parse_record(text, table, tr)
    try:
        scoring.settle(record)
    except RecordError as err:
        # the one place a RecordError becomes a sentence (issue 14 point 3): the wizard's,
        # over the draft the preview would show
        data = wizard.from_record(record, dict(table.names))
        raise PhraseError("core", why=wizard.problem_text(err, data, tr)) from err
    return record


# ---------------------------------------------------------------------------------------
# checks with the players' names (before the scoring core's)
# ---------------------------------------------------------------------------------------
def _how_names(tr: Translator, hows: Iterable[str]) -> list[str]:
    _ = tr.gettext
    names = {
        SELF_DRAWN: _("self-drawn"),
        DISCARD: _("on a discard"),
        ROBBED_KONG: _("robbing a kong"),
    }
    return [names[h] for h in sorted(hows) if h in HOWS]


def _item_refusal(
    rs: Ruleset, kind: str, item: WinItemDecl, win: Win, record: HandRecord, table: TableInfo,
    tr: Translator,
) -> PhraseError | None:  # fmt: skip
    opts = rs.resolve_options(record.options)
    who = table.name(win.winner)
    what = _dname(rs, kind, item.id, tr)
    how = ROBBED_KONG if win.robbed_kong else (SELF_DRAWN if win.discarder is None else DISCARD)
    if item.enabled_by is not None and not is_enabled(item.enabled_by, opts):
        return PhraseError("not_played", what=what)
    if item.how and how not in item.how:
        return PhraseError("only_how", what=what, who=who, choices=_how_names(tr, item.how))
    if item.winner_dealer is not None and item.winner_dealer != (win.winner == record.dealer):
        return PhraseError(
            "dealer_only" if item.winner_dealer else "not_dealer", what=what, who=who
        )
    if kind == "flag" and item.shapes and win.shape not in item.shapes:
        return PhraseError(
            "needs_shape",
            what=what,
            choices=[_dname(rs, "shape", s, tr) for s in sorted(item.shapes)],
        )
    others = (win.shape, *win.flags)
    for other in sorted(item.not_with):
        if other in others and other != item.id and item.excludes(other, opts):
            okind = "shape" if rs.shape(other) is not None else "flag"
            return PhraseError("not_with", what=what, choices=[_dname(rs, okind, other, tr)])
    return None


def _precheck(record: HandRecord, table: TableInfo, tr: Translator) -> None:
    rs = scoring.get(record.ruleset)
    opts = rs.resolve_options(record.options)
    rname = next((tr.name(r) for r in rs.results if r.value == record.result), record.result)
    if record.wins and record.result not in rs.wins_allowed_in:
        raise PhraseError("no_wins_in", what=_short(rname))
    if len(record.wins) > 1:
        if rs.multi_win == "none":
            raise PhraseError("one_winner")
        if rs.multi_win == "same_discard":
            first = record.wins[0].discarder
            if first is None or any(w.discarder != first for w in record.wins):
                raise PhraseError("same_discard")
        if len(record.wins) >= len(record.players):
            raise PhraseError("all_win")
    for w in record.wins:
        who = table.name(w.winner)
        if w.shape is not None:
            shape = rs.shape(w.shape)
            if shape is not None:
                bad = _item_refusal(rs, "shape", shape, w, record, table, tr)
                if bad:
                    raise bad
        for fid in w.flags:
            flag = rs.flag(fid)
            if flag is not None:
                bad = _item_refusal(rs, "flag", flag, w, record, table, tr)
                if bad:
                    raise bad
        given = w.fan is not None or w.fans is not None or w.tiles is not None
        if w.shape is None and rs.shapes and rs.shape_required and "shape" in rs.win_inputs:
            if not given:
                names = [_dname(rs, "shape", s.id, tr) for s in rs.shapes
                         if is_enabled(s.enabled_by, opts)]  # fmt: skip
                raise PhraseError("no_shape", who=who, choices=names[:6])
        if not rs.shapes and not given and rs.win_inputs & {"fan", "fans", "tiles"}:
            raise PhraseError("no_fan", who=who)
    for cid, per in record.counts.items():
        decl = rs.count(cid)
        assert decl is not None
        what = _dname(rs, "count", cid, tr)
        if decl.enabled_by is not None and not is_enabled(decl.enabled_by, opts):
            raise PhraseError("not_played", what=what)
        if decl.results and record.result not in decl.results:
            raise PhraseError("count_result", what=what)
        for pid, n in per.items():
            if n > decl.max:
                raise PhraseError("count_range", what=what, who=table.name(pid), n=decl.max)
            if n < decl.min:
                raise PhraseError("count_min", what=what, who=table.name(pid), n=decl.min)
        if decl.total_max is not None and sum(per.values()) > decl.total_max:
            raise PhraseError("count_total", what=what, n=decl.total_max)
    for ev in record.events:
        edecl = rs.event(ev.type)
        assert edecl is not None
        what = _dname(rs, "event", ev.type, tr)
        if edecl.enabled_by is not None and not is_enabled(edecl.enabled_by, opts):
            raise PhraseError("not_played", what=what)
        if edecl.results and record.result not in edecl.results:
            raise PhraseError("event_result", what=what)


# ---------------------------------------------------------------------------------------
# a record written back as a phrase (round trips, examples)
# ---------------------------------------------------------------------------------------
def phrase_of(record: HandRecord, table: TableInfo, lang: str = "en") -> str:
    """One line that :func:`parse` reads back into ``record`` (wins, shapes, flags, fan
    totals and fans, counts, events without text fields; not tiles)."""
    rs = scoring.get(record.ruleset)
    zh = lang.startswith("zh")

    def nm(kind: str, item_id: str) -> str:
        d = _decl(rs, kind, item_id)
        text = (d.zh if zh else d.en) if d is not None else item_id
        return text

    parts: list[str] = []
    if record.result != "win":
        parts.append(nm("result", record.result) if rs.event(record.result) is None else "")
    for w in record.wins:
        parts.append(table.name(w.winner))
        if w.discarder is None:
            parts.append("自摸" if zh else "zimo")
        else:
            parts.append(
                ("抢杠" if zh else "robbed kong") if w.robbed_kong else ("胡" if zh else "ron")
            )
            parts.append(table.name(w.discarder))
        if w.shape:
            parts.append(nm("shape", w.shape))
        parts.extend(nm("flag", f) for f in w.flags)
        if w.fan is not None:
            parts.append(f"{w.fan}番" if zh else f"{w.fan} fan")
        for f in w.fans or ():
            if (f == "self_drawn" and w.discarder is None) or (
                f == "robbing_the_kong" and w.robbed_kong
            ):
                continue
            parts.append(nm("fan", f))
    for cid, per in record.counts.items():
        for pid, n in per.items():
            if n:
                parts.extend([nm("count", cid), table.name(pid), str(n)])
    for ev in record.events:
        if ev.type == record.result:
            parts.extend([table.name(ev.player), nm("result", ev.type)])
            continue
        parts.extend([table.name(ev.player), nm("event", ev.type)])
        if ev.source is not None:
            parts.append(table.name(ev.source))
        fields = rs.event_fields(ev.type)
        for k, v in ev.data.items():
            fd = fields.get(k)
            if fd is None or v != fd.default:
                parts.append(str(v))
    return " ".join(p for p in parts if p)
