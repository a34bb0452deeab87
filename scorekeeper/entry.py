"""The `scorekeeper` command's entry point.

Ctrl-C while the program starts, before a command's own answer to it is in place (which
knows whether anything was recorded), ends the run at once: exit 130 and one line, for
nothing has been done yet. That answer is set on this module's first line, the first code
of ours a console script or `python -m scorekeeper` runs; Ctrl-C before it (the
interpreter starting, `site`, pip's editable finder) comes before any code of ours.

A command runs for a few milliseconds: the cyclic garbage collector, which runs several
times while click and the rules are imported, costs more than it could ever free in that
time (about 2 ms of every deal). Reference counting still frees everything else. The
interactive `play` turns the collector back on.
"""

import _signal  # type: ignore[import-not-found]  # signal's C half: signal costs 0.5 ms
import os  # already imported by the interpreter's start: costs nothing
import sys

ABORTED = ["Aborted: nothing was changed."]
"""What Ctrl-C while starting says: in English until the language is read."""


def _aborted(signum: int = 0, frame: object = None) -> None:
    """Ctrl-C while starting: nothing was done. One line (after the ^C a terminal shows),
    exit 130, at once. It imports nothing: the module being imported may be the one it
    would need (contextlib, half made)."""
    try:  # noqa: SIM105  (contextlib.suppress: see above)
        os.write(2, (("\n" if os.isatty(2) else "") + ABORTED[0] + "\n").encode())
    except OSError:  # no stderr: the exit code says it
        pass
    os._exit(130)


_signal.signal(_signal.SIGINT, _aborted)

import gc  # noqa: E402  (after Ctrl-C has its answer)

from . import i18n  # noqa: E402

gc.disable()
i18n.use(i18n.language(i18n.chosen(i18n.scan(sys.argv[1:]))))  # before the help is made
ABORTED[0] = i18n._("Aborted: nothing was changed.")
from .cli import main as _main  # noqa: E402  (after the collector is off, in the language)


def main() -> None:
    """Run the program; from here on the command answers Ctrl-C itself."""
    _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    try:
        _main()
    except KeyboardInterrupt:  # before the command's own answer was in place
        _aborted()


__all__ = ["main"]
