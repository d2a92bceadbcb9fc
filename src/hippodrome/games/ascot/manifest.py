"""Ascot's manifest: what the registry knows of the game before its rules are imported."""

from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, Traits

GAME_INFO = GameInfo(
    id="ascot",
    titles={"en": "Ascot", "fr": "Ascot"},
    summary={
        "en": "Miro, 1958: training, a six-lane race for twelve horses and a totalisator.",
        "fr": "Miro, 1958 : entraînement, course de douze chevaux sur six couloirs, totalisateur.",
    },
    seed="000_fb5c4569383c9a83.txt",
    order=5,
    status="playable",
    package=__package__ or "hippodrome.games.ascot",
    players=(2, 6),
    traits=Traits(
        chance=True, hidden_information=True, simultaneous_moves=False, max_length=20_000
    ),
    pieces=Pieces(
        game="rules:Ascot",
        heuristic="heuristic:AscotHeuristic",
        text_view="view:render_text",
        board_data="view:board_data",
        check_data="material:check",
        tensor="tensor:layout",
        balance="balance:balance_facts",
    ),
    conformance=({"players": 2}, {"players": 3, "place_bets": True}, {"players": 6}),
    golden=(
        GoldenSpec(
            "three_players_heuristic_random",
            ("heuristic", "random", "heuristic"),
            seed=1,
            options={"players": 3},
        ),
    ),
)
