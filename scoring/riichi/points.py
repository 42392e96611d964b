"""Points from han and fu (spec §2.1), who pays a win (§2.2, §2.11): the score table of §3.

Integers only. ``ceil100`` rounds **up** to a multiple of 100 (R13 "Each value to be paid is
rounded up to the nearest 100"; R20 ``(x + 99) // 100 * 100``), each payer's share on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.riichi.decls import word

#: basic points of the limits (§2.1; §6 terms: 2,000 / 3,000 / 4,000 / 6,000 / 8,000)
MANGAN, HANEMAN, BAIMAN, SANBAIMAN, YAKUMAN = 2000, 3000, 4000, 6000, 8000
#: the fu a hand below 5 han may have (§1.1 validation: 20, 25, 30 … 140; 25 = seven pairs)
FU_VALUES = frozenset({20, 25, *range(30, 141, 10)})


def ceil100(x: int) -> int:
    """``x`` rounded up to a multiple of 100."""
    return -(-x // 100) * 100


def fmt(x: int) -> str:
    """An amount as a step writes it: ``3,900``."""
    return f"{x:,}"


@dataclass(frozen=True, slots=True)
class HandValue:
    """A win's value: its basic points ``basic`` and how they were reached.

    ``tier``: ``""`` (below the mangan cap), ``mangan`` … ``sanbaiman``, ``yakuman`` (a natural
    yakuman, ``yakuman`` times), ``kazoe`` (13+ han counted), ``kiriage`` (4/30, 3/60 rounded
    up to mangan). ``asked`` = the yakuman multiple recorded before ``max_yakuman``.
    """

    han: int | None
    fu: int | None
    yakuman: int
    basic: int
    tier: str
    asked: int = 0

    def text(self) -> tuple[str, str, str]:
        """How the basic points came about, in words (zh, en, ja)."""
        b = fmt(self.basic)
        if self.tier == "yakuman":
            yz, ye, yj = word("yakuman")
            cap_zh = cap_en = cap_ja = ""
            if self.asked > self.yakuman:
                cap_zh = f"（{self.asked}倍役满按上限{self.yakuman}倍）"
                cap_en = f" ({self.asked}-fold capped at {self.yakuman})"
                cap_ja = f"（{self.asked}倍を上限の{self.yakuman}倍に）"
            if self.yakuman == 1:
                return (
                    f"{yz}{cap_zh}：基本点{b}",
                    f"{ye}{cap_en}: basic points {b}",
                    f"{yj}{cap_ja}：基本点{b}",
                )
            return (
                f"{self.yakuman}倍{yz}{cap_zh}：基本点{self.yakuman}×8,000={b}",
                f"{self.yakuman} × {ye}{cap_en}: basic points {self.yakuman} × 8,000 = {b}",
                f"{self.yakuman}倍{yj}{cap_ja}：基本点{self.yakuman}×8,000={b}",
            )
        han = self.han or 0
        if self.tier == "kazoe":
            kz, ke, kj = word("kazoe")
            return (
                f"{han}番，{kz}：基本点{b}",
                f"{han} han, {ke}: basic points {b}",
                f"{han}翻、{kj}：基本点{b}",
            )
        if self.tier in ("mangan", "haneman", "baiman", "sanbaiman"):
            tz, te, tj = word(self.tier)
            return (
                f"{han}番{tz}：基本点{b}",
                f"{han} han, {te}: basic points {b}",
                f"{han}翻{tj}：基本点{b}",
            )
        fu = self.fu or 0
        m = 2 ** (2 + han)
        raw = fu * m
        if self.tier == "kiriage":
            kz, ke, kj = word("kiriage")
            return (
                f"{han}番{fu}符：基本点{fu}符×{m}={fmt(raw)}，{kz}为{b}",
                f"{han} han {fu} fu: basic points {fu} fu × {m} = {fmt(raw)}, {ke} {b}",
                f"{han}翻{fu}符：基本点{fu}符×{m}={fmt(raw)}、{kj}で{b}",
            )
        if raw > MANGAN:
            mz, me, mj = word("mangan")
            return (
                f"{han}番{fu}符：基本点{fu}符×{m}={fmt(raw)}，封顶{mz}{b}",
                f"{han} han {fu} fu: basic points {fu} fu × {m} = {fmt(raw)}, capped at {me} {b}",
                f"{han}翻{fu}符：基本点{fu}符×{m}={fmt(raw)}、上限の{mj}で{b}",
            )
        return (
            f"{han}番{fu}符：基本点{fu}符×{m}={b}",
            f"{han} han {fu} fu: basic points {fu} fu × {m} = {b}",
            f"{han}翻{fu}符：基本点{fu}符×{m}={b}",
        )


def basic_points(
    han: int | None,
    fu: int | None,
    yakuman: int,
    *,
    kiriage: str = "none",
    kazoe: str = "yakuman",
    max_yakuman: int = 6,
    winner_is_dealer: bool = False,
) -> HandValue:
    """The basic points of a win (§2.1): ``yakuman`` > 0 = a natural yakuman of that many
    times (``han`` ignored), else ``han`` (≥ 1) and, below 5 han, ``fu``."""
    if yakuman > 0:
        k = min(yakuman, max_yakuman)
        return HandValue(None, None, k, YAKUMAN * k, "yakuman", yakuman)
    assert han is not None
    if han >= 13:
        if kazoe == "sanbaiman":
            return HandValue(han, fu, 0, SANBAIMAN, "sanbaiman")
        k = han // 13 if kazoe == "no_limit" else 1
        return HandValue(han, fu, 0, YAKUMAN * k, "kazoe")
    for least, basic, tier in ((11, SANBAIMAN, "sanbaiman"), (8, BAIMAN, "baiman"),
                               (6, HANEMAN, "haneman"), (5, MANGAN, "mangan")):  # fmt: skip
        if han >= least:
            return HandValue(han, fu, 0, basic, tier)
    assert fu is not None
    if (han, fu) in ((4, 30), (3, 60)) and (
        kiriage == "all" or (kiriage == "dealer" and winner_is_dealer)
    ):
        return HandValue(han, fu, 0, MANGAN, "kiriage")
    return HandValue(han, fu, 0, min(fu * 2 ** (2 + han), MANGAN), "")


def ron_value(basic: int, winner_is_dealer: bool) -> int:
    """What the discarder pays for a ron: 6 × (dealer) or 4 × basic points, rounded up."""
    return ceil100((6 if winner_is_dealer else 4) * basic)


def ron_text(basic: int, winner_is_dealer: bool) -> tuple[str, str, str]:
    """The ron payment in words: "non-dealer ron 4 × 960 = 3,840, rounded up to 3,900"
    (zh, en, ja: "子のロン 4×960=3,840、100点単位に切り上げて3,900")."""
    m = 6 if winner_is_dealer else 4
    raw, paid = m * basic, ron_value(basic, winner_is_dealer)
    who_zh, who_en, who_ja = (
        ("庄家", "dealer", "親") if winner_is_dealer else ("闲家", "non-dealer", "子")
    )
    if raw == paid:
        return (
            f"{who_zh}荣和{m}×{fmt(basic)}={fmt(paid)}",
            f"{who_en} ron {m} × {fmt(basic)} = {fmt(paid)}",
            f"{who_ja}のロン {m}×{fmt(basic)}={fmt(paid)}",
        )
    return (
        f"{who_zh}荣和{m}×{fmt(basic)}={fmt(raw)}，进位到百为{fmt(paid)}",
        f"{who_en} ron {m} × {fmt(basic)} = {fmt(raw)}, rounded up to {fmt(paid)}",
        f"{who_ja}のロン {m}×{fmt(basic)}={fmt(raw)}、100点単位に切り上げて{fmt(paid)}",
    )


#: the dealer and a non-dealer as a payer (zh, en, ja: 親 / 子, spec §6)
_OYA, _KO = ("庄家", "dealer", "親"), ("闲家", "non-dealer", "子")


@dataclass(frozen=True, slots=True)
class Share:
    """One payer's part of a tsumo: ``amount`` and how it was reached (zh, en, ja)."""

    payer: str
    amount: int
    zh: str
    en: str
    ja: str


def _share(payer: str, num: int, den: int, basic: int, what: tuple[str, str, str]) -> Share:
    """``num / den`` × basic points, rounded up to 100 (integers: ceil of num·b / den)."""
    raw_num = num * basic
    paid = -(-raw_num // (den * 100)) * 100
    mult = f"{num}" if den == 1 else f"{num}/{den}"
    exact = raw_num // den if raw_num % den == 0 else None
    what_zh, what_en, what_ja = what
    if exact == paid:
        zh = f"{payer}（{what_zh}）付{mult}×{fmt(basic)}={fmt(paid)}"
        en = f"{payer} ({what_en}) pays {mult} × {fmt(basic)} = {fmt(paid)}"
        ja = f"{payer}（{what_ja}）の支払い {mult}×{fmt(basic)}={fmt(paid)}"
    else:
        shown = fmt(exact) if exact is not None else f"{fmt(raw_num)}/{den}"
        zh = f"{payer}（{what_zh}）付{mult}×{fmt(basic)}={shown}，进位到百为{fmt(paid)}"
        en = f"{payer} ({what_en}) pays {mult} × {fmt(basic)} = {shown}, rounded up to {fmt(paid)}"
        ja = (
            f"{payer}（{what_ja}）の支払い {mult}×{fmt(basic)}={shown}、"
            f"100点単位に切り上げて{fmt(paid)}"
        )
    return Share(payer, paid, zh, en, ja)


def tsumo_shares(
    basic: int, winner: str, dealer: str, players: tuple[str, ...], sanma_tsumo: str = "tsumo_loss"
) -> list[Share]:
    """Who pays a tsumo and how much (§2.2; three players §2.11).

    Four players: the dealer's win 2b from each; a non-dealer's win 2b from the dealer and b
    from each other. Three players, ``tsumo_loss``: the same shares, the absent North's share
    is not paid; ``split`` (北家折半): the absent share is split between the two payers, each
    payer's total rounded up to 100 (dealer win 3b each; non-dealer win 5b/2 and 3b/2).
    """
    split = len(players) == 3 and sanma_tsumo == "split"
    out: list[Share] = []
    for p in players:
        if p == winner:
            continue
        if winner == dealer:
            num, den = (3, 1) if split else (2, 1)
            out.append(_share(p, num, den, basic, _KO))
        elif p == dealer:
            num, den = (5, 2) if split else (2, 1)
            out.append(_share(p, num, den, basic, _OYA))
        else:
            num, den = (3, 2) if split else (1, 1)
            out.append(_share(p, num, den, basic, _KO))
    return out
