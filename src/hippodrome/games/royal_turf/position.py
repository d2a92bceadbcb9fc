"""Royal Turf's position documents: the typed records a position is read into and written from
(``hippodrome.engine.position``), with what makes a position one the rules can reach.

A module of its own, apart from the rules, so that the rules compile (docs/engine.md, "A compiled
build"): the codec reads these records' annotations, which a compiled module does not keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Final

from hippodrome.engine.position import (
    Codec,
    Doc,
    Invalid,
    Keys,
    OneOf,
    Range,
    Size,
    Unique,
    last_seat,
    seats,
)
from hippodrome.games.royal_turf.material import FACES
from hippodrome.games.royal_turf.rules import (
    CARD_OF,
    HORSE_IDS,
    HORSES,
    MAX_TO_GO,
    NONE,
    PACE_SQUARE,
    PACE_TO_GO,
    SQUARE_AT,
    START_TO_GO,
    M,
    Phase,
    RoyalTurf,
)

Seat = Annotated[int, Range(0, last_seat), Doc("a seat, from 0")]
HorseId = Annotated[str, OneOf(HORSE_IDS, what="horse")]
Token = Annotated[int, OneOf(sorted(set(M.standard_tokens + M.variant_tokens)), what="token")]


@dataclass(frozen=True, slots=True)
class HorseRecord:
    """A horse: its card, how far it still has to run, whether it has moved this round."""

    card: Annotated[int, OneOf(sorted({c.number for c in M.cards}), what="card")] | None
    """The number of the horse's card drawn this race (§1); null before it is drawn."""
    to_go: (
        Annotated[
            int,
            Range(0, MAX_TO_GO),
            Doc(
                "squares still to run to the line: 34 (square 33) to 40 (square 27) on the start "
                "squares, 33 (square 1) to 1 (square 33) on the lap, 0 once across the line"
            ),
        ]
        | None
    )
    moved: bool


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """The last race run, shown until the next race is off (§3 « Arrivée », §4 « Gains »)."""

    race: Annotated[int, Range(1, M.races)]
    podium: Annotated[list[HorseId], Unique("horse"), Size.exactly(3)]
    last: HorseId
    pace: HorseId | None

    @classmethod
    def of(cls, result: tuple[int, tuple[int, ...], int, int]) -> ResultRecord:
        race, podium, last, pace = result
        return cls(
            race=race,
            podium=[HORSE_IDS[h] for h in podium],
            last=HORSE_IDS[last],
            pace=HORSE_IDS[pace] if pace >= 0 else None,
        )

    def as_state(self) -> tuple[int, tuple[int, ...], int, int]:
        return (
            self.race,
            tuple(HORSE_IDS.index(h) for h in self.podium),
            HORSE_IDS.index(self.last),
            NONE if self.pace is None else HORSE_IDS.index(self.pace),
        )


@dataclass(frozen=True, slots=True)
class RoyalTurfPosition:
    """A Royal Turf position: the race, the seven horses, the bets and tokens, whose turn it is."""

    race: Annotated[int, Range(1, M.races)]
    phase: Phase
    round: Annotated[int, Range(1), Doc("racing rounds: every horse on the track moves once")]
    money: Annotated[list[Annotated[int, Range(0)]], Size.exactly(seats)]
    horses: Annotated[dict[str, HorseRecord], Keys(HORSE_IDS)]
    podium: Annotated[
        list[HorseId], Unique("horse"), Size(0, 3), Doc("horses across the line, first first")
    ]
    last: Annotated[HorseId | None, Doc("the rearmost horse once the race is over")]
    pace: Annotated[HorseId | None, Doc("the horse holding the pace token")]
    bets: Annotated[
        list[tuple[Seat, HorseId, Token]], Doc("[seat, horse, token] in the order placed")
    ]
    hands: Annotated[list[list[Token]], Size.exactly(seats)]
    first_player: Seat | None
    turn: Seat | None
    rolled: Annotated[str | None, OneOf(FACES, what="face"), Doc("the face rolled, not yet played")]
    result: Annotated[
        ResultRecord | None, Doc("the last race's result, shown until the next race is off")
    ] = None

    def validate(self, game: RoyalTurf) -> None:
        """What makes a position one the rules can reach (and play on from)."""
        n, phase = game.num_players, self.phase
        occupied: dict[int, str] = {}
        for hid, horse in self.horses.items():
            if horse.card is not None and (HORSE_IDS.index(hid), horse.card) not in CARD_OF:
                raise Invalid(f"horses.{hid}.card", f"{hid} has no card {horse.card}")
            if (horse.to_go is None) != (horse.card is None):
                raise Invalid(
                    f"horses.{hid}.to_go",
                    "a horse stands on a square exactly once its card is drawn",
                )
            if horse.to_go:
                square = SQUARE_AT[horse.to_go]
                if square in occupied:
                    raise Invalid(
                        f"horses.{hid}.to_go",
                        f"square {square} already holds {occupied[square]}",
                    )
                occupied[square] = hid
            if horse.moved and phase not in (Phase.RACING, Phase.OVER):
                raise Invalid(f"horses.{hid}.moved", "horses move only during the race")
        for i, hid in enumerate(self.podium):
            if self.horses[hid].to_go != 0:
                raise Invalid(f"podium[{i}]", f"{hid} is not across the line (0 to go)")
        arrived = [hid for hid, horse in self.horses.items() if horse.to_go == 0]
        if len(arrived) != len(self.podium):
            raise Invalid("podium", "every horse across the line is on the podium")
        for i, (p, hid, _) in enumerate(self.bets):
            if any(q == p and other == hid for q, other, _ in self.bets[:i]):
                raise Invalid(f"bets[{i}]", f"seat {p} bet twice on {hid}")
        for p in range(n):
            mine = [t for q, _, t in self.bets if q == p]
            if sorted(mine + self.hands[p]) != list(game.tokens):
                raise Invalid(
                    f"hands[{p}]", f"tokens in hand and on the board must make {list(game.tokens)}"
                )
        if self.rolled is not None and phase is not Phase.RACING:
            raise Invalid("rolled", "the die is rolled only during the race")
        if (self.last is not None) != (phase is Phase.OVER):
            raise Invalid("last", "the last horse is known once the game is over, and only then")
        if self.pace is not None:
            to_go = self.horses[self.pace].to_go
            if to_go is None or to_go > PACE_TO_GO:
                raise Invalid(
                    "pace",
                    f"the pace token goes to a horse that has reached square {PACE_SQUARE} "
                    f"({PACE_TO_GO} or fewer to go)",
                )
        self._validate_phase(game)

    def _validate_phase(self, game: RoyalTurf) -> None:
        """The invariants that make a position playable in its phase."""
        n, phase = game.num_players, self.phase
        to_go = [h.to_go for h in self.horses.values() if h.to_go is not None]
        if phase is Phase.DRAW and sorted(to_go) != list(START_TO_GO[: len(to_go)]):
            raise Invalid(
                "horses",
                "during the draw, horses stand on 33, 32, ... in order (34, 35, ... to go)",
            )
        if phase is not Phase.DRAW and len(to_go) != len(HORSES):
            raise Invalid("horses", "all seven horses must be placed once the draw is over")
        if phase in (Phase.DRAW, Phase.LOT) and (self.bets or self.turn is not None):
            raise Invalid("bets", "nobody bets before the draw is over")
        if phase in (Phase.BETTING, Phase.RACING) and (
            self.turn is None or self.first_player is None
        ):
            raise Invalid("turn", "betting and racing need a seat to play and a first player")
        if phase is Phase.BETTING:
            if len(self.bets) >= M.bets_per_race * n:
                raise Invalid("bets", "the race starts once every bet is placed")
            assert self.first_player is not None
            if self.turn != (self.first_player + len(self.bets)) % n:
                raise Invalid("turn", "players bet in turn from the first player")
        if phase in (Phase.RACING, Phase.OVER) and len(self.bets) != M.bets_per_race * n:
            raise Invalid("bets", "the race starts once every bet is placed")
        if phase is Phase.RACING:
            if len(self.podium) >= 3:
                raise Invalid("podium", "a race with three horses across the line is over")
            if all(h.moved or h.to_go == 0 for h in self.horses.values()):
                raise Invalid("horses", "a round ends once every horse on the track has moved")
        if phase is Phase.OVER and (self.race != M.races or len(self.podium) != 3):
            raise Invalid("phase", f"the game is over after race {M.races}'s three arrivals")


POSITION: Final = Codec(RoyalTurfPosition)
"""Reads and writes Royal Turf's position documents; ``POSITION.schema(game)`` is their schema."""
