"""A phrase cut into tokens: players, declared words, numbers, the alias kinds; the Guobiao
tiles text after ``tiles``/``牌``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.entry.phrase.fold import (
    CN_NUM,
    EN_NUM,
    EN_TENS,
    FILLER_CHARS,
    MEASURE,
    MEASURE_SKIP,
    SEPARATORS,
    cn_value,
    fold,
    joined,
    latin,
    singular,
    word_key,
)
from bot.entry.phrase.vocab import (
    ALIASES,
    DEALER,
    FANUNIT,
    FEED,
    FILLER,
    ROB,
    RON,
    SELF,
    TILES,
    WIN,
    Meaning,
    TableInfo,
    Vocab,
    vocab_of,
)


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


def players_vocab(table: TableInfo) -> dict[str, str]:
    return {word_key(table.names[p]): p for p in table.players if word_key(table.names[p])}


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
        if i + n < len(s) and joined(key[-1], s[i + n]):
            continue
        if i > 0 and joined(s[i - 1], key[0]):
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
    while j < len(s) and s[j] in CN_NUM:
        j += 1
    if j == i or cn_value(s[i:j]) is None:
        return 0
    if j == len(s) or s[j] == " " or s[j].isdigit() or s[j] in MEASURE or latin(s[j]):
        return j - i
    if _match_at(s, j, vocab, players) is not None:
        return j - i
    return 0


def _skip_measure(s: str, i: int, vocab: Vocab, players: dict[str, str]) -> int:
    """After a number: past a measure word (两个, 3张) that starts no word of its own."""
    if i < len(s) and s[i] in MEASURE_SKIP and _match_at(s, i, vocab, players) is None:
        return i + 1
    return i


def tokenize(text: str, table: TableInfo) -> tuple[list[Tok], str | None]:
    """The tokens of a phrase, and the Guobiao tiles text (after ``tiles``/``牌``) if any."""
    vocab = vocab_of(table.ruleset)
    players = players_vocab(table)
    s = fold(text)
    s = "".join(" " if ch in SEPARATORS else ch for ch in s)
    s = re.sub(r"'s\b", " 's", s)  # "carol's" → "carol 's"
    s = " ".join(singular(w) for w in s.split())
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
        word = word.strip("".join(FILLER_CHARS))
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
                        more, _none = tokenize(moved, table)
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
            value = cn_value(s[i : i + n])
            assert value is not None
            toks.append(Tok("number", n=value, word=s[i : i + n]))
            i = _skip_measure(s, i + n, vocab, players)
            continue
        if latin(ch):
            flush(i)
            span = _prefix_span(s, i, vocab)
            if span is not None:  # "no ghost": the start of No ghost in hand
                end, m = span
                toks.append(Tok(m.kind, id=m.id, word=s[i:end]))
                i = end
                continue
            j = i + 1
            while j < len(s) and joined(s[j - 1], s[j]):
                j += 1
            word = s[i:j]
            units = {word_key(u) for u in ALIASES[FANUNIT]}
            after = s[j:].lstrip().split(" ", 1)[0] if s[j:].strip() else ""
            if (word in EN_NUM or word in EN_TENS) and vocab.names.get(word) and after not in units:
                toks.append(Tok("unknown", word=word))  # "thirteen" (rotten), not 13
            elif word in EN_TENS:
                value = EN_TENS[word]
                rest = s[j:].lstrip()
                unit = rest.split(" ", 1)[0] if rest else ""
                if unit in EN_NUM and 0 < EN_NUM[unit] < 10 and unit not in ("no", "once"):
                    value += EN_NUM[unit]
                    j = len(s) - len(rest) + len(unit)
                toks.append(Tok("number", n=value, word=s[i:j]))
            elif word in EN_NUM and word != "no":
                toks.append(Tok("number", n=EN_NUM[word], word=word))
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


def _prefix_span(s: str, i: int, vocab: Vocab) -> tuple[int, Meaning] | None:
    """Two or more English words at ``s[i:]`` that begin exactly one declared name of
    several words ("no ghost" → No ghost in hand), as (the end, its meaning); the most words
    that do. One word alone is left to :func:`_resolve_unknown` (it may be a player's)."""
    words: list[tuple[int, int]] = []
    j = i
    while j < len(s) and len(words) < 6:
        k = j
        while k < len(s) and latin(s[k]):
            k += 1
        if k == j or (k < len(s) and s[k] != " "):
            break
        words.append((j, k))
        j = k + 1
    for n in range(len(words), 1, -1):
        key = s[i : words[n - 1][1]]
        if key in vocab.exact:
            return None  # an exact name: the longest match reads it
        ms = vocab.names.get(key, set())
        if len(ms) == 1:
            return words[n - 1][1], next(iter(ms))
    return None


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
        key = word_key(w)
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
