"""Royal Steeple Chase's options: the ways to play the rulebook gives and the table's settings.

Apart from ``rules.py``, which is compiled (``hippodrome.compiled``): the options codec reads these
annotations (the ``Literal`` choices), which a compiled module would not keep as written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hippodrome.engine.options import GameOptions, Unit, Words, option


@dataclass(frozen=True, kw_only=True)
class SteepleOptions(GameOptions):
    players: int = option(
        4,
        en="Number of players",
        fr="Nombre de joueurs",
        help=Words(
            en="From 2 to 8; 1 for the solo practice.",
            fr="De 2 à 8 ; 1 pour s'entraîner seul.",
        ),
    )
    scoring: Literal["bridge", "simple", "race", "auction", "contract", "dummy"] = option(
        "bridge",
        en="Game",
        fr="Jeu",
        help=Words(
            en="The ordinary game is scored as in bridge: two games win. The simplified game is one race per player, for chips. For bridge players, the game « aux enchères » and the contract are played by 4 players in two camps over three rubbers; the contract « avec un mort » by 3 players, the dummy's hand laid open and played by its partner.",
            fr="Le jeu ordinaire se compte comme au bridge : deux manches gagnent. Le jeu simplifié se joue en une course par joueur, aux jetons. Pour les bridgeurs, le jeu aux enchères et le contract se jouent à 4 joueurs en deux camps, en trois robres ; le contract avec un mort à 3 joueurs, le jeu du mort étalé et joué par son partenaire.",
        ),
    )
    deals: int = option(
        0,
        en="Length of the match",
        fr="Durée de la partie",
        unit=Unit(en=("deal", "deals"), fr=("donne", "donnes")),
        minimum=0,
        maximum=100,
        zero=Words(
            en="Play it out as the rules end it (two games, 200 points… or 100 deals)",
            fr="La jouer jusqu'au bout prévu par la règle (deux manches, 200 points… ou 100 donnes)",
        ),
    )
    pirate: Literal["no", "stakes", "points"] = option(
        "no",
        en="Pirate game",
        fr="Jeu pirate",
        help=Words(
            en="Secret bets instead of horses: for the stakes, which go to the winner's backers, or for points (one or two horses, 50 or 20 points, 200 wins).",
            fr="Des paris clandestins au lieu des chevaux : aux enjeux, qui vont à ceux qui ont parié sur le gagnant, ou aux points (un ou deux chevaux, 50 ou 20 points, 200 gagne).",
        ),
    )
    incidents: bool = option(
        False,
        en="Incident cards",
        fr="Cartes d'incidents",
        help=Words(
            en="An optional rule: a horse stopping on a square numbered in red draws one.",
            fr="Règle facultative : un cheval arrêté sur une case numérotée en rouge en fait prendre une.",
        ),
    )
    solo_cards: int = option(
        13,
        en="Solo practice (1 player): cards dealt",
        fr="Entraînement seul (1 joueur) : cartes distribuées",
        unit=Unit(en=("card", "cards"), fr=("carte", "cartes")),
        minimum=13,
        maximum=15,
    )
    camps: Literal["no", "fixed", "improvised"] = option(
        "no",
        en="Partnerships",
        fr="Jeu par camp",
        help=Words(
            en="Fixed: partners sit opposite and share a horse. Improvised: camps formed by asking for the same horse. Winnings are shared.",
            fr="Fixé à l'avance : les partenaires, face à face, ont un cheval pour deux. Improvisé : les camps se forment par demandes et enchères sur un même cheval. Les gains sont partagés.",
        ),
    )
    pursuit: bool = option(
        False,
        en="Pursuit game",
        fr="Jeu poursuite",
        help=Words(
            en="As many laps as players: each deal stops at the first horse over the line, and everyone goes on from where he stands.",
            fr="Autant de tours que de joueurs : chaque tour s'arrête au premier gagnant, et chacun repart de sa place.",
        ),
    )
    handicap: str = option(
        "",
        en="Handicap game: the players who start on square 3",
        fr="Jeu handicap : les joueurs qui partent de la case 3",
        help=Words(
            en="Tick the strongest players: they start further back.",
            fr="Cochez les joueurs les plus forts : ils partent plus loin.",
        ),
        seats="indices",
    )
