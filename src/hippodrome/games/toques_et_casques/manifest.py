"""Toques et Casques's manifest: what the registry knows of the game before its rules are imported."""

from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, RulesTexts, Traits

GAME_INFO = GameInfo(
    id="toques_et_casques",
    titles={"en": "Toques et Casques", "fr": "Toques et Casques"},
    summary={
        "en": "Six-lane trot and gallop races: blocking, hurdles and the river.",
        "fr": "Courses de trot et de galop sur six couloirs : blocages, haies et rivière.",
    },
    seed="002_040eccd8846c6b7d.txt",
    order=3,
    status="playable",
    package=__package__ or "hippodrome.games.toques_et_casques",
    # The site's rules pages: the rulebook's own words in French, the rules as played in English;
    # the help panel opens the section of each phase.
    rules=RulesTexts(
        texts={"en": "rules.md", "fr": "rulebook.fr.md"},
        sections={
            "en": {
                "draw": "seats-and-the-draw-of-horses-07-01-07-07-08-24-06",
                "race": "playing-a-round-06-01-09-14-16-18",
                "review": "the-steward-07",
                "relocate": "moving-a-hurdle-13-02",
                "rolloff": "the-arrival-23",
                "over": "stakes-and-the-winner-07-05-23-03",
            },
            "fr": {
                "draw": "-08--choix-des-chevaux",
                "race": "-14--règle-de-base",
                "review": "-07--le-commissaire-de-course",
                "relocate": "-13--les-haies",
                "rolloff": "-23--lordre-darrivée",
                "over": "-23--lordre-darrivée",
            },
        },
    ),
    players=(2, 7),
    # Each option set's bound is ToquesEtCasques.max_length: at most two rounds a length of the
    # course (D32); this is the greatest, category D over 9 laps of the large track with the finish
    # at 4.31, two hurdles and the steward.
    traits=Traits(
        chance=True, hidden_information=False, simultaneous_moves=False, max_length=195_659
    ),
    pieces=Pieces(
        game="rules:ToquesEtCasques",
        heuristic="heuristic:ToquesHeuristic",
        text_view="view:render_text",
        board_data="view:board_data",
        check_data="material:check",
        tensor="tensor:layout",
        balance="balance:balance_facts",
        search="search:HOOKS",
        guide="guide:HOOKS",
    ),
    # Table sizes, categories, laps, the steward and the variants of section 24.
    conformance=(
        {"players": 2},
        {"players": 3, "category": "B", "clockwise": True, "avant_first": True},
        {"players": 6, "category": "C", "laps": 2},
        {"players": 4, "category": "D", "laps": 2, "track": "small"},
        {
            "players": 5,
            "category": "D",
            "steward": True,
            "late_ecart": True,
            "ecart_on_start": True,
        },
        {
            "players": 3,
            "category": "D",
            "speed": 1,
            "track": "medium",
            "hurdles": "2.1,6.2",
            "river": "4.20",
        },
    ),
    golden=(
        GoldenSpec(
            "category_d_six_jockeys",
            ("heuristic", "random", "heuristic", "random", "heuristic", "random"),
            seed=1,
            options={"players": 6, "category": "D"},
        ),
        GoldenSpec(
            "category_d_two_laps_steward",
            ("heuristic", "random", "random", "heuristic"),
            seed=2,
            options={
                "players": 4,
                "category": "D",
                "laps": 2,
                "track": "medium",
                "steward": True,
                "stakes": 200,
                "split": "100,50,30,20",
            },
        ),
        GoldenSpec(
            "category_a_two_jockeys_variants",
            ("random", "heuristic"),
            seed=3,
            options={
                "players": 2,
                "category": "A",
                "clockwise": True,
                "avant_first": True,
                "late_ecart": True,
            },
        ),
    ),
    # Typed by a player, refused by the notation's parser with a hint (the conformance suite).
    bad_notation=("fly away", "ecart 9", "hurdle x", "draw 0"),
    # What the optional compiled build compiles (hippodrome.compiled, docs/engine.md).
    compiled=("actions", "events", "rules"),
)
