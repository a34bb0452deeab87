"""The README's examples print what the README shows, at the 80 columns it states."""

from __future__ import annotations

from .readme import README, ROOT, WIDTH, play, play_twice, tracked


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


def test_a_second_replay_of_the_readme_prints_the_same_and_leaves_the_bundled_files() -> None:
    """A reader who plays the README twice in the checkout (the `pay` example on a copy of
    the club's month) sees the same, and the tracked sessions are as they were."""
    first, second, after = play_twice(README.read_text())
    assert [e.printed for e in second] == [e.printed for e in first]
    assert after == tracked(ROOT / "sessions")
