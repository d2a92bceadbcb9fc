"""Royal Steeple Chase's manifest: what the registry knows of the game before its rules are imported."""

from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, RulesTexts, Traits

GAME_INFO = GameInfo(
    id="royal_steeple_chase",
    titles={"en": "Royal Steeple Chase", "fr": "Royal Steeple Chase"},
    summary={
        "en": "Miro, 1941: a card-driven steeplechase with auctions and bridge-style scoring.",
        "fr": "Miro, 1941 : un steeple-chase mené par les cartes, enchères et marque façon bridge.",
    },
    seed="004_5a02d46b7d17618c.txt",
    order=2,
    status="playable",
    package=__package__ or "hippodrome.games.royal_steeple_chase",
    # The site's rules pages: the rulebook's own words in French, the rules as played in English;
    # the help panel opens the section of each phase.
    rules=RulesTexts(
        texts={"en": "rules.md", "fr": "rulebook.fr.md"},
        sections={
            "en": {
                "deal": "the-deal-distribution-du-jeu",
                "horses": "the-horses-attribution-des-chevaux",
                "auction": "auctions-enchères",
                "throw": "the-spread-attribution-du-jeu-étalé",
                "exchange": "the-spread-attribution-du-jeu-étalé",
                "trade": "direct-trades",
                "trade_counter": "direct-trades",
                "trade_decide": "direct-trades",
                "trade_ask": "direct-trades",
                "race": "card-play-marche-du-jeu-indication-des-cartes",
                "halves": "card-play-marche-du-jeu-indication-des-cartes",
                "over": "end-of-the-race-fin-de-la-course",
                "bets": "pirate-game-jeu-pirate",
                "draw_incident": "incident-cards-cartes-dincidents-facultatif",
                "incident": "incident-cards-cartes-dincidents-facultatif",
                "draw_discard": "incident-cards-cartes-dincidents-facultatif",
                "solo_hurdles": "solo-practice",
                "own_hurdles": "special-rules-by-player-count-règle-spéciale-pour-peu-ou-beaucoup-de-joueurs",
                "calls": "royal-steeple-chase-contract",
                "bidding": "royal-steeple-chase-contract",
                "discard": "royal-steeple-chase-contract",
            },
            "fr": {
                "deal": "distribution-du-jeu",
                "horses": "attribution-des-chevaux",
                "auction": "enchères",
                "throw": "attribution-du-jeu-étalé",
                "exchange": "attribution-du-jeu-étalé",
                "trade": "attribution-du-jeu-étalé",
                "trade_counter": "attribution-du-jeu-étalé",
                "trade_decide": "attribution-du-jeu-étalé",
                "trade_ask": "attribution-du-jeu-étalé",
                "race": "marche-du-jeu",
                "halves": "marche-du-jeu",
                "over": "fin-de-la-course",
                "bets": "jeu-pirate",
                "draw_incident": "cartes-dincidents-facultatif",
                "incident": "cartes-dincidents-facultatif",
                "draw_discard": "cartes-dincidents-facultatif",
                "solo_hurdles": "jeu-dopposition",
                "own_hurdles": "règle-spéciale-pour-peu-ou-beaucoup-de-joueurs",
                "calls": "annonces",
                "bidding": "annonces",
                "discard": "distribution-du-jeu-2",
            },
        },
    ),
    players=(1, 8),
    # Each option set's bound is RoyalSteepleChase.max_length (length.py): deals (at most 100, D83)
    # times a deal's most; this is the greatest, 8 players and the incident cards over 100 deals.
    traits=Traits(
        chance=True, hidden_information=True, simultaneous_moves=True, max_length=398_600
    ),
    pieces=Pieces(
        game="rules:RoyalSteepleChase",
        heuristic="heuristic:SteepleHeuristic",
        text_view="view:render_text",
        board_data="view:board_data",
        check_data="material:check",
        tensor="tensor:layout",
        balance="balance:balance_facts",
        search="search:HOOKS",
    ),
    # Every table size (2 to 8, with their special rules), the handicap game, the bridge score over
    # two deals, the simplified game, the incident cards, both pirate games, the pursuit, both
    # partnerships, the solo practice (secret bets) and the bridge players' « aux enchères » and « contract ».
    conformance=(
        {"players": 4, "scoring": "race"},
        {"players": 2, "scoring": "race"},
        {"players": 3, "scoring": "race", "handicap": "1"},
        {"players": 6, "scoring": "race"},
        {"players": 7, "scoring": "race"},
        {"players": 8, "scoring": "race"},
        {"players": 4, "scoring": "bridge", "deals": 2},
        {"players": 6, "scoring": "bridge", "deals": 2},
        {"players": 5, "scoring": "simple"},
        {"players": 4, "scoring": "race", "incidents": True},
        {"players": 6, "scoring": "race", "incidents": True},
        {"players": 6, "pirate": "stakes"},
        {"players": 4, "pursuit": True},
        {"players": 4, "camps": "fixed", "scoring": "race"},
        {"players": 8, "camps": "improvised", "scoring": "bridge", "deals": 2},
        {"players": 1, "solo_cards": 15},
        {"players": 3, "pirate": "points", "deals": 3},
        {"players": 4, "scoring": "auction", "deals": 3},
        {"players": 4, "scoring": "contract", "deals": 2},
        {"players": 3, "scoring": "dummy", "deals": 2},
    ),
    golden=(
        GoldenSpec(
            "four_players_race",
            ("random", "random", "random", "random"),
            seed=1,
            options={"players": 4, "scoring": "race"},
        ),
        GoldenSpec(
            "two_players_bridge_two_deals",
            ("random", "random"),
            seed=2,
            options={"players": 2, "scoring": "bridge", "deals": 2},
        ),
        GoldenSpec(
            "heuristic_and_random_incidents_race",
            ("heuristic", "random", "random", "random"),
            seed=4,
            options={"players": 4, "scoring": "race", "incidents": True},
        ),
        GoldenSpec(
            "pirate_stakes_six_players",
            ("random",) * 6,
            seed=5,
            options={"players": 6, "pirate": "stakes"},
        ),
        GoldenSpec(
            "seven_players_race_handicap",
            ("random",) * 7,
            seed=3,
            options={"players": 7, "scoring": "race", "handicap": "0,3"},
        ),
    ),
    # Typed by a player, refused by the notation's parser with a hint (the conformance suite).
    bad_notation=("", "vole", "haie r 7-9", "haie x 7-8", "joue 9/9", "R=2 r", "parie r+r"),
    # What the optional compiled build compiles (hippodrome.compiled, docs/engine.md).
    compiled=("board", "core", "incidents", "race", "deal", "actions", "events", "rules"),
)
