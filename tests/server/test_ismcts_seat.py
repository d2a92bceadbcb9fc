"""The hard level: the server offers the ISMCTS bot in every game and plays it in its workers."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hippodrome.games import entry, load_game
from hippodrome.server.thinking import BotTurn, think


def test_every_playable_game_offers_the_three_levels(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        if game["status"] == "playable":
            assert game["bots"] == ["random", "heuristic", "ismcts"], game["id"]


def test_the_search_is_labelled_hard_only_where_its_benchmark_proves_it(
    client: TestClient,
) -> None:
    for game in client.get("/api/games").json():
        if game["status"] != "playable":
            continue
        proven = entry(game["id"]).search_hooks().proven
        assert game["bot_labels"] == {
            "random": "web.bot.random",
            "heuristic": "web.bot.heuristic",
            "ismcts": "web.bot.ismcts_hard" if proven else "web.bot.ismcts",
        }, game["id"]


def test_a_table_seats_the_searching_bot(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "game": "royal_turf",
            "options": {},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts"}],
        },
    )
    assert response.status_code == 201, response.text
    assert response.json()["seats"][1]["bot"] == "ismcts"


def test_a_worker_plays_the_searching_bot_s_turn() -> None:
    game = load_game("royal_turf", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    seat = state.active_players()[0]
    turn = BotTurn("t", game.id, game.options.to_json(), state.to_json(), seat, "ismcts", "s:1")
    notation = think(turn)
    assert game.parse_action(notation) in state.legal_actions(seat)
