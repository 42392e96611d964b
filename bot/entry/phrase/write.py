"""A record written back as a phrase (:func:`phrase_of`): round trips and examples."""

from __future__ import annotations

import scoring
from bot.entry.phrase.vocab import TableInfo, decl_of
from scoring.record import HandRecord


# ---------------------------------------------------------------------------------------
# a record written back as a phrase (round trips, examples)
# ---------------------------------------------------------------------------------------
def phrase_of(record: HandRecord, table: TableInfo, lang: str = "en") -> str:
    """One line that :func:`parse` reads back into ``record`` (wins, shapes, flags, fan
    totals and fans, counts, events without text fields; not tiles)."""
    rs = scoring.get(record.ruleset)
    zh = lang.startswith("zh")

    def nm(kind: str, item_id: str) -> str:
        d = decl_of(rs, kind, item_id)
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
