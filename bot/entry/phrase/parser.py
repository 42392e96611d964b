"""The pass over a phrase's tokens: who won, how, off whom, the items of each win, counts,
events and the result (:class:`Parser`; raises :class:`PhraseError`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import scoring
from bot.entry.phrase.errors import PhraseError
from bot.entry.phrase.fold import as_typed, word_key
from bot.entry.phrase.tokens import Tok
from bot.entry.phrase.vocab import (
    FANUNIT,
    ROB,
    RON,
    SELF,
    WIN,
    TableInfo,
    decl_of,
    dname,
    suggest,
    vocab_of,
)
from bot.i18n import Translator
from scoring.declarations import DISCARD, ROBBED_KONG, SELF_DRAWN
from scoring.record import Event, OptionValue


# ---------------------------------------------------------------------------------------
# the parser
# ---------------------------------------------------------------------------------------
@dataclass(slots=True)
class WinSpec:
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


class Parser:
    def __init__(self, table: TableInfo, tr: Translator) -> None:
        self.table = table
        self.tr = tr
        self.rs = scoring.get(table.ruleset)
        self.vocab = vocab_of(table.ruleset)
        self.wins: list[WinSpec] = []
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
        #: the wins whose way of winning the line leaves open (win index, what to ask)
        self.open_how: list[tuple[int, PhraseError]] = []

    # --- helpers ----------------------------------------------------------------------
    def name(self, pid: str | None) -> str:
        return self.table.name(pid)

    def dn(self, kind: str, item_id: str) -> str:
        return dname(self.rs, kind, item_id, self.tr)

    def peek(self, k: int = 0) -> Tok | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def cur(self) -> WinSpec | None:
        return self.wins[-1] if self.wins else None

    def other_player(self, pid: str) -> str:
        return next((p for p in self.table.players if p != pid), pid)

    def new_win(self, pid: str, how: str | None = None, discarder: str | None = None) -> WinSpec:
        if any(w.winner == pid for w in self.wins):
            raise PhraseError("twice", who=self.name(pid))
        w = WinSpec(pid, how, discarder)
        self.wins.append(w)
        for t in self.floating:
            self.apply_item(w, t)
        self.floating = []
        return w

    def set_how(self, w: WinSpec, how: str, word: str) -> None:
        if w.how is not None and w.how != how and not ({w.how, how} == {DISCARD, ROBBED_KONG}):
            raise PhraseError("two_hows", who=self.name(w.winner))
        if w.how != ROBBED_KONG:
            w.how = how
        w.how_word = word

    def set_from(self, w: WinSpec, pid: str) -> None:
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

    def apply_item(self, w: WinSpec, t: Tok) -> None:
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
            if not self.as_fan(t):
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

    def as_fan(self, t: Tok) -> bool:
        """A word that names a checklist fan and something else first (Taiwan's 搶槓 and the
        way of winning, Singapore's complete flower set and its event, Taiwan's 七搶一 and
        its flag) is the fan where the win is given by its fans already, or where it is said
        again (the how, the flag)."""
        fid = self.vocab.fan_also.get(word_key(t.word))
        w = self.cur()
        if fid is None or w is None or self.pending or self.expect is not None:
            return False
        again = (t.kind == SELF and w.how == SELF_DRAWN) or (t.kind == ROB and w.how == ROBBED_KONG)
        if t.kind == "flag":  # Taiwan's 七搶一, a flag and the fan: said twice, both
            again, fans_given = t.id in w.flags, False
        else:
            fans_given = bool(w.fans)
        if not (again or fans_given):
            return False
        w.fans.append(fid)
        return True

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

    def start_wins_from_pending(self, *, same_way: bool = False) -> list[WinSpec]:
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
        if len(self.pending) > 1:  # "P — Q放炮" (the preview's words): Q fed the others
            feeder = self.pending.pop()
            for w in self.start_wins_from_pending():
                self.set_from(w, feeder)
            return
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
        ids = {item for _kind, _, item in parts}
        kinds = {kind for kind, _, _item in parts}
        if len(ids) == 1 and kinds == {"flag", "event"}:
            # one name, a win's flag and anyone's event (riichi's リーチ): a player named just
            # before it has the event; else the current win has the flag
            (item,) = ids
            if self.pending:
                self.on_event(Tok("event", id=item, word=t.word))
                return
            if self.cur() is not None:
                self.on_item(Tok("flag", id=item, word=t.word))
                return
        choices = []
        for kind, _, item in parts:
            d = self.dn(kind, item)
            if d not in choices:
                choices.append(d)
        if len(choices) < len(parts):  # 字一色（成阕） and 字一色（不成阕）: the full names
            choices = []
            for kind, _, item in parts:
                decl = decl_of(self.rs, kind, item)
                full = self.tr.name(decl) if decl is not None and kind != "fan" else item
                if full not in choices:
                    choices.append(full)
        raise PhraseError("ambiguous", word=as_typed(t.word, self.text), choices=choices)

    def on_ambiguous_player(self, t: Tok) -> None:
        raise PhraseError(
            "ambiguous_player",
            word=as_typed(t.word, self.text),
            choices=[self.name(p) for p in t.id.split("|")],
        )

    def on_unknown(self, t: Tok) -> None:
        raise PhraseError(
            "unknown",
            word=as_typed(t.word, self.text),
            choices=suggest(t.word, self.table, self.tr),
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
        for n, w in enumerate(self.wins):
            if w.how is None:
                self.open_how.append(
                    (
                        n,
                        PhraseError(
                            "no_how",
                            who=self.name(w.winner),
                            whom=self.name(self.other_player(w.winner)),
                        ),
                    )
                )
            elif w.how in (DISCARD, ROBBED_KONG) and w.discarder is None:
                self.open_how.append(
                    (
                        n,
                        PhraseError(
                            "no_discarder",
                            who=self.name(w.winner),
                            word=w.how_word or self.expect_word,
                        ),
                    )
                )
        if self.result is None:
            if not self.wins:
                raise PhraseError("no_winner")
            self.result = "win"
            self.result_implied = True


#: events that are always the dealer's (跟庄: the others follow the dealer's first discard)
DEALER_EVENTS = frozenset({"follow_dealer"})
