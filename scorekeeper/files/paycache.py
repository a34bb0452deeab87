"""The folder's payments as last read, kept beside the book of payments in a hidden
`.payments.toml.cache`, so that `pay` adds a payment without reading and checking every
earlier one again, and the book reads them at once.

It is trusted as the session's cached standing is (files.cache): only if this user's
scorekeeper wrote it (signed with the user's key, files.signing), by this version, from
exactly the bytes the file holds now (their size and digest). Anything else is ignored and
the file is read in full (files.payfile.from_bytes), which then writes it anew: the cache
only ever saves time, and never says more than the file.
"""

from __future__ import annotations

import datetime
import marshal
from collections.abc import Sequence
from contextlib import suppress
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..book import Paid
from ..errors import ScorekeeperError
from . import atomic, signing
from .atomic import hidden_beside
from .signing import PRIVATE, digest, read_kept

if TYPE_CHECKING:
    from ..history import Revision

MAGIC = "scorekeeper payments cache 2"


def path_of(payments_path: str) -> str:
    return hidden_beside(payments_path, ".cache")


def read(real: str, raw: bytes) -> tuple[tuple[Paid, ...], tuple[Revision, ...]] | None:
    """The payments and history the file holding `raw` was read as, if a sound cache of
    exactly those bytes is beside it; None otherwise (never an error)."""
    try:
        opened = signing.opened(read_kept(path_of(real)))
        if opened is None:
            return None
        magic, version, size, made_from, payments, history = marshal.loads(opened)
        if (magic, version, size, made_from) != (MAGIC, __version__, len(raw), digest(raw)):
            return None
        paid = tuple(Paid(number, datetime.date.fromisoformat(day), payer, payee,
                          Decimal(money), currency, note)
                     for number, day, payer, payee, money, currency, note in payments)
        if not history:  # as most books: the codec not imported for none
            return paid, ()
        from .codec import revision_from_data

        return paid, tuple(revision_from_data(_dated(table)) for table in history)
    except (OSError, EOFError, ValueError, TypeError, KeyError, ArithmeticError,
            ScorekeeperError):
        return None


def keep(real: str, raw: bytes, payments: Sequence[Paid], history: Sequence[Revision],
         holding_lock: bool) -> None:
    """Keep what the file holding `raw` reads as: at once if the caller holds the file's
    lock, else only if the lock is free (a reader never waits to write it)."""
    record = (MAGIC, __version__, len(raw), digest(raw),
              [(p.number, p.date.isoformat(), p.payer, p.payee, str(p.money), p.currency,
                p.note) for p in payments],
              _history_data(history))
    with suppress(ScorekeeperError, ValueError, OSError):
        signed = signing.sealed(marshal.dumps(record))
        if signed is None:
            return
        if holding_lock:
            atomic.write_atomic(path_of(real), signed, durable=False, mode=PRIVATE)
            return
        with atomic.locked(real, wait=False) as mine:
            if mine:
                atomic.write_atomic(path_of(real), signed, durable=False, mode=PRIVATE)


def _history_data(history: Sequence[Revision]) -> list[Any]:
    """The history as marshal keeps it (none, as most books: the codec not imported)."""
    if not history:
        return []
    from .codec import revision_data

    return [_plain(revision_data(r)) for r in history]


def _plain(data: Any) -> Any:
    """TOML data as marshal keeps it: a day or a time as a tagged pair (TOML has lists,
    never tuples)."""
    if isinstance(data, datetime.datetime):
        return ("time", data.isoformat())
    if isinstance(data, datetime.date):
        return ("day", data.isoformat())
    if isinstance(data, dict):
        return {k: _plain(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_plain(v) for v in data]
    return data


def _dated(data: Any) -> Any:
    if isinstance(data, tuple):
        kind, text = data
        return (datetime.datetime if kind == "time" else datetime.date).fromisoformat(text)
    if isinstance(data, dict):
        return {k: _dated(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_dated(v) for v in data]
    return data
