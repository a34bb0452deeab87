"""The Danish catalogue, kept with Babel: every message of the program and of click.

    python scripts/catalogue.py update   # new messages into the .po (empty), gone ones out
    python scripts/catalogue.py compile  # the .po compiled to the .mo the program reads
    python scripts/catalogue.py check    # exit 1 with each problem: an empty or fuzzy
                                         # entry, placeholders that differ, a stale .mo
    python scripts/catalogue.py fragment OUT.po FILE...  # the messages of some files alone
    python scripts/catalogue.py merge FRAGMENT.po...     # their translations into the .po

Messages are found where the program gives a literal to `_` or `ngettext`
(scorekeeper/i18n.py), and in click, whose own words ("Usage:", "Error: Missing option")
the program prints. The tests run `check` (tests/test_danish.py).
"""

from __future__ import annotations

import io
import string
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
PO = PACKAGE / "locale" / "da" / "LC_MESSAGES" / "scorekeeper.po"
MO = PO.with_suffix(".mo")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NP_": ((1, "c"), 2)}
#: click's modules whose words reach a person through this program.
CLICK = ("core.py", "exceptions.py", "formatting.py", "parser.py", "types.py",
         "decorators.py", "termui.py", "shell_completion.py", "_termui_impl.py", "utils.py")


def extracted(only: list[Path] | None = None) -> Any:
    """Every message of the program and of click (or of the files `only`), as a Babel
    catalogue."""
    import click
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(project="scorekeeper", locale="da", fuzzy=False)
    click_dir = Path(click.__file__).parent
    sources = [(path, path.relative_to(ROOT)) for path in sorted(PACKAGE.rglob("*.py"))]
    sources += [(click_dir / name, Path("click") / name) for name in CLICK
                if (click_dir / name).exists()]
    if only is not None:
        wanted = {path.resolve() for path in only}
        sources = [(path, shown) for path, shown in sources if path.resolve() in wanted]
    for path, shown in sources:
        for line, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            catalog.add(message, None, [(str(shown), line)], auto_comments=comments,
                        context=context)
    return catalog


def read(path: Path = PO) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        return read_po(file, locale="da")


def write(catalog: Any, path: Path = PO) -> None:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=96, sort_output=False, include_previous=False,
             omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def fragment(out: Path, files: list[Path]) -> None:
    """A .po of the messages of `files` alone, keeping those `out` has translated."""
    template = extracted(files)
    catalog = template
    if out.exists():
        catalog = read(out)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
    write(catalog, out)


def merge(fragments: list[Path]) -> None:
    """The translations of `fragments` into the .po, where it has none."""
    catalog = read()
    for path in fragments:
        for message in read(path):
            if message.id and message.string and message.id in catalog:
                found = catalog[message.id]
                if not found.string or found.string == ("", ""):
                    found.string = message.string
                    found.flags.discard("fuzzy")
    write(catalog)


def compiled(catalog: Any) -> bytes:
    """The .mo of `catalog`, its original strings in byte order (scorekeeper.i18n.Catalogue
    finds a message by bisection): Babel orders messages by id and then context, which
    puts a message with a context (`ctx\\x04id`) out of place."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return _in_byte_order(buffer.getvalue())


def _in_byte_order(mo: bytes) -> bytes:
    """A little-endian .mo with the same entries, sorted by their original strings, and no
    hash table (gettext reads it without one)."""
    import struct

    count, originals, translations = struct.unpack_from("<3I", mo, 8)

    def text(table: int, i: int) -> bytes:
        length, offset = struct.unpack_from("<2I", mo, table + 8 * i)
        return mo[offset:offset + length]

    entries = sorted((text(originals, i), text(translations, i)) for i in range(count))
    start = 28 + 16 * count
    heads, body = [b"", b""], bytearray()
    for column in (0, 1):
        for entry in entries:
            heads[column] += struct.pack("<2I", len(entry[column]), start + len(body))
            body += entry[column] + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, start)
    return header + heads[0] + heads[1] + bytes(body)


def update() -> None:
    """The .po with every message there is now: those it had keep their translation."""
    template = extracted()
    catalog = template
    if PO.exists():
        catalog = read()
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
    catalog.header_comment = ("# Danish words of scorekeeper (and of click, which it prints).\n"
                              "# See docs/glossary.md for the words of the table.")
    catalog.language_team = "scorekeeper <da>"
    write(catalog)


def fields(text: str) -> list[tuple[str, str | None, str | None]]:
    """The placeholders of a message, in order, as str.format reads them."""
    return sorted(((name, spec, conversion) for _, name, spec, conversion
                   in string.Formatter().parse(text) if name is not None),
                  key=lambda field: tuple(str(part) for part in field))


def problems() -> Iterator[str]:
    """What is wrong with the catalogue: each a line."""
    catalog = read()
    wanted = extracted()
    for message in wanted:  # click's, which change with its version, are not required
        if (message.id and catalog.get(message.id, message.context) is None
                and not _of_click(message)):
            yield f"missing: {message.id!r} ({_where(message)})"
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            yield f"{PO.name}:{message.lineno}: no translation of {ids[0]!r}"
            continue
        for translated in strings:
            try:
                same = fields(translated) == fields(ids[0]) or (
                    len(ids) > 1 and fields(translated) == fields(ids[1]))
            except ValueError as error:
                yield f"{PO.name}:{message.lineno}: {ids[0]!r}: {error}"
                continue
            if not same:
                yield (f"{PO.name}:{message.lineno}: {ids[0]!r} has {fields(ids[0])}, "
                       f"its translation {fields(translated)}")
        if wanted.get(message.id, message.context) is None and not _of_click(message):
            yield f"{PO.name}:{message.lineno}: {ids[0]!r} is no longer a message"
    if not MO.exists() or MO.read_bytes() != compiled(catalog):
        yield f"{MO.name} is not {PO.name} compiled: run python scripts/catalogue.py compile"


def _of_click(message: Any) -> bool:
    return bool(message.locations) and all(str(path).startswith("click/")
                                           for path, _ in message.locations)


def _where(message: Any) -> str:
    return ", ".join(f"{path}:{line}" for path, line in message.locations[:2])


def main() -> None:
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "update":
        update()
    elif command == "fragment" and len(sys.argv) > 3:
        fragment(Path(sys.argv[2]), [Path(p) for p in sys.argv[3:]])
    elif command == "merge":
        merge([Path(p) for p in sys.argv[2:]])
    elif command == "compile":
        MO.write_bytes(compiled(read()))
    elif command == "check":
        found = list(problems())
        print("\n".join(found) or "The catalogue is complete.")
        sys.exit(1 if found else 0)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
