"""The whole hand in one line: ``老王 自摸 小七对 精吊 正精 老王2 小红1``, ``Bob ron Carol big
seven pairs no wild``, ``小红 胡 阿明 清一色 根1``, ``Carol zimo tiles [555z](7777p)123s999p2z 2z``.

Pure: no Telegram, no database. The package:

* ``fold`` — text folding and numbers; ``vocab`` — a table's words; ``tokens`` — a line cut
  into tokens; ``parser`` — the pass over them; ``record`` — the record they make and its
  checks; ``errors`` — the refusal and its sentence; ``write`` — a record written as a line.

:func:`read` reads one line of text for a table (:class:`TableInfo`: the ruleset and
options, the seated players' ids and display names, the dealer) into the typed draft of the
entry core (:class:`bot.entry.draft.Draft`) and its record (:func:`bot.entry.checks.to_record`,
every door's), with the one thing it leaves out, if one (:class:`Missing`: whose discard, the
shape, the value — the buttons ask it); a shape or flag is refused exactly where
:mod:`bot.entry.allowed` would not offer it. :func:`parse` is the strict reading that the
scoring core settles. A refusal is a :class:`PhraseError`, whose :meth:`PhraseError.text` is a
sentence in the chat's language that names the players and the word at fault, with
suggestions — never a JSON path or an id. :func:`examples` are lines in a table's own terms,
each read back before it is given.

Words are the ruleset's own names (Simplified, Traditional and English, with what is in
brackets left out: ``平胡（二五八将）`` is also ``平胡``; ``杠开/花开`` is either), a unique prefix of
one of them, and the common aliases below; players by display name or a unique prefix
(case-insensitive; full-width letters and digits fold). Numbers in ASCII, full width or Chinese
(一 二 两 三 … 十 …), also inside a name (``big 7 pairs``, ``大7对``) and glued to a word
(``正精Bob２``). Every name the bot prints reads back: the declarations in all three
languages, the fan list's, the ruleset's step words that name an entry (Hong Kong's 爆棚 /
满糊 / ``limit`` — also 滿貫 — is its limit flag; 食糊, its name of a won hand, and 食 / 出銃
are verbs), and the preview's line of a win (``Bob — on Carol's discard · …``). Filler words (了 的 那个 嗯 um uh …) and punctuation are ignored, so the
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

from bot.entry.phrase.errors import PhraseError, error_text
from bot.entry.phrase.record import Missing, Reading, looks_like_hand, parse, parse_record, read
from bot.entry.phrase.vocab import TableInfo
from bot.entry.phrase.write import examples, phrase_of

__all__ = [
    "Missing",
    "PhraseError",
    "Reading",
    "TableInfo",
    "error_text",
    "examples",
    "looks_like_hand",
    "parse",
    "parse_record",
    "phrase_of",
    "read",
]
