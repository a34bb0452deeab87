"""How a partnership game played in rubbers reads (games/partnership.py): the changes of
partnerships, the standing of the rubber, the rubbers at the end of the sitting, and the
score pad itself (what is written above the line, and the points of each game below it).
A game of this kind subclasses `PartnershipView` and says how a deal reads
(`describe_deal`), and the words of what it writes above the line (`above_word`)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from itertools import zip_longest
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .. import i18n
from ..games.base import Entry
from ..games.partnership import (
    DealResult,
    NewPartnerships,
    PartnershipGame,
    PartnershipsResult,
    Rubber,
    RubberState,
    RubberSummary,
    side_name,
)
from ..games.players import Players
from ..i18n import _
from ..seating import SeatingResult
from ..session import AnySession, Played, Session, Standing, table_now
from .base import View
from .layout import wrapped
from .status import Status, initials, status

if TYPE_CHECKING:
    from ..reckoning import Settlement
    from ..tablenow import TableNow

S = TypeVar("S")
D = TypeVar("D", bound=Entry)
PartnershipSession = Session[S, D | NewPartnerships, RubberState,
                             DealResult[D] | PartnershipsResult]
Turn = Played[D | NewPartnerships, RubberState, DealResult[D] | PartnershipsResult]


def figure(points: int) -> str:
    """Points as the language writes a number in text (Danish 1.234)."""
    return i18n.number(str(points))


class PartnershipView(View[S, D | NewPartnerships, RubberState,
                           DealResult[D] | PartnershipsResult], Generic[S, D]):
    """What every partnership game shows alike; a deal's own line is the game's."""

    @abstractmethod
    def describe_deal(self, result: DealResult[D]) -> str:
        """What a deal did, in one line for the table of `show`."""

    def above_word(self, what: str) -> str:
        """What is written above the line (the file and JSON keep `what` in English), as a
        person reads it on the pad: the rubber's points, and the game's own."""
        return _("rubber") if what == "rubber" else what

    def describe(self, result: DealResult[D] | PartnershipsResult) -> str:
        if isinstance(result, PartnershipsResult):
            return _("partnerships for rubber {number}: {teams}").format(
                number=result.rubber, teams=result.teams)
        return self.describe_deal(result)

    def result_data(self, result: DealResult[D] | PartnershipsResult) -> dict[str, Any]:
        if isinstance(result, PartnershipsResult):
            return {"rubber": result.rubber, "teams": [list(s) for s in result.teams.sides]}
        return self.deal_data(result)

    def deal_data(self, result: DealResult[D]) -> dict[str, Any]:
        """What a deal did, for JSON: its rubber, the side it scored for, what it wrote
        below the line and above, whether it won a game and the rubber."""
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

    def deal_recorded(self, session: PartnershipSession[S, D], played: Turn[D],
                      standing: Standing[RubberState]) -> list[str]:
        result = played.result
        if isinstance(result, PartnershipsResult):
            return [_partnerships_line(played.seated, result)]
        return [_("Deal {number} (rubber {rubber}), dealt by {dealer}: {what}.").format(
                    number=played.number, rubber=result.rubber.number, dealer=played.dealer,
                    what=self.describe(result)),
                *self.standing_lines(session, standing),
                _("Next dealer: {dealer}.").format(dealer=standing.next_dealer)]

    def undone_lines(self, session: PartnershipSession[S, D], removed: Turn[D],
                     standing: Standing[RubberState]) -> list[str]:
        if not isinstance(removed.result, PartnershipsResult):
            return []
        upcoming = table_now(session, standing).upcoming
        assert upcoming is not None  # a partnership game always has a rubber to come
        return [_("Rubber {number} will be played by {teams}.").format(
            number=upcoming.number, teams=upcoming.teams)]

    def standing_lines(self, session: PartnershipSession[S, D], standing: Standing[RubberState]
                       ) -> list[str]:
        state = standing.state
        rubber = state.last
        if rubber is None:
            return []
        (a, b), (ga, gb) = rubber.current_game(), rubber.games()
        first, second = (side_name(s) for s in rubber.teams.sides)
        ta, tb = rubber.totals()
        if rubber.winner is not None:
            upcoming = table_now(session, standing).upcoming
            assert upcoming is not None  # a partnership game always has a rubber to come
            return [_("{winners} win rubber {number}: {first} {first_total}, {second} "
                      "{second_total}.").format(
                        winners=side_name(rubber.teams.sides[rubber.winner]),
                        number=rubber.number, first=first, first_total=figure(ta),
                        second=second, second_total=figure(tb)),
                    _("Rubber {number} next: {teams}.").format(number=upcoming.number,
                                                               teams=upcoming.teams)]
        return [_("Rubber {number}, game {game}: {first} {first_below}, {second} {second_below} "
                  "below; games {first_games}-{second_games}; totals {first_total} to "
                  "{second_total}.").format(
                    number=rubber.number, game=len(rubber.game_winners) + 1, first=first,
                    first_below=figure(a), second=second, second_below=figure(b),
                    first_games=ga, second_games=gb, first_total=figure(ta),
                    second_total=figure(tb))]

    def show_data(self, session: PartnershipSession[S, D], played: list[Turn[D]],
                  standing: Standing[RubberState]) -> dict[str, Any]:
        return {"rubbers": [rubber_data(r) for r in pads(played)]}

    def status(self, session: PartnershipSession[S, D], standing: Standing[RubberState],
               now: TableNow) -> Status:
        next_one = now.playing or now.upcoming
        assert next_one is not None  # a partnership game always has a rubber to come
        rubber = standing.state.playing or Rubber(next_one.number, next_one.teams)
        return rubber_status(rubber, _("deal {number}").format(number=standing.deals + 1),
                             _("{dealer} deals").format(dealer=now.next_dealer))

    def settle_lines(self, session: PartnershipSession[S, D], settlement: Settlement[RubberState]
                     ) -> list[str]:
        lines = []
        for r in settlement.standing.state.rubbers:
            (ta, tb), (ga, gb) = r.totals(), r.games()
            message = (_("Rubber {number}: {first} {first_total}, {second} {second_total}; "
                         "games {first_games}-{second_games}; {lead} +{difference} each.")
                       if r.winner is not None else
                       _("Rubber {number} (unfinished, without the {bonus}): {first} "
                         "{first_total}, {second} {second_total}; games {first_games}-"
                         "{second_games}; {lead} +{difference} each."))
            lead = 0 if ta >= tb else 1
            first, second = (side_name(s) for s in r.teams.sides)
            lines.append(message.format(
                number=r.number, first=first, first_total=figure(ta), second=second,
                second_total=figure(tb), first_games=ga, second_games=gb,
                lead=side_name(r.teams.sides[lead]), difference=figure(abs(ta - tb)),
                bonus=figure(_bonus(session))))
        return lines

    def settle_data(self, session: PartnershipSession[S, D], settlement: Settlement[RubberState]
                    ) -> dict[str, Any]:
        return {"rubbers": [summary_data(r) for r in settlement.standing.state.rubbers]}

    def drawing(self, session: PartnershipSession[S, D], played: list[Turn[D]],
                standing: Standing[RubberState]) -> Callable[[int | None], str] | None:
        rubbers, bonus = pads(played), _bonus(session)
        if not rubbers:  # no pad yet: the report says there are no deals
            return None
        return lambda width: "\n\n".join(score_pad(r, bonus, width, self.above_word)
                                          for r in rubbers)



def rubber_status(rubber: Rubber, deal: str, dealer: str) -> Status:
    """"deal 7 · Per deals · rubber 2 · Anne & Carl 0-16 Olaf & Quinn below, games 0-1 ·
    Olaf & Quinn vulnerable", giving way to fit: the rubber's number, the partnerships as
    initials ("AC 0-16 OQ"), the deal's number, the word below, and the games (which say
    no more than who is vulnerable) in that order; the dealer and the score stay."""
    (a, b), (ga, gb) = rubber.current_game(), rubber.games()
    sides = rubber.teams.sides
    full = [side_name(side) for side in sides]
    short = [initials(sides[0], sides[1]), initials(sides[1], sides[0])]
    score = {"first_below": figure(a), "second_below": figure(b), "first_games": ga,
             "second_games": gb}
    long_score = _("{first} {first_below}-{second_below} {second} below, games "
                   "{first_games}-{second_games}")
    scores = (long_score.format(first=full[0], second=full[1], **score),
              long_score.format(first=short[0], second=short[1], **score),
              _("{first} {first_below}-{second_below} {second}, games {first_games}-"
                "{second_games}").format(first=short[0], second=short[1], **score),
              _("{first} {first_below}-{second_below} {second}").format(
                  first=short[0], second=short[1], **score))
    vulnerable = [s for s in (0, 1) if (ga, gb)[s]]
    if len(vulnerable) == 1:
        side = vulnerable[0]
        said: tuple[str, ...] = (_("{side} vulnerable").format(side=full[side]),
                                 _("{side} vulnerable").format(side=short[side]))
    else:
        said = (_("both vulnerable") if vulnerable else "",)
    return status([(deal, ""), (dealer,), (_("rubber {number}").format(number=rubber.number), ""),
                   scores, said], (2, 3, 4, 0, 3, 3))


def _bonus(session: AnySession) -> int:
    """What winning a rubber scores in the game of `session`."""
    game = session.game
    assert isinstance(game, PartnershipGame)
    return game.rubber_bonus


def _partnerships_line(seated: Players, result: PartnershipsResult) -> str:
    out = ", ".join(p for p in seated if p not in result.teams.seating)
    if result.waiting:
        message = (_("Rubber {number}, when rubber {before} is won: {teams} ({out} out).") if out
                   else _("Rubber {number}, when rubber {before} is won: {teams}."))
    else:
        message = (_("Rubber {number}: {teams} ({out} out).") if out else
                   _("Rubber {number}: {teams}."))
    return message.format(number=result.rubber, before=result.rubber - 1, teams=result.teams,
                          out=out)


def pads(played: list[Played[Any, Any, Any]]) -> list[Rubber]:
    """Every rubber's pad as its last deal left it, in order."""
    final: dict[int, Rubber] = {}
    for each in played:
        if not isinstance(each.result, PartnershipsResult | SeatingResult):
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


def score_pad(rubber: Rubber, bonus: int, width: int | None = None,
              above_word: Callable[[str], str] = str) -> str:
    """A rubber as a bridge score pad: the two partnerships in two columns; what is
    written above the line (Bridge: honours, chicane, slams; the rubber's `bonus`), the
    first nearest it, in `above_word`s; trick points below it with a line under each
    finished game; then the totals and the difference. The columns narrow to fit `width`,
    the partnerships' names wrapping."""
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
    lines = [_status(rubber, names), "",
             *(row(f" {a}", b) for a, b in zip_longest(*heads, fillvalue="")), rule("-")]
    above = [[f"{figure(p):>5} {above_word(what)}" for s, p, what in reversed(rubber.above)
              if s == side] for side in (0, 1)]
    height = max(len(above[0]), len(above[1]))
    for i in range(height):
        cells = [col[i - (height - len(col))] if i >= height - len(col) else "" for col in above]
        lines.append(row(*cells))
    lines.append(rule("="))
    for game_number, game in enumerate(rubber.below, start=1):
        finished = game_number <= len(rubber.game_winners)
        if not game and not finished:
            continue
        below = [[f"{figure(p):>5}" for s, p in game if s == side] for side in (0, 1)]
        for i in range(max(len(below[0]), len(below[1]), 1)):
            lines.append(row(*(col[i] if i < len(col) else "" for col in below)))
        if finished:
            # the note is cut short at its colon where the whole does not fit
            lines.append(rule("-", "  " + _("game {number}: {side}").format(
                number=game_number, side=names[rubber.game_winners[game_number - 1]])))
    totals = rubber.totals()
    lines.append(row(_("{points:>5} total").format(points=figure(totals[0])),
                     _("{points:>3} total").format(points=figure(totals[1]))))
    lead = 0 if totals[0] >= totals[1] else 1
    each = ", ".join(f"{p} {i18n.number(f'{n:+d}')}" for p, n in rubber.reckoning().items())
    message = (_("{side} win by {points}: {each}") if rubber.winner is not None else
               _("{side} lead by {points} (as it stands, without the {bonus}): {each}"))
    lines.append("  " + message.format(side=names[lead], each=each, bonus=figure(bonus),
                                       points=figure(abs(totals[0] - totals[1]))))
    return "\n".join(lines)


def _status(rubber: Rubber, names: list[str]) -> str:
    """The pad's title: the rubber, its partnerships, and who won it or how it stands."""
    games = rubber.games()
    if rubber.winner is not None:
        return _("Rubber {number}: {first} v {second} ({winners} won the rubber, {won} games "
                 "to {lost})").format(number=rubber.number, first=names[0], second=names[1],
                                      winners=names[rubber.winner], won=max(games),
                                      lost=min(games))
    return _("Rubber {number}: {first} v {second} (unfinished: games {first_games}-"
             "{second_games})").format(number=rubber.number, first=names[0], second=names[1],
                                       first_games=games[0], second_games=games[1])
