"""How Bridge reads: deals on the rubber's pad, the standing of the rubber, and the score
pad itself (honours, chicane, slams above the line; trick points below it)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from ..games.bridge import (
    BridgeEntry,
    BridgeOutcome,
    BridgeResult,
    BridgeSettings,
    BridgeState,
    PartnershipsResult,
    next_rubber,
)
from ..games.players import Players
from ..games.rubber import Rubber, RubberSummary, side_name
from ..session import Played, Session, Standing
from .base import View
from .layout import wrapped

if TYPE_CHECKING:
    from ..reckoning import Settlement

BridgeSession = Session[BridgeSettings, BridgeEntry, BridgeState, BridgeOutcome]
BridgePlayed = Played[BridgeEntry, BridgeState, BridgeOutcome]
DOUBLINGS = {0: "", 1: " doubled", 2: " redoubled"}


class BridgeView(View[BridgeSettings, BridgeEntry, BridgeState, BridgeOutcome]):
    def describe(self, result: BridgeOutcome) -> str:
        if isinstance(result, PartnershipsResult):
            return f"partnerships for rubber {result.rubber}: {result.teams}"
        deal, sides = result.deal, result.rubber.teams.sides
        doubled = DOUBLINGS.get(deal.doubled, f" doubled {deal.doubled} times")
        tricks = deal.tricks if deal.side_of in sides[result.side] else 13 - deal.tricks
        parts = [f"{deal.trump.label}{doubled}, {side_name(sides[result.side])} {tricks} tricks"]
        if result.below:
            parts.append(f"{result.below} below")
        parts += [f"{side_name(sides[s])} {p} {what}" for s, p, what in result.above]
        if result.game_won:
            parts.append("game" if result.rubber.winner is None else "game and rubber")
        return ", ".join(parts)

    def result_data(self, result: BridgeOutcome) -> dict[str, Any]:
        if isinstance(result, PartnershipsResult):
            return {"rubber": result.rubber, "teams": [list(s) for s in result.teams.sides]}
        sides = result.rubber.teams.sides
        return {
            "rubber": result.rubber.number,
            "side": list(sides[result.side]),
            "below": result.below,
            "above": [{"side": list(sides[s]), "points": p, "what": w}
                      for s, p, w in result.above],
            "game": result.game_won,
            "rubber_won": result.rubber.winner is not None and result.game_won,
        }

    def deal_recorded(self, session: BridgeSession, played: BridgePlayed,
                      standing: Standing[BridgeState]) -> list[str]:
        result = played.result
        if isinstance(result, PartnershipsResult):
            return [_partnerships_line(played.seated, result)]
        return [f"Deal {played.number} (rubber {result.rubber.number}), dealt by "
                f"{played.dealer}: {self.describe(result)}.",
                *self.standing_lines(session, standing),
                f"Next dealer: {standing.next_dealer}."]

    def undone_lines(self, session: BridgeSession, removed: BridgePlayed,
                     standing: Standing[BridgeState]) -> list[str]:
        if not isinstance(removed.result, PartnershipsResult):
            return []
        upcoming = next_rubber(standing.state, standing.seated)
        if standing.state.playing:
            upcoming = upcoming._replace(number=upcoming.number + 1,
                                         teams=standing.state.next_teams or upcoming.teams)
        return [f"Rubber {upcoming.number} will be played by {upcoming.teams}."]

    def standing_lines(self, session: BridgeSession, standing: Standing[BridgeState]
                       ) -> list[str]:
        state = standing.state
        rubber = state.last
        if rubber is None:
            return []
        (a, b), (ga, gb) = rubber.current_game(), rubber.games()
        first, second = (side_name(s) for s in rubber.teams.sides)
        ta, tb = rubber.totals()
        if rubber.winner is not None:
            upcoming = next_rubber(state, standing.seated)
            return [f"{side_name(rubber.teams.sides[rubber.winner])} win rubber "
                    f"{rubber.number}: {first} {ta}, {second} {tb}.",
                    f"Rubber {upcoming.number} next: {upcoming.teams}."]
        return [f"Rubber {rubber.number}, game {len(rubber.game_winners) + 1}: {first} {a}, "
                f"{second} {b} below; games {ga}-{gb}; totals {ta} to {tb}."]

    def show_data(self, session: BridgeSession, played: list[BridgePlayed],
                  standing: Standing[BridgeState]) -> dict[str, Any]:
        return {"rubbers": [rubber_data(r) for r in pads(played)]}

    def prompt(self, session: BridgeSession, standing: Standing[BridgeState]) -> str:
        rubber = next_rubber(standing.state, standing.seated)
        (a, b), (ga, gb) = rubber.current_game(), rubber.games()
        parts = [f"deal {standing.deals + 1}", f"{standing.next_dealer} deals",
                 f"rubber {rubber.number}", f"{a}-{b} below, games {ga}-{gb}"]
        vulnerable = [side_name(rubber.teams.sides[s]) for s in (0, 1) if (ga, gb)[s]]
        if vulnerable:
            parts.append(f"{vulnerable[0] if len(vulnerable) == 1 else 'both'} vulnerable")
        return " · ".join(parts)

    def settle_lines(self, session: BridgeSession, settlement: Settlement[BridgeState]
                     ) -> list[str]:
        lines = []
        for r in settlement.standing.state.rubbers:
            (ta, tb), (ga, gb) = r.totals(), r.games()
            status = "" if r.winner is not None else " (unfinished, without the 100)"
            lead = 0 if ta >= tb else 1
            first, second = (side_name(s) for s in r.teams.sides)
            lines.append(f"Rubber {r.number}{status}: {first} {ta}, {second} {tb}; games "
                         f"{ga}-{gb}; {side_name(r.teams.sides[lead])} +{abs(ta - tb)} each.")
        return lines

    def settle_data(self, session: BridgeSession, settlement: Settlement[BridgeState]
                    ) -> dict[str, Any]:
        return {"rubbers": [summary_data(r) for r in settlement.standing.state.rubbers]}

    def drawing(self, session: BridgeSession, played: list[BridgePlayed],
                standing: Standing[BridgeState]) -> Callable[[int | None], str] | None:
        rubbers = pads(played)
        return lambda width: "\n\n".join(score_pad(r, width) for r in rubbers
                                          ) or "No deals yet."


VIEW = BridgeView()


def _partnerships_line(seated: Players, result: PartnershipsResult) -> str:
    out = [p for p in seated if p not in result.teams.seating]
    when = f", when rubber {result.rubber - 1} is won" if result.waiting else ""
    sitting_out = f" ({', '.join(out)} out)" if out else ""
    return f"Rubber {result.rubber}{when}: {result.teams}{sitting_out}."


def pads(played: list[BridgePlayed]) -> list[Rubber]:
    """Every rubber's pad as its last deal left it, in order."""
    final: dict[int, Rubber] = {}
    for each in played:
        if isinstance(each.result, BridgeResult):
            final[each.result.rubber.number] = each.result.rubber
    return list(final.values())


def summary_data(rubber: Rubber | RubberSummary) -> dict[str, Any]:
    return {
        "number": rubber.number,
        "teams": [list(side) for side in rubber.teams.sides],
        "totals": list(rubber.totals()),
        "games": list(rubber.games()),
        "finished": rubber.winner is not None,
    }


def rubber_data(rubber: Rubber) -> dict[str, Any]:
    return summary_data(rubber) | {
        "below": [[[p for s, p in game if s == side] for side in (0, 1)]
                  for game in rubber.below if game or rubber.winner is None],
        "above": [[{"points": p, "what": w} for s, p, w in rubber.above if s == side]
                  for side in (0, 1)],
    }


def score_pad(rubber: Rubber, width: int | None = None) -> str:
    """A rubber as a bridge score pad: the two partnerships in two columns; honours,
    chicane, slams and the rubber above the line (the first nearest it), trick points below
    it with a line under each finished game; then the totals and the difference. The
    columns narrow to fit `width`, the partnerships' names wrapping."""
    names = [side_name(side) for side in rubber.teams.sides]
    column = max(18, *(len(n) + 2 for n in names))
    if width is not None:
        column = max(14, min(column, (width - 3) // 2))

    def row(left: str, right: str, note: str = "") -> str:
        return f"  {left:<{column}}|  {right:<{column - 2}}{note}".rstrip()

    def rule(char: str, note: str = "") -> str:
        line = f"  {char * column}+{char * column}"
        short = note.partition(":")[0]
        fits = [n for n in (note, short) if width is None or len(line + n) <= width]
        return line + (fits[0] if fits else "")

    heads = [wrapped(n, column - 2, "&") for n in names]
    lines = [f"Rubber {rubber.number}: {names[0]} v {names[1]} ({_status(rubber, names)})", "",
             *(row(f" {a}", b) for a, b in zip_longest(*heads, fillvalue="")), rule("-")]
    above = [[f"{p:>5} {what}" for s, p, what in reversed(rubber.above) if s == side]
             for side in (0, 1)]
    height = max(len(above[0]), len(above[1]))
    for i in range(height):
        cells = [col[i - (height - len(col))] if i >= height - len(col) else "" for col in above]
        lines.append(row(*cells))
    lines.append(rule("="))
    for number, game in enumerate(rubber.below, start=1):
        finished = number <= len(rubber.game_winners)
        if not game and not finished:
            continue
        below = [[f"{p:>5}" for s, p in game if s == side] for side in (0, 1)]
        for i in range(max(len(below[0]), len(below[1]), 1)):
            lines.append(row(*(col[i] if i < len(col) else "" for col in below)))
        if finished:
            lines.append(rule("-", f"  game {number}: {names[rubber.game_winners[number - 1]]}"))
    totals = rubber.totals()
    lines.append(row(f"{totals[0]:>5} total", f"{totals[1]:>3} total"))
    lead = 0 if totals[0] >= totals[1] else 1
    each = ", ".join(f"{p} {n:+d}" for p, n in rubber.reckoning().items())
    unfinished = "" if rubber.winner is not None else " (as it stands, without the 100)"
    verb = "win" if rubber.winner is not None else "lead"
    lines.append(f"  {names[lead]} {verb} by {abs(totals[0] - totals[1])}{unfinished}: {each}")
    return "\n".join(lines)


def _status(rubber: Rubber, names: list[str]) -> str:
    games = rubber.games()
    if rubber.winner is not None:
        return f"{names[rubber.winner]} won the rubber, {max(games)} games to {min(games)}"
    return f"unfinished: games {games[0]}-{games[1]}"
