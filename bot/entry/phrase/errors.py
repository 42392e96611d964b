"""A phrase that does not make a hand: :class:`PhraseError` and its sentence in the chat's
language (:func:`error_text`), naming the players and the word at fault, never an id."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import Translator


# ---------------------------------------------------------------------------------------
# the error
# ---------------------------------------------------------------------------------------
class PhraseError(ValueError):
    """A phrase that does not make a hand. ``code`` says what kind; ``word`` is the word at
    fault as typed; ``choices`` the suggestions (display names); ``who`` / ``whom`` players'
    names; ``what`` a declaration's name. :func:`error_text` makes the sentence."""

    def __init__(
        self,
        code: str,
        *,
        word: str = "",
        choices: Iterable[str] = (),
        who: str = "",
        whom: str = "",
        what: str = "",
        n: int = 0,
        why: str = "",
    ) -> None:
        super().__init__(code)
        self.code = code
        self.word = word
        self.choices = tuple(choices)
        self.who = who
        self.whom = whom
        self.what = what
        self.n = n
        self.why = why

    def text(self, tr: Translator) -> str:
        return error_text(self, tr)


def or_list(tr: Translator, items: Iterable[str]) -> str:
    items = list(items)
    if tr.zh:
        return "、".join(items[:-1]) + ("或" if len(items) > 1 else "") + items[-1]
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def error_text(err: PhraseError, tr: Translator) -> str:
    """The sentence for a :class:`PhraseError` in the chat's language (plain text)."""
    _ = tr.gettext
    choices = or_list(tr, err.choices) if err.choices else ""
    f = {
        "word": err.word,
        "choices": choices,
        "who": err.who,
        "whom": err.whom,
        "what": err.what,
        "n": err.n,
        "why": err.why,
    }
    code = err.code
    if code == "empty":
        text = _(
            "Say the hand in one line, e.g. /hand Bob ron Carol plain win, or /hand Alice "
            "self-drawn plain win."
        )
    elif code == "unknown":
        if choices:
            text = _("I do not know the word “{word}”. Did you mean {choices}?")
        else:
            text = _("I do not know the word “{word}”.")
    elif code == "ambiguous":
        text = _("“{word}” could be {choices}: write it out.")
    elif code == "ambiguous_player":
        text = _("“{word}” could be {choices}: write more of the name.")
    elif code == "no_how":
        text = _(
            "How did {who} win? Say self-drawn (自摸) or whose discard it was (e.g. ron {whom})."
        )
    elif code == "no_discarder":
        text = _("Whose discard did {who} win on? Name the player after the word “{word}”.")
    elif code == "no_winner":
        text = _("Who won? Start with the winner's name (or say draw / 流局).")
    elif code == "no_winner_for":
        text = _("Who won on {who}'s discard? Name the winner after the word “{word}”.")
    elif code == "two_hows":
        text = _("{who} cannot win both self-drawn and on a discard: say one.")
    elif code == "two_discarders":
        text = _("{who} won on one discard: {choices}?")
    elif code == "self_discard":
        text = _("{who} cannot win on their own discard.")
    elif code == "two_shapes":
        text = _("{who} has one hand: {choices}?")
    elif code == "twice":
        text = _("{who} is named as a winner twice.")
    elif code == "stray_player":
        text = _(
            "What about {who}? Say what they did, e.g. {who} 自摸 (self-drawn), "
            "{who} 胡 {whom} (won on {whom}'s discard) or {whom} 点炮 {who}."
        )
    elif code == "stray_number":
        text = _("I do not know what the number {n} is for. Put it after a count, e.g. 根1.")
    elif code == "stray_item":
        text = _("Whose is {what}? Name the winner first.")
    elif code == "no_shape":
        text = _("Which hand did {who} win with? Say one of {choices}.")
    elif code == "no_fan":
        text = _("Give {who}'s fans: a total like 8番 / 8 fan, fan names, or tiles …")
    elif code == "not_played":
        text = _("{what} is not played at this table.")
    elif code == "only_how":
        text = _("{what} is only possible {choices}, and {who} did not win that way.")
    elif code == "dealer_only":
        text = _("{what} is only possible for the dealer, and {who} is not the dealer.")
    elif code == "not_dealer":
        text = _("{what} is not possible for the dealer {who}.")
    elif code == "needs_shape":
        text = _("{what} goes only with {choices}.")
    elif code == "not_with":
        text = _("{what} cannot be combined with {choices}.")
    elif code == "one_winner":
        text = _("Only one player can win a hand in these rules.")
    elif code == "same_discard":
        text = _("Several winners must all win on the same discard in these rules.")
    elif code == "all_win":
        text = _("At least one player must not win.")
    elif code == "no_wins_in":
        text = _("A hand with the result {what} has no winner.")
    elif code == "count_whose":
        text = _("Whose {what}? Write the player's name and the number, e.g. {what} {who} 2.")
    elif code == "count_how_many":
        text = _("How many {what} has {who}? Write the number after it.")
    elif code == "count_range":
        text = _("{who}: {what} can be at most {n}.")
    elif code == "count_min":
        text = _("{who}: {what} must be at least {n}.")
    elif code == "count_total":
        text = _("{what}: all players together can have at most {n}.")
    elif code == "count_result":
        text = _("{what} is not counted in this kind of hand.")
    elif code == "event_whose":
        text = _("Who had the {what}? Write the player's name next to it.")
    elif code == "event_from":
        text = _("{what}: whom did {who} take it from? Write that player after {who}.")
    elif code == "event_result":
        text = _("{what} cannot happen in this kind of hand.")
    elif code == "event_field":
        text = _("{what}: the number must be between {why}.")
    elif code == "event_text":
        text = _("{what} needs a name that I cannot take from one line; use the buttons.")
    elif code == "tiles":
        text = _("I could not read the tiles “{word}”: {why}. Write the hand, a space, then "
                 "the winning tile, e.g. tiles [555z](7777p)123s999p2z 2z")  # fmt: skip
    elif code == "tiles_word":
        text = _("The tiles word “{word}” does not fit this win.")
    elif code == "tiles_only":
        text = _("Tiles (牌 …) are only entered in Guobiao.")
    elif code == "fan_total":
        text = _("A fan total like 8番 does not fit these rules.")
    elif code == "core":  # a sentence already (the wizard's, in the chat's language)
        return err.why
    else:
        text = _("I could not read that hand.")
    return text.format(**f)
