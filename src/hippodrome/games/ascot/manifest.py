"""Ascot's manifest: what the registry knows of the game before its rules are imported."""

from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, RulesTexts, Traits

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
    # The site's rules pages: the rulebook's own words in French, the rules as played in English;
    # the help panel opens the section of each phase.
    rules=RulesTexts(
        texts={"en": "rules.md", "fr": "rulebook.fr.md"},
        for_programmers=("position-documents", "the-board-in-the-browser"),
        sections={
            "en": {
                "deal": "the-market-and-the-training-as-implemented",
                "exchange": "the-market-and-the-training-as-implemented",
                "discard": "the-market-and-the-training-as-implemented",
                "auction": "the-market-and-the-training-as-implemented",
                "training": "the-market-and-the-training-as-implemented",
                "dice": "the-market-and-the-training-as-implemented",
                "club": "the-market-and-the-training-as-implemented",
                "report": "the-market-and-the-training-as-implemented",
                "sale": "the-market-and-the-training-as-implemented",
                "preliminaries": "the-market-and-the-training-as-implemented",
                "trading": "the-market-and-the-training-as-implemented",
                "answer": "the-market-and-the-training-as-implemented",
                "runners": "the-market-and-the-training-as-implemented",
                "favourite": "the-market-and-the-training-as-implemented",
                "betting": "the-market-and-the-training-as-implemented",
                "places": "the-market-and-the-training-as-implemented",
                "book": "the-market-and-the-training-as-implemented",
                "race": "the-race-as-implemented",
                "roll": "the-race-as-implemented",
                "move": "the-race-as-implemented",
                "colour": "the-race-as-implemented",
                "lane": "the-race-as-implemented",
                "rescue": "the-race-as-implemented",
                "over": "the-race-as-implemented",
            },
            "fr": {
                "deal": "la-donne",
                "exchange": "la-donne",
                "discard": "la-donne",
                "auction": "vente-aux-enchères",
                "training": "i--champ-dentrainement",
                "dice": "i--champ-dentrainement",
                "report": "i--champ-dentrainement",
                "sale": "i--champ-dentrainement",
                "club": "membres-du-club",
                "preliminaries": "ii--champ-de-courses",
                "trading": "ii--champ-de-courses",
                "answer": "ii--champ-de-courses",
                "runners": "ii--champ-de-courses",
                "favourite": "favori",
                "betting": "les-paris",
                "places": "les-paris",
                "book": "les-paris",
                "race": "depart",
                "roll": "depart",
                "move": "changement-de-piste",
                "lane": "changement-de-piste",
                "colour": "arrêt-sur-une-case-1",
                "rescue": "utilisation-des-rapports",
                "over": "les-prix",
            },
        },
    ),
    players=(2, 6),
    # Each option set's bound is Ascot.max_length (length.py): the training called after 80 rounds
    # (D48) with 30 reports at most before a throw (D47), the race after 92 (D49); this is the
    # greatest, six players with the private place bets. Most of it is forced sales (D17), each
    # fee of each turn a sale bid up to the table's money at most.
    traits=Traits(
        chance=True, hidden_information=True, simultaneous_moves=False, max_length=71_462_025
    ),
    pieces=Pieces(
        game="rules:Ascot",
        heuristic="heuristic:AscotHeuristic",
        text_view="view:render_text",
        board_data="view:board_data",
        check_data="material:check",
        tensor="tensor:layout",
        balance="balance:balance_facts",
        search="search:HOOKS",
        guide="guide:HOOKS",
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
    # Typed by a player, refused by the notation's parser with a hint (the conformance suite).
    bad_notation=("", "fly away", "run 4", "move h4 9.99", "deal h99", "die 7", "report king h1"),
    # What the optional compiled build compiles (hippodrome.compiled, docs/engine.md).
    compiled=(
        "board",
        "core",
        "prizes",
        "race",
        "betting",
        "preliminaries",
        "debts",
        "training",
        "deal",
        "actions",
        "events",
        "rules",
    ),
)
