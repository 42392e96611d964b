"""One verb per ruleset for a discard win, a self-draw and dealing in (issue 25.3: "Hong Kong
in its Cantonese words: 食糊, 出銃, 自摸"), the same in chat, images and Mini App.

The catalogs and the images' labels write the common words (胡, 点炮 — the word of most
rulesets' own texts: Jiangxi, Changsha, Guangdong, Sichuan … —, 自摸); a ruleset with words
of its own (Nanning, Singapore and Guobiao say 放炮; Hong Kong 出銃, 食糊; riichi 放銃) names them here, and :func:`ruled` puts them into a *template* — the
translated text before its ``{placeholders}`` are filled, so a player's name (胡 is a
surname) is never touched. Chinese only: English says "won", "dealt in", "self-drawn".
"""

from __future__ import annotations

from bot.i18n import Translator

#: one icon per meaning (issue 25.3: "today 🀄 marks the winner and … the dealer, who is 🎲
#: elsewhere"), in chat texts, keyboards and images alike: 🀄 a winner (the preview's win
#: lines), 🎲 the dealer, 📋 a table's or a game's title line (the table message, a riichi
#: game's round line), 🔢 the tiles (the tile pad, a win's tiles typed)
ICON_WINNER = "🀄"
ICON_DEALER = "🎲"
ICON_TITLE = "📋"
ICON_TILES = "🔢"

#: ruleset → common word → (Simplified, Traditional) of the ruleset's own word
TERMS: dict[str, dict[str, tuple[str, str]]] = {
    "hongkong": {"点炮": ("出铳", "出銃"), "點炮": ("出铳", "出銃"), "胡": ("食糊", "食糊")},
    **{
        rs: {"点炮": ("放炮", "放炮"), "點炮": ("放炮", "放炮")}
        for rs in ("nanning", "singapore", "guobiao")
    },
    "riichi": {"点炮": ("放铳", "放銃"), "點炮": ("放铳", "放銃")},  # 放銃, as its declarations
}


def replacements(rs_id: str, tr: Translator) -> list[tuple[str, str]]:
    """The (common, own) text replacements that put a template in ``rs_id``'s words, in
    order; the Mini App applies the same list to its own strings (``Tally.setTerms``)."""
    words = TERMS.get(rs_id)
    if not words or not tr.zh:
        return []
    hant = tr.lang == "zh_Hant"
    out: list[tuple[str, str]] = []
    for common, (hans, trad) in words.items():
        own = trad if hant else hans
        if common == "胡":  # the verb alone (胡 {count} 次, 胡{n}), not 食胡 / 诈胡 / 胡牌
            out += [("胡 {", own + " {"), ("胡{", own + "{")]
        else:
            out.append((common, own))
    return out


def ruled(template: str, rs_id: str, tr: Translator) -> str:
    """``template`` (a translated text, placeholders not yet filled) in ``rs_id``'s words."""
    for common, own in replacements(rs_id, tr):
        template = template.replace(common, own)
    return template
