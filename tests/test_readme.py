"""The README's examples print what the README shows, at the 80 columns it states."""

from __future__ import annotations

from .readme import README, WIDTH, play


def test_the_readme_shows_what_its_commands_print() -> None:
    text = README.read_text()
    assert f"{WIDTH} columns" in text
    found = play(text)
    assert len(found) > 40
    wrong = [(e.command, e.shown, e.printed) for e in found if e.shown and e.shown != e.printed]
    assert not wrong, wrong[0]
    # an error is one line (a terminal wraps it), all else fits
    assert all(len(line) <= WIDTH for e in found for line in e.printed
               if e.shown and not line.startswith("Error: "))
