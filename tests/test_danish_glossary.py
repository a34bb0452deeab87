"""One Danish word for each concept: the catalogue's msgstrs use the words docs/glossary.md
fixes ("One word for each concept") and none of the variants it rejects. Each rule is a
pattern that a rejected variant matches, and what is allowed beside it."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"


def _entries() -> list[tuple[str, str, str]]:
    """(context, msgid, msgstr) of every translated message, each plural form its own."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import catalogue
    finally:
        sys.path.pop(0)
    found = []
    for message in catalogue.read():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(message.context or "", " ".join(ids), text) for text in strings]
    return found


ENTRIES = _entries()

#: A program's own words for a bid, a meld or a call (the only places "melding", "melde"
#: may be: Pinochle's meld, a call of pass) in the English of the message.
CARD_CALLS = re.compile(r"\bmeld|\bbid|\bpass|\bcall", re.IGNORECASE)
#: A game's title where a sentence goes on: not at the start of the text, of a line or of
#: a sentence. In running text a Danish card game is a common noun: bridge, trekorts-lu.
TITLES = re.compile(r"(?<!^)(?<!\n)(?<![.!?] )(?<!\n    )(?<!\n      )"
                    r"\b(Bridge|Trekorts-lu|Auktionspinochle)\b")

#: Each rejected variant: its name (as the glossary's table has it), the pattern it
#: matches in a msgstr, and whether an entry (context, msgid, msgstr) may have it anyway.
RULES: list[tuple[str, re.Pattern[str], object]] = [
    ("registrér", re.compile(r"\b[Rr]egistr"), None),
    ("siddeorden", re.compile(r"siddeorden|i den rækkefølge, de sidder"), None),
    ("giv", re.compile(r"\b[Gg]iv\b(?![^.:;]*\bplads\b)"), None),
    ("givet", re.compile(r"\bgivet\b(?! af)"), None),
    ("fx", re.compile(r"\bfx\b|\bfor eksempel\b"), None),
    ("melding", re.compile(r"\b[Mm]eld(ing|es|e\b)"),
     lambda context, msgid, text: bool(CARD_CALLS.search(msgid))),
    ("Kort:", re.compile(r"\b[Kk]ort:|\b[Kk]ort skrevet|\(kort -\)"),
     lambda context, msgid, text: "short" not in msgid),
    ("Bridge", TITLES, None),
    ("Loo", re.compile(r"\b(Loo|Pinochle)\b|[Bb]ridge-session|\{game\}-session"), None),
    ("loo", re.compile(r"\((loo|pinochle|Lu)[,:)]|\b(loo|pinochle|bridge)-session"), None),
    ("bagefter", re.compile(r"ændringer bagefter|\bspilles om\b"), None),
    ("Spiller", re.compile(r"^Spiller \{path\}"), None),
    ("outputformat", re.compile(r"outputformat"), None),
    ("bog over betalinger", re.compile(r"bog over betalinger"), None),
    ("markér", re.compile(r"\b([Mm]arkér|[Kk]ontrollér|[Rr]edigér)\b"), None),
    ("Slutter med kode", re.compile(r"Slutter med kode"), None),
]


def violations(name: str) -> Iterator[str]:
    _name, pattern, allowed = next(rule for rule in RULES if rule[0] == name)
    for context, msgid, text in ENTRIES:
        if pattern.search(text) and not (callable(allowed) and allowed(context, msgid, text)):
            yield f"{msgid[:60]!r} -> {text[:200]!r}"


@pytest.mark.parametrize("name", [rule[0] for rule in RULES])
def test_no_msgstr_has_a_rejected_variant(name: str) -> None:
    assert list(violations(name)) == []


def test_the_glossary_names_every_rejected_variant_and_the_word_chosen() -> None:
    """The glossary's table of rejected variants is the rules' list: each named there."""
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text[text.index("## One word for each concept"):]  # to the end
    for name, _pattern, _allowed in RULES:
        assert f"`{name}`" in table, name


@pytest.mark.parametrize(("text", "name"), [
    ("Registrér et spil", "registrér"), ("blev registreret", "registrér"),
    ("Spillere i siddeorden: Ann", "siddeorden"), ("giv det én gang", "giv"),
    ("{name} er givet to gange", "givet"), ("fx 0.05", "fx"),
    ("(meldingen nævner det første)", "melding"), ("Kort: trumf", "Kort:"),
    ("Ann kan ikke gå: Trekorts-lu kræver", "Bridge"), ("i Bridge fra", "Bridge"),
    ("Ny Bridge-session 'x'", "Loo"), ("(Loo)", "Loo"), ("fredag (loo)", "loo"),
    ("Vis sessionens ændringer bagefter", "bagefter"), ("Spiller {path}.", "Spiller"),
])
def test_each_rule_refuses_its_variant(text: str, name: str) -> None:
    """The patterns are not empty: each refuses the variant the review found."""
    _name, pattern, _allowed = next(rule for rule in RULES if rule[0] == name)
    assert pattern.search(text)


@pytest.mark.parametrize("text", [
    "Bridge (bridge-whist) med dansk regnskab", "Spil 3, givet af Ann",
    "giv en nyankommen plads: tilmeld NAVN", "Giv NAVN, der kommer senere, en plads ved bordet",
    "Trekorts-lu: en pulje delt i tredjedele", "scorekeeper loo new fredag",
    "f.eks. Ann,Bob,Cid", "Ny session 'fredag' i trekorts-lu",
])
def test_the_words_chosen_pass(text: str) -> None:
    assert not [name for name, pattern, allowed in RULES if pattern.search(text)
                and not callable(allowed)]
