"""Opening a table (and /calc): ruleset → preset → the options that matter → stake.

Pure state machine over the rulesets' declarations, like :mod:`bot.entry.wizard`. The draft data
holds the list of ruleset ids offered (so an index in a button stays meaningful), the choice
so far and the page.
"""

from __future__ import annotations

from typing import Any

import scoring
from bot import fan_words, regions
from bot.entry import cells
from bot.entry.keyboard import Button, Screen, WizardError, _paged
from bot.i18n import Translator
from bot.present import MONEY_UNITS, per_unit, unit
from scoring.ruleset import Ruleset
from scoring.transfers import CURRENCIES as SYMBOLS
from scoring.transfers import minor_exponent

#: the currencies a table may count in, in the order the stake screen offers them
CURRENCIES = ("CNY", "HKD", "TWD", "SGD", "USD", "EUR", "GBP", "MYR")
#: the customary currency of a ruleset (every other ruleset is mainland Chinese: ¥)
CUSTOMARY = {"hongkong": "HKD", "taiwan": "TWD", "singapore": "SGD"}
CURRENCY = "CNY"  # the default of a ruleset not in CUSTOMARY
#: the usual stakes of each currency, in minor units per point (the first button is none)
STAKES_OF: dict[str, tuple[int, ...]] = {
    "CNY": (10, 50, 100, 200, 500, 1000),
    "HKD": (10, 20, 50, 100, 200, 500),
    "TWD": (100, 500, 1000, 2000, 5000, 10000),
    "SGD": (5, 10, 20, 50, 100, 200),
    "USD": (5, 10, 25, 50, 100, 200),
    "EUR": (5, 10, 20, 50, 100, 200),
    "GBP": (5, 10, 20, 50, 100, 200),
    "MYR": (10, 20, 50, 100, 200, 500),
}
STAKES = (0, *STAKES_OF["CNY"])  # kept: the mainland buttons (none, ¥0.1 … ¥10)
#: rulesets whose presets are stakes: the option naming the stake → its money per unit in
#: minor units (Hong Kong 二五雞 $0.25 / 五一 $0.50 / 一二蚊 $1 a 份: scoring/rulesets/hongkong.py)
PRESET_STAKES: dict[str, tuple[str, dict[str, int]]] = {
    "hongkong": ("stake", {"er_wu_ji": 25, "wu_yi": 50, "yi_er_man": 100}),
}


#: the unit of each whole-number option (#26.4: "units on every number"), by option id, or
#: by ``ruleset:option`` where a ruleset's differs: ``pts`` the ruleset's points (子 / 分 /
#: 元 …), ``fan`` its fan word (番 / 台 / faan), ``x`` a multiplier (×2), ``money`` the table's
#: currency, else a word of :data:`WORDS`. tests/bot/test_option_units.py checks every option.
INT_UNITS: dict[str, str] = {
    **dict.fromkeys(
        (
            "base", "xiaohu_zimo", "xiaohu_dianpao", "dahu_zimo", "dahu_dianpao", "hu_value",
            "follow_dealer", "gang_jing_bonus", "kong_money", "zhahu", "genzhuang",
            "kong_reward", "da_si_xi_value", "start_points", "return_points", "honba_value",
            "noten_total", "chombo_penalty", "di", "tai",
        ),
        "pts",
    ),
    **dict.fromkeys(
        (
            "min_fan", "min_faan", "max_faan", "cap_fan", "min_tai", "max_tai", "cap_tai",
            "special_hand_bonus", "mixed_terminals_tai", "small_four_winds_tai",
            "concealed_self_drawn_tai", "seven_pairs_tai", "tai_tian_hu", "tai_zi_yi_se",
            "tai_qing_yi_se", "tai_si_an_ke", "tai_wu_an_ke", "tai_hua_gang", "tai_di_ting",
            "tai_du_ting",
        ),
        "fan",
    ),
    **dict.fromkeys(
        (
            "four_ghost_mult", "mult_pong_pong_hu", "mult_seven_pairs", "mult_luxury_seven_pairs",
            "mult_full_flush", "mult_half_flush", "mult_terminals", "mult_all_honours",
            "mult_thirteen_orphans", "instant_scale", "set_payout", "max_yakuman",
        ),
        "x",
    ),
    "birds": "tile",
    **dict.fromkeys(("horses", "extra_horses_no_ghost"), "horse"),
    **dict.fromkeys(("rob_min_hua", "runaway_hua", "manguan", "flower_value"), "hua"),
    **dict.fromkeys(("limit", "kong_claimed_hu", "kong_claimed_hard_hu"), "hu"),
    "da_qidui_fan": "double",
    "lighter_limit": "lighter",
    "player_count": "player",
    "rate": "money",
    **dict.fromkeys(("uma_1", "uma_2", "uma_3", "uma_4"), "thousand"),
    # the stake of one 花 in 银子, Wenling's base a multiplier of the 胡 score
    "suzhou:base": "silver",
    "taixing:base": "silver",
    "wenling:base": "x",
}  # fmt: skip
#: unit words: (zh, en one, en more, zh_hant, ja); an empty zh_hant is zh converted
WORDS: dict[str, tuple[str, str, str, str, str]] = {
    "points": ("分", "point", "points", "", "点"),
    "fan": ("番", "fan", "fan", "", "番"),
    "tile": ("张", "tile", "tiles", "", "枚"),
    "horse": ("马", "horse", "horses", "", "馬"),  # 买4马: four tiles turned up as horses
    "hua": ("花", "花", "花", "", "花"),
    "hu": ("胡", "胡", "胡", "", "胡"),
    "double": ("翻", "fan", "fan", "", "翻"),
    "lighter": ("个", "lighter", "lighters", "", "個"),
    "player": ("人", "player", "players", "", "人"),
    "silver": ("银子", "silver", "silver", "", "銀子"),
}
#: the rulesets whose points unit is a base ("底分", "base units"): a number of them is points
_BASE_UNITS = frozenset({"guangdong", "sichuan", "singapore", "suzhou"})


def option_number(rs: Ruleset, option_id: str, value: int, tr: Translator, cur: str) -> str:
    """A whole-number option's value with its unit in the chat's language: "1 zi" / "1子",
    "8 fan" / "8番", "×2", "¥0.50" (``cur`` the table's currency)."""
    kind = INT_UNITS.get(f"{rs.id}:{option_id}") or INT_UNITS.get(option_id, "")
    if kind == "x":
        return f"×{value}"
    if kind == "money":  # whole currency units (riichi: money per 1,000 points)
        return money(value * 10 ** minor_exponent(cur), tr, cur)
    if kind == "thousand":  # uma in thousands of points: +15 is 15,000 points
        value, kind = value * 1000, "pts"
    word = ""
    if kind == "pts" and rs.id not in _BASE_UNITS:
        word = unit(rs.id, tr)
    elif kind == "fan":
        word = fan_words.word(rs, tr)
    kind = {"pts": "points", "fan": "fan"}.get(kind, kind)
    if not word and kind in WORDS:
        zh, one, more, hant, ja = WORDS[kind]
        word = ja if tr.lang == "ja" else tr.pick(zh, one if value in (1, -1) else more, hant)
    english = not tr.zh and tr.lang != "ja"
    number = f"{value:,}" if english else str(value)
    if english and value in (1, -1) and word.endswith("s"):
        word = word[:-1]  # the ruleset's unit is plural: "1 point", "1 dollar"
    if not word:
        return number
    cjk = cells.width(word[:1]) == 2
    return f"{number}{word}" if cjk else f"{number} {word}"


def customary(rs_id: str) -> str:
    """The currency a ruleset's tables count in unless chosen otherwise."""
    return CUSTOMARY.get(rs_id, CURRENCY)


def currency_of(data: dict[str, Any]) -> str | None:
    """The table's currency (None: no money, points only)."""
    if not data.get("stake"):
        return None
    return str(data.get("currency") or customary(str(data.get("ruleset"))))


def fixed_stake(data: dict[str, Any]) -> int | None:
    """The stake the table's choices fix (minor units a point), or None if it is picked:
    a preset that is a stake (Hong Kong 五一), a ruleset counting in money (Taiwan)."""
    rs_id = str(data.get("ruleset"))
    cur = str(data.get("currency") or customary(rs_id))
    if rs_id in PRESET_STAKES:
        option, cents = PRESET_STAKES[rs_id]
        value = current_options(data).get(option)
        if value in cents:
            return int(cents[str(value)] * 10 ** minor_exponent(cur) // 100)
    if rs_id in MONEY_UNITS:
        return int(10 ** minor_exponent(cur))
    return None


def stakes(data: dict[str, Any]) -> tuple[int, ...]:
    """The stake buttons: none first, then the currency's usual stakes (or the one the
    preset or the ruleset fixes)."""
    fixed = fixed_stake(data)
    if fixed is not None:
        return (0, fixed)
    cur = str(data.get("currency") or customary(str(data.get("ruleset"))))
    return (0, *STAKES_OF.get(cur, STAKES_OF["CNY"]))


def new_setup(mode: str = "table") -> tuple[str, dict[str, Any]]:
    ids = [rs.id for rs in scoring.all_rulesets()]
    return "ruleset", {
        "kind": "setup",
        "mode": mode,
        "choices": ids,
        "ruleset": None,
        "options": {},
        "stake": 0,
        "page": 0,
        "trail": [],
    }


def _rs(data: dict[str, Any]) -> Ruleset:
    return scoring.get(data["ruleset"])


def important(rs: Ruleset) -> list[int]:
    return [i for i, o in enumerate(rs.options) if o.important]


def _next(data: dict[str, Any], step: str) -> str:
    rs = _rs(data)
    order = ["ruleset", "preset", "options", "stake", "open"]
    i = order.index(step) + 1
    while True:
        s = order[i]
        if s == "preset" and len(rs.presets) < 2:
            i += 1
            continue
        if s == "options" and not important(rs):
            i += 1
            continue
        if s == "stake" and data["mode"] != "table":
            return "open"
        return s


def _go(data: dict[str, Any], step: str, new: str) -> str:
    data["trail"].append(step)
    data["page"] = 0
    return new


def _idx(arg: str, upper: int) -> int:
    if not (arg.isascii() and arg.isdigit()) or int(arg) >= upper:
        raise WizardError("bad_arg")
    return int(arg)


def apply(step: str, data: dict[str, Any], action: str, arg: str) -> str:
    """Apply a tap; returns the next step (``open`` = done: open the table / start the calc)."""
    if action == "b" and step == "ruleset" and data.get("region"):  # back to the regions
        data.pop("region")
        data["page"] = 0
        return step
    if action == "b":
        if not data["trail"]:
            raise WizardError("no_back")
        data["page"] = 0
        return str(data["trail"].pop())
    if action == "pg":
        data["page"] = _idx(arg, 1000)
        return step
    if step == "ruleset" and action == "rg":  # a region (#26.6): its rulesets, or its one
        region = regions.REGIONS[_idx(arg, len(regions.REGIONS))]
        mine = [i for i, rid in enumerate(data["choices"]) if rid in region.rulesets]
        if not mine:
            raise WizardError("bad_arg")
        if len(mine) > 1:
            data["region"] = region.id
            data["page"] = 0
            return step
        arg = str(mine[0])
        action = "rs"
    if step == "ruleset" and action == "rs":
        data.pop("region", None)
        rid = data["choices"][_idx(arg, len(data["choices"]))]
        picked = scoring.get(rid)
        data["ruleset"] = rid
        data["options"] = {"preset": picked.default_preset} if picked.default_preset else {}
        return _go(data, step, _next(data, step))
    rs = _rs(data) if data.get("ruleset") else None
    if rs is None:
        raise WizardError("bad_arg")
    if step == "preset" and action == "ps":
        p = rs.presets[_idx(arg, len(rs.presets))]
        data["options"] = {"preset": p.id}
        return _go(data, step, _next(data, step))
    if step == "options":
        if action == "n":
            return _go(data, step, _next(data, step))
        o = rs.options[_idx(arg, len(rs.options))]
        if not o.important:
            raise WizardError("bad_arg")
        cur = current_options(data)[o.id]
        if action == "ot" and o.kind == "bool":
            new: bool | int | str = not cur
        elif action == "oc" and o.kind == "choice":
            vals = [c.value for c in o.choices]
            new = vals[(vals.index(str(cur)) + 1) % len(vals)] if cur in vals else vals[0]
        elif action in ("o+", "o-") and o.kind == "int":
            assert isinstance(cur, int)
            new = cur + (1 if action == "o+" else -1)
            if o.check(new) or not _options_ok(rs, {**data["options"], o.id: new}):
                raise WizardError("at_max" if action == "o+" else "at_min")
        else:
            raise WizardError("bad_arg")
        data["options"][o.id] = new
        return step
    if step == "stake" and action == "sk":
        offered = stakes(data)
        data["stake"] = offered[_idx(arg, len(offered))]
        data.setdefault("currency", customary(rs.id))
        return _go(data, step, "open")
    if step == "stake" and action == "cu":  # another currency: its stakes are offered
        data["currency"] = CURRENCIES[_idx(arg, len(CURRENCIES))]
        return step
    raise WizardError("bad_arg")


def _options_ok(rs: Ruleset, options: dict[str, Any]) -> bool:
    """Whether the ruleset accepts the option set as a whole (e.g. a cap within the ledger's
    bound for the base: ``Ruleset.check_options``)."""
    try:
        rs.resolve_options(options)
    except scoring.RecordError:
        return False
    return True


def current_options(data: dict[str, Any]) -> dict[str, Any]:
    return dict(_rs(data).resolve_options(data.get("options") or {}))


def table_options(data: dict[str, Any]) -> dict[str, bool | int | str]:
    """The overrides to store: the preset plus options that differ from it."""
    rs = _rs(data)
    opts = dict(data.get("options") or {})
    base = rs.resolve_options({"preset": opts["preset"]} if "preset" in opts else {})
    return {k: v for k, v in opts.items() if k == "preset" or base.get(k) != v}


def money(minor: int, tr: Translator, currency: str = CURRENCY) -> str:
    from bot.render import format_money

    return format_money(minor, currency, lang=tr.lang)


def _stake_screen(data: dict[str, Any], rs: Ruleset, tr: Translator) -> list[list[Button]]:
    """No money, the stakes in the table's currency (or the one its preset is), then the
    currencies to count in instead."""
    _ = tr.gettext
    cur = str(data.get("currency") or customary(rs.id))
    per = per_unit(rs.id, tr)
    fixed = fixed_stake(data) is not None
    btns = []
    for i, v in enumerate(stakes(data)):
        if v == 0:
            label = _("No money")
        elif rs.id in MONEY_UNITS:  # its points are money: nothing to pick but the currency
            label = _("Count in {currency}").format(currency=SYMBOLS[cur][0].strip() or cur)
        elif fixed:
            label = _("{money} per {unit}").format(money=money(v, tr, cur), unit=per)
        else:
            label = money(v, tr, cur)
        btns.append(Button(label, "sk", str(i)))
    rows = [btns[:1], btns[1:4], btns[4:]] if not fixed else [btns[:1], btns[1:]]
    symbols = [
        Button(("✅ " if c == cur else "") + (SYMBOLS[c][0].strip() or c), "cu", str(i))
        for i, c in enumerate(CURRENCIES)
    ]
    rows += [symbols[:4], symbols[4:]]
    return [r for r in rows if r]


def render(step: str, data: dict[str, Any], tr: Translator) -> Screen:
    _ = tr.gettext
    rows: list[list[Button]] = []
    title = _("Calculator") if data["mode"] == "calc" else _("New table")
    lines = [f"<b>{title}</b>"]
    rs = _rs(data) if data.get("ruleset") else None
    if rs is not None:
        lines.append(_("Rules: {name}").format(name=tr.name(rs)))
        preset = data["options"].get("preset")
        if preset and (p := rs.preset(str(preset))) and len(rs.presets) > 1:
            lines.append(_("Preset: {name}").format(name=tr.name(p)))
    if step == "ruleset":
        lines.append(_("Which rules do you play?"))
        rows = region_rows(data, tr)
        lines.append(_("Or reply with a city or the rules' name (e.g. 南昌, Hong Kong)."))
    elif step == "preset":
        assert rs is not None
        lines.append(_("Which variant?"))
        cur = data["options"].get("preset")
        btns = [
            Button(cells.labelled("✅ " if p.id == cur else "", tr.name(p), "", 36), "ps", str(i))
            for i, p in enumerate(rs.presets)
        ]
        rows = _paged(btns, data.get("page", 0), per_row=1)
    elif step == "options":
        assert rs is not None
        lines.append(_("Table options (tap to change):"))
        cur = current_options(data)
        for i in important(rs):
            o = rs.options[i]
            v = cur[o.id]
            if o.kind == "bool":  # the name shortened where it must be, the value never (#26.4)
                label = cells.labelled("✅ " if v else "▫️ ", tr.name(o), "", 36)
                rows.append([Button(label, "ot", str(i))])
            elif o.kind == "choice":
                c = next((c for c in o.choices if c.value == v), None)
                value = tr.name(c) if c else str(v)
                name, tail = tr.name(o), f": {value} 🔄"
                if cells.width(name + tail) > 36:  # the value's gloss first, then the name
                    tail = f": {cells.bare(value)} 🔄"
                label = cells.labelled("", name, tail, 36)
                rows.append([Button(label, "oc", str(i))])
            else:
                # the value whole in a phone's row, ➖ ➕ under it (#26.1, #26.4)
                number = option_number(rs, o.id, int(v), tr, currency_of(data) or customary(rs.id))
                rows.append([Button(cells.labelled("", tr.name(o), f": {number}", 36), "pg", "0")])
                rows.append([Button("➖", "o-", str(i)), Button("➕", "o+", str(i))])
        rows.append([Button(_("Next") + " ▶", "n")])
    elif step == "stake":
        assert rs is not None
        if rs.id in MONEY_UNITS:
            lines.append(_("Money: these rules count in money. Which currency?"))
        elif fixed_stake(data) is not None:
            lines.append(_("Money: this variant is a stake. Tap it, or no money:"))
        else:
            lines.append(_("Money per point (optional):"))
        lines.append(_("Other currencies: tap one to see its stakes."))
        rows = _stake_screen(data, rs, tr)
    nav = []
    if data["trail"] or (step == "ruleset" and data.get("region")):  # back to the regions
        nav.append(Button("◀ " + _("Back"), "b"))
    nav.append(Button("✖ " + _("Cancel"), "x"))
    rows.append(nav)
    return Screen("\n".join(lines), rows)


def region_rows(data: dict[str, Any], tr: Translator) -> list[list[Button]]:
    """The ruleset screen (#26.6): the regions (a region of one ruleset picks it), or the
    chosen region's rulesets."""
    choices = data["choices"]
    if data.get("region"):
        region = next(r for r in regions.REGIONS if r.id == data["region"])
        btns = [
            Button(tr.name(scoring.get(rid)), "rs", str(i))
            for i, rid in enumerate(choices)
            if rid in region.rulesets
        ]
        return cells.pack(btns, 2)
    btns = [
        Button(regions.name(r, tr) + ("" if len(r.rulesets) < 2 else " ▸"), "rg", str(i))
        for i, r in enumerate(regions.REGIONS)
        if any(rid in choices for rid in r.rulesets)
    ]
    return cells.pack(btns, 3)


def pick_typed(data: dict[str, Any], text: str) -> str | None:
    """A reply to the ruleset screen naming one ruleset (a city, a region, a name): its id,
    picked as a tap on it would (the next step is returned by :func:`apply`)."""
    found = regions.search(text, data["choices"])
    return found[0] if len(found) == 1 else None
