"""The folder's payments read from their cache (files.paycache) are the payments read from
the file: after payments made, put right and removed (with a history), through `pay`; and
a cache that is damaged, unsigned or of other bytes is not used."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.files import paycache, payfile

from .helpers import ROOT, run

CLUB = ROOT / "sessions" / "club"
#: Payments between the bundled club's players, and how each is made.
PAYMENTS = ["dor ann 10 --currency DKK --date 2026-11-28 --note 'at the door'",
            "bo frida 1 --currency SEK --date 2026-11-29", "ann dor 2.5 --currency DKK"]


def _club(folder: Path) -> Path:
    for path in CLUB.glob("*.toml"):
        if path.name != "payments.toml":
            shutil.copy(path, folder / path.name)
    return folder


def _both(folder: Path) -> tuple[object, object]:
    """The payments as the cache says, and as the file says."""
    path = str(folder / payfile.NAME)
    raw = Path(path).read_bytes()
    found = payfile.from_bytes(path, raw)
    return paycache.read(path, raw), (found.payments, found.history)


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(st.sampled_from(["pay", "amend", "undo"]), min_size=1, max_size=5),
       which=st.lists(st.integers(0, len(PAYMENTS) - 1), min_size=5, max_size=5))
def test_the_cached_payments_are_those_of_the_file(tmp_path_factory: pytest.TempPathFactory,
                                                   steps: list[str], which: list[int]) -> None:
    folder = _club(tmp_path_factory.mktemp("club"))
    made = 0
    for i, (step, one) in enumerate(zip(steps, which, strict=False)):
        if step == "pay" or not made:
            run(folder, f"pay {PAYMENTS[one]}")
            made += 1
        elif step == "amend":
            run(folder, f"pay --amend {made} ann dor {i + 7} --currency DKK --why 'put right'")
        else:
            run(folder, "pay --undo --why twice")
            made -= 1
        cached, read = _both(folder)
        assert cached == read
    run(folder, "book")  # a read without the lock writes it too
    assert _both(folder)[0] == _both(folder)[1]


@pytest.mark.parametrize("damage", ["flip", "unsigned", "other bytes"])
def test_a_payments_cache_not_sound_is_not_used(tmp_path: Path, damage: str) -> None:
    folder = _club(tmp_path)
    run(folder, f"pay {PAYMENTS[0]}")
    kept = Path(paycache.path_of(str(folder / payfile.NAME)))
    raw = kept.read_bytes()
    assert _both(folder)[0] is not None
    if damage == "other bytes":
        text = (folder / payfile.NAME).read_text()
        (folder / payfile.NAME).write_text(text.replace('"10.00"', '"11.00"'))
    else:
        kept.write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]) if damage == "flip" else raw[32:])
        os.chmod(kept, 0o600)
    assert _both(folder)[0] is None
    shown = run(folder, "book --format json").stdout
    assert ("11.00" in shown) == (damage == "other bytes")
