"""Win, Place & Show's manifest: what the registry knows of the game before its rules are imported."""

from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, RulesTexts, Traits

GAME_INFO = GameInfo(
    id="win_place_show",
    titles={"en": "Win, Place & Show", "fr": "Win, Place & Show"},
    summary={
        "en": "3M, 1966: six races, horse auctions, win/place/show bets and claims.",
        "fr": "3M, 1966 : six courses, ventes de chevaux, paris gagnant/placé et réclamations.",
    },
    seed="001_d3b3ffa791c90747.txt",
    order=4,
    status="playable",
    package=__package__ or "hippodrome.games.win_place_show",
    # The site's rules pages: the rulebook's own words in French, the rules as played in English;
    # the help panel opens the section of each phase.
    rules=RulesTexts(
        texts={"en": "rules.md", "fr": "rulebook.fr.md"},
        for_programmers=("notation", "position-documents", "bot-and-speed"),
        sections={
            "en": {
                "stable": "a-race-step-by-step",
                "sheet": "a-race-step-by-step",
                "bidding": "a-race-step-by-step",
                "lot": "a-race-step-by-step",
                "betting": "a-race-step-by-step",
                "jockey": "a-race-step-by-step",
                "answer": "a-race-step-by-step",
                "dice": "a-race-step-by-step",
                "claim": "a-race-step-by-step",
                "ruling": "a-race-step-by-step",
                "over": "a-race-step-by-step",
                "riding": "moves-6",
            },
            "fr": {
                "stable": "12-version-rapide",
                "sheet": "9-la-vente-aux-encheres",
                "bidding": "9-la-vente-aux-encheres",
                "lot": "9-la-vente-aux-encheres",
                "betting": "10-les-paris",
                "jockey": "10-les-paris",
                "answer": "10-les-paris",
                "dice": "6-la-course",
                "riding": "6-la-course",
                "claim": "8-reclamations",
                "ruling": "8-reclamations",
                "over": "5-comment-gagner",
            },
        },
    ),
    players=(2, 6),
    # Each option set's bound is WinPlaceShow.max_length (length.py): six races, each with its
    # turns bounded by the rules and its tie auctions closed after 100 raises (D35); this is the
    # greatest, six players with $50,000 each.
    traits=Traits(chance=True, hidden_information=True, simultaneous_moves=True, max_length=99_008),
    pieces=Pieces(
        game="rules:WinPlaceShow",
        heuristic="heuristic:WinPlaceShowHeuristic",
        text_view="view:render_text",
        board_data="view:board_data",
        check_data="calibration:check",
        tensor="tensor:layout",
        balance="balance:balance_facts",
        search="search:HOOKS",
        guide="guide:HOOKS",
    ),
    # The table sizes' extremes, the quick version with six players (stables, no sale) and with
    # fewer (stables and a sale of the other horses).
    conformance=(
        {"players": 2},
        {"players": 4},
        {"players": 6, "quick": True},
        {"players": 3, "quick": True},
    ),
    golden=(
        GoldenSpec(
            "four_players_heuristic_random",
            ("heuristic", "random", "heuristic", "random"),
            seed=1,
            options={"players": 4},
        ),
        GoldenSpec(
            "quick_six_players",
            ("heuristic", "random", "heuristic", "random", "heuristic", "random"),
            seed=2,
            options={"players": 6, "quick": True},
        ),
    ),
    # Typed by a player, refused by the notation's parser with a hint (the conformance suite).
    bad_notation=("fly away", "ride 9-99", "ride home-1", "dice 7 1", "sheet pepper x", "bid"),
    # What the optional compiled build compiles (hippodrome.compiled, docs/engine.md).
    compiled=(
        "actions",
        "events",
        "race",
        "core",
        "sale",
        "betting",
        "course",
        "claims",
        "redeal",
        "rules",
    ),
)
