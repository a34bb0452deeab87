"""The keys of every deal of an evening of each game, typed into `scorekeeper play` on a
pseudo-terminal as a person would (Tab where it helps), Enter counted.

    python benchmarks/keys.py [--lang da]

Each evening is realistic: Loo with four players, miss and uneven pools (an order as
initials); Bridge a rubber and more with a doubled deal and a chicane; Pinochle with the
meld helper, whose total the next deal takes (= or Tab). Every line must be recorded (the
screen says its deal); the helper line is not a deal and is not counted. Exits 1 if any
deal takes more than 16 keys (issue 23), or a deal is not recorded.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MOST = 16
TAB = "\t"
#: What the terminal is sent as each prompt begins (bracketed paste turned on).
PROMPT = b"\x1b[?2004h"
#: Each game: its `new` and the lines typed, English then Danish; a line starting with
#: "meld " is the helper.
EVENINGS = {
    "loo": ("loo new evening --players Ann,Bob,Cid,Dan --unlimited --date 2026-11-27",
            ["b2 c0 d1 m d", "c1 b2 def", "b0 o dad", "o cab", "b3", "pass", "a1 b1 c1 d0",
             "miss a", "a1 b2 c0 d0 m a", "c0 d0 o bab"],
            ["b2 c0 d1 e d", "c1 b2 f", "b0 s dad", "s cab", "b3", "pas", "a1 b1 c1 d0",
             "ekstra a", "a1 b2 c0 d0 e a", "c0 d0 s bab"]),
    "bridge": ("bridge new club --players Ann,Bob,Cid,Dan --date 2026-11-27",
               ["nt a9 a2c1", "d b8 x b2d2", "c a8 b2d1", "h b12 b4d1 va", "h a10 a2c1 x vb",
                "nt c10 c4", "s b9 b3 xx"],
               ["ut a9 a2c1", "ru b8 x b2d2", "kl a8 b2d1", "hj b12 b4d1 cha",
                "h a10 a2c1 x vb", "ut c10 c4", "sp b9 b3 xx"]),
    "pinochle": ("pinochle new sunday --players Ann,Bob,Cid,Dan --date 2026-11-27",
                 ["b 350 190 172", "c 300 150 140",
                  "meld --trump h AH 10H KH QH JH 9H QS JD KC QC", "a 320 \t c",
                  "b 420 260 d", "pass", "meld --trump s AS 10S KS QS JS", "d 350 = 140"],
                 ["b 350 190 172", "c 300 150 140",
                  "meld --trump h AH 10H KH QH JH 9H QS JD KC QC", "a 320 \t i",
                  "b 420 260 o", "pas", "meld --trump s AS 10S KS QS JS", "d 350 = 140"]),
}


class Screen:
    """The far side of the terminal: keys typed, the screen read until it shows a text."""

    def __init__(self, fd: int) -> None:
        self.fd, self.seen = fd, b""

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait(self, wanted: bytes, timeout: float = 20) -> bool:
        end = time.monotonic() + timeout
        while wanted not in self.seen and time.monotonic() < end:
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    self.seen += os.read(self.fd, 65536)
                except OSError:
                    break
        found = wanted in self.seen
        if found:
            self.seen = self.seen[self.seen.index(wanted) + len(wanted):]
        return found


def evening(game: str, lang: str, folder: Path) -> list[tuple[str, int, bool]]:
    """Each deal of the game's evening: the line, its keys, whether it was recorded."""
    command = str(Path(sys.executable).parent / "scorekeeper")
    new, english, danish = EVENINGS[game]
    env = {"PATH": os.environ["PATH"], "SCOREKEEPER_DIR": str(folder), "HOME": str(folder),
           "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1", "COLUMNS": "80",
           "LINES": "24", "SCOREKEEPER_LANG": lang}
    subprocess.run([command, *new.split()], env=env, check=True, capture_output=True)
    main, secondary = pty.openpty()
    proc = subprocess.Popen([command, "play"], stdin=secondary, stdout=secondary,
                            stderr=secondary, env=env, close_fds=True)
    os.close(secondary)
    screen, done, number = Screen(main), [], 0
    word = "Spil" if lang == "da" else ("Hand" if game == "loo" else "Deal")
    try:
        screen.wait(PROMPT)
        for line in english if lang == "en" else danish:
            if line.startswith("meld "):
                screen.type(line + "\r")
                screen.wait(b"Total")
                screen.wait(PROMPT)
                continue
            number += 1
            for part in line.split(TAB)[:-1]:  # Tab, and the completion drawn
                screen.type(part + TAB)
                screen.wait(b"\x00", 1.5)  # a benchmark, not a test: time to draw it
            screen.type(line.split(TAB)[-1] + "\r")
            recorded = screen.wait(f"{word} {number}".encode())
            screen.wait(PROMPT)  # the prompt again: the next keys are the next line's
            done.append((line.replace(TAB, "<Tab>"), len(line) + 1, recorded))
        screen.type("\x04")
        end = time.monotonic() + 20
        while proc.poll() is None and time.monotonic() < end:
            screen.wait(b"\x00", 0.2)  # read what it prints, so that it can end
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=["en", "da"], default="en")
    lang = parser.parse_args().lang
    worst = 0
    failed = False
    for game in EVENINGS:
        with tempfile.TemporaryDirectory() as folder:
            deals = evening(game, lang, Path(folder))
        keys = [k for _line, k, _ok in deals]
        print(f"{game} ({lang}): {len(deals)} deals, keys {keys}, median "
              f"{sorted(keys)[len(keys) // 2]}, most {max(keys)}")
        for line, k, ok in deals:
            if k > MOST or not ok:
                print(f"  {line!r}: {k} keys{'' if ok else ', not recorded'}")
                failed = True
        worst = max(worst, *keys)
    print(f"most keys in a deal: {worst} (target at most {MOST})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
