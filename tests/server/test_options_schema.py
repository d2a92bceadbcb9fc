"""The lobby's options form is drawn from each game's options model (``GET /api/games``,
engine/options.py): every option says the control that edits it, with a label and help a player
understands in both languages (issue 34, point 4)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

KINDS = {"flag", "choice", "seats", "number", "money", "amounts", "text"}

TYPED_IN = re.compile(r"\(0\s?:|\bnotes of\b|billets de|\d+,\d+,\d+")
"""What a label must not ask a player to type: a number that means something else, a unit of count
in place of an amount, a list of amounts as text."""


def test_every_option_names_its_control_with_a_label_and_help_in_both_languages(
    client: TestClient,
) -> None:
    games = [g for g in client.get("/api/games").json() if g["status"] == "playable"]
    assert games
    for game in games:
        for option in game["options"]:
            where = f"{game['id']}.{option['name']}"
            assert option["kind"] in KINDS, where
            for lang in ("en", "fr"):
                assert option[lang] and option[lang][0].isupper(), f"{where} ({lang})"
                assert TYPED_IN.search(option[lang]) is None, f"{where} ({lang}): {option[lang]}"
                if option.get("help"):
                    help_text = option["help"][lang]
                    assert help_text[0].isupper() and help_text.endswith("."), f"{where} ({lang})"
            if option["kind"] == "choice":
                assert option["choices"], where
            if option["kind"] in ("money", "amounts"):
                assert option["step"] >= 1, where
            if option["kind"] == "number" and option.get("zero"):
                # 0 means "none" (« play it out »): the form offers it as a choice of its own.
                assert option["default"] == 0 and option["min"] == 0, where
                assert set(option["zero"]) == {"en", "fr"}, where
            if option.get("unit"):
                assert all(len(option["unit"][lang]) == 2 for lang in ("en", "fr")), where


def test_amounts_and_money_are_typed_as_amounts(client: TestClient) -> None:
    """Toques et Casques' stakes are an amount (no « notes of 10 » to count), its split a list of
    amounts a place; Ascot's jackpot is francs in steps of the bid; Royal Steeple Chase's length of
    the match is a number of deals with 0 as its own choice."""
    games = {g["id"]: {o["name"]: o for o in g["options"]} for g in client.get("/api/games").json()}
    toques = games["toques_et_casques"]
    assert toques["stakes"]["kind"] == "money" and toques["stakes"]["step"] == 10
    assert toques["split"]["kind"] == "amounts" and toques["split"]["default"] == "60,40,20"
    assert toques["laps"]["unit"]["fr"] == ["tour", "tours"]
    jackpot = games["ascot"]["jackpot"]
    assert jackpot["kind"] == "money" and jackpot["currency"] == "franc" and jackpot["step"] == 500
    deals = games["royal_steeple_chase"]["deals"]
    assert deals["kind"] == "number" and deals["max"] == 100 and deals["zero"]
    assert games["win_place_show"]["steward"]["kind"] == "seats"
