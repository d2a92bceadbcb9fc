"""Royal Steeple Chase's hooks for tree search (``SearchHooks``): a rollout policy far cheaper than
the heuristic bot that plays as it does, and an evaluation that ends a rollout once a race is
scored or past its middle.

Racing, the policy plays the heuristic's judgement without its look-ahead (the heuristic tries every
card's two coups in both orders on copies of the position): each coup is valued where it stands, in
the heuristic's units (squares of course, a hurdle two more, « 3-2 (haie sautée) = 1 », a river
bank bordered with a hurdle ahead 1.2 more), for the seat's own horse and against its rivals by
their weights (the leader and the player after it weigh most, more as they near the line). A card
is its two coups in the better order, with what the hand is worth once it is played, as the
heuristic judges it: two advances of one's own horse as one run (which may cross a river); an
advance, then the other coup where the horse then stands; a white hurdle or a royal taking a
hurdle off one's own lane, then the run it frees; a hurdle of one's own colour where it costs least
(on the central hurdle); the hand after the card, the horse where the card took it, a river
crossed needing no card kept for it (« il faut savoir se réserver les possibilités de passage »).
Over games of the heuristic against itself the policy's card is one the heuristic judges as good
as its own at 91% of its decisions, its coup at 99% (a test holds it above 85% and 95%). Its own mobile hurdles
go where the heuristic puts them during the race, and before the start wherever they cost a rival.
Before the race (horses, auctions, the spread, trades, calls) it plays the heuristic's own rules,
on the state.

The evaluation ends a rollout when a race has been scored and the next deal is to come: in the
ordinary game (JEU ORDINAIRE BRIDGÉ) by the games (manches) made and the points toward the next,
through a logistic (two games win); in the simplified game by the chips, on a scale that grows with
the races still to run; in the other ways to play by a rough, untuned logistic on the scores. In
the ordinary game and a single race it also ends one ``DEPTH`` actions on, where a card is to be
played past the middle of a race still without a winner: each seat's chance of winning the race,
and the chance that nobody does (the cards run out), by the course each horse has left, the river
banks bordered ahead of it, what its owner's hand is worth and whose turn it is (``RACE_ODDS``,
fitted on games by ``scripts/fit_steeple_race.py``).

The policy reads the determinization the search gives it: the other hands there are ones the
search dealt consistently with what the seat saw (``resample_for``), never the real ones; so does
the evaluation, which weighs every seat's hand as that determinization deals it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SearchHooks
from hippodrome.engine.game import State
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase.actions import PASS, OwnHurdle, PlayCard, PlayHalf
from hippodrome.games.royal_steeple_chase.board import HALF_OF, TYPE_HALVES
from hippodrome.games.royal_steeple_chase.heuristic import (
    BANK_GAPS,
    Seat,
    SteepleHeuristic,
    banks_ahead,
    course_left,
    next_banks,
)
from hippodrome.games.royal_steeple_chase.material import NO_COLOUR
from hippodrome.games.royal_steeple_chase.rules import (
    FINISH,
    LAP,
    NOBODY,
    RIVERS,
    M,
    Phase,
    SteepleState,
)
from hippodrome.games.royal_steeple_chase.ways import (
    Bridge,
    Simplified,
    SingleRace,
    Solo,
    void_race_tens,
)

if TYPE_CHECKING:
    import random

HEURISTIC: Final = SteepleHeuristic()
T = TypeVar("T")
JUMP: Final = M.hurdle_cost - 1
"""What a hurdle adds to a course: « 3-2 (haie sautée) = 1 »."""
ARRIVAL: Final = 30.0
"""A horse over the line, in squares: the race is won or placed."""
NEXT_SQUARE: Final = SteepleHeuristic.next_square
BANK: Final = SteepleHeuristic.bank
BANK_MASK: Final = sum(1 << g for g in BANK_GAPS)
KEEP: Final = SteepleHeuristic.keep


def rollout(state: State, player: Player, rng: random.Random) -> Action:
    """The action ``player`` plays in a rollout of ``state`` (a Royal Steeple Chase state)."""
    assert isinstance(state, SteepleState)
    legal = list(state.legal_actions(player))
    if len(legal) == 1:
        return legal[0]
    me = state.acting_as(player)  # « avec un mort »: the dummy's partner plays its cards
    phase = state.phase
    if phase is Phase.HALVES:
        return _half(state, HEURISTIC.seat(state, me), legal)
    if phase is Phase.RACE:
        return _card(state, me, legal)
    if phase is Phase.OWN_HURDLES:
        # « ceux-ci les placent quand ils le désirent, même avant le départ »: every hurdle that
        # costs a rival something goes down, the best place first.
        seat = HEURISTIC.seat(state, me)
        best, best_value = PASS if PASS in legal else legal[0], 0.0
        for action in legal:
            if isinstance(action, OwnHurdle):
                h = action.horse
                gap = state.lane_gap(h, action.gap)
                value = _hurdle_value(state, seat, h, gap)
                if value > best_value:
                    best, best_value = action, value
        return best
    return HEURISTIC.decide(state, me, legal)


def _card(state: SteepleState, me: Player, legal: list[Action]) -> Action:
    """MARCHE DU JEU: one's own mobile hurdle where the heuristic puts it, else the card whose
    coups are worth most now with what the hand is worth once it is played, as the heuristic
    judges a card (``SteepleHeuristic._judge``: the hand after the card, its horse where the card
    took it, so a river crossed no longer needs a card kept for it)."""
    seat = HEURISTIC.seat(state, me)
    hurdle = HEURISTIC.own_hurdle(state, seat, legal)
    if hurdle is not None:
        return hurdle
    hand = state.hands[me]
    halves: dict[tuple[str, bool], float] = {}
    best, best_value = legal[0], -math.inf
    for action in legal:
        if not isinstance(action, PlayCard):
            continue
        t = action.card
        first, second = TYPE_HALVES[t]
        value, end = max(
            _card_order(state, seat, first, second, halves),
            _card_order(state, seat, second, first, halves),
        )
        hand[t] -= 1
        try:
            value += KEEP * _after(state, seat, end, HEURISTIC.hand_worth)
        finally:
            hand[t] += 1
        if value > best_value:
            best, best_value = action, value
    return best


def _gain(state: SteepleState, h: int, *points: int) -> float:
    """What advances of ``points``, one after the other, take off ``h``'s course (``_run``)."""
    return _run(state, h, state.hurdles[h], points)[0]


def _run(state: SteepleState, h: int, hurdles: int, points: Sequence[int]) -> tuple[float, int]:
    """What advances of ``points``, one after the other, take off ``h``'s course with these mobile
    ``hurdles`` on its lane (AVANCES: a square costs 1, a hurdle, mobile or central, 2 more; « on
    s'arrête devant l'obstacle »; ``BANK`` more for each bordered river bank it leaves behind, as
    the heuristic counts them, ``ARRIVAL`` more over the line), and the square it ends on; a card
    may not leave a horse in a river: it stops before it."""
    at = start = state.pos[h]
    if at >= FINISH:
        return 0.0, at
    lane = hurdles | state.central[h]
    for advance in points:
        left = advance
        while at < FINISH:
            cost = M.hurdle_cost if lane >> at & 1 else 1
            if cost > left:
                break
            left -= cost
            at += 1
    while at in RIVERS and at > start:
        at -= 1
    if at >= FINISH:
        return float(at - start + JUMP * (lane >> start).bit_count()) + ARRIVAL, at
    passed = (1 << at) - (1 << start)
    jumped = (lane & passed).bit_count()
    banks = (hurdles & BANK_MASK & passed).bit_count()
    return float(at - start + JUMP * jumped + BANK * banks), at


def _own_points(state: SteepleState, seat: Seat, text: str) -> int:
    """The squares a half advances the seat's own horse (0 if it is no advance of it; a royal
    as a galop)."""
    half = HALF_OF[text]
    kind = half.kind
    if seat.mine == NOBODY or kind not in ("2", "3", "4", "R"):
        return 0
    if half.colour not in (NO_COLOUR, seat.mine):
        return 0
    return state.game.advance_points["4" if kind == "R" else kind]


def _card_order(
    state: SteepleState, seat: Seat, first: str, second: str, halves: dict[tuple[str, bool], float]
) -> tuple[float, int]:
    """A card's two halves played in this order, and the square one's own horse ends on: two
    advances of one's own horse as one run (a river crossed by both, « jouer d'abord le R comme
    4, puis le 3b »); an advance of it, then the other half where the horse then stands; a white
    hurdle or a royal taking a hurdle off its lane before an advance of it, as the run it frees.
    ``halves`` keeps each half's ``_best_half`` where it stands, once worked out."""
    mine = seat.mine
    one, two = _own_points(state, seat, first), _own_points(state, seat, second)
    if not (one or two):
        value = _best_of(state, seat, first, halves) + _best_of(state, seat, second, halves)
        return value, state.pos[mine] if mine != NOBODY else 0
    hurdles, at = state.hurdles[mine], state.pos[mine]
    if one and two:
        best = _run(state, mine, hurdles, (one, two))
    elif one:
        gain, end = _run(state, mine, hurdles, (one,))
        best = gain + _after(state, seat, end, _best_of_half(second)), end
        if first == "R":  # a royal may do better as a hurdle or a chute
            other = _best_of(state, seat, first, halves) + _best_of(state, seat, second, halves)
            if other > best[0]:
                best = other, at
    else:
        gain, end = _run(state, mine, hurdles, (two,))
        best = _best_of(state, seat, first, halves, removal=False) + gain, end
    ahead = hurdles >> at << at & ~state.central[mine]
    if two and ahead and first in ("H", "R"):
        # « retirer une haie sur sa propre piste » first, the first one ahead, then run.
        removed = ahead & -ahead
        freed, end = _run(state, mine, hurdles & ~removed, (two,))
        freed += _taken_off(state, mine, removed)
        if freed > best[0]:
            return freed, end
    return best


def _best_of_half(text: str) -> Callable[[SteepleState, Seat], float]:
    """``_best_half`` of ``text``, as a judge for ``_after``."""
    return lambda state, seat: _best_half(state, seat, text)


def _taken_off(state: SteepleState, h: int, removed: int) -> float:
    """What taking the mobile hurdles ``removed`` (a bit mask) off ``h``'s lane takes off its
    course as the heuristic counts it: a jump each, but none for a hurdle on the central hurdle's
    gap (the central one stays: « une mauvaise utilisation »), and ``BANK`` for one on a river's
    bank."""
    jumps = (removed & ~state.central[h]).bit_count()
    return float(JUMP * jumps) + BANK * (removed & BANK_MASK).bit_count()


def _after(
    state: SteepleState, seat: Seat, end: int, judge: Callable[[SteepleState, Seat], T]
) -> T:
    """``judge`` of the position once one's own horse has run on to ``end``, the mobile hurdles it
    jumped taken away (the state is put back as it was)."""
    mine = seat.mine
    if mine == NOBODY or end == state.pos[mine]:
        return judge(state, seat)
    at, hurdles = state.pos[mine], state.hurdles[mine]
    state.pos[mine] = end
    state.hurdles[mine] = hurdles >> end << end
    try:
        return judge(state, seat)
    finally:
        state.pos[mine] = at
        state.hurdles[mine] = hurdles


def _best_of(
    state: SteepleState,
    seat: Seat,
    text: str,
    halves: dict[tuple[str, bool], float],
    removal: bool = True,
) -> float:
    """``_best_half``, kept in ``halves`` once worked out."""
    value = halves.get((text, removal))
    if value is None:
        value = halves[text, removal] = _best_half(state, seat, text, removal)
    return value


def _half(state: SteepleState, seat: Seat, legal: list[Action]) -> Action:
    """The card's coup to play now: valued with the other half still to play where both are left
    (two advances of one's own horse as one run)."""
    left = state.halves_left
    if len(left) < 2:
        return max(legal, key=lambda a: _half_value(state, seat, a))
    halves: dict[tuple[str, bool], float] = {}
    best, best_value = legal[0], -math.inf
    for action in legal:
        if not isinstance(action, PlayHalf):
            continue
        rest = left[1] if action.half == left[0] else left[0]
        other = _own_points(state, seat, rest)
        mine = seat.mine
        if action.use in ("2", "3", "4") and action.horses[0] == mine:
            points = state.game.advance_points[action.use]
            if other:
                value = _gain(state, mine, points, other)
            else:  # the run, then the other half where the horse then stands
                gain, end = _run(state, mine, state.hurdles[mine], (points,))
                value = gain + _after(state, seat, end, _best_of_half(rest))
        elif other and action.use == "H" and action.remove and action.horses[0] == mine:
            # a hurdle off one's own lane, then the run it frees
            removed = 1 << state.lane_gap(mine, action.gap)
            value = _run(state, mine, state.hurdles[mine] & ~removed, (other,))[0]
            value += _taken_off(state, mine, removed)
        else:
            value = _half_value(state, seat, action) + _best_of(state, seat, rest, halves)
        if value > best_value:
            best, best_value = action, value
    return best


def _advance_value(state: SteepleState, seat: Seat, h: int, points: int) -> float:
    if h == NOBODY:
        return 0.0
    if h == seat.mine or h in seat.backed:
        return _gain(state, h, points)
    weight = seat.rivals.get(h)
    return -weight * _gain(state, h, points) if weight else 0.0


def _hurdle_value(state: SteepleState, seat: Seat, h: int, gap: int) -> float:
    """A mobile hurdle on ``h``'s lane at ``gap``: two squares more to its course (none on the
    central hurdle's gap, one jump), « non pas sous le nez du cheval, mais à la case suivante »,
    on a river's bank; for one's own horse, as far as possible."""
    at = state.pos[h]
    on_central = bool(state.central[h] >> gap & 1)
    if h == seat.mine:
        return (0.0 if on_central else -float(JUMP)) + 0.01 * gap
    weight = seat.rivals.get(h)
    if not weight:
        return -0.01
    value = 0.0 if on_central else float(JUMP)
    if gap == at + 1:
        value += NEXT_SQUARE
    if gap in BANK_GAPS:
        value += BANK
    return weight * (value - 0.02 * (gap - at))


def _half_value(state: SteepleState, seat: Seat, action: Action) -> float:
    """A coup of the card in play, valued where it stands (a void half is worth nothing)."""
    if not isinstance(action, PlayHalf):
        return 0.0
    use = action.use
    if use == "H":
        h = action.horses[0]
        gap = state.lane_gap(h, action.gap)
        if action.remove:
            return _taken_off(state, h, 1 << gap) if h == seat.mine else 0.0
        return _hurdle_value(state, seat, h, gap)
    if use == "0":
        steps = M.chute if len(action.horses) == 1 else 1
        return sum(seat.rivals.get(h, 0.0) * steps for h in action.horses)
    return _advance_value(state, seat, action.horses[0], state.game.advance_points[use])


def _best_half(state: SteepleState, seat: Seat, text: str, removal: bool = True) -> float:
    """The most a half of a card in hand can do now, as ``_half_value`` would value its best play
    (without taking a hurdle off one's own lane, if not ``removal``)."""
    half = HALF_OF[text]
    kind, colour = half.kind, half.colour
    points = state.game.advance_points
    if kind in ("2", "3", "4"):
        horse = colour if colour != NO_COLOUR else seat.mine
        return _advance_value(state, seat, horse, points[kind])
    hinder = _best_hurdle(state, seat, colour, removal) if kind in ("H", "R") else 0.0
    if kind == "H":
        return hinder
    chute = _best_chute(seat)
    if kind == "0":
        return chute
    return max(_advance_value(state, seat, seat.mine, points["4"]), hinder, chute)


def _best_hurdle(state: SteepleState, seat: Seat, colour: int, removal: bool = True) -> float:
    """The most a hurdle half of ``colour`` can do now, where the heuristic tries it
    (``heuristic._candidates``): on one's own lane, forced, on its central hurdle (no jump more)
    or else as far as possible; on a rival's, under its nose, on the square after it or on the
    banks of the next river; a white one may instead come off one's own lane. None is laid once
    every mobile hurdle is on the course (the half is void)."""
    mine = seat.mine
    laid = state.supply() > 0
    if colour != NO_COLOUR and colour == mine:
        return _own_hurdle(state, mine) if laid else 0.0
    lanes = [colour] if colour != NO_COLOUR else list(seat.rivals)
    if not laid:
        lanes = []
    best = 0.0
    for h in lanes:
        at = state.pos[h]
        if at >= FINISH:
            continue
        free = state.free_gaps(h)
        for gap in (at, at + 1, *next_banks(at)):
            if gap in free:
                best = max(best, _hurdle_value(state, seat, h, gap))
    if removal and colour == NO_COLOUR and mine != NOBODY:
        ahead = state.hurdles[mine] >> state.pos[mine] << state.pos[mine]
        if ahead:  # « retirer une haie sur sa propre piste »
            for gap in range(state.pos[mine], LAP + 1):
                if ahead >> gap & 1:
                    best = max(best, _taken_off(state, mine, 1 << gap))
    return best


def _own_hurdle(state: SteepleState, h: int) -> float:
    """A hurdle forced on one's own lane, where it costs least: on the central hurdle's gap ahead
    (no jump more), else as far ahead as it goes."""
    free = state.free_gaps(h)
    if not free:
        return 0.0
    on_central = [g for g in free if state.central[h] >> g & 1]
    gap = on_central[-1] if on_central else free[-1]
    return (0.0 if on_central else -float(JUMP)) + 0.01 * gap


def _best_chute(seat: Seat) -> float:
    weights = sorted(seat.rivals.values(), reverse=True)
    if not weights:
        return 0.0
    return max(M.chute * weights[0], sum(weights[:2]))


GAME_SPREAD: Final = 0.9
"""The logistic's scale in games (manches): one game up with two to win is about three chances
in four. Set by hand, and checked: fitted between the races of the same 300 games
(``scripts/fit_steeple_race.py``) it comes out at 0.89, and 0.9 scores the 200 others as well."""
CHIP_SPREAD: Final = 60.0
"""The simplified game: how far apart in chips two players' prizes in one race typically fall."""
HALFWAY: Final = LAP // 2
"""A race is scored before its end only once a horse has run this far."""
DEPTH: Final = 12
"""Actions a rollout plays before the evaluation may end it (a few cards of every player)."""
WIN_GAME: Final = M.scoring["game_winner"] + 3 * M.scoring["game_per_square_lead"]
"""The game points a race usually brings its winner (50, and 10 a square of lead)."""


def evaluate(state: State) -> Sequence[float] | None:
    """Each seat's chance of winning: once a race has been scored and before the next deal, or,
    in the ordinary game and a single race, where a card is to be played past the middle of a race
    still without a winner (None elsewhere, so a rollout plays on)."""
    assert isinstance(state, SteepleState)
    phase = state.flow.phase
    game = state.game
    way = game.way
    seats = game.num_players
    if phase is Phase.RACE:
        if state.winner != NOBODY or max(state.pos) < HALFWAY:
            return None
        if type(way) is Bridge:
            return _race_evaluation(state)
        if type(way) is SingleRace or type(way) is Solo:
            return _single_race(state)
        return None
    if phase is not Phase.DEAL or state.dealt or state.races == 0:
        return None
    if type(way) is Bridge:
        return _match(state.games[:seats], state.toward[:seats])
    if type(way) is Simplified:
        left = max(1, game.places - state.races)
        return _logistic([float(c) for c in state.chips[:seats]], CHIP_SPREAD * math.sqrt(left))
    # The other ways to play (the pirate and pursuit games, the bridge players' variants): a
    # rough guess, not tuned, from the scores as they stand.
    scores = [float(v) for v in state.scores()[:seats]]
    return _logistic(scores, max(1.0, max(scores) - min(scores)))


RACE_ODDS: Final = (0.73, 0.84, 0.49, 1.28, -1.19, 0.46)
"""The race's odds (``race_logits``): ``s``, the scale per square of the square root of the course
the field has left; ``b``, ``k``, ``t``, what a bordered bank ahead, a square of hand worth and the
turn to play are worth in squares of course; ``v0`` and ``v1``, the log-odds of a void race (« Si,
après épuisement des cartes, il n'y a pas de gagnant la partie est nulle ») and their growth with
the shortest course left as counted here (banks, hand and turn included). Reconstructed: fitted by maximum likelihood
(``scripts/fit_steeple_race.py``) on 300 games of the policy against itself (seeds 0 to 299, two
players, 14,536 positions past a race's middle, a quarter of those races void). On 200 others
(seeds 300 to 499) the negative log-likelihood of how the race ended is 0.61 a position, against
0.94 for the course alone (a logistic on it, a void race as likely anywhere, fitted on the same
games: the odds before these had no void race at all); on 100 games of the heuristic against
itself (seeds 100 to 199), 0.62 against 0.97."""

Odds = tuple[float, float, float, float, float, float]
Runner = tuple[Player, float, float, float, float]
"""A seat's horse still running: its owner, its course left, the bordered banks ahead of it, what
its owner's hand is worth, and 1 if its owner plays the card now."""


def race_features(state: SteepleState) -> list[Runner] | None:
    """Each seat's horse still in the race, as ``race_logits`` weighs it (None if none runs)."""
    seats = state.game.num_players
    turn = state.active_players()
    playing = turn[0] if turn else NOBODY
    runners: list[Runner] = []
    for h, owner in enumerate(state.owner):
        if owner == NOBODY or owner >= seats or state.pos[h] >= FINISH:
            continue
        hand = HEURISTIC.hand_worth(state, HEURISTIC.seat(state, owner))
        runners.append(
            (
                owner,
                float(course_left(state, h)),
                float(banks_ahead(state, h)),
                hand,
                1.0 if owner == playing else 0.0,
            )
        )
    return runners or None


def race_logits(runners: Sequence[Runner], odds: Odds) -> list[tuple[Player, float]]:
    """The log-odds of each runner's owner winning the race, and of nobody (``NOBODY``: the cards
    run out first). A runner's course to run counts its squares and ``b`` for each bordered bank
    ahead, less ``k`` a square of its owner's hand worth and ``t`` for the turn to play; its
    log-weight is minus that course on a scale of ``s`` per square of the square root of the
    field's mean course left; a void race's is ``v0 + v1`` times the shortest of those courses."""
    s, b, k, t, v0, v1 = odds
    scale = s * math.sqrt(sum(r[1] for r in runners) / len(runners) + 1.0)
    courses = [
        (owner, left + b * banks - k * hand - t * turn)
        for owner, left, banks, hand, turn in runners
    ]
    nearest = min(c for _, c in courses)
    out = [(owner, (nearest - c) / scale) for owner, c in courses]
    out.append((NOBODY, v0 + v1 * nearest))
    return out


def _race_odds(state: SteepleState) -> list[tuple[Player, float]]:
    """Each seat's horse still in the race, or ``NOBODY`` for a void race, with its chance of
    winning it (``race_logits``)."""
    runners = race_features(state)
    if runners is None:
        return []
    logits = race_logits(runners, RACE_ODDS)
    top = max(v for _, v in logits)
    weights = [(seat, math.exp(v - top)) for seat, v in logits]
    total = sum(w for _, w in weights)
    return [(seat, w / total) for seat, w in weights]


def _single_race(state: SteepleState) -> list[float] | None:
    """A single race: the winner's camp shares the win; a void race is even."""
    seats = state.game.num_players
    odds = _race_odds(state)
    if not odds:
        return None
    shares = [0.0] * seats
    for owner, chance in odds:
        camp = [q for q in range(seats)] if owner == NOBODY else state.camp_of(owner)
        camp = [q for q in camp if q < seats]
        for q in camp:
            shares[q] += chance / len(camp)
    return shares


def _match(games: Sequence[int], toward: Sequence[int]) -> list[float]:
    """JEU ORDINAIRE BRIDGÉ: the first to two games wins; the others' chances by a logistic on the
    games made and the points toward the next."""
    target = M.scoring["game_target"]
    won = [q for q, g in enumerate(games) if g >= M.scoring["games_to_win"]]
    if won:
        return [1.0 / len(won) if q in won else 0.0 for q in range(len(games))]
    return _logistic([g + t / target for g, t in zip(games, toward, strict=True)], GAME_SPREAD)


def _race_evaluation(state: SteepleState) -> list[float] | None:
    """JEU ORDINAIRE BRIDGÉ: the match after the race under way (``_race_odds``), the winner
    marking its game points and the others a placed horse's; a void race gives its 10 as the
    rules do (``ways.void_race_tens``), the horses where they stand now rather than where the
    cards will have run out."""
    seats = state.game.num_players
    odds = _race_odds(state)
    if not odds or state.camps is not None:
        return None
    target = M.scoring["game_target"]
    runners = [seat for seat, _ in odds if seat != NOBODY]
    placed = M.scoring["game_placed"] // max(1, len(runners) - 1)
    shares = [0.0] * seats
    for winner, chance in odds:
        games = list(state.games[:seats])
        toward = list(state.toward[:seats])
        if winner != NOBODY:
            toward[winner] += WIN_GAME
            for seat in runners:
                if seat != winner:
                    toward[seat] += placed
        else:
            for q in void_race_tens(state):
                if q < seats:
                    toward[q] += M.scoring["game_nobody"]
        made = [q for q in range(seats) if toward[q] >= target]
        if made:
            for q in made:
                games[q] += 1
            toward = [0] * seats  # « Une manche faite annule les points de manche en cours. »
        for q, share in enumerate(_match(games, toward)):
            shares[q] += chance * share
    return shares


def _logistic(values: Sequence[float], scale: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / scale) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def settled(state: State, player: Player) -> bool:
    """MARCHE DU JEU: the card's coups complete the move its player chose with the card
    (« Chaque carte comporte deux coups »): below its root a search plays its own seat's coups as
    the policy does (``SearchHooks.settled``), and so judges a card by the coups it will play
    after it. Traced by ``scripts/override_profile.py --truth``: with every coup below a card
    explored, a few hundred iterations drag down the cards that need precise play (a royal kept
    for a galop over a river) and the search's overrides of the heuristic's card lost in the game
    itself; with the seat's coups left to the policy they became few and gained
    (docs/analysis/bots.md)."""
    assert isinstance(state, SteepleState)
    # ``player`` needs no check: in the coups' phase the one seat acting is the card's player (or
    # the one who plays the dummy's card for it), and the search asks only for its own seat.
    return state.phase is Phase.HALVES


HOOKS = SearchHooks(rollout=rollout, evaluate=evaluate, depth=DEPTH, settled=settled, proven=True)
"""Proven by the benchmark decided before it was played (docs/analysis/bots.md): 400 games at
200 ms a move against the heuristic, the label earned at 220 wins; the search won 269 (67.2%,
Wilson 62.5–71.7%), the label standing from the 340th game, when it had won 227. The models before
this one were stopped at 43.1% of 160 games and 33.3% of 60, their overrides of the card losing in
the game itself; this one leaves the seat's own coups below the root to the policy
(``settled``)."""
