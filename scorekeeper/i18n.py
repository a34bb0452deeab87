"""The language a person reads: English, the program's own words, or Danish, the language
of its Bridge rules (docs/glossary.md says which words and why).

    from .i18n import _, ngettext

    _("unknown player {name!r}").format(name=typed)
    ngettext("{count} deal", "{count} deals", n).format(count=n)

Every message is a literal given to `_` (or `ngettext`), its values put in by name with
`format`, so that `scripts/catalogue.py` finds it and a translation may order the values
as its language does. The translations are a gettext catalogue,
scorekeeper/locale/da/LC_MESSAGES/scorekeeper.po, compiled beside it (.mo); click's own
words ("Usage:", "Error: Missing option") are in it too, read by click through gettext's
text domain.

The language is chosen once, before the commands are imported (their help is theirs from
the start): `--lang da|en`, else SCOREKEEPER_LANG, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG
as gettext reads them; any other language is English. What a program reads never
changes: JSON and CSV, the files, the exit codes.

In English nothing is read and `_` gives back what it is given.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import datetime
    from gettext import GNUTranslations

#: The languages there are words for; the first is the program's own.
LANGUAGES = ("en", "da")
DOMAIN = "scorekeeper"
LOCALE = os.path.join(os.path.dirname(__file__), "locale")
#: Where the language may be said, in the order they are asked.
VARIABLES = ("SCOREKEEPER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")



class Speaking:
    """The language chosen, and its words (none in English)."""

    code = "en"
    words: GNUTranslations | None = None


SPEAKING = Speaking()


def _(message: str) -> str:
    """`message` in the language chosen."""
    words = SPEAKING.words
    return message if words is None else words.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` things, in the language chosen."""
    words = SPEAKING.words
    if words is None:
        return singular if count == 1 else plural
    return words.ngettext(singular, plural, count)


def chosen(given: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language of `--lang` (`given`), else of the first variable that names one: a
    language there are no words for is English. LANGUAGE may list several (da:en)."""
    if given:
        return _code(given) or "en"
    for variable in VARIABLES:
        value = environ.get(variable, "")
        if value:
            names = value.split(":") if variable in ("LANGUAGE", "SCOREKEEPER_LANG") else [
                value]
            return next((code for code in map(_code, names) if code), "en")
    return "en"


def _code(name: str) -> str | None:
    """The language of a locale name (da_DK.UTF-8, da, DA -> da; en_GB -> en), or None
    for one there are no words for (C, POSIX, sv_SE)."""
    code = name.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def scan(args: Sequence[str]) -> str | None:
    """The value of --lang among the root command's options (before the command), if it
    is given: `--lang da` or `--lang=da`."""
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "--":
        if args[i] == "--lang":
            return args[i + 1] if i + 1 < len(args) else None
        if args[i].startswith("--lang="):
            return args[i].partition("=")[2]
        i += 2 if args[i] == "--dir" else 1
    return None


def use(code: str) -> None:
    """Speak `code` from now on (click too); English if its catalogue cannot be read."""
    SPEAKING.code, SPEAKING.words = "en", None
    if code == "en":
        return
    import gettext

    try:
        with open(os.path.join(LOCALE, code, "LC_MESSAGES", f"{DOMAIN}.mo"), "rb") as file:
            SPEAKING.words = gettext.GNUTranslations(file)
    except (OSError, ValueError):  # an install without its catalogue speaks English
        return
    SPEAKING.code = code
    gettext.bindtextdomain(DOMAIN, LOCALE)
    gettext.textdomain(DOMAIN)  # click's gettext() now reads this catalogue...
    os.environ["LANGUAGE"] = code  # ...in this language, whatever the locale says


@contextmanager
def english() -> Iterator[None]:
    """English while it lasts, whatever the language chosen: what a program reads (JSON,
    CSV) is made in it, with plain numbers and ISO days."""
    chosen = SPEAKING.code, SPEAKING.words
    SPEAKING.code, SPEAKING.words = "en", None
    try:
        yield
    finally:
        SPEAKING.code, SPEAKING.words = chosen


# --- numbers and days as the language writes them -------------------------------------------


def number(text: str) -> str:
    """A number written plainly ("-1234.50", "+3") as the language writes it in text:
    Danish groups thousands with a point and marks decimals with a comma ("-1.234,50")."""
    if SPEAKING.code != "da":
        return text
    sign = text[0] if text[:1] in "+-" else ""
    whole, dot, fraction = text[len(sign):].partition(".")
    if not whole.isdigit():
        return text
    groups: list[str] = []
    while len(whole) > 3:
        whole, groups = whole[:-3], [whole[-3:], *groups]
    return sign + ".".join([whole, *groups]) + ("," + fraction if dot else "")


def day(date: datetime.date) -> str:
    """A day as the language writes it in text: 2026-12-01, in Danish 01.12.2026 (CLDR's
    short Danish date)."""
    return date.strftime("%d.%m.%Y") if SPEAKING.code == "da" else date.isoformat()
