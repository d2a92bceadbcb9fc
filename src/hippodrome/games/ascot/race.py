"""Ascot's race: *II. Champ de courses*, *Départ*, *Changement de piste*, the squares' colours and
inscriptions, *Utilisation des avantages et des désavantages* and the reports bought « en cas de
besoin » to save a horse (D43).

Seed ``shared/seeds/000_fb5c4569383c9a83.clean.txt``; the course is the engine's lane track.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.lanetrack import INWARD, NO_CELL, OUTWARD
from hippodrome.engine.turnflow import rotation
from hippodrome.engine.types import Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import COLOURS_ACTIONS, DONE, Answer, Done, Move, Offer
from hippodrome.games.ascot.board import (
    _MOVES,
    CELL_END,
    COLOUR_BONUS,
    COLOUR_CODE,
    CUT_IN_LENGTHS,
    DIAGONAL,
    FORWARD,
    HORSE_COLOURS,
    INSCRIPTIONS,
    LANE_CODES,
    LANE_OF,
    OFFER_PRICES,
    PAST_POST,
    PLACED,
    POST,
    PROGRESS,
    REPORTS,
    ROUT,
    RPAST,
    RSTART,
    STAY,
    TRACK,
    ZONE,
    Phase,
    _offers_at_every_price,
)
from hippodrome.games.ascot.length import RACE_ROUNDS
from hippodrome.games.ascot.prizes import PrizeRules


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class RaceRules(PrizeRules):
    __slots__ = ()

    def _eligible_ids(self) -> list[str]:
        return [f"h{h}" for h in self._eligible()]

    def _explain_move(self, player: Player, action: Move) -> IllegalActionError:
        ns = "ascot.illegal"
        hid = f"h{action.horse}"
        if self.flow.phase is not Phase.MOVE:
            return IllegalActionError(f"{ns}.not_now", action=str(action))
        if action.horse not in self._eligible():
            return IllegalActionError(f"{ns}.order", horse=hid, horses=self._eligible_ids())
        if self.fallen[action.horse]:
            return IllegalActionError(f"{ns}.fallen", horse=hid)
        if action.lane == 0 and action.square == 0:
            return IllegalActionError(f"{ns}.must_move", horse=hid, die=self.die)
        if action.lane == 0:
            return IllegalActionError(
                f"{ns}.exact_count",
                horse=hid,
                die=self.die,
                need=TRACK.to_post(self.at[action.horse]) if self.at[action.horse] >= 0 else 0,
            )
        if not (1 <= action.square <= TRACK.lane_length(action.lane - 1)):
            return IllegalActionError(f"{ns}.no_square", square=f"{action.lane}.{action.square}")
        cell = TRACK.cell(action.lane - 1, action.square - 1)
        if cell in self._occupant():
            return IllegalActionError(f"{ns}.square_taken", square=f"{action.lane}.{action.square}")
        every, _ = self._all_destinations(action.horse)
        if cell in every:
            # Reachable, but only by passing a horse on the inside while the outside is open.
            return IllegalActionError(f"{ns}.pass_outside", horse=hid)
        cutting, _ = self.destinations(action.horse, self.die, outside_first=False, cut_in=True)
        if cell in cutting:
            # Reachable only by cutting in front of a horse within three lengths (D31).
            return IllegalActionError(
                f"{ns}.cuts_in", horse=hid, square=f"{action.lane}.{action.square}"
            )
        return IllegalActionError(
            f"{ns}.unreachable", horse=hid, die=self.die, square=f"{action.lane}.{action.square}"
        )

    def _all_destinations(self, horse: int) -> tuple[set[int], bool]:
        ends, jostled = self.destinations(horse, self.die, outside_first=False)
        return set(ends), jostled

    # II. Champ de courses: the race ----------------------------------------------------------------

    def _open_race(self) -> None:
        n = self.game.num_players
        # The small cards laid on each horse's card during training are now its owner's, for any
        # of his horses (Utilisation des avantages et des désavantages).
        for p in range(n):
            for horse in self.horses_of(p):
                colour = HORSE_COLOURS[horse - 1]
                self.adv_hand[p][colour] += self.advantages[horse]
                self.dis_hand[p] += self.disadvantages[horse]
        for horse in self.starters():
            self.at[horse] = RSTART
        self._events.append(ev.RaceOpened(len(self.starters())))
        if not self.starters():
            self._finish_race()
            return
        self.flow.enter(Phase.RACE)

    def racing(self, horse: int) -> bool:
        """Whether ``horse``, a runner, is still in the race: on its start square or the course,
        neither past the post nor out."""
        return self.at[horse] >= RSTART and self.at[horse] != RPAST

    def _seat_racing(self, player: Player) -> list[int]:
        return [h for h in self.runners[player] if self.racing(h)]

    def _begin_race_turn(self, seat: Player, *, fresh: bool = False) -> None:
        """Give the turn to ``seat`` or the next seat with a horse still racing; a new round when
        the turn comes back to the starter (``fresh``: the race's first turn). D49: the race is
        called at the end of its last round."""
        n = self.game.num_players
        for _ in range(n):
            if seat == self.opener and not fresh:
                self.flow.new_round()
                if self.flow.round > RACE_ROUNDS:
                    self._events.append(ev.RaceCalled(RACE_ROUNDS))
                    self._finish_race()
                    return
            fresh = False
            left = self._seat_racing(seat)
            if left:
                self.to_move = left
                self.flow.enter(Phase.ROLL, turn=seat)
                return
            seat = self.flow.seat_after(seat)
        self._finish_race()

    def _next_horse(self) -> None:
        seat = self.flow.turn
        self.to_move = [h for h in self.to_move if self.racing(h)]
        if len(self.placed) >= PLACED or not any(self.racing(h) for h in self.starters()):
            self._finish_race()
        elif self.to_move:
            self.flow.enter(Phase.ROLL, turn=seat)
        else:
            self._begin_race_turn(self.flow.seat_after(seat))

    def _eligible(self) -> list[int]:
        """The horses the die may be for: the next in number order, and the favourite (Départ:
        « Il avance ses chevaux toujours par ordre de numéros, sauf le Favori »)."""
        fav = self.favourite[self.flow.turn]
        ordered = [h for h in self.to_move if h != fav]
        found = ordered[:1]
        if fav in self.to_move:
            found.append(fav)
        return sorted(found)

    def _occupant(self) -> dict[int, int]:
        return {self.at[h]: h for h in self.starters() if self.at[h] >= 0}

    def _cuts_in(self, horse: int, cell: int, occupant: dict[int, int]) -> bool:
        # Changement de piste 2°: « il ne peut couper la piste devant un autre cheval, ni pour la
        # traverser, ni pour s'y arrêter, à moins d'être à 3 longueurs de distance en avant de ce
        # cheval, sur cette même piste » (D31: three lengths or more).
        lane, height = LANE_OF[cell], PROGRESS[cell]
        for other, h in occupant.items():
            if h == horse or LANE_OF[other] != lane or PROGRESS[other] >= height:
                continue
            # ``TRACK.steps_to(other, height)``, read from the tables (an open course: no laps).
            steps, cell = 0, other
            while PROGRESS[cell] < height:
                cell = FORWARD[cell]
                steps += 1
            if steps < CUT_IN_LENGTHS:
                return True
        return False

    def _steps(
        self, horse: int, cell: int, occupant: dict[int, int], *, cut_in: bool = False
    ) -> list[int]:
        """The cells one length on from ``cell``: straight on, or de biais to either lane
        (``cut_in``: as if cutting in were allowed, to tell a refusal's reason)."""
        found = []
        ahead = FORWARD[cell]
        if ahead != NO_CELL and ahead not in occupant:
            found.append(ahead)
        if cell in ZONE:
            return found  # no lane change from the last turn's post to « Cravachez »
        for side in (INWARD, OUTWARD):
            to = DIAGONAL[side][cell]
            if to == NO_CELL or to in occupant or to in ZONE:
                continue
            if cut_in or not self._cuts_in(horse, to, occupant):
                found.append(to)
        return found

    def destinations(
        self, horse: int, points: int, *, outside_first: bool = True, cut_in: bool = False
    ) -> tuple[dict[int, bool], bool]:
        """Where ``horse`` may go with ``points``: each end cell (POST: past the post) and whether
        the way there passes a horse on the inside; and whether the horse is jostled (it could
        not use all its points, D32). The move and the board's preview both ask this."""
        occupant = self._occupant()
        occupant.pop(self.at[horse], None)
        start = self.at[horse]
        full: dict[int, bool] = {}
        partial: dict[int, tuple[int, bool]] = {}

        if start == RSTART:
            # Départ: « un cheval doit toujours suivre la piste dans le prolongement de son numéro ».
            first = TRACK.cell((horse - 1) % TRACK.lanes, 0)
            if first in occupant:
                return {}, True
            self._walk(
                horse, start, points, occupant, cut_in, full, partial, first, points - 1, [first]
            )
        else:
            self._walk(horse, start, points, occupant, cut_in, full, partial, start, points, [])
        if full:
            clean = {c: False for c, inside in full.items() if not inside}
            return (clean or full) if outside_first else full, False
        if not partial:
            return {}, True
        most = max(used for used, _ in partial.values())
        ends = {c: inside for c, (used, inside) in partial.items() if used == most and used > 0}
        clean = {c: False for c, inside in ends.items() if not inside}
        return (clean or ends) if outside_first else ends, True

    def _walk(  # noqa: PLR0917 -- the search's context, passed down each step (a closure before)
        self,
        horse: int,
        start: int,
        points: int,
        occupant: dict[int, int],
        cut_in: bool,
        full: dict[int, bool],
        partial: dict[int, tuple[int, bool]],
        cell: int,
        left: int,
        path: list[int],
    ) -> None:
        """One step of ``destinations``' search, from ``cell`` with ``left`` points, by ``path``
        (a method, not a closure: compiled, a direct call)."""
        if left == 0:
            full[cell] = full.get(cell, True) and self._inside_pass(start, path, occupant)
            return
        nexts = self._steps(horse, cell, occupant, cut_in=cut_in)
        if FORWARD[cell] == NO_CELL and left == 1:
            full[POST] = full.get(POST, True) and self._inside_pass(start, path, occupant)
        if not nexts:
            if FORWARD[cell] != NO_CELL:  # stuck behind horses, not at the post
                self._keep_interval(start, path, occupant, partial)
            return
        for to in nexts:
            self._walk(
                horse, start, points, occupant, cut_in, full, partial, to, left - 1, [*path, to]
            )

    def _keep_interval(
        self,
        start: int,
        path: list[int],
        occupant: dict[int, int],
        partial: dict[int, tuple[int, bool]],
    ) -> None:
        """A way stuck behind horses (``path``, its last square right behind one): the jostled
        horse stops on the last square of that way with an empty length ahead of it, « de façon à
        garder une longueur d'intervalle entre lui et les chevaux qui le gênent » (D32). Recorded
        in ``partial`` with the points it uses (the most wins) and whether it passes a horse on
        the inside; a way with no such square gives nothing (the horse may stay)."""
        for i in range(len(path) - 2, -1, -1):
            cell = path[i]
            ahead = FORWARD[cell]
            if ahead == NO_CELL or ahead in occupant:
                continue
            used, inside = i + 1, self._inside_pass(start, path[: i + 1], occupant)
            known = partial.get(cell)
            if known is None or known[0] < used:
                partial[cell] = (used, inside)
            elif known[0] == used:
                partial[cell] = (used, known[1] and inside)
            return

    def _inside_pass(self, start: int, path: list[int], occupant: dict[int, int]) -> bool:
        # « Pour dépasser un cheval, il faut emprunter une des pistes à droite ; toutefois, il est
        # permis de dépasser par la gauche, s'il y a impossibilité de jouer autrement » (D33: the
        # right is the outside).
        if not path:
            return False
        begin = PROGRESS[start] if start >= 0 else -1
        end = PROGRESS[path[-1]]
        for other in occupant:
            height = PROGRESS[other]
            if not begin <= height < end:
                continue
            beside = [c for c in path if PROGRESS[c] <= height < CELL_END[c]]
            lane = LANE_OF[beside[0] if beside else path[-1]]
            if lane < LANE_OF[other]:
                return True
        return False

    def _race_moves(self) -> list[Action]:
        found: list[Action] = []
        for horse in self._eligible():
            if self.fallen[horse]:
                found.append(STAY[horse])
                continue
            ends, _ = self.destinations(horse, self.die)
            if not ends:
                found.append(STAY[horse])
            for cell in sorted(ends):
                if cell == POST:
                    found.append(PAST_POST[horse])
                else:
                    move = _MOVES.get(13 * cell + horse)
                    if move is None:
                        info = TRACK.cells[cell]
                        move = _MOVES[13 * cell + horse] = Move(
                            horse, info.lane + 1, info.index + 1
                        )
                    found.append(move)
        return found

    def _race_move(self, player: Player, action: Move) -> None:
        horse = action.horse
        self.to_move.remove(horse)
        self.colour_used = self.inscription_used = False
        self.moving_horse = horse
        hid = f"h{horse}"
        if self.fallen[horse]:
            # « attendre d'avoir fait 6. Il a le droit d'en repartir au tour suivant » (D34).
            if self.die == 6:
                self.fallen[horse] = False
                self._events.append(ev.HorseGetsUp(player, hid))
            self._next_horse()
            return
        if action.lane == 0 and action.square == 0:
            self._events.append(ev.HorseStays(player, hid, self.die))
            self._next_horse()
            return
        _, jostled = self.destinations(horse, self.die)
        if action.lane == 0:
            self._past_post(player, horse)
            self._next_horse()
            return
        cell = TRACK.cell(action.lane - 1, action.square - 1)
        self.at[horse] = cell
        self._events.append(ev.HorseRan(player, hid, self.die, action.lane, action.square, jostled))
        if jostled:
            # « Il ne s'occupe ni de la couleur, ni de l'inscription de la case où il s'arrête ».
            self._next_horse()
            return
        self._landed(player, horse)

    def _past_post(self, player: Player, horse: int) -> None:
        hid = f"h{horse}"
        self.at[horse] = RPAST
        # « il doit obligatoirement se débarrasser de tous ses Désavantages avant qu'un de ses
        # chevaux arrive au poteau final, sans quoi ce cheval se trouverait disqualifié » (D35).
        if self.dis_hand[player] > 0:
            self.at[horse] = ROUT
            self._events.append(ev.HorseDisqualified(player, hid, self.dis_hand[player]))
            return
        self.placed.append(horse)
        self._events.append(ev.HorsePlaced(player, hid, len(self.placed)))

    def _landed(self, player: Player, horse: int) -> None:
        """Obey the square the horse stopped on: its colour or its inscription, each once a turn."""
        code = LANE_CODES[self.at[horse]]
        if code in COLOUR_CODE:
            if not self.colour_used and len(self._colour_uses(player, horse)) > 1:
                self.flow.enter(Phase.COLOUR, turn=player)
                return
            self._next_horse()
            return
        if code == "W":
            if not self.colour_used and len(self._colour_uses(player, horse)) > 1:
                self.flow.enter(Phase.COLOUR, turn=player)
                return
            self._next_horse()
            return
        if self.inscription_used:
            self._next_horse()
            return
        self.inscription_used = True
        self._inscription(player, horse, code)

    def _colour_uses(self, player: Player, horse: int) -> list[Action]:
        code = LANE_CODES[self.at[horse]]
        colour = HORSE_COLOURS[horse - 1]
        found: list[Action] = [COLOURS_ACTIONS["none"]]
        if self.colour_used:
            return found
        if COLOUR_CODE.get(code) == colour:
            # 2°: « il a droit de compléter son tour par des longueurs supplémentaires »; a): or he
            # throws a disadvantage instead.
            found.append(COLOURS_ACTIONS["extra"])
            if self.dis_hand[player]:
                found.append(COLOURS_ACTIONS["shed"])
        elif self.adv_hand[player][colour]:
            # 3°: an advantage of the horse's colour turns another colour's square (and the white
            # square before the last turn) to its colour; b): with a disadvantage thrown as well.
            found.append(COLOURS_ACTIONS["advantage"])
            if self.dis_hand[player]:
                found.append(COLOURS_ACTIONS["advantage_shed"])
        return found

    def _use_colour(self, player: Player, use: str) -> None:
        horse = self.moving_horse
        colour = HORSE_COLOURS[horse - 1]
        hid = f"h{horse}"
        self._events.append(ev.ColourUsed(player, hid, use))
        if use == "none":
            self._next_horse()
            return
        self.colour_used = True
        if use in ("advantage", "advantage_shed"):
            self.adv_hand[player][colour] -= 1
        if use in ("shed", "advantage_shed"):
            self.dis_hand[player] -= 1
            self._next_horse()
            return
        self._forward(player, horse, COLOUR_BONUS[colour])

    def _forward(self, player: Player, horse: int, lengths: int) -> None:
        """Extra lengths straight on in the horse's lane, stopping behind a horse; past the post
        only by the exact count (D6); then the square reached is obeyed if not yet used."""
        occupant = self._occupant()
        cell = self.at[horse]
        to_post = TRACK.to_post(cell)
        if lengths == to_post:
            self._past_post(player, horse)
            self._next_horse()
            return
        if lengths > to_post:
            self._events.append(ev.HorseStays(player, f"h{horse}", lengths))
            self._next_horse()
            return
        moved = 0
        while moved < lengths and FORWARD[cell] not in occupant:
            cell = FORWARD[cell]
            moved += 1
        self._place(player, horse, cell)
        if moved < lengths:
            self._next_horse()  # jostled: neither colour nor inscription
            return
        self._landed(player, horse)

    def _place(self, player: Player, horse: int, cell: int) -> None:
        self.at[horse] = cell
        info = TRACK.cells[cell]
        self._events.append(ev.HorsePlacedAt(player, f"h{horse}", info.lane + 1, info.index + 1))

    def _inscription(self, player: Player, horse: int, code: str) -> None:
        ins = INSCRIPTIONS[code]
        hid = f"h{horse}"
        effect = ins.effect
        self._events.append(ev.InscriptionRead(player, hid, code))
        if effect in ("bridle", "blood_vessel", "fall"):
            # Utilisation des rapports: « le propriétaire du cheval doit jeter le Rapport
            # correspondant à la case, pour maintenir le cheval, sans quoi il serait éliminé ».
            report = next(
                ((d, i) for d, i in self.reports[player] if REPORTS[d][i].immunity == effect),
                None,
            )
            if report is not None:
                self.reports[player].remove(report)
                self._events.append(ev.ReportThrown(player, hid, f"{report[0]}:{report[1]}"))
                self._next_horse()
                return
            # « Les joueurs peuvent s'acheter les Rapports mutuellement, en cas de besoin, à un prix
            # convenu entre eux » (D43): the holders of such a report may offer it first.
            self.danger = (horse, code)
            self.rescuers = [
                p for p in rotation(player, self.game.num_players)[1:] if self._saving(p, effect)
            ]
            self._next_rescuer()
            return
        if effect == "forward":
            self._forward(player, horse, ins.lengths)
            return
        if effect == "back":
            occupant = self._occupant()
            cell = self.at[horse]
            index = TRACK.cells[cell].index
            for _ in range(ins.lengths):
                if index == 0:
                    break
                behind = cell - 1
                if behind in occupant:
                    break
                cell, index = behind, index - 1
            self._place(player, horse, cell)
            self._landed(player, horse)
            return
        if effect == "overtake":
            target = self._overtake(horse)
            if target is None:
                self._events.append(ev.InscriptionVoid(player, hid, code))
                self._next_horse()
                return
            self._place(player, horse, target)
            self._landed(player, horse)
            return
        if effect in ("inner_lanes", "outer_lanes", "inner_lane", "outer_lane"):
            lanes = self._lane_targets(horse, effect)
            if not lanes:
                self._events.append(ev.InscriptionVoid(player, hid, code))
                self._next_horse()
            elif len(lanes) == 1:
                self._change_to(player, horse, lanes[0])
            else:
                self.lane_effect = effect
                self.flow.enter(Phase.LANE, turn=player)
            return
        self._next_horse()  # pragma: no cover - every effect is handled above

    # Utilisation des rapports: a report bought « en cas de besoin » (D43) ----------------------------

    def _saving(self, seat: Player, effect: str) -> list[str]:
        """The kept reports of ``seat`` that would save a horse from ``effect``."""
        return [f"{d}:{i}" for d, i in self.reports[seat] if REPORTS[d][i].immunity == effect]

    def _rescue_offers(self, player: Player) -> list[Action]:
        assert self.danger is not None
        horse, code = self.danger
        owner = self.owner(horse)
        prices = min(self.money_[owner] // OFFER_PRICES.step + 1, len(OFFER_PRICES))
        found: list[Action] = [DONE]
        for item in self._saving(player, INSCRIPTIONS[code].effect):
            found.extend(_offers_at_every_price(owner, "sell", item, prices))
        return found

    def _next_rescuer(self) -> None:
        """Ask the next holder of a saving report; nobody left: the danger strikes."""
        assert self.danger is not None
        horse, code = self.danger
        if self.rescuers:
            self.flow.enter(Phase.RESCUE, turn=self.rescuers.pop(0))
            return
        owner = self.owner(horse)
        self.danger = None
        hid = f"h{horse}"
        if INSCRIPTIONS[code].effect == "fall":
            self.fallen[horse] = True
            self._events.append(ev.HorseFell(owner, hid))
        else:
            self.at[horse] = ROUT
            self._events.append(ev.HorseEliminated(owner, hid, code))
        self.flow.switch(Phase.MOVE, turn=owner)  # the owner's turn goes on
        self._next_horse()

    def _rescue(self, player: Player, action: Action) -> None:
        assert self.danger is not None
        horse, _ = self.danger
        owner = self.owner(horse)
        if isinstance(action, Done):
            self._events.append(ev.NoMoreOffers(player))
            self._next_rescuer()
            return
        if isinstance(action, Offer):
            self.offer = action
            self.flow.first = player  # the seller, for the answer
            self._events.append(
                ev.TradeOffered(player, owner, action.deal, action.item, action.price)
            )
            self.flow.switch(Phase.ANSWER, turn=owner)
            return
        assert isinstance(action, Answer) and isinstance(self.offer, Offer)
        offer, seller = self.offer, self.flow.first
        self.offer = None
        if not action.accepted:
            self._events.append(ev.TradeRefused(owner, seller))
            self._next_rescuer()
            return
        deck, _, index = offer.item.partition(":")
        self.reports[seller].remove((deck, int(index)))
        self._record([ev.TradeMade(seller, owner, offer.item, offer.price)])
        # « le propriétaire du cheval doit jeter le Rapport correspondant à la case, pour
        # maintenir le cheval »: bought, it is thrown at once.
        self._events.append(ev.ReportThrown(owner, f"h{horse}", offer.item))
        self.danger, self.rescuers = None, []
        self.flow.switch(Phase.MOVE, turn=owner)
        self._next_horse()

    def _overtake(self, horse: int) -> int | None:
        # « il doit se placer une case en avant de ce ou ces derniers sur une autre piste que la
        # leur. Si la disposition des chevaux ne le lui permet pas, il ne profite pas de
        # l'inscription » (D36: the nearest horses ahead, the lane nearest his own).
        occupant = self._occupant()
        mine = self.at[horse]
        here = PROGRESS[mine]
        ahead = [c for c in occupant if c != mine and PROGRESS[c] > here]
        if not ahead:
            return None
        nearest = min(PROGRESS[c] for c in ahead)
        front = [c for c in ahead if PROGRESS[c] == nearest]
        height = max(TRACK.cells[c].end for c in front)
        taken = {LANE_OF[c] for c in front}
        lane = LANE_OF[mine]
        for other in sorted(range(TRACK.lanes), key=lambda x: (abs(x - lane), -x)):
            if other in taken:
                continue
            cell = TRACK.cell_at(other, height)
            if cell == NO_CELL or cell in occupant:
                continue
            # « Ce règlement prime les instructions données par les cases blanches »: no lane change
            # from the last turn's post to the whip, never cutting in within three lengths.
            if other != lane and (mine in ZONE or cell in ZONE):
                continue
            if other != lane and self._cuts_in(horse, cell, occupant):
                continue
            return cell
        return None

    def _lane_targets(self, horse: int, effect: str) -> list[int]:
        # « il a le choix entre les 3 intérieures ou les 3 extérieures. Mais s'il est question d'une
        # piste, il doit prendre la plus intérieure ou la plus extérieure des 3 »; « Ce règlement
        # prime les instructions données par les cases blanches » (D37: reached de biais).
        group = {
            "inner_lanes": (0, 1, 2),
            "outer_lanes": (3, 4, 5),
            "inner_lane": (0,),
            "outer_lane": (5,),
        }[effect]
        lane = LANE_OF[self.at[horse]]
        if lane in group:
            return []
        return [t for t in group if self._lane_path(horse, t) is not None]

    def _lane_path(self, horse: int, target: int) -> int | None:
        occupant = self._occupant()
        occupant.pop(self.at[horse], None)
        cell = self.at[horse]
        side = INWARD if target < LANE_OF[cell] else OUTWARD
        while LANE_OF[cell] != target:
            if cell in ZONE:
                return None
            to = DIAGONAL[side][cell]
            if to == NO_CELL or to in occupant or to in ZONE or self._cuts_in(horse, to, occupant):
                return None
            cell = to
        return cell

    def _change_to(self, player: Player, horse: int, lane: int) -> None:
        cell = self._lane_path(horse, lane)
        assert cell is not None
        self._place(player, horse, cell)
        self._landed(player, horse)
