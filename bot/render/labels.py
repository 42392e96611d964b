"""The few fixed words on the images, in Chinese and English (the bot's gettext catalogs hold
everything else; names and headlines arrive already translated).

Every word goes through the bot's one translation function (:class:`bot.i18n.Translator`):
``lang`` is a language code (``en``, ``zh_Hans``, ``zh_Hant``; ``zh`` = zh_Hans), and zh_Hant
gets the Chinese converted to Traditional."""

from __future__ import annotations

from bot.i18n import translator
from bot.terms import ruled

LABELS: dict[str, tuple[str, str]] = {
    "night": ("第{n}晚", "Night {n}"),
    "hands": ("{n}局", "{n} hands"),
    "hand_1": ("1局", "1 hand"),
    "won": ("胡{n}", "won {n}"),
    "self_draws": ("自摸{n}", "self-drawn {n}"),
    "deal_ins": ("点炮{n}", "dealt in {n}"),
    "dealer": ("庄", "dealer"),
    "trend": ("走势", "Running totals"),
    "no_hands": ("还没有牌局", "No hands yet"),
    "hand_no": ("第{n}局", "Hand {n}"),
    "settlement": ("本晚结算", "Night settlement"),
    "net": ("输赢", "Net"),
    "after_fee": ("实收实付", "Pays or receives"),
    "house": ("东家", "house"),
    "transfers": ("转账", "Who pays whom"),
    "no_transfers": ("无需转账", "Nobody owes anything"),
    "points": ("{n}{u}", "{n} {u}"),
    "stake": ("每{u}{m}", "{m} per {u}"),
    "payments": ("付款", "Payments"),
    "explanation": ("计算过程", "How it adds up"),
    "fans": ("番种", "Fans"),
    "fan_total": ("共{n}番", "{n} fan in all"),
    "voided": ("已作废", "VOIDED"),
    "corrected": ("已更正", "CORRECTED"),
    "no_payments": ("无付款", "No payments"),
    "more": ("另有{n}条未显示", "{n} more not shown"),
    "self_drawn": ("自摸", "self-drawn"),
    "flowers": ("花{n}", "flowers {n}"),
    "wind_E": ("东", "E"),
    "wind_S": ("南", "S"),
    "wind_W": ("西", "W"),
    "wind_N": ("北", "N"),
}


def is_zh(lang: str) -> bool:
    """Whether ``lang`` writes Chinese (zh_Hans, zh_Hant)."""
    return translator(lang).zh


def label(key: str, lang: str, ruleset: str = "", **kw: object) -> str:
    """An image's fixed word in ``lang`` (in ``ruleset``'s own verbs: bot.terms)."""
    zh, en = LABELS[key]
    tr = translator(lang)
    return ruled(tr.pick(zh, en), ruleset, tr).format(**kw)


def unit(
    unit_zh: str,
    unit_en: str,
    lang: str,
    *,
    per: bool = False,
    zh_hant: str = "",
    gloss: str = "",
) -> str:
    """The ruleset's unit as the images write it, the same name the chat says (issue 25.3:
    not "pts" in images and "points" in chat): ``unit_zh`` in Chinese; in English the
    declared ``unit_en``, made singular after "per" (``per=True``: "¥0.50 per point"), and
    with its ``gloss`` (the ruleset's ``unit_gloss_en``) where it is introduced: "zi (points)"."""
    if is_zh(lang):
        return translator(lang).pick(unit_zh.strip() or "分", "", zh_hant.strip())
    u = unit_en.strip() or "points"
    own = translator(lang).pick(unit_zh.strip() or "分", u, zh_hant.strip())
    if own != u:  # a language with its own names (ja: 子, 点), as the chat says it
        return own
    for word in ("points", "pts"):
        if per and (u == word or u.endswith(" " + word)):
            u = u[: -len(word)] + "point"
            break
    else:
        if per and (u.endswith("units") or u.endswith("dollars")):  # "per unit", "per dollar"
            u = u[:-1]
    return f"{u} ({gloss})" if gloss else u


def hands_label(n: int, lang: str) -> str:
    if n == 1 and not is_zh(lang):
        return label("hand_1", lang)
    return label("hands", lang, n=n)
