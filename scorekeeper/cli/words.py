"""The command words of `play`'s prompt in each language: one table per language beside the
English words (which work in every language), the word a line's first word names, and the
closest word to a slip. cli/play.py reads a line with them, cli/prompt.py completes them."""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import speaking

#: The command words of each language but English, beside the English ones (which are
#: every language's): the word typed, and the English name of the command it names. The
#: first word for a command is the one the help and completion show; the others are the
#: same word typed without æ, ø, å. Checked against each game's short form: none of them
#: may start a deal (a Danish deal's words are pas, ekstra, forsvar, stik, o, i, ...).
WORDS: dict[str, dict[str, str]] = {
    "da": {
        "vis": "show", "opgør": "settle", "opgoer": "settle", "opgor": "settle",
        "historik": "history", "fortryd": "undo", "ret": "amend", "rediger": "edit",
        "betalt": "paid", "tilmeld": "join", "afmeld": "leave", "betal": "pay",
        "spil": "deal", "ny": "new", "brug": "use", "sessioner": "sessions",
        "regnskab": "book", "statistik": "stats", "hjælp": "help", "hjaelp": "help",
        "hjalp": "help", "afslut": "quit", "tæl": "count", "tael": "count",
    },
}
#: The games' own words in each language but English, beside their names (which are every
#: language's): Danish lu for Three-card Loo (trekorts-lu, the seed's name), which
#: `scorekeeper lu new` and `new lu` at the prompt take as `loo`.
GAME_WORDS: dict[str, dict[str, str]] = {
    "da": {"lu": "loo", "trekorts-lu": "loo", "trekortslu": "loo",
           "auktionspinochle": "pinochle"},
}
#: Other English words for a command: the first letter of quit, and exit.
ALIASES = {"q": "quit", "exit": "quit", "?": "help"}


def command_name(word: str) -> str:
    """The (English) name of the command `word` names in the language spoken, or in
    English; `word` itself, in lower case, if it names none."""
    lowered = word.lower()
    return WORDS.get(speaking().code, {}).get(lowered) or ALIASES.get(lowered, lowered)


def said(name: str) -> str:
    """The word for command `name` in the language spoken (its English name if none)."""
    spoken = WORDS.get(speaking().code, {})
    return next((word for word, named in spoken.items() if named == name), name)


def closest(word: str, spoken: list[str]) -> str | None:
    """The command word `word` may be a slip for, among `spoken` (the words of the language
    spoken, as the help shows them): another language's own word for one of them, else the
    closest of them, else the closest English word (which works too); None if none is close."""
    import difflib

    typed = word.lower()
    other = next((said(words[typed]) for words in WORDS.values()
                  if typed in words and said(words[typed]) in spoken), None)
    if other is not None:
        return other
    for candidates in (spoken, [command_name(name) for name in spoken]):
        close = difflib.get_close_matches(typed, candidates, n=1, cutoff=0.6)
        if close:
            return close[0]
    return None


def game_name(word: str) -> str | None:
    """The game (its name in NAMES) that `word` names in the language spoken or by its
    name, case ignored; None if it names none."""
    return game_words().get(word.lower())


def game_words() -> dict[str, str]:
    """Every word that names a game in the language spoken, and the game it names: the
    games' names (every language's) and the language's own words (lu)."""
    from ..games import NAMES

    return {name: name for name in NAMES} | GAME_WORDS.get(speaking().code, {})


def meant(word: str, commands: Iterable[str]) -> str | None:
    """The command of `commands` that `word`, the prompt's own word for it in the language
    spoken (Danish vis, ny), names; None if it names none of them."""
    named = command_name(word)
    return named if named in commands else None
