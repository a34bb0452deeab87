"""Amounts and days as a person types them, read the way the language prints them
(i18n.number, i18n.day), never guessed. The language is given, as its code ("da", "en").

Amounts (`amount`) come back in the files' one neutral form, digits and a decimal point
("1234.50"): what the program checks and keeps is the same whatever the language.

- English prints 1234.50 and a person may group thousands with commas: 1,234.50.
  A decimal comma (1,5) is refused, saying how to type what it would mean.
- Danish prints 1.234,50 (a point between thousands, a decimal comma); the neutral form
  that scripts type (12.50) is read too. Where the two forms read one text differently
  (1.000: a thousand to a Dane, one to a script) the text is refused, with both readings
  and how to type each.

Days (`day`): ISO (2026-12-01) in every language; in Danish also 01.12.2026, 1.12.2026,
and 1/12 or 1.12 (this year).
"""

from __future__ import annotations

import datetime
import re

from .errors import RuleError
from .i18n import _
from .i18n import day as shown_day
from .text import quoted

#: The longest amount read (more is no amount: a guard before the patterns).
LONGEST = 60

_DIGITS = "[0-9]+"


def _form(group: str, mark: str) -> re.Pattern[str]:
    """Digits, perhaps grouped in threes by `group` (the first group 1-3 digits, no
    leading zero), perhaps a decimal `mark` and digits."""
    grouped = rf"[1-9][0-9]{{0,2}}(?:{re.escape(group)}[0-9]{{3}})+"
    return re.compile(rf"(?P<whole>{_DIGITS}|{grouped})(?:{re.escape(mark)}(?P<part>{_DIGITS}))?")


ENGLISH_FORM = _form(",", ".")
DANISH_FORM = _form(".", ",")
NEUTRAL_FORM = re.compile(rf"(?P<whole>{_DIGITS})(?:\.(?P<part>{_DIGITS}))?")

#: The forms each language reads, its own first; any other language reads as English.
READS = {"en": (ENGLISH_FORM,), "da": (DANISH_FORM, NEUTRAL_FORM)}
#: The form of the other language, said when a text is in it.
OTHER = {"en": DANISH_FORM, "da": ENGLISH_FORM}


def _neutral(form: re.Pattern[str], text: str) -> str | None:
    """`text` read in `form`, written neutrally ("1234.50"); None if it is not in it."""
    found = form.fullmatch(text)
    if found is None:
        return None
    whole = re.sub("[^0-9]", "", found["whole"])
    return whole + ("." + found["part"] if found["part"] is not None else "")


def _typed(neutral: str, code: str) -> str:
    """How to type the neutral amount `neutral` in language `code` so that it reads one
    way only: no thousands grouped, the language's decimal mark."""
    return neutral.replace(".", ",") if code == "da" else neutral


def amount(text: str, code: str) -> str:
    """The amount `text` typed in language `code`, in the neutral form ("1234.50");
    RuleError, a line saying how to type it, if it reads two ways or in none."""
    typed = text.strip()
    lang = code if code in READS else "en"
    readings = [] if len(typed) > LONGEST else [
        r for r in (_neutral(f, typed) for f in READS[lang]) if r is not None]
    values = {_value(r) for r in readings}
    if len(values) == 1:
        return readings[0]
    if len(values) > 1:
        grouped, plain = readings
        raise RuleError(_("{text} reads two ways: type {grouped} for a point between "
                          "thousands, {plain} for a decimal point").format(
                              text=quoted(text), grouped=_typed(grouped, lang),
                              plain=_typed(plain.rstrip("0").rstrip("."), lang)))
    other = _neutral(OTHER[lang], typed) if len(typed) <= LONGEST else None
    if other is not None and lang == "da":
        raise RuleError(_("{text} is written the English way: type {typed} (a decimal "
                          "comma, points only between thousands: 1.234,50)").format(
                              text=quoted(text), typed=_typed(other, lang)))
    if other is not None:
        raise RuleError(_("{text} has a decimal comma: type {typed} (a decimal point, "
                          "commas only between thousands: 1,234.50)").format(
                              text=quoted(text), typed=_typed(other, lang)))
    raise RuleError(_("{text} must be money like {example} (digits 0-9)").format(
        text=quoted(text), example=_example(lang)))


def _value(neutral: str) -> tuple[str, str]:
    """What a neutral amount is worth, compared exactly (1.50 and 1.5 are one)."""
    whole, _dot, part = neutral.partition(".")
    return whole.lstrip("0"), part.rstrip("0")


def _example(code: str) -> str:
    return _("12,50 or 1.234,50") if code == "da" else _("12.50 or 1,234.50")


# --- days -------------------------------------------------------------------------------

_ISO = re.compile(r"(?P<y>[0-9]{4})-(?P<m>[0-9]{2})-(?P<d>[0-9]{2})")
_DANISH_DAYS = (re.compile(r"(?P<d>[0-9]{1,2})\.(?P<m>[0-9]{1,2})\.(?P<y>[0-9]{4})"),
                re.compile(r"(?P<d>[0-9]{1,2})[./](?P<m>[0-9]{1,2})"))


def day(text: str, code: str, today: datetime.date) -> datetime.date:
    """The day `text` typed in language `code`: ISO (2026-12-01) in any; in Danish also
    01.12.2026, 1.12.2026, and 1/12 or 1.12 of `today`'s year. RuleError if it is none."""
    typed = text.strip()
    forms = (_ISO, *_DANISH_DAYS) if code == "da" else (_ISO,)
    for form in forms:
        found = form.fullmatch(typed)
        if found is None:
            continue
        year = int(found["y"]) if "y" in found.groupdict() else today.year
        try:
            return datetime.date(year, int(found["m"]), int(found["d"]))
        except ValueError:
            break
    if code == "da":
        raise RuleError(_("{value} is not a date: write it like 01.12.2026, 1/12 (this "
                          "year) or 2026-12-01").format(value=quoted(text)))
    raise RuleError(_("{value} is not a date: write it YYYY-MM-DD, like 2026-11-29")
                    .format(value=quoted(text)))


def not_after(when: datetime.date, today: datetime.date) -> datetime.date:
    """`when`, if it has come; RuleError if it is a day after `today`."""
    if when > today:
        raise RuleError(_("{day} has not come yet: give a day up to today").format(
            day=shown_day(when)))
    return when
