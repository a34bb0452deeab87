"""The `scorekeeper` command's entry point.

A command runs for a few milliseconds: the cyclic garbage collector, which runs several
times while click and the rules are imported, costs more than it could ever free in that
time (about 2 ms of every deal). Reference counting still frees everything else. The
interactive `play` turns the collector back on.
"""

import gc

gc.disable()

try:
    from .cli import main  # after the collector is off
except KeyboardInterrupt:  # Ctrl-C while starting: nothing was done
    import sys

    print("Aborted: nothing was changed.", file=sys.stderr)
    raise SystemExit(130) from None

__all__ = ["main"]
