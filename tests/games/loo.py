"""Three-card Loo's test data (see tests/games/__init__.py)."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.session import AnySession

from ..test_loo import sittings as loo_sittings
from .names import NAMES_WITH_SPACES

DEALS = ["{0}=1 {1}=1 {2}=1", "{1}=3", "pass", "{0}=2 {2}=1 {1}=0", "miss {2}",
         "{0}=1 {1}=1 {2}=1"]
AMEND = "{0}=2 {1}=1 {2}=0"
SIZES = range(3, 7)
SPACED = ["Mary Ann=2", "bob=1", "Cid\u00a0Ho=0"]
#: The deals name the players in full, so names alike but for their ends will do.
IN_FULL = True


@st.composite
def sittings(draw: st.DrawFn) -> AnySession:
    names = draw(st.sampled_from([tuple("ABCDEFG"), NAMES_WITH_SPACES]))
    session, _ = draw(loo_sittings(names))
    return session
