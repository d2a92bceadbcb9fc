"""Toy Race's manifest: what the registry knows of the game before its rules are imported."""

from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, RulesTexts, Traits

GAME_INFO = GameInfo(
    id="toy_race",
    titles={"en": "Toy Race", "fr": "Course miniature"},
    summary={
        "en": "A test's toy: one horse a seat, a die, a ditch, twelve squares to the line.",
        "fr": "Un jouet de test : un cheval par place, un dé, un fossé, douze cases.",
    },
    seed="none (a toy written for the tests)",
    order=900,
    status="playable",
    package=__package__ or "tests.toy_game.toy_race",
    rules=RulesTexts(
        texts={"en": "rules.md", "fr": "rulebook.fr.md"},
        sections={
            "en": {"racing": "the-race", "over": "the-line"},
            "fr": {"racing": "la-course", "over": "larrivée"},
        },
    ),
    players=(2, 3),
    # Each turn is a roll and a move of at least one square (D2), and the game ends when a horse
    # has run its twelfth: at most 3 x 11 + 1 turns, 2 actions each.
    traits=Traits(chance=True, hidden_information=False, simultaneous_moves=False, max_length=68),
    pieces=Pieces(
        game="rules:ToyRace",
        heuristic="heuristic:ToyRaceHeuristic",
        text_view="view:render_text",
        board_data="view:board_data",
        check_data="material:check",
    ),
    conformance=({"players": 2}, {"players": 3}),
    golden=(GoldenSpec("two_players", ("heuristic", "random"), seed=1, options={"players": 2}),),
    bad_notation=("", "fly away", "roll 7", "roll six", "gallop 3"),
)
