"""Royal Turf's manifest: what the registry knows of the game before its rules are imported."""

from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, RulesTexts, Traits

GAME_INFO = GameInfo(
    id="royal_turf",
    titles={"en": "Royal Turf", "fr": "Royal Turf"},
    summary={
        "en": "Knizia, 2000: seven horses, a symbol die, three bets a race, three races.",
        "fr": "Knizia, 2000 : sept chevaux, un dé à symboles, trois paris par course, trois courses.",
    },
    seed="003_901e410e4ee2266a.txt",
    order=1,
    status="playable",
    package=__package__ or "hippodrome.games.royal_turf",
    # The site's rules pages: the rulebook's own words in French, the rules as played in English;
    # the help panel opens the section of each phase.
    rules=RulesTexts(
        texts={"en": "rules.md", "fr": "rulebook.fr.md"},
        sections={
            "en": {
                "draw": "setup-of-a-race-1",
                "lot": "betting-2",
                "betting": "betting-2",
                "racing": "the-race-3",
                "over": "next-race-and-end-of-the-game",
            },
            "fr": {
                "draw": "1-préparation-dune-course",
                "lot": "2-paris",
                "betting": "2-paris",
                "racing": "3-course",
                "over": "but-du-jeu",
            },
        },
    ),
    players=(2, 6),
    # A race is 7 draws, a lot at most, 3 bets a player, then rounds of a roll and a move for each
    # horse on the track. Each round brings the horses, between them, one square nearer the line at
    # least (D8: the first of a file of horses, or whoever takes the square in front of it), and
    # they start 259 squares from it: 255 rounds. 3 x (7 + 1 + 3 x 6 + 255 x 7 x 2) = 10,788.
    traits=Traits(
        chance=True, hidden_information=True, simultaneous_moves=False, max_length=10_788
    ),
    pieces=Pieces(
        game="rules:RoyalTurf",
        heuristic="heuristic:RoyalTurfHeuristic",
        text_view="view:render_text",
        board_data="view:board_data",
        check_data="material:check",
        tensor="tensor:layout",
        balance="balance:balance_facts",
        search="search:HOOKS",
        guide="guide:HOOKS",
        simulator="odds:odds",  # the races on numpy (hippodrome odds), when numpy is installed
    ),
    # Every table size's extremes and each variant.
    conformance=(
        {"players": 2},
        {"players": 3},
        {"players": 4, "hidden_bets": True},
        {"players": 6, "zero_tokens": True, "hidden_bets": True},
        {"players": 5, "zero_tokens": True, "pace_bonus_any_place": True},
    ),
    golden=(
        GoldenSpec(
            "three_players_heuristic_random",
            ("heuristic", "random", "random"),
            seed=1,
            options={"players": 3},
        ),
        GoldenSpec(
            "six_players_hidden_bets_zero_tokens",
            ("heuristic", "random", "heuristic", "random", "heuristic", "random"),
            seed=2,
            options={"players": 6, "hidden_bets": True, "zero_tokens": True},
        ),
        GoldenSpec("two_players_random", ("random", "random"), seed=3, options={"players": 2}),
    ),
    # Typed by a player, refused by the notation's parser with a hint (the conformance suite).
    bad_notation=("fly away", "bet 7 othello", "move pegasus", "roll wing", "lot 9"),
    # What the optional compiled build compiles (hippodrome.compiled, docs/engine.md).
    compiled=("actions", "events", "rules"),
)
