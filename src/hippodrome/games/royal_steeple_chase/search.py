"""Royal Steeple Chase's hooks for tree search (``SearchHooks``): a rollout policy far cheaper than
the heuristic bot and far better than random moves, and an evaluation that ends a rollout once a race
is scored or past its middle.

Racing, the policy plays the heuristic's judgement without its look-ahead (the heuristic tries every
card's two coups in both orders on copies of the position): each coup is valued where it stands, in
the heuristic's units (squares of course, a hurdle two more, « 3-2 (haie sautée) = 1 »), for the
seat's own horse and against its rivals by their weights (the leader and the player after it
weigh most, more as they near the line); a card is its two coups in the better order (two advances
of one's own horse as one run, which may cross a river) less what it is worth kept in hand (a
river-crossing card kept for a river ahead, « il faut savoir se réserver les possibilités de
passage »). Its own mobile hurdles go where the heuristic puts them during the race, and before
the start wherever they cost a rival. Before the race (horses, auctions, the spread, trades,
calls) it plays the heuristic's own rules, on the state.

The evaluation ends a rollout when a race has been scored and the next deal is to come: in the
ordinary game (JEU ORDINAIRE BRIDGÉ) by the games (manches) made and the points toward the next,
through a logistic (two games win); in the simplified game by the chips, on a scale that grows with
the races still to run; in the other ways to play by a rough, untuned logistic on the scores. In
the ordinary game and a single race it also ends one ``DEPTH`` actions on, where a card is to be
played past the middle of a race still without a winner: each horse's chance of winning the race
by a logistic on the course it has left.

The policy reads the determinization the search gives it: the other hands there are ones the
search dealt consistently with what the seat saw (``resample_for``), never the real ones.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

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
    course_left,
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
from hippodrome.games.royal_steeple_chase.ways import Bridge, Simplified, SingleRace, Solo

if TYPE_CHECKING:
    import random

HEURISTIC: Final = SteepleHeuristic()
JUMP: Final = M.hurdle_cost - 1
"""What a hurdle adds to a course: « 3-2 (haie sautée) = 1 »."""
ARRIVAL: Final = 30.0
"""A horse over the line, in squares: the race is won or placed."""
NEXT_SQUARE: Final = SteepleHeuristic.next_square
BANK: Final = SteepleHeuristic.bank
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
                gap = 0 if action.gap == LAP and state.pos[h] == 0 else action.gap
                value = _hurdle_value(state, seat, h, gap)
                if value > best_value:
                    best, best_value = action, value
        return best
    return HEURISTIC.decide(state, me, legal)


def _card(state: SteepleState, me: Player, legal: list[Action]) -> Action:
    """MARCHE DU JEU: one's own mobile hurdle where the heuristic puts it, else the card whose
    coups are worth most now against what it is worth kept."""
    seat = HEURISTIC.seat(state, me)
    hurdle = HEURISTIC.own_hurdle(state, seat, legal)
    if hurdle is not None:
        return hurdle
    hand = state.hands[me]
    whole = HEURISTIC.hand_worth(state, seat)
    best, best_value = legal[0], -math.inf
    for action in legal:
        if not isinstance(action, PlayCard):
            continue
        t = action.card
        # What the card is worth kept: the hand's worth with it, less without it.
        hand[t] -= 1
        kept = whole - HEURISTIC.hand_worth(state, seat)
        hand[t] += 1
        first, second = TYPE_HALVES[t]
        value = max(
            _card_order(state, seat, first, second), _card_order(state, seat, second, first)
        )
        value -= KEEP * kept
        if value > best_value:
            best, best_value = action, value
    return best


def _gain(state: SteepleState, h: int, *points: int) -> float:
    """What advances of ``points``, one after the other, take off ``h``'s course (AVANCES: a square
    costs 1, a hurdle 2 more; « on s'arrête devant l'obstacle »), ``ARRIVAL`` more over the line;
    a card may not leave a horse in a river: it stops before it."""
    at = start = state.pos[h]
    if at >= FINISH:
        return 0.0
    lane = state.hurdles[h] | state.central[h]
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
        return float(at - start + JUMP * (lane >> start).bit_count()) + ARRIVAL
    jumped = (lane >> start & ((1 << (at - start)) - 1)).bit_count()
    return float(at - start + JUMP * jumped)


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


def _card_order(state: SteepleState, seat: Seat, first: str, second: str) -> float:
    """A card's two halves played in this order, each where it stands; two advances of one's own
    horse as one run (a river crossed by both, « jouer d'abord le R comme 4, puis le 3b »)."""
    one, two = _own_points(state, seat, first), _own_points(state, seat, second)
    if one and two:
        return _gain(state, seat.mine, one, two)
    return _best_half(state, seat, first) + _best_half(state, seat, second)


def _half(state: SteepleState, seat: Seat, legal: list[Action]) -> Action:
    """The card's coup to play now: valued with the other half still to play where both are left
    (two advances of one's own horse as one run)."""
    left = state.halves_left
    if len(left) < 2:
        return max(legal, key=lambda a: _half_value(state, seat, a))
    best, best_value = legal[0], -math.inf
    for action in legal:
        if not isinstance(action, PlayHalf):
            continue
        rest = left[1] if action.half == left[0] else left[0]
        other = _own_points(state, seat, rest)
        if other and action.use in ("2", "3", "4") and action.horses[0] == seat.mine:
            points = state.game.advance_points[action.use]
            value = _gain(state, seat.mine, points, other)
        else:
            value = _half_value(state, seat, action) + _best_half(state, seat, rest)
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
        gap = 0 if action.gap == LAP and state.pos[h] == 0 else action.gap
        if action.remove:
            return float(JUMP) if h == seat.mine else 0.0
        return _hurdle_value(state, seat, h, gap)
    if use == "0":
        steps = M.chute if len(action.horses) == 1 else 1
        return sum(seat.rivals.get(h, 0.0) * steps for h in action.horses)
    return _advance_value(state, seat, action.horses[0], state.game.advance_points[use])


def _best_half(state: SteepleState, seat: Seat, text: str) -> float:
    """The most a half of a card in hand can do now, as ``_half_value`` would value its best play."""
    half = HALF_OF[text]
    kind, colour = half.kind, half.colour
    points = state.game.advance_points
    if kind in ("2", "3", "4"):
        horse = colour if colour != NO_COLOUR else seat.mine
        return _advance_value(state, seat, horse, points[kind])
    hinder = _best_hurdle(state, seat, colour) if kind in ("H", "R") else 0.0
    if kind == "H":
        return hinder
    chute = _best_chute(seat)
    if kind == "0":
        return chute
    return max(_advance_value(state, seat, seat.mine, points["4"]), hinder, chute)


def _best_hurdle(state: SteepleState, seat: Seat, colour: int) -> float:
    lanes = [colour] if colour != NO_COLOUR else list(seat.rivals)
    best = -float(JUMP) if colour == seat.mine else 0.0
    for h in lanes:
        at = state.pos[h]
        if at < LAP and not state.hurdles[h] >> (at + 1) & 1:
            best = max(best, _hurdle_value(state, seat, h, at + 1))
    mine = seat.mine
    if colour == NO_COLOUR and mine != NOBODY and state.hurdles[mine] >> state.pos[mine]:
        best = max(best, float(JUMP))  # « retirer une haie sur sa propre piste »
    return best


def _best_chute(seat: Seat) -> float:
    weights = sorted(seat.rivals.values(), reverse=True)
    if not weights:
        return 0.0
    return max(M.chute * weights[0], sum(weights[:2]))


GAME_SPREAD: Final = 0.9
"""The logistic's scale in games (manches): one game up with two to win is about three chances
in four."""
CHIP_SPREAD: Final = 60.0
"""The simplified game: how far apart in chips two players' prizes in one race typically fall."""
RACE_SPREAD: Final = 0.8
"""The race's logistic scale, per square of the square root of the course still to run."""
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


def _race_odds(state: SteepleState) -> list[tuple[Player, float]]:
    """Each seat's horse still in the race and its chance of winning it, by a logistic on the
    course it has left (its squares, and two for each hurdle), on a scale that grows with the
    course the field has left."""
    seats = state.game.num_players
    runners = [
        (owner, course_left(state, h))
        for h, owner in enumerate(state.owner)
        if owner != NOBODY and owner < seats and state.pos[h] < FINISH
    ]
    if not runners:
        return []
    best = min(c for _, c in runners)
    scale = RACE_SPREAD * math.sqrt(sum(c for _, c in runners) / len(runners) + 1.0)
    weights = [(seat, math.exp((best - c) / scale)) for seat, c in runners]
    total = sum(w for _, w in weights)
    return [(seat, w / total) for seat, w in weights]


def _single_race(state: SteepleState) -> list[float] | None:
    """A single race: the winner's camp shares the win."""
    seats = state.game.num_players
    odds = _race_odds(state)
    if not odds:
        return None
    shares = [0.0] * seats
    for owner, chance in odds:
        camp = [q for q in state.camp_of(owner) if q < seats]
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
    marking its game points and the others a placed horse's."""
    seats = state.game.num_players
    odds = _race_odds(state)
    if not odds or state.camps is not None:
        return None
    target = M.scoring["game_target"]
    placed = M.scoring["game_placed"] // max(1, len(odds) - 1)
    shares = [0.0] * seats
    for winner, chance in odds:
        games = list(state.games[:seats])
        toward = list(state.toward[:seats])
        toward[winner] += WIN_GAME
        for seat, _ in odds:
            if seat != winner:
                toward[seat] += placed
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


HOOKS = SearchHooks(rollout=rollout, evaluate=evaluate, depth=DEPTH)
"""Not proven: the benchmark at 200 ms a move was stopped for futility at 43.1% of 160 games
(35.7–50.9%). The search's overrides gain in its own model of the game (these rollouts and this
evaluation) and lose in games: the model, not the search, is what must change
(docs/analysis/bots.md, "Where the search overrides its guide")."""
