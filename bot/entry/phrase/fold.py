"""Text folding for the one-line entry: full width → ASCII, case, Traditional → Simplified
for mahjong words, separators, English plurals; numbers in ASCII, Chinese and English."""

from __future__ import annotations

import re
import unicodedata

# ---------------------------------------------------------------------------------------
# text folding
# ---------------------------------------------------------------------------------------
#: Traditional → Simplified for the characters of mahjong words, so that 槓開, 點炮, 門清 …
#: read like 杠开, 点炮, 门清 (a word's own ``zh_hant`` name folds the same way).
T2S_PAIRS = (
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
    "銃铳貫贯"
)
T2S = {T2S_PAIRS[i]: T2S_PAIRS[i + 1] for i in range(0, len(T2S_PAIRS) - 1, 2)}
FOLD = str.maketrans(
    {
        **T2S,
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
SEPARATORS = set(' \t\r\n,.;:!?，。；：！？、·…~～"“”「」『』《》/|+=*&—–―')


def fold(text: str) -> str:
    """NFKC (full width → ASCII), lower case, Traditional → Simplified for mahjong words."""
    return unicodedata.normalize("NFKC", text).casefold().translate(FOLD)


def latin(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch == "'")


def joined(a: str, b: str) -> bool:
    """Whether two characters are of one ASCII word: letters with letters (and ``'``), digits
    with digits — so a count glued to a name (``Bob2``, ``8fan``) is two words."""
    if not (latin(a) and latin(b)):
        return False
    return a.isdigit() == b.isdigit()


def word_key(text: str) -> str:
    """A vocabulary key: folded, separators → single spaces, English plurals dropped."""
    s = re.sub(r"'s\b", " 's", fold(text))
    s = "".join(" " if ch in SEPARATORS else ch for ch in s)
    words = []
    for w in s.split():
        words.append(singular(w))
    return " ".join(words)


def singular(w: str) -> str:
    if w.isascii() and w.isalpha() and len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}  # fmt: skip
CN_NUM = set(CN_DIGITS) | {"十", "百"}
EN_NUM = {"zero": 0, "no": 0, "one": 1, "once": 1, "two": 2, "twice": 2, "three": 3,
           "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
           "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
           "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}  # fmt: skip
EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}  # fmt: skip
#: measure words after a number that say nothing more (两个, 3张 …)
MEASURE_SKIP = set("个张只次轮把")
#: what may follow a Chinese numeral that is a number (a unit or a measure word)
MEASURE = set("番翻台个张只次轮根杠花精")


def cn_value(s: str) -> int | None:
    if not s or any(ch not in CN_NUM for ch in s):
        return None
    if "百" in s:
        head, _, rest = s.partition("百")
        h = cn_value(head) if head else 1
        r = cn_value(rest) if rest else 0
        if h is None or r is None:
            return None
        return h * 100 + r
    if "十" in s:
        head, _, rest = s.partition("十")
        if "十" in rest:
            return None
        t = CN_DIGITS.get(head, None) if head else 1
        u = CN_DIGITS.get(rest, None) if rest else 0
        if t is None or u is None:
            return None
        return t * 10 + u
    if len(s) == 1:
        return CN_DIGITS[s]
    digits = [CN_DIGITS[ch] for ch in s]  # 二五 → 25 (read as written)
    return int("".join(map(str, digits)))


FILLER_CHARS = set("了的啊嗯呃额哦吧呢")


def as_typed(word: str, text: str) -> str:
    """A folded word as the user typed it (Bob, not bob; 七對, not 七对), where it can be
    found; else the folded word."""
    norm = unicodedata.normalize("NFKC", text)
    folded = norm.casefold().translate(FOLD)
    if len(folded) == len(norm):
        at = folded.find(word)
        if at >= 0:
            return norm[at : at + len(word)]
    return word
