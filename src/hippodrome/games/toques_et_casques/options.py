"""Toques et Casques' options: the race the table runs (category, speed, track, laps, obstacles,
stakes) and the variants of section 24.

Apart from ``rules.py``, which is compiled (``hippodrome.compiled``): the options codec reads these
annotations (the ``Literal`` choices), which a compiled module would not keep as written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hippodrome.engine.options import GameOptions, Unit, Words, option


@dataclass(frozen=True, kw_only=True)
class ToquesOptions(GameOptions):
    players: int = option(
        3,
        en="Seats",
        fr="Places",
        help=Words(
            en="From 2 to 6 jockeys, plus the steward's seat if there is one.",
            fr="De 2 à 6 jockeys, plus la place du commissaire s'il y en a un.",
        ),
    )
    category: Literal["A", "B", "C", "D"] = option(
        "A",
        en="Race category",
        fr="Catégorie de la course",
    )
    speed: Literal[0, 1, 2] = option(
        0,
        en="Speed",
        fr="Vitesse",
    )
    track: Literal["auto", "small", "medium", "large"] = option(
        "auto",
        en="Hippodrome",
        fr="Hippodrome",
    )
    laps: int = option(
        1,
        en="Length of the race",
        fr="Longueur de la course",
        unit=Unit(en=("lap", "laps"), fr=("tour", "tours")),
        minimum=1,
        maximum=9,
    )
    finish: str = option(
        "auto",
        en="Finish plaque: its straight and length, as 0.0 for the first length of the first straight (auto: where the rules put it)",
        fr="Plaquette arrivée : sa ligne droite et sa longueur, ainsi 0.0 pour la première longueur de la première ligne droite (auto : là où la règle la place)",
    )
    river: str = option(
        "auto",
        en="Category D: the river's first length, written like the finish plaque (none: no river; auto: where the rules put it)",
        fr="Catégorie D : première longueur de la rivière, notée comme la plaquette arrivée (none : pas de rivière ; auto : là où la règle la place)",
    )
    hurdles: str = option(
        "auto",
        en="Category D: the hurdles' lengths, written like the finish plaque and separated by commas (none: no hurdles; auto: where the rules put them)",
        fr="Catégorie D : longueurs des haies, notées comme la plaquette arrivée et séparées par des virgules (none : pas de haies ; auto : là où la règle les place)",
    )
    stakes: int = option(
        120,
        en="Stakes",
        fr="Enjeux",
        kind="money",
        help=Words(
            en="Taken from the bank in notes of 10 and shared among the jockeys of the placed horses.",
            fr="Pris à la banque en billets de 10 et partagés entre les jockeys des chevaux placés.",
        ),
        minimum=0,
        maximum=800,  # the bank: 80 notes of 10 (material.toml)
        step=10,
    )
    split: str = option(
        "60,40,20",
        en="Shares of the stakes",
        fr="Répartition des enjeux",
        kind="amounts",
        help=Words(
            en="What each place wins, the first place first; the shares add up to the stakes.",
            fr="Ce que gagne chaque place, en commençant par la première ; leur total fait les enjeux.",
        ),
        maximum=6,  # places: one share a lane at most
        step=10,
    )
    clockwise: bool = option(
        False,
        en="Run clockwise: place No. 1 of the start plaque is then outside",
        fr="Courir dans le sens des aiguilles d'une montre : la place n° 1 est alors à l'extérieur",
    )
    steward: bool = option(
        False,
        en="The last seat is the steward, who reviews every move",
        fr="La dernière place est celle du commissaire, qui contrôle chaque déplacement",
    )
    ecart_on_start: bool = option(
        False,
        en="Variant: écarts allowed on the start plaque",
        fr="Variante : écart permis sur la plaquette départ",
    )
    avant_first: bool = option(
        False,
        en="Variant: every move begins with an avant (except on the start plaque)",
        fr="Variante : commencer obligatoirement par un avant (sauf sur la plaquette départ)",
    )
    late_ecart: bool = option(
        False,
        en="Variant: the first écart only 2 lengths after leaving the start plaque",
        fr="Variante : premier écart 2 longueurs après avoir quitté la plaquette départ",
    )
