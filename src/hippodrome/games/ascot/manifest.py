"""Ascot's manifest: planned, so its names and its seed rulebook only."""

from hippodrome.engine.registry import GameInfo

GAME_INFO = GameInfo(
    id="ascot",
    titles={"en": "Ascot", "fr": "Ascot"},
    summary={
        "en": "Miro, 1958: training, a six-lane race for twelve horses and a totalisator.",
        "fr": "Miro, 1958 : entraînement, course de douze chevaux sur six couloirs, totalisateur.",
    },
    seed="000_fb5c4569383c9a83.txt",
    order=5,
    status="planned",
    package=__package__ or "hippodrome.games.ascot",
)
