"""Royal Steeple Chase through the web API: refused actions told in both languages that change
nothing, hands that stay in their seat's view, a whole race played over the websocket."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from hippodrome.games.royal_steeple_chase.material import material as royal_steeple_chase_material
from hippodrome.games.royal_steeple_chase.material import parse_half
from hippodrome.games.royal_steeple_chase.words import card as card_in_words
from tests.server.conftest import table_socket
from tests.server.test_api import play_to_the_end, receive_until

GAME = "royal_steeple_chase"


def create(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": GAME, "options": options, "seats": seats})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def deck(client: TestClient) -> list[str]:
    cards: list[str] = client.get(f"/api/games/{GAME}/board").json()["cards"]
    return cards


def to_act(ws: WebSocketTestSession) -> dict[str, Any]:
    return receive_until(ws, lambda m: m["type"] == "state" and bool(m["legal"]))


def test_the_board_data_draws_four_lanes_of_21_squares(client: TestClient) -> None:
    board = client.get(f"/api/games/{GAME}/board").json()
    assert board["colours"] == ["r", "b", "j", "v"]
    assert [len(lane) for lane in board["cells"]] == [21] * 4
    assert all(len(cell) == 3 for lane in board["cells"] for cell in lane)
    assert board["rivers"] == [10, 15, 16] and board["incident_squares"] == [4, 8, 12, 18]
    en = client.get("/api/i18n/en").json()
    fr = client.get("/api/i18n/fr").json()
    ours = {k for k in en if k.startswith(f"web.{GAME}.")}
    assert ours and ours == {k for k in fr if k.startswith(f"web.{GAME}.")}, (
        "every board text in both languages"
    )


def test_the_board_data_describes_every_card_so_the_browser_splits_no_text(
    client: TestClient,
) -> None:
    """Each card type's two coups, each coup's kind and horse, and each gap's name come from the
    engine's own material (actions.py, material.py): the board reads them, never the notation."""
    board = client.get(f"/api/games/{GAME}/board").json()
    material = royal_steeple_chase_material()
    assert board["card_halves"] == {str(t): [str(h) for h in t.halves] for t in material.types}
    assert set(board["card_halves"]) == set(board["cards"])
    halves = board["halves"]
    assert set(halves) == {h for pair in board["card_halves"].values() for h in pair}
    assert halves["3v"] == {"kind": "3", "colour": "v", "horse": 3}
    assert halves["R"] == {"kind": "R", "colour": None, "horse": None}
    for text, half in halves.items():
        parsed = parse_half(text)
        assert half["kind"] == parsed.kind
        assert half["horse"] == (parsed.colour if parsed.coloured else None)
    assert board["gaps"][6] == "7-8" and board["gaps"][20] == "21-1"
    assert len(board["gaps"]) == 21


def test_a_card_not_held_and_a_bid_beyond_ones_chips_are_refused_and_change_nothing(
    client: TestClient,
) -> None:
    table = create(
        client,
        [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * 3,
        scoring="race",
    )
    token = table["seats"][0]["token"]
    with table_socket(client, table["id"], token) as ws:
        # Ada deals and asks first for a horse (seed, ATTRIBUTION DES CHEVAUX; the example: A,
        # the dealer, asks first).
        state = to_act(ws)
        observation = state["observation"]
        assert observation["phase"] == "horses" and state["seat"] == 0
        version = state["version"]
        missing = next(card for card in deck(client) if card not in observation["hand"])

        ws.send_json({"type": "act", "action": f"joue {missing}", "version": version})
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["key"] == f"{GAME}.refused.card_not_held"
        # The card is named as a player says it, never in the record's notation (issue 33).
        for lang in ("en", "fr"):
            said = card_in_words(missing, lang)
            assert said and said in error["message"][lang], (said, error["message"][lang])
            assert missing not in error["message"][lang]
        assert error["message"]["en"] != error["message"]["fr"], "told in both languages"

        # ENCHÈRES: « ne peut enchérir qu'avec son disponible » (100 points at the start).
        chips = observation["chips"][0]
        for action in (f"demande r {chips + 5}", f"enchere {chips + 50}"):
            ws.send_json({"type": "act", "action": action, "version": version})
            error = receive_until(ws, lambda m: m["type"] == "error")
            assert error["key"] == f"{GAME}.refused.beyond_chips", action
            assert str(chips) in error["message"]["en"] and str(chips) in error["message"]["fr"]
            assert error["message"]["en"] != error["message"]["fr"]

        assert client.get(f"/api/tables/{table['id']}").json()["version"] == version
        ws.send_json({"type": "act", "action": "demande r", "version": version - 1})
        assert receive_until(ws, lambda m: m["type"] in ("stale", "error"))["type"] == "stale"
        fresh = receive_until(ws, lambda m: m["type"] == "state")
        assert fresh["version"] == version, "refused actions change nothing"
        assert fresh["observation"] == observation
        assert fresh["legal"] == state["legal"]


def test_a_whole_race_against_bots_plays_to_the_end(client: TestClient) -> None:
    table = create(
        client,
        [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * 3,
        scoring="race",
    )
    token = table["seats"][0]["token"]
    with table_socket(client, table["id"], token) as ws:
        final = play_to_the_end(ws, to_act(ws))
    assert final["status"] == "finished"
    observation = final["observation"]
    assert observation["phase"] == "over"
    assert observation["score"]["races"] == 1
    # One race: the winner counts 2, the placed 1 (or nobody, a race without a winner).
    totals = observation["score"]["totals"]
    assert sorted(totals, reverse=True)[:2] in ([2, 1], [2, 0], [0, 0])
    if observation["winner"] >= 0:
        assert totals[observation["winner"]] == 2
        assert any(horse["finished"] == 1 for horse in observation["horses"])
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["status"] == "finished"
    assert summary["result"]["ranking"][0] == [
        p for p, total in enumerate(totals) if total == max(totals)
    ]
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 200

    # The replay of the finished game tells each hand once, cards named, as the moves show them;
    # the cards dealt one by one stay out of the log (quiet).
    replay = client.get(f"/api/tables/{table['id']}/replay").json()
    events = [e for step in replay["steps"] for e in step["events"]]
    hands = [e for e in events if e["key"] == f"{GAME}.hand_dealt"]
    assert len(hands) == 4 and all("?" not in e["params"]["cards"] for e in hands)
    assert all(" reçoit : " in e["text"]["fr"] for e in hands), hands[0]["text"]
    dealt = [e for e in events if e["key"] == f"{GAME}.card_dealt"]
    assert dealt and all(e.get("quiet") for e in dealt)


def test_a_seat_never_sees_another_seats_hand(client: TestClient) -> None:
    """Four people at one table and a spectator, every state of a whole race: each seat's view
    holds its own hand only; of the others' cards it knows those named in public (taken from the
    spread, offered in a trade), which they do hold; a dealt card shows to its receiver only."""
    n = 4
    table = create(client, [{"kind": "human"}] * n, scoring="race")
    rng = random.Random(7)
    sockets = [table_socket(client, table["id"], seat["token"]) for seat in table["seats"]]
    spectator = table_socket(client, table["id"])
    with sockets[0] as s0, sockets[1] as s1, sockets[2] as s2, sockets[3] as s3, spectator as sp:
        seats = [s0, s1, s2, s3]
        latest: list[dict[str, Any] | None] = [None] * n

        def view_at(q: int, version: int) -> dict[str, Any]:
            seen = latest[q]
            if seen is None or seen["version"] != version:
                seen = receive_until(
                    seats[q], lambda m: m["type"] == "state" and m["version"] == version
                )
                latest[q] = seen
            return seen

        # The deal is chance, played by the server: wait until somebody must act.
        ready = receive_until(
            s0, lambda m: m["type"] == "state" and bool(m["observation"]["active"])
        )
        latest[0] = ready
        version = ready["version"]
        views: list[dict[str, Any]] = []
        named = 0  # views where another seat's cards were known: the check below is not idle
        for step in range(3000):
            views = [view_at(q, version) for q in range(n)]
            public = receive_until(
                sp, lambda m, v=version: m["type"] == "state" and m["version"] == v
            )
            assert "hand" not in public["observation"], "a spectator sees no hand"
            hands = [view["observation"]["hand"] for view in views]
            for q, view in enumerate(views):
                observation = view["observation"]
                assert view["seat"] == q
                assert observation["hand_sizes"][q] == len(hands[q])
                assert not {"hands", "public", "undealt"} & set(observation), "no state secrets"
                for p in range(n):
                    known = Counter(observation["known_cards"][p])
                    named += bool(known) and p != q
                    assert not known - Counter(hands[p]), (
                        f"step {step}: seat {q} 'knows' cards seat {p} does not hold"
                    )
                for event in view["events"]:
                    if event["key"] == f"{GAME}.card_dealt" and event["params"]["player"] != q:
                        assert event["params"]["card"] == "?", "another seat's dealt card"
                    if event["key"] == f"{GAME}.hand_dealt" and event["params"]["player"] != q:
                        assert set(event["params"]["cards"]) == {"?"}, "another seat's dealt hand"
            if views[0]["status"] == "finished":
                break
            acting = [q for q, view in enumerate(views) if view["legal"]]
            assert len(acting) == 1, f"step {step}: one seat acts at a time, not {acting}"
            q = acting[0]
            legal = [entry["notation"] for entry in views[q]["legal"]]
            # Some exchanges and trades (which make cards public), then mostly passes.
            passes = [a for a in legal if a in ("passe", "refuse")]
            action = passes[0] if passes and rng.random() < 0.6 else rng.choice(legal)
            seats[q].send_json({"type": "act", "action": action, "version": version})
            version += 1
        else:
            raise AssertionError("the race did not end")
    assert views[0]["observation"]["phase"] == "over"
    assert named, "no card was ever named in public: nothing was checked"
