"""An entry as the file holds it, written back as a player types it in short (what `history`
shows): `Bob 350 190 172`, `h Bob=8 Bob=2,Dan=2 x`, `Bob=2 Cid=0 Dan=1 miss Dan`; in Danish
with the Danish words the short form reads (`pas`, `ekstra`, `hj`, `chikane`). What the
short form has no word for follows as its option (`--dealer Ann`, `--meld-cards ...`), and
a seating or a change of partnerships as its command (`join Eve --after Bob`,
`rubber --teams Ann,Cid/Bob,Dan`). Every line written here reads back, through the game's
own short form, as the same entry (tests/test_small_things.py).

A game with no writer here is shown in option form (`View.inputs`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import i18n

Data = dict[str, Any]


def short_form(game: str, data: Data, options: Callable[[Data], str]) -> str:
    """`data` (an entry of a session of `game`) as the short form types it; `options`, the
    option form, for what is neither a deal the game can write nor a seating."""
    danish = i18n.speaking().code == "da"
    if "join" in data or "leave" in data:
        after = [f"--after {_word(data['after'])}"] if data.get("after") else []
        return " ".join(["join" if "join" in data else "leave",
                         _word(data.get("join", data.get("leave", ""))), *after])
    if "teams" in data:
        teams = "/".join(",".join(side) for side in data["teams"])
        return f"rubber --teams {_word(teams)}"
    writer = WRITERS.get(game)
    if writer is None:
        return options(data)
    try:
        words = writer(data, danish)
    except (KeyError, TypeError, ValueError, AttributeError):  # a file edited by hand
        return options(data)
    if data.get("dealer"):
        words += ["--dealer", _word(data["dealer"])]
    return " ".join(words)


def _word(text: object) -> str:
    """A word of the line, quoted as a shell would need it if it holds a space."""
    word = str(text)
    return f'"{word}"' if any(c.isspace() or c in "\"'" for c in word) or not word else word


def _counts(counts: dict[str, int]) -> list[str]:
    return [_word(f"{p}={n}") for p, n in counts.items()]


def _loo(data: Data, danish: bool) -> list[str]:
    miss, defend, passed, order = (("ekstra", "forsvar", "pas", "stik") if danish else
                                   ("miss", "defend", "pass", "order"))
    words = _counts(data.get("tricks", {}))
    if data.get("miss"):
        words += [miss, _word(data["miss"])]
    if data.get("defend"):
        words.append(defend)
    if data.get("all_pass"):
        words.append(passed)
    if data.get("order"):
        words += [order, _word(",".join(data["order"]))]
    return words


#: How a Pinochle deal short of its bid ended, as the short form's last word.
PINOCHLE_ENDINGS = {"declined": ("d", "o"), "conceded": ("c", "i"), "no_bury": ("x", "x")}


def _pinochle(data: Data, danish: bool) -> list[str]:
    if data.get("no_bid"):
        return ["pas" if danish else "pass"]
    words = [_word(data["bidder"]), str(int(data["bid"]))]
    cards = data.get("meld_cards")
    if not cards:
        words.append(str(int(data["meld"])))
    if "took" in data and not cards:  # with the cards, a number after the bid is no meld
        words.append(str(int(data["took"])))
    words += [PINOCHLE_ENDINGS[k][danish] for k in PINOCHLE_ENDINGS if data.get(k)]
    if cards:
        words += ["--meld-cards", _word(" ".join(cards)), "--trump", str(data["trump"])]
        words += ["--took", str(int(data["took"]))] if "took" in data else []
    return words


#: The trumps as the short form types them: English, Danish.
TRUMPS = {"spades": ("s", "sp"), "clubs": ("c", "kl"), "diamonds": ("d", "ru"),
          "hearts": ("h", "hj"), "notrumps": ("nt", "ut")}


def _bridge(data: Data, danish: bool) -> list[str]:
    trump = TRUMPS[data["trump"]][danish]
    ((side, tricks),) = data["tricks"].items()
    words = [trump, _word(f"{side}={tricks}")]
    honours = data.get("honours")
    if honours:
        words.append(_word(",".join(f"{p}={n}" for p, n in honours.items())))
    elif data["trump"] == "notrumps":
        words.append("ingen" if danish else "-")
    doubled = int(data.get("doubled", 0))
    if doubled:
        words.append("x" * doubled if doubled <= 2 else f"x{doubled}")
    for player in data.get("chicane", ()):
        words += ["chikane" if danish else "void", _word(player)]
    return words


WRITERS: dict[str, Callable[[Data, bool], list[str]]] = {
    "loo": _loo, "pinochle": _pinochle, "bridge": _bridge}
