"""The language a person reads: English, the program's own words, or Danish, the language
of its Bridge rules (docs/glossary.md says which words and why).

    from .i18n import _, ngettext

    _("unknown player {name}").format(name=quoted(typed))
    ngettext("{count} deal", "{count} deals", n).format(count=n)

Every message is a literal given to `_` (or `ngettext`), its values put in by name with
`format`, so that `scripts/catalogue.py` finds it and a translation may order the values
as its language does. The translations are a gettext catalogue,
scorekeeper/locale/da/LC_MESSAGES/scorekeeper.po, compiled beside it (.mo); click's own
words ("Usage:", "Error: Missing option") are in it too, read by click through gettext's
text domain.

The language is a value, `Language` (its code and its words), chosen once, before the
commands are imported (their help is theirs from the start): `--lang da|en`, else
SCOREKEEPER_LANG, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG as gettext reads them; any other
language is English. What a program reads never changes: JSON and CSV, the files, the exit
codes. The language spoken is a context value, not a process-wide setting: `spoken(lang)`
speaks `lang` while it lasts and then what was spoken before (what a program reads is made
`with spoken(ENGLISH)`), and a run of the root command in-process (a test, `play`) leaves
the language as it found it.

In English nothing is read and `_` gives back what it is given.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING

from .values import value

if TYPE_CHECKING:
    import datetime

#: The languages there are words for; the first is the program's own.
LANGUAGES = ("en", "da")
DOMAIN = "scorekeeper"
LOCALE = os.path.join(os.path.dirname(__file__), "locale")
#: Where the language may be said, in the order they are asked.
VARIABLES = ("SCOREKEEPER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class Catalogue:
    """A compiled catalogue (.mo) read as it is asked. Its original strings are stored
    sorted (scripts/catalogue.py compiles it so, and tests/test_danish.py checks it), so
    a message is found by bisection and only the messages asked for are decoded: parsing
    the whole file with gettext.GNUTranslations costs 13M instructions, 6% of a deal
    (258M against 245M in English, callgrind, a Loo deal into 300 deals); read so, the
    Danish deal costs what the English one does. Plural forms are Danish and English
    alike: one, and the rest (n != 1); the header's Plural-Forms is checked to say so.
    Each message is looked up once: `show` of 10,000 Bridge deals asks for the same few
    messages 90,000 times (Danish, 707 ms against 316 ms in English before; now alike)."""

    MAGIC = 0x950412DE

    def __init__(self, data: bytes) -> None:
        view = memoryview(data)
        if len(data) < 28 or view[:4].cast("I")[0] != self.MAGIC:
            raise ValueError("not a catalogue in this machine's byte order")
        count, originals, translations = view[8:20].cast("I")
        self.data = data
        self.originals = view[originals:originals + 8 * count].cast("I")
        self.translations = view[translations:translations + 8 * count].cast("I")
        self.count = count
        self._known: dict[tuple[str, ...], str] = {}
        """Each message already looked up (its key: the message, its context or plural)."""
        if b"plural=(n != 1)" not in self._string(self.translations, 0):
            raise ValueError("a catalogue whose plural forms are not one and the rest")

    def _string(self, table: memoryview, index: int) -> bytes:
        length, offset = table[2 * index], table[2 * index + 1]
        return self.data[offset:offset + length]

    def _found(self, key: bytes, plural: bool) -> bytes | None:
        """The translation stored for the original `key`, or with `plural` for the
        original that is `key` and its plural after a NUL (as gettext, a message found
        only in the other form is not found)."""
        import bisect

        wanted = key + b"\0" if plural else key
        at = bisect.bisect_left(range(self.count), wanted,
                                key=lambda i: self._string(self.originals, i))
        if at < self.count:
            original = self._string(self.originals, at)
            if original.startswith(wanted) if plural else original == key:
                return self._string(self.translations, at)
        return None

    def gettext(self, message: str) -> str:
        """`message` translated; as gettext, a message that is only the singular of a
        plural entry is given that entry's form for one."""
        known = self._known.get((message,))
        if known is None:
            known = self._known[(message,)] = self._gettext(message)
        return known

    def _gettext(self, message: str) -> str:
        if not message:
            return message
        found = self._found(message.encode("utf-8"), False)
        if found is None:
            return self.ngettext(message, message, 1)
        return found.decode("utf-8")

    def pgettext(self, context: str, message: str) -> str:
        """`message` in `context` (gettext's key: the context, EOT, the message)."""
        key = (context, message, "")
        known = self._known.get(key)
        if known is None:
            found = self._found(f"{context}\x04{message}".encode(), False)
            known = self._known[key] = message if found is None else found.decode("utf-8")
        return known

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        key = (singular, plural, str(int(count != 1)), "")
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._ngettext(singular, plural, count)
        return known

    def _ngettext(self, singular: str, plural: str, count: int) -> str:
        found = self._found(singular.encode("utf-8"), True)
        if found is None:
            return singular if count == 1 else plural
        forms = found.decode("utf-8").split("\0")
        return forms[min(int(count != 1), len(forms) - 1)]


@value
class Language:
    """A language a person reads: its code ("da") and its words (None: the program's own,
    English)."""

    code: str
    words: Catalogue | None = None

    def gettext(self, message: str) -> str:
        return message if self.words is None else self.words.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return message if self.words is None else self.words.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        if self.words is None:
            return singular if count == 1 else plural
        return self.words.ngettext(singular, plural, count)


ENGLISH = Language("en")
_SPOKEN: ContextVar[Language] = ContextVar("scorekeeper_language", default=ENGLISH)


def speaking() -> Language:
    """The language spoken now."""
    return _SPOKEN.get()


def _(message: str) -> str:
    """`message` in the language spoken."""
    return _SPOKEN.get().gettext(message)


def N_(message: str) -> str:
    """`message` as it is, marked for the catalogue: a word made when a module is imported
    (a game's title), given to `_` where it is shown, so that it is shown in the language
    spoken then, not in the one spoken when the module happened to be imported."""
    return message


def pgettext(context: str, message: str) -> str:
    """`message` in the language spoken, as it is said in `context` (a word one language
    says one way in two places and another says two ways: "points" of a meld, "øjne" of
    the cards)."""
    return _SPOKEN.get().pgettext(context, message)


def NP_(context: str, message: str) -> str:
    """`message` as it is, marked for the catalogue in `context` (as `N_`), given to
    `pgettext` with the same context where it is shown."""
    del context
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` things, in the language spoken."""
    return _SPOKEN.get().ngettext(singular, plural, count)


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


def language(code: str) -> Language:
    """The language `code` with its words; English if its catalogue cannot be read."""
    if code == "en":
        return ENGLISH
    try:
        with open(os.path.join(LOCALE, code, "LC_MESSAGES", f"{DOMAIN}.mo"), "rb") as file:
            return Language(code, Catalogue(file.read()))
    except (OSError, ValueError):  # an install without its catalogue speaks English
        return ENGLISH


def use(spoken_now: Language) -> None:
    """Speak `spoken_now` in this context from now on, click's own words too (read by
    gettext from this catalogue, in this language whatever the locale says)."""
    _SPOKEN.set(spoken_now)
    if spoken_now.words is not None:
        import gettext

        gettext.bindtextdomain(DOMAIN, LOCALE)
        gettext.textdomain(DOMAIN)
    if spoken_now.words is not None or "LANGUAGE" in os.environ:
        os.environ["LANGUAGE"] = spoken_now.code


@contextlib.contextmanager
def spoken(lang: Language) -> Iterator[None]:
    """`lang` spoken while it lasts, then what was spoken before (click's words too)."""
    before, variable = _SPOKEN.get(), os.environ.get("LANGUAGE")
    use(lang)
    try:
        yield
    finally:
        _SPOKEN.set(before)
        if variable is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = variable


def english() -> contextlib.AbstractContextManager[None]:
    """English while it lasts, whatever the language chosen: what a program reads (JSON,
    CSV) is made in it, with plain numbers and ISO days."""
    return spoken(ENGLISH)


# --- numbers and days as the language writes them -------------------------------------------


def number(text: str) -> str:
    """A number written plainly ("-1234.50", "+3") as the language writes it in text:
    Danish groups thousands with a point and marks decimals with a comma ("-1.234,50")."""
    if _SPOKEN.get().code != "da":
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
    return date.strftime("%d.%m.%Y") if _SPOKEN.get().code == "da" else date.isoformat()


def clock(moment: datetime.datetime | datetime.time) -> str:
    """A time of day as the language writes it in text: 01:12, in Danish 01.12 (CLDR's
    Danish HH.mm)."""
    return moment.strftime("%H.%M" if _SPOKEN.get().code == "da" else "%H:%M")


#: The letters a language puts after z, in its order (Danish: æ, ø, å; ä and ö as æ and ø).
AFTER_Z = {"da": {"æ": "{", "ä": "{", "ø": "|", "ö": "|", "å": "}"}}


def name_order(name: str) -> tuple[str, str]:
    """The key that sorts names as the language spoken does: case and accents ignored (é
    as e), a language's own letters where it puts them (Danish Æ, Ø, Å after Z); ties by
    the name itself."""
    import unicodedata

    folded = name.casefold()
    after = AFTER_Z.get(speaking().code)
    if after:
        folded = "".join(after.get(c, c) for c in unicodedata.normalize("NFC", folded))
    plain = "".join(c for c in unicodedata.normalize("NFD", folded)
                    if not unicodedata.combining(c))
    return plain, name
