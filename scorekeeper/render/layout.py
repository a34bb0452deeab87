"""A table fitted to a terminal's width, as a scorer fits a pad to the paper.

A table is tried in the layouts below, the first that fits is drawn:

1. as it is;
2. narrowed: the text that may wrap (what happened, a list of money) wrapped down to
   `WRAP_LEAST` characters, the titles wrapped at their spaces, names at theirs;
3. with players' names cut short to the first letters that tell them apart (what a player
   may type, too), and a line saying who is who below the table;
4. stacked: the text that may wrap taken out of the grid, printed under its row;
5. one record a row, each column a line (pgcli's "expanded" output), the last resort.

A number is never split, and a line is never wider than `width`: a word longer than a whole
line (a path, a name) is the one thing broken, wherever it must be.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..i18n import _
from ..text import width_of
from ..values import replace, value

#: How a number begins.
NUMBER = "+-0123456789"
#: Between two columns.
GAP = 2
#: Text that may wrap is not wrapped narrower than this in the grid.
WRAP_LEAST = 20


@value
class Shape:
    """What the layout knows of a table: its titles and cells as text, and of each column
    whether it is numeric (aligned right, never split), may wrap, holds players' names."""

    titles: list[str]
    rows: list[list[str]]
    numeric: list[bool]
    wrap: list[bool]
    names: list[bool]
    record: str | None = None
    """What a row is ("deal"): a record is headed by it and the first column's value."""
    plain: bool = False
    """Every cell one line of characters one column wide each (as Latin text is): its
    width is its length, and a table of 10,000 rows is drawn in milliseconds."""


def fit(shape: Shape, width: int | None, players: Sequence[str] = ()) -> list[str]:
    """The table as lines no wider than `width` (at least 20; None: as wide as it is);
    `players`, the names that may be cut short. Of a narrowed grid and a stacked table,
    the one of fewer lines."""
    if width is None:
        return _grid(shape, _widths(shape))
    width = max(width, 20)
    drawn = []
    found = fitted(shape, width, players)
    if found is not None:
        named, widths, cut = found
        drawn.append(_grid(named, widths) + legend(cut, named, width))
        if not cut and widths == _widths(shape):
            return drawn[0]
    for named, cut in _namings(shape, players):
        stacked = _stacked(named, width)
        if stacked is not None:
            drawn.append(stacked + legend(cut, named, width))
            break
    if drawn:
        return min(drawn, key=len)
    named, cut = _namings(shape, players)[-1]
    return _records(named, width) + legend(cut, named, width)


def fitted(shape: Shape, width: int, players: Sequence[str] = ()
           ) -> tuple[Shape, list[int], dict[str, str]] | None:
    """Layouts 1 to 3: the table (its names cut short or not), its columns' widths and the
    names cut short; None if no grid fits."""
    for named, cut in _namings(shape, players):
        for bounds in (_natural(named), _narrow(named)):
            widths = _shrunk(_widths(named), bounds, width)
            if widths is not None:
                return named, widths, cut
    return None


def _namings(shape: Shape, players: Sequence[str]) -> list[tuple[Shape, dict[str, str]]]:
    """The table with its names in full, and with them cut short where that changes it."""
    short = abbreviations(players)
    if not short or not (any(shape.names) or set(shape.titles) & set(short)):
        return [(shape, {})]
    return [(shape, {}), (_abbreviated(shape, short), short)]


def broken(shape: Shape, widths: list[int]) -> list[list[str]]:
    """The cells of the table's rows broken into lines to fit `widths` (for tabulate)."""
    return [[c if n else "\n".join(wrapped(c, w)) for c, w, n in zip(
        row, widths, shape.numeric, strict=True)] for row in shape.rows]


def abbreviations(names: Sequence[str], least: int = 3) -> dict[str, str]:
    """Each name cut to its first letters, at least `least`, that no other name begins
    with (case ignored); names as short as that are left out."""
    folded = [n.casefold() for n in names]
    short = {}
    for name, fold in zip(names, folded, strict=True):
        size = least
        while size < len(name) and any(
                o != fold and o.startswith(fold[:size]) for o in folded):
            size += 1
        cut = name[:size].rstrip()
        if len(cut) < len(name):
            short[name] = cut
    return short


def _abbreviated(shape: Shape, short: Mapping[str, str]) -> Shape:
    rows = [[short.get(cell, cell) if is_name else cell
             for cell, is_name in zip(row, shape.names, strict=True)] for row in shape.rows]
    return replace(shape, titles=[short.get(t, t) for t in shape.titles], rows=rows)


def legend(short: Mapping[str, str], shape: Shape, width: int) -> list[str]:
    """Who is who, when a name was cut short in the table."""
    used = set(shape.titles) | {c for row in shape.rows for c, n in
                                zip(row, shape.names, strict=True) if n}
    # TRANSLATORS: who is who when names are cut short to fit: "Ann = Annemarie".
    pairs = [_("{short} = {name}").format(short=cut, name=name)
             for name, cut in short.items() if cut in used]
    return wrapped(", ".join(pairs) + ".", width) if pairs else []


def _widths(shape: Shape) -> list[int]:
    """Each column as wide as its widest cell, its title with two more (tabulate's look)."""
    if not shape.rows:
        return [width_of(title) + 2 for title in shape.titles]
    measure = len if shape.plain else _widest_line
    return [max(width_of(title) + 2, *map(measure, column))
            for title, column in zip(shape.titles, zip(*shape.rows, strict=True), strict=True)]


def _widest_line(cell: str) -> int:
    return max(map(width_of, cell.split("\n")))


def _natural(shape: Shape) -> list[int]:
    """Bounds for layout 2's first try: only text that may wrap is narrowed."""
    widest = _widths(shape)
    return [min(w, max(WRAP_LEAST, _longest_word(t))) if may else
            max(width_of(t), *(width_of(r[i]) for r in shape.rows))
            for i, (w, t, may) in enumerate(zip(widest, shape.titles, shape.wrap, strict=True))]


def _narrow(shape: Shape) -> list[int]:
    """Bounds for its second: titles wrapped at their spaces, names at theirs."""
    bounds = []
    for i, (title, numeric, may) in enumerate(zip(shape.titles, shape.numeric, shape.wrap,
                                                  strict=True)):
        cells = [row[i] for row in shape.rows]
        if numeric:
            least = max(map(width_of, cells), default=1)
        elif may:
            least = WRAP_LEAST
        else:
            least = max(map(_longest_word, cells), default=1)
        bounds.append(max(least, min(_longest_word(title), 12), 1))
    return bounds


def _shrunk(widths: list[int], bounds: list[int], width: int) -> list[int] | None:
    """`widths` narrowed, the column with most to spare first, to fit `width`; None if
    they cannot be without going below `bounds`."""
    widths = [max(w, b) for w, b in zip(widths, bounds, strict=True)]
    over = sum(widths) + GAP * (len(widths) - 1) - width
    if over > sum(w - b for w, b in zip(widths, bounds, strict=True)):
        return None
    while over > 0:
        i = max(range(len(widths)), key=lambda i: widths[i] - bounds[i])
        widths[i] -= 1
        over -= 1
    return widths


def _grid(shape: Shape, widths: list[int]) -> list[str]:
    return _heads(shape, widths) + [line for row in _drawn(shape, widths) for line in row]


def _heads(shape: Shape, widths: list[int]) -> list[str]:
    """The titles, wrapped, on the rule."""
    heads = [wrapped(t, w) for t, w in zip(shape.titles, widths, strict=True)]
    tall = max(map(len, heads))
    heads = [[""] * (tall - len(h)) + h for h in heads]
    out = [_line([h[i] for h in heads], widths, shape.numeric) for i in range(tall)]
    return [*out, _line(["-" * w for w in widths], widths, shape.numeric)]


def _drawn(shape: Shape, widths: list[int]) -> list[list[str]]:
    """Each row as the lines it takes."""
    if not shape.rows:
        return []
    line = _liner(shape, widths)
    measure = len if shape.plain else _widest_line
    columns = zip(*shape.rows, strict=True)
    over = [i for i, (column, w) in enumerate(zip(columns, widths, strict=True))
            if max(map(measure, column)) > w]
    return [_row(row, widths, shape.numeric, line)
            if any(measure(row[i]) > widths[i] for i in over) else [line(row)]
            for row in shape.rows]


def _row(row: list[str], widths: list[int], numeric: list[bool],
         line: Callable[[Sequence[str]], str]) -> list[str]:
    """A row whose text is wrapped onto the lines it needs."""
    parts = [[c] if n else wrapped(c, w) for c, w, n in zip(row, widths, numeric, strict=True)]
    return [line([p[i] if i < len(p) else "" for p in parts])
            for i in range(max(map(len, parts)))]


def _liner(shape: Shape, widths: list[int]) -> Callable[[Sequence[str]], str]:
    """A function drawing a line of cells in `widths`."""
    if shape.plain:
        pattern = (" " * GAP).join(f"{{:{'>' if n else '<'}{w}}}"
                                   for n, w in zip(shape.numeric, widths, strict=True))
        return lambda cells: pattern.format(*cells).rstrip()
    return lambda cells: _line(cells, widths, shape.numeric)


def _line(cells: Sequence[str], widths: list[int], numeric: list[bool]) -> str:
    return (" " * GAP).join(_pad(c, w, n) for c, w, n in zip(cells, widths, numeric,
                                                             strict=True)).rstrip()


def _pad(cell: str, width: int, right: bool) -> str:
    room = " " * max(width - width_of(cell), 0)
    return room + cell if right else cell + room


def _stacked(shape: Shape, width: int) -> list[str] | None:
    """Layout 4: the grid without the text that may wrap, that text under each row."""
    keep = [i for i, may in enumerate(shape.wrap) if not may]
    moved = [i for i, may in enumerate(shape.wrap) if may]
    if not moved or not keep:
        return None
    grid = Shape([shape.titles[i] for i in keep], [[r[i] for i in keep] for r in shape.rows],
                 [shape.numeric[i] for i in keep], [False] * len(keep),
                 [shape.names[i] for i in keep], plain=shape.plain)
    widths = _shrunk(_widths(grid), _narrow(grid), width)
    if widths is None:
        return None
    indent = widths[0] + GAP if widths[0] + GAP <= width // 3 else GAP
    out = _heads(grid, widths)
    for lines, full in zip(_drawn(grid, widths), shape.rows, strict=True):
        out += lines
        items = [(f"{shape.titles[i]}: " if len(moved) > 1 else "") + full[i]
                 for i in moved if full[i]]
        out += [" " * indent + line for line in _side_by_side(items, width - indent)]
    return out


def _side_by_side(items: list[str], width: int) -> list[str]:
    """Items on lines of `width`, as many to a line as fit whole; a longer one wrapped."""
    lines: list[str] = []
    for item in items:
        if lines and width_of(lines[-1]) + 3 + width_of(item) <= width:
            lines[-1] += "   " + item
        else:
            lines += wrapped(item, width)
    return lines


def _records(shape: Shape, width: int) -> list[str]:
    """Layout 5: one record a row, a line a column (the titles, names cut short if they
    are longer than a third of the width)."""
    skip = 1 if shape.record else 0
    labels = shape.titles[skip:]
    room = min(max(map(width_of, labels), default=0), width // 3)
    value = width - room - GAP
    out: list[str] = []
    for number, row in enumerate(shape.rows, start=1):
        head = f"-[ {shape.record} {row[0]} ]" if shape.record else f"-[ {number} ]"
        out += [head.ljust(width, "-")] if width_of(head) <= width else [
            "-" * width, *wrapped(head[3:-2], width)]
        for label, cell in zip(labels, row[skip:], strict=True):
            names, values = wrapped(label, room), wrapped(cell, value) if cell else [""]
            for i in range(max(len(names), len(values))):
                left = names[i] if i < len(names) else ""
                right = values[i] if i < len(values) else ""
                out.append((_pad(left, room, False) + " " * GAP + right).rstrip())
    return out


def wrapped(text: str, width: int, after: str = ",") -> list[str]:
    """`text` as lines of at most `width`: broken after `after` where it can be, else at a
    space; a word longer than a line (never a number, which is short) is broken where it
    must be."""
    if "\n" in text:
        return [line for part in text.split("\n") for line in wrapped(part, width, after)]
    if width_of(text) <= width:
        return [text]
    lines: list[str] = []
    for part in _parts(text, after):
        if lines and width_of(lines[-1]) + 1 + width_of(part) <= width:
            lines[-1] += " " + part
        elif lines and width_of(part) > width:  # broken anyway: from where the line is
            lines[-1:] = _words(f"{lines[-1]} {part}", width)
        else:
            lines += _words(part, width)
    return lines


def _parts(text: str, after: str) -> list[str]:
    """`text` split after each `after` that a space follows, the mark kept."""
    parts = text.split(after + " ")
    return [p + after for p in parts[:-1]] + parts[-1:]


def _words(text: str, width: int, then: int | None = None) -> list[str]:
    """`text` broken at spaces into lines of at most `width` (`then` after the first); a
    word longer than a line cut up."""
    lines: list[str] = []
    line = ""
    for each in _glued(text.split(" "), then or width):
        word = each
        joined = f"{line} {word}" if line else word
        if width_of(joined) <= (width if not lines else then or width):
            line = joined
            continue
        if line:
            lines.append(line)
        while width_of(word) > (room := width if not lines else then or width):
            cut = _cut(word, room)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    return [*lines, line]


def _glued(words: list[str], width: int) -> list[str]:
    """The words, a number kept with the word before it ("looed 3,") where they fit."""
    out: list[str] = []
    for word in words:
        if out and word[:1] in NUMBER and width_of(out[-1]) + 1 + width_of(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def prose(line: str, width: int) -> list[str]:
    """A line of text wrapped at its spaces to `width`: its own indent, and two more on the
    lines it wraps onto."""
    if width_of(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    lines = _words(body, max(width - indent, 10), max(width - indent - 2, 10))
    return [" " * indent + lines[0], *(" " * (indent + 2) + more for more in lines[1:])]


def _cut(word: str, width: int) -> int:
    """How many of `word`'s characters fill `width` columns."""
    cut = min(len(word), width)
    while cut > 1 and width_of(word[:cut]) > width:
        cut -= 1
    return cut


def _longest_word(text: str) -> int:
    return max(map(width_of, text.replace("\n", " ").split(" ")), default=0)
