"""The `scorekeeper` command's entry point.

A command runs for a few milliseconds: the cyclic garbage collector, which runs several
times while click and the rules are imported, costs more than it could ever free in that
time (about 2 ms of every deal). Reference counting still frees everything else. The
interactive `play` turns the collector back on.
"""

import gc
import sys

try:  # Ctrl-C while starting (the language not yet read): nothing was done, no traceback
    from . import i18n
except KeyboardInterrupt:
    print("\nAborted: nothing was changed.", file=sys.stderr)
    raise SystemExit(130) from None

try:
    gc.disable()
    i18n.use(i18n.language(i18n.chosen(i18n.scan(sys.argv[1:]))))  # before the help is made
    from .cli import main  # after the collector is off, in the language chosen
except KeyboardInterrupt:  # Ctrl-C while starting: nothing was done
    print("\n" + i18n._("Aborted: nothing was changed."), file=sys.stderr)
    raise SystemExit(130) from None

__all__ = ["main"]
