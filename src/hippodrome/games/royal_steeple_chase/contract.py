"""« Royal Steeple Chase contract »: its bidding ladder and the seed's advice for bidding by points.

The way to play (``ContractBridge``), its calls and bidding, and « MANIÈRE D'ANNONCER ET DE SOUTENIR
SON PARTENAIRE »: the hand's point count (« Compter tous les points d'avance même ceux des couleurs adverses. Le galop et le
Royal valent : 4. Le trot: 3. Le pas, la haie blanche, la chute : 2. Le jeu moyen représente 57
points. ») and the table of what one calls and what one's partner bids over it. Decisions D70 and after are in
docs/rules/royal_steeple_chase.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.types import JSON, JSONObject, Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import CALLS, Call, Eliminate, Pass
from hippodrome.games.royal_steeple_chase.actions import PASS as PASS_ACTION
from hippodrome.games.royal_steeple_chase.board import (
    HORSES,
    NOBODY,
    TYPE_TEXT,
    TYPES,
    M,
    Phase,
)
from hippodrome.games.royal_steeple_chase.bridged import (
    SECOND_RIVER,
    AuctionBridge,
    BridgeTable,
    ContractBook,
    mark_camp,
)

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.core import SteepleCore

PASS, PLACED, WINNER = "passe", "place", "gagnant"
SMALL_SLAM, GRAND_SLAM = "petit_schlem", "grand_schlem"
LADDER: Final = (
    PLACED,
    WINNER,
    "gagnant+1",
    "gagnant+2",
    "gagnant+3",
    "gagnant+4",
    SMALL_SLAM,
    GRAND_SLAM,
)
"""« Les demandes dans l'ordre de valeur »: Placé, Gagnant, Gagnant + un [...] quatre, Petit Schlem,
Grand Schlem."""

AVERAGE: Final = 57
"""« Le jeu moyen représente 57 points. »"""

OPENINGS: Final = (
    (57, PASS),
    (60, PLACED),
    (63, WINNER),
    (66, "gagnant+1"),
    (75, "gagnant+2"),
    (84, "gagnant+3"),
    (93, "gagnant+4"),
)
"""« Total de vos points » and your call: « 57 ou moins Passe, 58 à 60 Placé, 61 à 63 Gagnant, 64 à 66
Gagnant + 1 case d'avance, 67 à 75 Gagnant + 2, 76 à 84 Gagnant + 3, 85 à 93 Gagnant + 4 »."""

SUPPORT: Final = (
    ((63, WINNER), (69, "gagnant+1"), (75, "gagnant+2")),
    ((63, WINNER), (69, "gagnant+1"), (75, "gagnant+2")),
    ((63, "gagnant+1"), (69, "gagnant+2"), (75, "gagnant+3")),
    ((60, "gagnant+2"), (66, "gagnant+3"), (72, "gagnant+4")),
    ((57, "gagnant+3"), (63, "gagnant+4"), (69, SMALL_SLAM)),
    ((54, "gagnant+4"), (60, SMALL_SLAM), (66, GRAND_SLAM)),
    ((51, SMALL_SLAM), (57, GRAND_SLAM)),
)
"""« Votre partenaire s'il a le nombre de points indiqués ou davantage enchérit de » one, « 2 cases
d'avance » or « 3 cases d'avance et annonce »: per row of ``OPENINGS``, the partner's thresholds."""


def hand_points(hand: Sequence[int]) -> int:
    """The seed's count of a hand (cards per type): every advance, the opponents' colours too."""
    return sum(count * M.types[t].contract_points for t, count in enumerate(hand) if count)


def _row(points: int) -> int:
    for i, (top, _) in enumerate(OPENINGS):
        if points <= top:
            return i
    return len(OPENINGS) - 1  # above 93 the table stops: the top row's advice


def opening_call(points: int) -> str:
    """What the table says to call with ``points``."""
    return OPENINGS[_row(points)][1]


def points_for(call: str) -> int:
    """The fewest points the table opens ``call`` with (what a partner reads from it): 58 for
    « Placé », 61 for « Gagnant »...; a pass or a call above the table's rows, its ends."""
    low = 0
    for top, opening in OPENINGS:
        if opening == call:
            return low
        low = top + 1
    return low - 1 if call in LADDER else 0


def _table_needs() -> dict[str, int]:
    """The fewest points for the two hands of a camp with which the table reaches each call (or a
    higher one): each row of calls taken at its middle count (« 58 à 60 » is 59, « 67 à 75 » 71),
    with the partner's threshold over it, or with an average partner (57) for the row's own call.
    The table gives 116 for « Placé », 119 « Gagnant », 122, 125, 128 and 134 for « Gagnant + 1 »
    to « + 4 », 140 « Petit Schlem » and 146 « Grand Schlem » (D81)."""
    reach: list[tuple[int, str]] = []
    low = OPENINGS[0][0] + 1
    for (top, call), supports in zip(OPENINGS[1:], SUPPORT[1:], strict=True):
        middle = (low + top) // 2
        reach.append((middle + AVERAGE, call))
        reach += [(middle + threshold, raised) for threshold, raised in supports]
        low = top + 1
    return {
        call: min(points for points, c in reach if LADDER.index(c) >= LADDER.index(call))
        for call in LADDER
    }


TABLE_NEEDS: Final = _table_needs()
"""Per call, the camp's points the table reaches it with (D81)."""
TABLE_STEP: Final = 6
"""The table's columns stand 6 points apart (« 63 Gagnant, 69 Gagnant + 1, 75 Gagnant + 2 »): a
camp a column short of a call is not expected to make it."""
DECK_POINTS: Final = 4 * AVERAGE
"""The four hands together (« Le jeu moyen représente 57 points »)."""


def should_double(call: str, mine: int, partner: int) -> bool:
    """« Si les adversaires affirment que les demandeurs ne réaliseront pas leur contract : ils
    contrent »: the demanders hold what the defenders do not (the deck's 228 less the defender's
    count and his partner's, known or presumed); a column of the table short of the call, they are
    not expected to make it (D81). A « Placé » marks nothing, made or not: never doubled."""
    if call not in TABLE_NEEDS or call == PLACED:
        return False
    return DECK_POINTS - mine - partner + TABLE_STEP <= TABLE_NEEDS[call]


def should_redouble(call: str, mine: int, partner: int) -> bool:
    """« Si les demandeurs affirment, après un contre, qu'ils réaliseront leur contract, il y a
    surcontre »: the camp's count a column of the table above what the call needs (D81)."""
    if call not in TABLE_NEEDS or call == PLACED:
        return False
    return mine + partner >= TABLE_NEEDS[call] + TABLE_STEP


def shown_points(state: SteepleCore, q: Player) -> int:
    """What q's calls in this deal show of his hand by the table: the count the table opens his
    first call with when it was no raise of his partner's (« 61 à 63 Gagnant »...); else, a raise
    or no call, the average hand (57). The dummy's hand is open: its count."""
    if q == state.game.dummy:
        return hand_points(state.hands[q])
    book = _book(state)
    mate = _mate(state, q)
    last = NOBODY
    for line in book.said:
        read = _said(state, line)
        if read is None:
            continue
        place, call = read
        if not isinstance(call, Call) or call.bid not in CALLS:
            continue
        if place == q and last != mate:
            return max(AVERAGE, points_for(call.bid))
        last = place
    return AVERAGE


def partner_call(opener_points: int, partner_points: int) -> str | None:
    """What the partner bids over the opener's call (the table's row of the opener's points) with
    ``partner_points``: the highest call whose threshold he reaches, None below them all."""
    out: str | None = None
    for threshold, call in SUPPORT[_row(opener_points)]:
        if partner_points >= threshold:
            out = call
    return out


# -- the variant ----------------------------------------------------------------------------------

DUMMY: Final = 3
"""« Ce jeu à trois avec un mort »: the three seats are the players, the dummy's hand and turns are
kept at a fourth place, 3, which no seat holds (D78)."""
HAND_CONTRACT, ELIMINATED = 15, 3
"""« On donne 15 cartes à chaque joueur [...] chaque joueur élimine trois cartes et les montre. »"""
CONTRACT_GAME_TARGET: Final = 150
"""« les manches se jouent en 150 points »."""
MADE_GAME: Final = {WINNER: 40, SMALL_SLAM: 100, GRAND_SLAM: 200}
MADE_GAME_PER_SQUARE: Final = 20
"""« Un " gagnant " donne 40 points et en plus 20 par case d'avance demandée, 100 pour " Petit
Schlem " et 200 pour " Grand Schlem ". »"""
MADE_HONOURS: Final = {WINNER: 100, SMALL_SLAM: 1000, GRAND_SLAM: 2000}
MADE_HONOURS_PER_SQUARE: Final = 100
"""« Aux honneurs. Un " Gagnant " donne 100 points et en plus 100 par case d'avance demandée. Pour un
petit Schlem 1.000 points supplémentaires. Pour un grand Schlem 2.000 points supplémentaires. »"""
DOWN_WINNER, DOWN_PER_SQUARE, DOWN_SLAM = 100, 100, 500
"""« Pour un " gagnant " non réalisé les adversaires marquent 100 points. Pour les cases d'avance
demandées et non réalisées 100 points par case d'avance manquante, mais ces points sont doublés si les
adversaires ont le gagnant. Pour un schlem demandé et non réalisé 500 points qui sont doublés si les
adversaires ont le gagnant. »"""
MULTIPLIER: Final = (1, 2, 4)
"""« contrent ; les marques [...] sont alors doublées »; « surcontre : [...] quadruplées »."""


def squares_asked(call: str) -> int:
    """The squares of lead a « Gagnant + n » asks for (0 otherwise)."""
    return int(call.rsplit("+", 1)[1]) if "+" in call else 0


class ContractBridge(AuctionBridge):
    """« ROYAL STEEPLE CHASE CONTRACT »: the calls, the bidding, three cards eliminated, and the
    contract's score on top of the winner's and the placed's."""

    name = "contract"
    auction_chips = False  # « les points d'enchères n'existent plus »
    game_target = CONTRACT_GAME_TARGET

    def __init__(self, *, dummy: bool = False) -> None:
        self.dummy = DUMMY if dummy else NOBODY
        """« ROYAL STEEPLE CHASE AVEC UN MORT »: the dummy's place, after the seats (D78), or
        NOBODY."""
        if dummy:
            self.name = "dummy"

    def open_dummy(self, state: SteepleCore) -> None:
        open_dummy(state)

    def seat_players(self, state: SteepleCore) -> None:
        super().seat_players(state)
        seat_dummy(state)

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        """The seats' marks: the dummy is no player and ranks nobody (D78)."""
        return super().scores(state)[: state.game.num_players]

    def deck(self) -> tuple[int, ...]:
        return M.deck  # the whole deck: 4 x 15

    def deal_sizes(self, players: int) -> tuple[int, int] | None:
        return (HAND_CONTRACT, 0)

    def table(self, players: int) -> BridgeTable | None:
        table = BridgeTable.fresh()
        table.contract = ContractBook.fresh(players)
        return table

    def end_race(self, state: SteepleCore) -> bool:
        """« Indépendamment de toutes annonces la marque propre du gagnant et du placé se fait comme
        précédemment », then the contract made or not (D72 to D74)."""
        table = state.bridge
        assert table is not None and table.contract is not None
        book = table.contract
        lead = state.lead  # before the marks: the lead over the nearest opposing horse
        if book.call >= LADDER.index(WINNER):
            self._contract(state, book, lead)
        self.mark_race(state)
        return self._games(state)

    def _contract(self, state: SteepleCore, book: ContractBook, lead: int) -> None:
        table = state.bridge
        assert table is not None
        call = LADDER[book.call]
        declarer = book.declarer
        camp = (declarer, table.partner[declarer])
        defender = next(q for q in range(state.game.places) if q not in camp)
        times = MULTIPLIER[book.doubled]
        won = state.winner in camp
        theirs = state.winner != NOBODY and not won
        if call in (SMALL_SLAM, GRAND_SLAM):
            behind = sum(
                1
                for h in HORSES
                if state.owner[h] not in (NOBODY, *camp) and state.pos[h] <= SECOND_RIVER
            )
            made = won and state.placed in camp and behind >= (2 if call == GRAND_SLAM else 1)
            if made:
                honours = MADE_HONOURS[WINNER] + MADE_HONOURS[call]
                mark_camp(state, declarer, honours * times, MADE_GAME[call] * times, "contract")
                return
            down = DOWN_SLAM * (2 if theirs else 1) + (0 if won else DOWN_WINNER)
            mark_camp(state, defender, down * times, 0, "contract_down", toward=False)
            return
        asked = squares_asked(call)
        if won and lead >= asked:
            honours = MADE_HONOURS[WINNER] + MADE_HONOURS_PER_SQUARE * asked
            game = MADE_GAME[WINNER] + MADE_GAME_PER_SQUARE * asked
            mark_camp(state, declarer, honours * times, game * times, "contract")
            return
        missing = asked - lead if won else asked
        down = DOWN_PER_SQUARE * missing * (2 if theirs else 1) + (0 if won else DOWN_WINNER)
        mark_camp(state, defender, down * times, 0, "contract_down", toward=False)


def _book(state: SteepleCore) -> ContractBook:
    table = state.bridge
    assert table is not None and table.contract is not None, "the game is not the contract game"
    return table.contract


def _mate(state: SteepleCore, p: Player) -> Player:
    table = state.bridge
    assert table is not None
    return table.partner[p]


def open_dummy(state: SteepleCore) -> None:
    """« le mort a son jeu étalé »: once dealt, the dummy's cards are known to every seat (D79)."""
    dummy = state.game.dummy
    if dummy != NOBODY:
        state.public[dummy] = state.hands[dummy][:]


def acting_as(state: SteepleCore, p: Player) -> Player:
    """« son partenaire joue entièrement pour lui »: the seat whose turn p takes (the dummy's when p
    is its partner and the dummy is to act), else p."""
    dummy = state.game.dummy
    flow = state.flow
    if dummy == NOBODY or flow.turn != dummy or flow.stand_ins.get(dummy) != p:
        return p
    return dummy if flow.to_act == (p,) else p


DUMMY_NAME: Final = "dummy"
"""How the observation names the dummy where it names a seat: the dummy is no seat (D78)."""


def seats_view(state: SteepleCore, obs: JSONObject) -> None:
    """The observation of the game with a dummy, told by seat: the three seats' lines, and the
    dummy's hand, open to all once laid (D79), in its own section; where a seat is named, the dummy
    is ``"dummy"`` (D78)."""
    dummy = DUMMY
    seats = state.game.num_players
    table = state.bridge
    assert table is not None

    def who(q: JSON) -> JSON:
        return DUMMY_NAME if q == dummy else q

    def trim(value: JSON) -> JSON:
        return value[:seats] if isinstance(value, list) else value

    known = obs["known_cards"]
    sizes = obs["hand_sizes"]
    in_hand = obs["hurdles_in_hand"]
    assert isinstance(known, list) and isinstance(sizes, list) and isinstance(in_hand, list)
    section: JSONObject = {
        "partner": table.partner[dummy],
        "open": state.phase
        is not Phase.DEAL,  # « le mort a son jeu étalé » from the deal's end (D79)
        "hand": known[dummy],
        "hand_size": sizes[dummy],
        "hurdles_in_hand": in_hand[dummy],
        "to_play": state.flow.turn == dummy and state.phase not in (Phase.DEAL, Phase.OVER),
    }
    for key in ("hand_sizes", "contred", "banned", "known_cards", "chips", "money"):
        obs[key] = trim(obs[key])
    obs["hurdles_in_hand"] = trim(in_hand)
    obs["partners"] = [who(q) for q in table.partner[:seats]]
    seating = obs["seating"]
    assert isinstance(seating, list)
    obs["seating"] = [who(q) for q in seating]
    for key in ("dealer", "winner", "placed"):
        obs[key] = who(obs[key])
    horses = obs["horses"]
    assert isinstance(horses, list)
    for horse in horses:
        assert isinstance(horse, dict)
        horse["owner"] = who(horse["owner"])
    score = obs["score"]
    assert isinstance(score, dict)
    for key in ("honours", "below", "toward", "games", "totals"):
        score[key] = trim(score[key])
    book = obs.get("contract")
    if isinstance(book, dict):
        eliminated = book["eliminated"]
        assert isinstance(eliminated, list)
        section["eliminated"] = eliminated[dummy]
        book["eliminated"] = eliminated[:seats]
        book["declarer"] = who(book["declarer"])
        bidding = book["bidding"]
        assert isinstance(bidding, list)
        for said in bidding:
            assert isinstance(said, dict)
            said["seat"] = who(said["seat"])
        book["leader"] = who(book["leader"])
    card = obs.get("card")
    if isinstance(card, dict):
        card["player"] = who(card["player"])
    obs["dummy"] = section


def _said(state: SteepleCore, said: str) -> tuple[Player, Action] | None:
    """A line of the bidding (``2 annonce r gagnant+1``): the place that spoke and its call."""
    place, _, text = said.partition(" ")
    if not place.isdigit() or not 0 <= int(place) < state.game.places:
        return None
    try:
        action = state.game.parse_action(text)
    except IllegalActionError:
        return None
    return (int(place), action) if isinstance(action, (Call, Pass)) else None


def said_ok(state: SteepleCore, said: str) -> bool:
    """Whether a line of a position document's bidding names a place and a call or a pass."""
    return _said(state, said) is not None


def bidding(state: SteepleCore, said: list[str]) -> list[JSON]:
    """The bidding of the deal as the observation shows it: who spoke, the colour he asked for
    (a horse, or None) and his call (a step of the ladder, « contre », « surcontre », « passe », or
    None for a colour alone)."""
    out: list[JSON] = []
    for line in said:
        read = _said(state, line)
        assert read is not None
        place, action = read
        if isinstance(action, Call):
            horse = action.horse if action.horse >= 0 else None
            out.append({"seat": place, "horse": horse, "call": action.bid or None})
        else:
            out.append({"seat": place, "horse": None, "call": PASS})
    return out


def seat_dummy(state: SteepleCore) -> None:
    """The dummy's partner of the rubber takes the dummy's turns (the turn flow's stand-in)."""
    dummy = state.game.dummy
    table = state.bridge
    if dummy != NOBODY and table is not None:
        state.flow.stand_in({dummy: table.partner[dummy]})


def call_actions(state: SteepleCore, p: Player) -> list[Action]:
    """ANNONCES. In the colour rounds (p has no horse): a free colour, or any colour with a call
    above the current one, or a pass the first time. In the bidding: a pass, a higher call (with a
    colour other than one's own: that horse, in exchange for one's own), « contre » of the opponents'
    call, « surcontre » of one's camp's call once contré."""
    book = _book(state)
    higher = LADDER[book.call + 1 :]
    if state.phase is Phase.CALLS:
        out: list[Action] = [Call(h) for h in HORSES if state.owner[h] == NOBODY]
        if book.spoke[p] == 0:
            out.insert(0, PASS_ACTION)  # « On peut passer [...] au premier tour »
        return out + [Call(h, bid) for h in HORSES for bid in higher]
    mine = state._horse_of(p)
    out = [PASS_ACTION, *(Call(-1, bid) for bid in higher)]
    out += [Call(h, bid) for h in HORSES if h != mine for bid in higher]
    if book.call >= 0:
        ours = book.declarer in (p, _mate(state, p))
        if not ours and book.doubled == 0:
            out.append(Call(-1, "contre"))
        if ours and book.doubled == 1:
            out.append(Call(-1, "surcontre"))
    return out


def explain_call(state: SteepleCore, p: Player, call: Call) -> IllegalActionError | None:
    """Why a call is refused: below the current one, a « contre » of one's own camp, a colour
    already taken without a call."""
    key = "royal_steeple_chase.refused"
    table = state.bridge
    if table is None or table.contract is None or state.phase not in (Phase.CALLS, Phase.BIDDING):
        return None
    book = table.contract
    if call.bid in CALLS and book.call >= LADDER.index(call.bid):
        # the current call told as a term of its own: « (Gagnant + un) », not its notation
        current = {"key": f"royal_steeple_chase.call.{LADDER[book.call]}", "params": {}}
        return IllegalActionError(f"{key}.call_too_low", call=call.bid, current=current)
    if call.bid in ("contre", "surcontre"):
        if book.call < 0:
            return IllegalActionError(f"{key}.nothing_to_double")
        ours = book.declarer in (p, _mate(state, p))
        if call.bid == "contre" and ours:
            return IllegalActionError(f"{key}.double_partner")
        if call.bid == "surcontre" and (not ours or book.doubled != 1):
            return IllegalActionError(f"{key}.redouble_without_double")
        if call.bid == "contre" and book.doubled:
            return IllegalActionError(f"{key}.already_doubled")
    if call.horse >= 0 and not call.bid and state.owner[call.horse] != NOBODY:
        return IllegalActionError(f"{key}.colour_held", horse=call.horse)
    return None


def apply_call(state: SteepleCore, p: Player, call: Call) -> None:
    book = _book(state)
    book.said.append(f"{p} {call}")
    if call.horse >= 0:
        state.events.append(ev.HorseCalled(p, call.horse))
    if call.bid:
        state.events.append(ev.BidCalled(p, call.bid))
    if call.bid in ("contre", "surcontre"):
        book.doubled = 1 if call.bid == "contre" else 2
        book.leader = p  # « Si un adversaire contre, c'est lui qui jouera le premier. »
    elif call.bid:
        book.call = LADDER.index(call.bid)
        book.declarer = book.leader = p
        book.doubled = 0
    if call.horse >= 0:
        _take_horse(state, p, call.horse)
    if state.phase is Phase.CALLS:
        book.spoke[p] = 2
        _next_caller(state, p)
        return
    state.flow.passes = 0
    state.flow.next_turn()


def _take_horse(state: SteepleCore, p: Player, h: int) -> None:
    """« en indiquant celle-ci on reprend le cheval correspondant, soit à son partenaire, soit à ses
    adversaires. On livre alors en échange son propre cheval. »"""
    holder = state.owner[h]
    mine = state._horse_of(p)
    state.owner[h] = p
    state.events.append(ev.HorseGiven(p, h))
    if holder not in (NOBODY, p):
        if mine != NOBODY:
            state.owner[mine] = holder
            state.events.append(ev.HorseGiven(holder, mine))
    elif mine not in (NOBODY, h):
        state.owner[mine] = NOBODY


def call_pass(state: SteepleCore, p: Player) -> None:
    book = _book(state)
    book.said.append(f"{p} {PASS_ACTION}")
    state.events.append(ev.Passed(p))
    if state.phase is Phase.CALLS:
        book.spoke[p] = 1
        _next_caller(state, p)
        return
    flow = state.flow
    flow.passes += 1
    n = state.game.places
    # As at bridge: three passes after a call end the bidding, four when nobody called.
    if flow.passes >= (n - 1 if book.call >= 0 else n):
        flow.enter(Phase.DISCARD, turn=state.dealer)
        return
    flow.next_turn()


def _next_caller(state: SteepleCore, after: Player) -> None:
    """The colour rounds go on with the next player without a horse; then the bidding, the dealer
    first (D70)."""
    n = state.game.places
    for k in range(1, n + 1):
        q = state.flow.seat_after(after, k)
        if state._horse_of(q) == NOBODY:
            state.flow.switch(Phase.CALLS, turn=q)
            return
    state.flow.enter(Phase.BIDDING, turn=state.dealer)


def eliminate_actions(state: SteepleCore, p: Player) -> list[Action]:
    return [Eliminate(t) for t in range(TYPES) if state.hands[p][t]]


def eliminate(state: SteepleCore, p: Player, t: int) -> None:
    """« chaque joueur élimine trois cartes et les montre »: to the discards, face up."""
    book = _book(state)
    state._take_from_hand(p, t)
    state.discards[t] += 1
    book.eliminated[p] += 1
    state.events.append(ev.CardEliminated(p, TYPE_TEXT[t]))
    if book.eliminated[p] < ELIMINATED:
        return
    if all(count >= ELIMINATED for count in book.eliminated):
        state._start_race()
        return
    state.flow.switch(Phase.DISCARD, turn=state.flow.seat_after(p))
