"""The edits a change makes to a file's text, the same for a session's deals and the book's
payments: an entry appended to the file's array (`deals`, or `payments`), the last removed,
entries replaced, a top-level key set, or the whole text as a person edited it. Each edit
knows how to make itself on a text laid out by hand (files.textedit), where it falls and
nowhere else; the store reads the result back before it is written (files.store).

textedit is imported only when an edit is made on a text: a deal added at its known place
(files.append) needs none of it.
"""

from __future__ import annotations

from typing import Any

from ..values import value


@value
class Append:
    """One more entry at the end of the array `key`."""

    entry: Any
    data: dict[str, object]
    """The entry as the file holds it."""
    key: str = "deals"

    def on_text(self, text: str) -> str:
        from . import textedit

        return textedit.append_entry(text, self.data, self.key)


@value
class RemoveLast:
    """The last entry (entry `at`, from 0) of `key` removed, with the comments on its line."""

    at: int
    key: str = "deals"

    def on_text(self, text: str) -> str:
        from . import textedit

        return textedit.remove_entry(text, self.at, self.key)


@value
class Replace:
    """Entries (0-based, among all entries of `key`) holding others: (index, its data)."""

    entries: tuple[tuple[int, dict[str, object]], ...]
    key: str = "deals"

    def on_text(self, text: str) -> str:
        from . import textedit

        for index, data in self.entries:
            text = textedit.replace_entry(text, index, data, self.key)
        return text


@value
class SetKey:
    """A top-level key (paid, date) set, or removed (None)."""

    key: str
    value: object | None

    def on_text(self, text: str) -> str:
        from . import textedit

        return textedit.set_top_key(text, self.key, self.value)


@value
class NewText:
    """The whole file, as a person edited it."""

    raw: bytes

    def on_text(self, text: str) -> str:
        return text  # the text is the person's own: it is taken as it is


TextEdit = Append | RemoveLast | Replace | SetKey
"""An edit made where it falls in the text."""
Edit = TextEdit | NewText


def drops(edit: Edit) -> int | None:
    """The entry an edit removes with the comments on its line (an undo's), if any."""
    return edit.at if isinstance(edit, RemoveLast) else None


def array_of(edit: Edit) -> str:
    """The array whose entries `edit` is about (the comments of one removed are located
    in it)."""
    return edit.key if isinstance(edit, Append | RemoveLast | Replace) else "deals"
