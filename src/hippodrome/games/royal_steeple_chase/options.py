"""Royal Steeple Chase's options: the ways to play the rulebook gives and the table's settings.

Apart from ``rules.py``, which is compiled (``hippodrome.compiled``): the options codec reads these
annotations (the ``Literal`` choices), which a compiled module would not keep as written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hippodrome.engine.options import GameOptions, option


@dataclass(frozen=True, kw_only=True)
class SteepleOptions(GameOptions):
    players: int = option(
        4,
        en="Number of players (2 to 8; 1 for the solo practice)",
        fr="Nombre de joueurs (2 à 8 ; 1 pour s'entraîner seul)",
    )
    scoring: Literal["bridge", "simple", "race", "auction", "contract", "dummy"] = option(
        "bridge",
        en="Game: the ordinary game (bridge score, two games win), the simplified game (one race per player, chips), a single race, or for bridge players Royal Steeple Chase « aux enchères » or « contract » (4 players in two camps, three rubbers) and contract « avec un mort » (3 players, the dummy's hand laid open and played by its partner)",
        fr="Jeu : le jeu ordinaire bridgé (deux manches gagnent), le jeu simplifié (une course par joueur, aux jetons), une seule course, ou pour les bridgeurs le Royal Steeple Chase aux enchères ou contract (4 joueurs en deux camps, trois robres) et le contract avec un mort (3 joueurs, le jeu du mort étalé et joué par son partenaire)",
    )
    deals: int = option(
        0,
        en="Stop the match after this many deals, 100 at most (0: play it out as the rules end it: two games, 200 points..., or 100 deals)",
        fr="Arrêter la partie après ce nombre de donnes, 100 au plus (0 : la jouer jusqu'au bout prévu par la règle : deux manches, 200 points..., ou 100 donnes)",
    )
    pirate: Literal["no", "stakes", "points"] = option(
        "no",
        en="Pirate game: secret bets instead of horses, for the stakes (they go to the winner's backers) or for points (one or two horses, 50 or 20 points, 200 wins)",
        fr="Jeu pirate : paris clandestins au lieu des chevaux, aux enjeux (ils vont à ceux qui ont parié sur le gagnant) ou aux points (un ou deux chevaux, 50 ou 20 points, 200 gagne)",
    )
    incidents: bool = option(
        False,
        en="Incident cards: a horse stopping on a red-numbered square draws one (optional rule)",
        fr="Cartes d'incidents : un cheval arrêté sur une case numérotée en rouge en fait prendre une (facultatif)",
    )
    solo_cards: int = option(
        13,
        en="Solo practice (1 player): cards dealt, 13, 14 or 15",
        fr="Entraînement seul (1 joueur) : cartes distribuées, 13, 14 ou 15",
    )
    camps: Literal["no", "fixed", "improvised"] = option(
        "no",
        en="Partnerships: fixed (partners sit opposite and share a horse) or improvised (formed by asking for the same horse), winnings shared",
        fr="Jeu par camp : fixé à l'avance (partenaires en face, un cheval pour deux) ou improvisé (par demandes et enchères sur un même cheval), gains partagés",
    )
    pursuit: bool = option(
        False,
        en="Pursuit game: as many laps as players, each deal stops at the first horse over the line and everyone goes on from where he stands",
        fr="Jeu poursuite : autant de tours que de joueurs, chaque tour s'arrête au premier gagnant et chacun repart de sa place",
    )
    handicap: str = option(
        "",
        en="Handicap game: the players who start on square 3",
        fr="Jeu handicap : les joueurs qui partent de la case 3",
        seats="indices",
    )
