"""What the ruleset ``riichi`` declares, as data (spec §1.1, §1.3, §2.12–§2.14)."""

from __future__ import annotations

from collections.abc import Mapping

from scoring import refs
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
    Choice,
    CountDecl,
    EventDecl,
    FieldDecl,
    OptionDecl,
    PresetDecl,
    WinItemDecl,
)
from scoring.record import OptionValue
from scoring.refs import Names

RULESET_ID = "riichi"
POT = "pot"  # scoring.testing.POT: the riichi sticks on the table (供托)

WIN, DRAW, ABORTIVE, CHOMBO, GAME_END = "win", "draw", "abortive_draw", "chombo", "game_end"
HAND_RESULTS = frozenset({WIN, DRAW, ABORTIVE, CHOMBO})

RESULTS = (
    Choice(WIN, "和了", "Win", zh_hant="和了"),
    Choice(DRAW, "流局（荒牌）", "Exhaustive draw", zh_hant="流局（荒牌）"),
    Choice(ABORTIVE, "途中流局", "Abortive draw", zh_hant="途中流局"),
    Choice(CHOMBO, "错和（罚符）", "Chombo", zh_hant="錯和（罰符）"),
    Choice(GAME_END, "终局结算", "Game end", zh_hant="終局結算"),
)

#: the short words of the steps (scoring.refs kind ``word``): id -> (zh, zh_hant, en)
WORDS: Mapping[str, Names] = {
    "mangan": ("满贯", "滿貫", "mangan"),
    "haneman": ("跳满", "跳滿", "haneman"),
    "baiman": ("倍满", "倍滿", "baiman"),
    "sanbaiman": ("三倍满", "三倍滿", "sanbaiman"),
    "yakuman": ("役满", "役滿", "yakuman"),
    "kazoe": ("累计役满", "累計役滿", "kazoe yakuman"),
    "kiriage": ("切上满贯", "切上滿貫", "kiriage mangan"),
    "honba": ("本场", "本場", "honba"),
    "pot": ("供托", "供託", "the pot"),
    "head_bump": ("头跳", "頭跳", "head bump"),
    "renchan": ("连庄", "連莊", "the dealer keeps the deal"),
    "oka": ("返点奖（Oka）", "返點獎（Oka）", "oka"),
    "uma": ("顺位马（Uma）", "順位馬（Uma）", "uma"),
}

#: the same words as a Japanese table says them (spec §6 terms), for the steps' ``ja`` text:
#: written as they are, also in the ledger's steps (no name reference: the scoring side has
#: no Japanese names to resolve one with, so a stored step reads as ``scoring.settle`` writes
#: it); bot/locales/ja/LC_MESSAGES/names.po names the same words elsewhere, and
#: tests/test_ja_riichi_steps.py keeps the two equal
WORDS_JA: Mapping[str, str] = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "yakuman": "役満",
    "kazoe": "数え役満",
    "kiriage": "切り上げ満貫",
    "honba": "本場",
    "pot": "供託",
    "head_bump": "頭ハネ",
    "renchan": "連荘",
    "oka": "オカ",
    "uma": "ウマ",
}
#: the events' names in Japanese (the same rule as :data:`WORDS_JA`)
EVENTS_JA: Mapping[str, str] = {
    "riichi": "立直",
    "tenpai": "聴牌",
    "nagashi_mangan": "流し満貫",
    "abortive_draw": "途中流局",
    "pao": "包（責任払い）",
    "chombo": "チョンボ",
}

#: the abortive draw kinds: id -> (zh, en, ja)
ABORTIVE_KINDS: Mapping[str, tuple[str, str, str]] = {
    "kyuushu_kyuuhai": ("九种九牌", "nine terminals", "九種九牌"),
    "suufon_renda": ("四风连打", "four same winds", "四風連打"),
    "suucha_riichi": ("四家立直", "four riichi", "四家立直"),
    "suukaikan": ("四杠散了", "four kans", "四槓散了"),
    "sanchahou": ("三家和", "triple ron", "三家和"),
}
#: the pao yaku: id -> (zh, en, ja)
PAO_YAKU: Mapping[str, tuple[str, str, str]] = {
    "daisangen": ("大三元", "big three dragons", "大三元"),
    "daisuushii": ("大四喜", "big four winds", "大四喜"),
    "suukantsu": ("四杠子", "four kans", "四槓子"),
}
#: which yaku carry pao under each ``pao_yaku`` value (§2.7)
PAO_LISTS: Mapping[str, frozenset[str]] = {
    "none": frozenset(),
    "dragons_winds": frozenset({"daisangen", "daisuushii"}),
    "dragons_winds_kongs": frozenset({"daisangen", "daisuushii", "suukantsu"}),
}


def word(word_id: str, form: str = "") -> tuple[str, str, str]:
    """The (zh, en, ja) a step writes for one of :data:`WORDS` (zh and en: a reference while
    storing; ja: :data:`WORDS_JA`)."""
    zh, _, en = WORDS[word_id]
    z, e = refs.name("word", word_id, zh, refs.FORMS[form](en), form)
    return z, e, WORDS_JA[word_id]


def event_name(event_id: str) -> tuple[str, str, str]:
    """An event's declared name inside a step (English in lower case), zh, en, ja."""
    decl = next(e for e in EVENTS if e.id == event_id)
    z, e = refs.name("event", event_id, decl.zh, decl.en.lower(), "lower")
    return z, e, EVENTS_JA[event_id]


def _c(value: str, zh: str, en: str, hant: str = "") -> Choice:
    return Choice(value, zh, en, zh_hant=hant)


UMA_CHOICES = (
    _c("10_20", "10-20（+20/+10/−10/−20）", "10-20 (+20/+10/−10/−20)"),
    _c("10_30", "10-30（+30/+10/−10/−30）", "10-30 (+30/+10/−10/−30)"),
    _c("15_5", "15-5（+15/+5/−5/−15）", "15-5 (+15/+5/−5/−15)"),
    _c("5_10", "5-10（+10/+5/−5/−10）", "5-10 (+10/+5/−5/−10)"),
    _c("none", "无马", "none"),
    _c("sanma_20", "三麻 +20/0/−20", "three-player +20/0/−20", "三麻 +20/0/−20"),
    _c("jpml_sinking", "连盟浮沉马", "JPML sinking uma", "連盟浮沉馬"),
    _c("custom", "自定（逐位设定）", "custom (set per place)", "自定（逐位設定）"),
)

OPTIONS: tuple[OptionDecl, ...] = (
    OptionDecl("player_count", "人数", "Players", "int", 4, min=3, max=4, important=True,
               zh_hant="人數", help_zh="4人；3人为三麻（§2.11）", help_en="4; 3 = sanma (§2.11)"),
    OptionDecl("start_points", "配给原点", "Start points", "int", 25000, min=0, max=1_000_000,
               important=True, zh_hant="配給原點",
               help_zh="25,000（R10、R8）；30,000（R7、R1、R18）；三麻35,000",
               help_en="25,000 (R10, R8); 30,000 (R7, R1, R18); sanma 35,000"),
    OptionDecl("return_points", "返点（原点）", "Return points", "int", 30000, min=0,
               max=1_000_000, important=True, zh_hant="返點（原點）",
               help_zh="不小于配给原点；Oka=(返点−配给原点)×人数，归第一",
               help_en="At least the start; oka = (return − start) × players, to first place"),
    OptionDecl("uma", "顺位马", "Uma", "choice", "10_20", choices=UMA_CHOICES, important=True,
               zh_hant="順位馬", help_zh="单位：千点（§2.9）", help_en="In thousands of points (§2.9)"),
    *(OptionDecl(f"uma_{i}", f"自定马 第{i}位", f"Custom uma, place {i}", "int", 0, min=-100,
                 max=100, zh_hant=f"自定馬 第{i}位", help_zh="千点；uma=custom 时用，合计须为0",
                 help_en="Thousands; with uma=custom, must sum to 0")
      for i in range(1, 5)),
    OptionDecl("tie_break", "同分", "Ties", "choice", "seat_order",
               choices=(_c("seat_order", "起家顺位优先", "earlier seat ranks higher", "起家順位優先"),
                        _c("split", "平分马与Oka", "share uma and oka", "平分馬與Oka"))),
    OptionDecl("length", "长度", "Length", "choice", "hanchan",
               choices=(_c("hanchan", "半庄", "hanchan (East + South)", "半莊"),
                        _c("tonpuusen", "东风战", "east-only", "東風戰")), zh_hant="長度"),
    OptionDecl("west_extension", "西入", "West extension", "bool", False),
    OptionDecl("agari_yame", "和了止", "Agari-yame", "bool", True),
    OptionDecl("tenpai_yame", "听牌止", "Tenpai-yame", "bool", True, zh_hant="聽牌止"),
    OptionDecl("tobi", "击飞（负分终局）", "Busting below zero ends the game", "bool", True,
               zh_hant="擊飛（負分終局）"),
    OptionDecl("renchan", "连庄条件", "Dealer keeps the deal", "choice", "tenpai",
               choices=(_c("tenpai", "和了或听牌连庄", "after a win or tenpai", "和了或聽牌連莊"),
                        _c("agari", "只有和了连庄", "only after a win", "只有和了連莊")),
               zh_hant="連莊條件"),
    OptionDecl("honba_value", "每本场", "Per honba counter", "int", 300, min=0, max=30_000,
               zh_hant="每本場", help_zh="和了者每本场所得：300；场千五1,500；三麻1,000",
               help_en="What the winner gets per counter: 300; basengo 1,500; sanma 1,000"),
    OptionDecl("leftover_sticks", "终局剩余供托", "Sticks left at the end", "choice", "to_first",
               choices=(_c("to_first", "归第一", "to first place", "歸第一"),
                        _c("lost", "作废", "lost", "作廢")), zh_hant="終局剩餘供託"),
    OptionDecl("multiple_ron", "双响", "Double ron", "choice", "allow",
               choices=(_c("allow", "允许", "allowed", "允許"),
                        _c("head_bump", "头跳（只算下家最近者）", "head bump (nearest only)",
                           "頭跳（只算下家最近者）")), zh_hant="雙響"),
    OptionDecl("triple_ron", "三响", "Triple ron", "choice", "abortive",
               choices=(_c("allow", "允许", "allowed", "允許"),
                        _c("abortive", "三家和流局", "abortive draw (sanchahou)"),
                        _c("head_bump", "头跳", "head bump", "頭跳")), zh_hant="三響"),
    OptionDecl("honba_multi", "多家和的本场", "Honba with several winners", "choice", "nearest",
               choices=(_c("nearest", "只给最近者", "to the nearest only", "只給最近者"),
                        _c("each", "每家都得", "to each winner")), zh_hant="多家和的本場"),
    OptionDecl("sticks_multi", "多家和的供托", "Sticks with several winners", "choice", "nearest",
               choices=(_c("nearest", "全给最近者", "all to the nearest", "全給最近者"),
                        _c("own_back_nearest", "各自取回，其余给最近者",
                           "own stick back, the rest to the nearest", "各自取回，其餘給最近者")),
               zh_hant="多家和的供託"),
    OptionDecl("kiriage", "切上满贯", "Kiriage mangan", "choice", "none",
               choices=(_c("none", "不切上", "no"), _c("all", "4番30符、3番60符切上", "4/30 and 3/60"),
                        _c("dealer", "只有庄家切上", "dealer only", "只有莊家切上")),
               zh_hant="切上滿貫"),
    OptionDecl("kazoe", "13番以上", "13 han or more", "choice", "yakuman",
               choices=(_c("yakuman", "累计役满", "kazoe yakuman", "累計役滿"),
                        _c("sanbaiman", "三倍满", "sanbaiman", "三倍滿"),
                        _c("no_limit", "每13番一倍役满", "a yakuman per 13 han", "每13番一倍役滿"))),
    OptionDecl("max_yakuman", "役满倍数上限", "Most yakuman multiples", "int", 6, min=1, max=6,
               zh_hant="役滿倍數上限"),
    OptionDecl("noten_total", "未听罚符", "Noten payments in all", "int", 3000, min=0, max=30_000,
               zh_hant="未聽罰符", help_zh="四人3,000（须能被12整除）；三麻2,000（须为双数）",
               help_en="Four players 3,000 (divisible by 12); sanma 2,000 (even)"),
    OptionDecl("nagashi_mangan", "流局满贯", "Nagashi mangan", "bool", True, zh_hant="流局滿貫"),
    OptionDecl("nagashi_honba", "流局满贯加本场", "Honba on nagashi mangan", "bool", False,
               zh_hant="流局滿貫加本場"),
    OptionDecl("abortive_draws", "途中流局", "Abortive draws", "bool", True),
    OptionDecl("abortive_renchan", "途中流局连庄", "Dealer stays after an abortive draw", "bool",
               True, zh_hant="途中流局連莊"),
    OptionDecl("pao_yaku", "包牌役", "Pao (liability) yaku", "choice", "dragons_winds",
               choices=(_c("none", "无包牌", "none", "無包牌"),
                        _c("dragons_winds", "大三元、大四喜", "big dragons, big winds"),
                        _c("dragons_winds_kongs", "大三元、大四喜、四杠子",
                           "big dragons, big winds, four kans", "大三元、大四喜、四槓子"))),
    OptionDecl("chombo", "错和罚则", "Chombo", "choice", "mangan_payment",
               choices=(_c("mangan_payment", "当场付满贯", "a reverse mangan at once", "當場付滿貫"),
                        _c("final_penalty", "终局扣分", "points off at the game end", "終局扣分")),
               zh_hant="錯和罰則"),
    OptionDecl("chombo_penalty", "终局错和扣分", "Chombo penalty at the end", "int", 20000,
               min=0, max=1_000_000, zh_hant="終局錯和扣分"),
    OptionDecl("sanma_tsumo", "三麻自摸", "Sanma tsumo", "choice", "tsumo_loss",
               choices=(_c("tsumo_loss", "自摸损", "tsumo loss", "自摸損"),
                        _c("split", "北家折半", "north's share split"))),
    OptionDecl("final_rounding", "终局取整", "Final rounding", "choice", "none",
               choices=(_c("none", "不取整", "none"),
                        _c("half_up", "四舍五入到千", "to 1,000, halves up", "四捨五入到千"),
                        _c("half_down", "五舍六入到千", "to 1,000, halves down", "五捨六入到千")),
               zh_hant="終局取整"),
    OptionDecl("rate", "每千点金额", "Money per 1,000 points", "int", 0, min=0, max=100_000,
               important=True, zh_hant="每千點金額", help_zh="0=只计点", help_en="0 = points only"),
    OptionDecl("kuitan", "食断", "Open tanyao (tiles)", "bool", True, zh_hant="食斷"),
    OptionDecl("aka_dora", "赤宝牌（0m 0p 0s）", "Red fives (tiles: 0m 0p 0s)", "bool", True,
               zh_hant="赤寶牌（0m 0p 0s）"),
    OptionDecl("double_yakuman_hands", "双倍役满牌型", "Double-yakuman hands (tiles)", "bool",
               False, zh_hant="雙倍役滿牌型"),
    OptionDecl("renhou", "人和", "Renhou (tiles)", "choice", "mangan",
               choices=(_c("mangan", "满贯", "mangan", "滿貫"),
                        _c("yakuman", "役满", "yakuman", "役滿"))),
)  # fmt: skip

_TOURNAMENT: Mapping[str, OptionValue] = {
    "start_points": 30000, "return_points": 30000, "tie_break": "split",
    "agari_yame": False, "tenpai_yame": False, "tobi": False, "kazoe": "sanbaiman",
    "max_yakuman": 1, "nagashi_mangan": False, "abortive_draws": False, "chombo": "final_penalty",
}  # fmt: skip
_HEAD_BUMP: Mapping[str, OptionValue] = {"multiple_ron": "head_bump", "triple_ron": "head_bump"}

PRESETS: tuple[PresetDecl, ...] = (
    PresetDecl("friendly", "朋友局", "Friends", {}),
    PresetDecl("tenhou", "天凤规则", "Tenhou", {"west_extension": True, "final_rounding": "half_up"},
               zh_hant="天鳳規則"),
    # EMA 2016 plays no red fives (spec §2.13 aka_dora: "R2 (EMA 2016: … no red fives …)")
    PresetDecl("ema", "EMA 2016", "EMA 2016", {**_TOURNAMENT, "uma": "15_5", "triple_ron": "allow",
               "honba_multi": "each", "sticks_multi": "own_back_nearest", "aka_dora": False}),
    PresetDecl("wrc", "WRC 世界锦标赛", "WRC", {**_TOURNAMENT, **_HEAD_BUMP, "uma": "15_5",
               "leftover_sticks": "lost", "kiriage": "all"}, zh_hant="WRC 世界錦標賽"),
    PresetDecl("mleague", "M联赛", "M.League", {**_TOURNAMENT, **_HEAD_BUMP, "start_points": 25000,
               "uma": "10_30", "kazoe": "yakuman", "pao_yaku": "dragons_winds_kongs"},
               zh_hant="M聯賽"),
    PresetDecl("sanma", "三麻", "Three-player", {"player_count": 3, "start_points": 35000,
               "return_points": 40000, "uma": "sanma_20", "honba_value": 1000,
               "noten_total": 2000, "triple_ron": "allow"}),
    PresetDecl("saikouisen", "最高位战", "Saikouisen", {**_TOURNAMENT, **_HEAD_BUMP, "uma": "10_30",
               "leftover_sticks": "lost", "kiriage": "dealer", "pao_yaku": "none"},
               zh_hant="最高位戰"),
    PresetDecl("jpml_a", "连盟A规则", "JPML A rules", {**_TOURNAMENT, **_HEAD_BUMP,
               "uma": "jpml_sinking", "leftover_sticks": "lost", "abortive_draws": True,
               "pao_yaku": "dragons_winds_kongs"}, zh_hant="連盟A規則"),
)  # fmt: skip

_ONLY_HANDS = frozenset({WIN, DRAW, ABORTIVE, CHOMBO})

COUNTS: tuple[CountDecl, ...] = (
    CountDecl("fu", "符", "Fu", max=140, min=0, results=frozenset({WIN})),
    CountDecl("yakuman", "役满倍数", "Yakuman (times)", max=6, min=0, results=frozenset({WIN}),
              zh_hant="役滿倍數"),
    CountDecl("honba", "本场数（记在庄家）", "Honba counters (on the dealer)", max=99,
              results=_ONLY_HANDS, zh_hant="本場數（記在莊家）"),
    CountDecl("riichi_sticks", "供托立直棒（记在庄家）", "Riichi sticks in the pot (on the dealer)",
              max=99, zh_hant="供託立直棒（記在莊家）"),
    CountDecl("points", "终局点数", "Points at the end", max=10_000_000, min=-10_000_000,
              results=frozenset({GAME_END}), zh_hant="終局點數"),
    CountDecl("chombo", "错和次数", "Chombos", max=20, results=frozenset({GAME_END}),
              zh_hant="錯和次數"),
)  # fmt: skip

EVENTS: tuple[EventDecl, ...] = (
    EventDecl("riichi", "立直", "Riichi", value_zh="付1,000点立直棒入供托",
              value_en="puts a 1,000-point stick in the pot", results=_ONLY_HANDS),
    EventDecl("tenpai", "听牌", "Tenpai", value_zh="流局时听牌", value_en="ready at the draw",
              results=frozenset({DRAW}), zh_hant="聽牌"),
    EventDecl("nagashi_mangan", "流局满贯", "Nagashi mangan", value_zh="按满贯自摸收",
              value_en="paid as a mangan tsumo", results=frozenset({DRAW}),
              enabled_by="nagashi_mangan", zh_hant="流局滿貫"),
    EventDecl("abortive_draw", "途中流局", "Abortive draw", value_zh="不付款",
              value_en="nothing is paid", results=frozenset({ABORTIVE}),
              fields=(FieldDecl("kind", "种类", "Kind", kind="text", zh_hant="種類", person=False),),
              enabled_by="abortive_draws"),
    EventDecl("pao", "包牌（责任支付）", "Pao (liability)", source="required",
              source_zh="为谁的役满负责（和了者）", source_en="whose yakuman (the winner)",
              value_zh="自摸全付；他家放铳时各付一半", value_en="pays all on tsumo, half on another's ron",
              fields=(FieldDecl("yaku", "役", "Yaku", kind="text", person=False),),
              results=frozenset({WIN}), enabled_by="pao_yaku!=none", zh_hant="包牌（責任支付）"),
    EventDecl("chombo", "错和", "Chombo", value_zh="按选项罚", value_en="penalised by the options",
              results=frozenset({CHOMBO}), zh_hant="錯和"),
)  # fmt: skip

#: the situational flags of tiles mode (§1.3), passed to the library's HandConfig
FLAGS: tuple[WinItemDecl, ...] = (
    WinItemDecl("riichi", "立直", "Riichi", not_with=frozenset({"double_riichi"})),
    WinItemDecl("double_riichi", "两立直", "Double riichi", not_with=frozenset({"riichi"}),
                zh_hant="兩立直"),
    WinItemDecl("ippatsu", "一发", "Ippatsu", zh_hant="一發"),
    WinItemDecl("open_riichi", "开立直", "Open riichi", zh_hant="開立直"),
    WinItemDecl("rinshan", "岭上开花", "Rinshan kaihou", how=frozenset({SELF_DRAWN}),
                zh_hant="嶺上開花"),
    WinItemDecl("chankan", "抢杠", "Chankan", how=frozenset({ROBBED_KONG}), zh_hant="搶槓"),
    WinItemDecl("haitei", "海底摸月", "Haitei", how=frozenset({SELF_DRAWN})),
    WinItemDecl("houtei", "河底捞鱼", "Houtei", how=frozenset({DISCARD}), zh_hant="河底撈魚"),
    WinItemDecl("tenhou", "天和", "Tenhou", how=frozenset({SELF_DRAWN}), winner_dealer=True),
    WinItemDecl("chiihou", "地和", "Chiihou", how=frozenset({SELF_DRAWN}), winner_dealer=False),
    WinItemDecl("renhou", "人和", "Renhou", how=frozenset({DISCARD}), winner_dealer=False),
)  # fmt: skip

REASONS: tuple[Choice, ...] = (
    _c("ron", "荣和", "ron", "榮和"),
    _c("tsumo_share", "自摸分担", "tsumo share", "自摸分擔"),
    _c("honba", "本场", "honba", "本場"),
    _c("riichi_deposit", "立直棒入供托", "riichi stick into the pot", "立直棒入供託"),
    _c("riichi_sticks", "取得供托", "the pot to the winner", "取得供託"),
    _c("riichi_own_back", "取回自己的立直棒", "own riichi stick back", "取回自己的立直棒"),
    _c("noten", "未听罚符", "noten payment", "未聽罰符"),
    _c("nagashi_mangan", "流局满贯", "nagashi mangan", "流局滿貫"),
    _c("pao_full", "包牌全付", "pao: liable player pays all", "包牌全付"),
    _c("pao_half", "包牌付一半", "pao: liable player pays half", "包牌付一半"),
    _c("ron_half", "放铳者付一半", "ron: the discarder pays half", "放銃者付一半"),
    _c("chombo", "错和满贯罚", "chombo mangan payment", "錯和滿貫罰"),
    _c("oka", "返点奖（Oka）", "oka", "返點獎（Oka）"),
    _c("uma", "顺位马（Uma）", "uma", "順位馬（Uma）"),
    _c("leftover_sticks", "终局剩余供托", "sticks left at the end", "終局剩餘供託"),
    _c("chombo_penalty", "错和终局扣分（无人收）", "chombo penalty (to nobody)", "錯和終局扣分（無人收）"),
    _c("rounding", "终局取整", "final rounding", "終局取整"),
)  # fmt: skip
