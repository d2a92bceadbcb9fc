"""Ascot's secrets (seed 000, « La donne », « Vente aux enchères »: « chaque joueur doit cacher son
jeu »; the dead pile « que personne ne doit regarder »; kept reports are their owner's) never leak
into another seat's observation or events; and every event reads in French and English without a
raw message key. Random games with seeded generators, played to the end."""

from __future__ import annotations

import json
import random

import pytest

from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot.actions import CARD_IDS
from hippodrome.games.ascot.rules import Ascot, AscotState, Phase

MARKET = (Phase.DEAL, Phase.EXCHANGE, Phase.DISCARD, Phase.AUCTION)


def play(seed: int, players: int) -> list[AscotState]:
    rng = random.Random(seed)
    state = Ascot.from_options(players=players).new_initial_state()
    seen = []
    for _ in range(5_000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
        else:
            seat = state.active_players()[0]
            actions = list(state.legal_actions(seat))
            action = actions[0] if rng.random() < 0.5 else rng.choice(actions[:8])
            assert state.game.parse_action(str(action)) == action
            state.apply(action, seat)
        seen.append(state.clone())
    assert state.phase is Phase.OVER and state.is_terminal()
    return seen


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 6)])
def test_hands_the_dead_pile_and_kept_reports_never_leak(seed: int, players: int) -> None:
    for state in play(seed, players):
        for viewer in range(players):
            text = json.dumps(state.observation(viewer))
            if state.phase in MARKET:
                # During the market, no other seat's card and no dead-pile card is named, unless it
                # is public: the lot under the hammer, the open auctioneer's card, a card bought.
                public = {c for b in state.bought for c in b} | {
                    CARD_IDS.index("commissaire_priseur")
                }
                if state.auction is not None:
                    public.add(CARD_IDS.index(state.auction.lot))
                mine = set(state.hands[viewer])
                for other in range(players):
                    for card in state.hands[other]:
                        if card not in mine and card not in public:
                            assert f'"{CARD_IDS[card]}"' not in text, (viewer, CARD_IDS[card])
                for card in state.dead:
                    if card not in public:
                        assert f'"{CARD_IDS[card]}"' not in text
            # A report its owner offers for sale is named in his offer (D41): his choice.
            offered = getattr(state.offer, "item", None)
            for other in range(players):
                if other != viewer:
                    for deck, index in state.reports[other]:
                        if f"{deck}:{index}" != offered:
                            assert f"{deck}:{index}" not in text


@pytest.mark.parametrize(("seed", "players"), [(5, 3), (6, 5)])
def test_every_event_reads_in_both_languages(seed: int, players: int) -> None:
    states = play(seed, players)
    final = states[-1]
    assert final.events
    kinds = set()
    for state in states:
        if state.is_terminal() or state.is_chance_node():
            continue
        for action in list(state.legal_actions())[:12]:
            kinds.add(action.kind)
            for lang in ("en", "fr"):
                label = state.game.action_label(action, lang, None)
                assert "ascot.action" not in label and label, (action, label)
    assert {"exchange", "discard", "keep", "roll", "run", "place_bet"} <= kinds
    for event in final.events:
        for viewer in (None, *range(players)):
            for lang in ("en", "fr"):
                text = event.seen_by(viewer).narrate(lang, [f"P{p}" for p in range(players)])
                assert "ascot." not in text and "(" + event.key not in text, text
