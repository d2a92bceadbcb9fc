"""Win, Place & Show's manifest: planned, so its names and its seed rulebook only."""

from hippodrome.engine.registry import GameInfo

GAME_INFO = GameInfo(
    id="win_place_show",
    titles={"en": "Win, Place & Show", "fr": "Win, Place & Show"},
    summary={
        "en": "3M, 1966: six races, horse auctions, win/place/show bets and claims.",
        "fr": "3M, 1966 : six courses, ventes de chevaux, paris gagnant/placé et réclamations.",
    },
    seed="001_d3b3ffa791c90747.txt",
    order=4,
    status="planned",
    package=__package__ or "hippodrome.games.win_place_show",
)
