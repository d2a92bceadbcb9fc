"""Royal Steeple Chase's board in Debian's headless chromium: a whole race played by clicks (docs/web.md).

One person (Ada) and three random bots play one race (``scoring: race``). Ada, the dealer, asks
first for a horse (seed, ATTRIBUTION DES CHEVAUX); she bids or passes in the auctions that come to
her, asks once for a spread card (and gives one of hers for it), offers a card to another player once,
then plays her cards one by one by clicking them in her hand and acts on the coups of each: once on
the second coup first (« dans l'ordre que l'on désire »), and a hurdle is put down by clicking between
two squares of a highlighted lane whenever a coup asks for one. Along the way: the language switch
turns the board's texts into French and back, and a click on a square that is no choice, or on a card
that cannot be played now, sends nothing.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import LiveServer, SeatPage

pytestmark = pytest.mark.browser

GAME = "royal_steeple_chase"
KEY = f"web.{GAME}."
NOTATION = re.compile(r"(?<![\w/])(?:R=)?[0234HR][rbjv]?/[0234HR][rbjv]?(?![\w/])|\?\.")
"""A card as the engine writes it (``3v/Hr``, ``R/4``), or a hidden one (``?``) ending a sentence."""
# What the page offers Ada now: the final ranking, or the phase when some choice of hers shows.
ACTIONABLE = """() => {
  const shown = (el) => el && !el.hidden && el.offsetParent !== null;
  if (shown(document.querySelector('[data-testid="game-over"]'))) return "over";
  const state = window.hippodromeTable.state();
  if (!state || !(state.legal || []).length) return false;
  const board = document.querySelector('.rsc');
  if (board.querySelector('[data-action]:not([disabled]), [data-select]:not([disabled])')) {
    return state.observation.phase;
  }
  return false;
}"""
# The table has moved on from version `v` (or the page shows an error).
MOVED_ON = """(v) => {
  const state = window.hippodromeTable.state();
  const error = document.querySelector('[data-testid="error"]');
  return (state && state.version > v) || (error && !error.hidden);
}"""
# The highlighted gaps between two squares a real click reaches (none hidden under another), with
# the screen point to click and the action each sends.
GAP_TARGETS = """() => [...document.querySelectorAll('[data-testid="gap-target"]')].map((g) => {
  const r = g.querySelector('.rsc-gap-zone').getBoundingClientRect();
  const x = r.x + r.width / 2, y = r.y + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && g.contains(hit) ? {x, y, action: g.dataset.action} : null;
}).filter(Boolean)"""
# The centre, on screen, of a square far from every highlighted gap: no choice at all.
QUIET_SQUARE = """() => {
  const centre = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const busy = [...document.querySelectorAll('[data-testid="gap-target"]')].map(centre);
  // 60 pixels on a course drawn 980 wide; the course is drawn lower where the screen is low.
  const track = document.querySelector('.rsc-track');
  const box = track.getBoundingClientRect();
  const vb = track.viewBox.baseVal;
  const far = 60 * Math.min(box.width, box.height * vb.width / vb.height) / 980;
  for (const cell of document.querySelectorAll('.rsc-static .rsc-cell')) {
    const [x, y] = centre(cell);
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('[data-testid="gap-target"]')) continue;
    if (busy.every(([bx, by]) => Math.hypot(bx - x, by - y) > far)) return [x, y];
  }
  return null;
}"""


class MovedOnError(Exception):
    """The table left the phase a decision was being taken in before the click (Ada's bet, sent
    while the bots bet, went through after all): the rider looks again."""


class Rider(SeatPage):
    """Ada's page, the actions it sent over its websocket, and what she did."""

    def __init__(self, page: Page) -> None:
        super().__init__(page)
        self.done: dict[str, int] = {}
        self.rng = random.Random(5)
        self.order_half: str | None = None
        self.phase: str | None = None

    def acts(self) -> list[str]:
        return [m["action"] for m in self.sent if m.get("type") == "act"]

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate("window.hippodromeTable.state()")
        return state

    def waiting_for(self, timeout: float = 60_000) -> str:
        try:
            kind: str = self.page.wait_for_function(ACTIONABLE, timeout=timeout).json_value()
        except Exception as exc:
            raise AssertionError(
                f"the page offers nothing to do; last state: {self.state()}"
            ) from exc
        return kind

    def then_wait(self, version: int) -> None:
        """Wait for the server's answer to what was just sent; it must not be an error."""
        self.page.wait_for_function(MOVED_ON, arg=version)
        expect(self.page.get_by_test_id("error")).to_be_hidden()

    def count(self, what: str) -> None:
        self.done[what] = self.done.get(what, 0) + 1

    def click(self, testid: str, *, pick: str = "first") -> str:
        """Click one of the choices `testid` that sends an action; the action it sends."""
        choices = self.page.locator(f'.rsc [data-testid="{testid}"][data-action]:not([disabled])')
        try:  # the page may still be drawing the state that offers them (a loaded machine)
            choices.first.wait_for(timeout=5_000)
        except PlaywrightTimeoutError:
            state = self.state()
            if state["observation"].get("phase") != self.phase:
                raise MovedOnError(testid) from None
            legal = [m["notation"] for m in state.get("legal") or []]
            raise AssertionError(f"no {testid} to click; legal: {legal}") from None
        n = choices.count()
        choice = choices.nth(self.rng.randrange(n) if pick == "any" else 0)
        action = choice.get_attribute("data-action")
        assert action
        choice.click()
        return action

    def play_one(self) -> str:
        """One decision of Ada's, by clicks; returns the phase it was taken in."""
        page = self.page
        phase = self.phase = self.waiting_for()
        if phase == "over":
            return phase
        version = self.version()
        sent = len(self.acts())
        expected: str | None
        if phase == "horses":
            if page.get_by_test_id("ask-horse").count():
                expected = self.click("ask-horse")
            elif page.get_by_test_id("contest-horse").count():
                expected = self.click("contest-horse")  # D6: no horse is free, bid for one
            else:
                expected = self.click("passe")
            self.count("horse")
        elif phase == "auction":
            if not self.done.get("bid") and page.get_by_test_id("bid").count():
                expected = self.click("bid")
                self.count("bid")
            else:
                expected = self.click("bid-pass")  # the kit's auction panel passes
        elif phase == "exchange":
            requests = page.locator(
                '.rsc [data-testid="spread-card"]:is([data-action], [data-select]):not([disabled])'
            )
            if not self.done.get("request") and requests.count():
                expected = self.chosen_then("spread-card", "spread-bid", sent)
                self.count("request")
            else:
                expected = self.click("passe")
        elif phase == "throw":
            expected = self.click("hand-card")
            self.count("throw")
        elif (
            phase == "trade"
            and page.get_by_test_id("contrer").count()
            and not self.done.get("contre")
        ):
            expected = self.click("contrer")
            self.count("contre")
        elif phase == "trade":
            offerable = page.locator(".rsc-hand [data-select]:not([disabled])")
            if not self.done.get("offer") and offerable.count():
                offerable.first.click()  # choosing the card sends nothing yet
                expect(page.get_by_test_id("offer-to").first).to_be_visible()
                assert len(self.acts()) == sent, "choosing a card to offer sent nothing"
                expected = self.click("offer-to", pick="any")
                self.count("offer")
            else:
                expected = self.click("passe")
        elif phase == "trade_ask":
            # D50: another player asked for a named card; offer it once if Ada holds it, else pass.
            if not self.done.get("offer_asked") and page.get_by_test_id("offer-asked").count():
                expected = self.click("offer-asked")
                self.count("offer_asked")
            else:
                expected = self.click("passe")
        elif phase == "trade_counter":
            expected = (
                self.chosen_then("hand-card", "counter", sent)
                if not self.done.get("counter")
                else self.click("refuse")
            )
            self.count("counter")
        elif phase == "trade_decide":
            expected = self.click("accepte")
        elif phase == "race":
            expected = self.click("hand-card", pick="any")
            self.count("card")
        elif phase == "bets":
            expected = self.click("bet", pick="any")
            self.count("bet")
        elif phase in ("solo_hurdles", "incident") and page.evaluate(GAP_TARGETS):
            page.get_by_test_id("rsc-track").evaluate("(el) => el.scrollIntoView({block: 'start'})")
            target = self.rng.choice(page.evaluate(GAP_TARGETS))
            page.mouse.click(target["x"], target["y"])
            expected = target["action"]
            self.count(phase)
        elif phase == "incident":
            testid = "incident-option" if page.get_by_test_id("incident-option").count() else None
            expected = self.click(testid or "other-action")
            self.count(phase)
        else:
            expected = self.play_coup(version, sent)
        self.then_wait(version)
        if expected is not None:
            assert self.acts()[sent:] == [expected], f"{phase}: sent {self.acts()[sent:]}"
        return phase

    def chosen_then(self, testid: str, amount: str, sent: int) -> str:
        """A card `testid` that is one action, clicked; or a card that opens a choice of amounts
        (several bids, several points), chosen (which sends nothing), then its first amount."""
        page = self.page
        card = page.locator(
            f'.rsc [data-testid="{testid}"]:is([data-action], [data-select]):not([disabled])'
        ).first
        if card.get_attribute("data-action"):
            return self.click(testid)
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        assert len(self.acts()) == sent, "choosing a card sent nothing"
        return self.click(amount)

    def play_coup(self, version: int, sent: int) -> str:
        """A coup of the card in play: the second one first once, a hurdle by a click between two
        squares whenever one is offered, else the first option."""
        page = self.page
        coups = page.get_by_test_id("coup")
        if coups.count() == 2 and not self.done.get("order"):
            second = coups.nth(1)
            half = second.get_attribute("data-half")
            second.click()  # choosing the order sends nothing
            expect(second).to_have_attribute("aria-pressed", "true")
            assert len(self.acts()) == sent and self.version() == version
            self.count("order")
            self.order_half = half
        page.get_by_test_id("rsc-track").evaluate("(el) => el.scrollIntoView({block: 'start'})")
        targets: list[dict[str, Any]] = page.evaluate(GAP_TARGETS)
        if targets:
            if not self.done.get("quiet"):
                self.click_nothing(version, sent)
            target = self.rng.choice(targets)
            page.mouse.click(target["x"], target["y"])
            self.count("hurdle")
            action: str = target["action"]
        else:
            action = self.click("coup-option")
            self.count("coup")
        if self.order_half is not None:
            head = action.split()[1] if action.startswith("nul ") else action.split()[0]
            assert head.split("=")[0] == self.order_half, "the coup chosen first is played first"
            self.order_half = None
            self.done["order"] = 2
        return action

    def click_nothing(self, version: int, sent: int) -> None:
        """A square that is no choice, and a card of the hand while a coup is to play: nothing."""
        page = self.page
        where = page.evaluate(QUIET_SQUARE)
        assert where is not None, "no quiet square on the track to click"
        page.mouse.click(*where)
        card = page.get_by_test_id("hand-card").first
        if card.count():
            expect(card).to_be_disabled()
            box = card.bounding_box()
            assert box is not None
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        time.sleep(0.3)  # a message would be on its way by now
        assert len(self.acts()) == sent, "a click on no choice sent an action"
        assert self.version() == version
        expect(page.get_by_test_id("gap-target").first).to_be_visible()
        self.count("quiet")


@pytest.fixture
def ada(live_server: LiveServer, context: BrowserContext) -> Iterator[tuple[Rider, dict[str, Any]]]:
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * 3
    table = live_server.create_table(seats, {"scoring": "race"}, game=GAME)
    rider = Rider(context.new_page())
    rider.page.goto(table["seats"][0]["invite"])
    yield rider, table
    assert not rider.errors, f"script errors on the board: {rider.errors}"


def test_a_whole_race_played_by_clicks_on_the_cards_and_the_course(
    live_server: LiveServer, ada: tuple[Rider, dict[str, Any]]
) -> None:
    rider, table = ada
    page = rider.page
    en = live_server.http.get("/api/i18n/en").json()
    fr = live_server.http.get("/api/i18n/fr").json()
    track = page.get_by_test_id("rsc-track")
    expect(track).to_be_visible()
    expect(track.locator(".rsc-cell")).to_have_count(4 * 21)
    expect(track.locator(".rsc-cell.river")).to_have_count(4 * 3)  # rivers on 10, 15 and 16
    expect(track.locator(".rsc-num.red")).to_have_count(4 * 4)  # 4, 8, 12 and 18 in red
    expect(page.get_by_test_id("rsc-line")).to_have_count(4)
    expect(page.get_by_test_id("central-hurdle")).to_have_count(5)  # r, b, j once; v twice

    # Ada deals and asks first: the table waits for her, so nothing moves while the language
    # switch redraws the board's texts, on the cards and around them.
    assert rider.waiting_for() == "horses"
    hand = page.get_by_test_id("rsc-hand")
    state = rider.state()
    cards = len(state["observation"]["hand"])
    expect(page.get_by_test_id("hand-card")).to_have_count(cards)
    # Each card shows its two coups as the engine's deck describes them (board data `card_halves`
    # and `halves`): the kind, and the horse of a coloured coup.
    board = live_server.http.get(f"/api/games/{GAME}/board").json()
    for k, card in enumerate(state["observation"]["hand"]):
        coups = page.get_by_test_id("hand-card").nth(k).locator(".kit-card-mark")
        expect(coups).to_have_count(2)
        for j, text in enumerate(board["card_halves"][card]):
            half = board["halves"][text]
            kind = en[KEY + "kind." + half["kind"]]
            title = (
                en[KEY + "half_white"].format(kind=kind)
                if half["horse"] is None
                else en[KEY + "half_coloured"].format(
                    kind=kind, horse=en[f"{GAME}.horse.{half['horse']}"]
                )
            )
            expect(coups.nth(j)).to_have_attribute("title", title)
    expect(hand.locator("h2")).to_have_text(en[KEY + "hand_title"].format(count=cards))
    expect(page.get_by_test_id("ask-horse").first).to_contain_text(en[KEY + "ask_horse"])
    page.get_by_test_id("lang-fr").click()
    expect(hand.locator("h2")).to_have_text(fr[KEY + "hand_title"].format(count=cards))
    expect(page.get_by_test_id("ask-horse").first).to_contain_text(fr[KEY + "ask_horse"])
    expect(page.get_by_test_id("rsc-score").locator("h2")).to_have_text(fr[KEY + "score_title"])
    expect(page.get_by_test_id("ask-horse").first).to_contain_text(fr[f"{GAME}.horse.0"])
    page.get_by_test_id("lang-en").click()
    expect(hand.locator("h2")).to_have_text(en[KEY + "hand_title"].format(count=cards))
    expect(page.get_by_test_id("ask-horse").first).to_contain_text(en[f"{GAME}.horse.0"])

    started = time.monotonic()
    for _ in range(400):
        if rider.play_one() == "over":
            break
    else:
        raise AssertionError(f"the race did not end after 400 decisions: {rider.done}")
    elapsed = time.monotonic() - started

    done = rider.done
    assert done.get("horse") and done.get("card") and done.get("coup", 0) + done.get("hurdle", 0), (
        done
    )
    assert done.get("request"), done  # one spread card asked for
    if done.get("hurdle"):
        assert done.get("quiet"), done
    assert done.get("order") == 2, done
    # Every action sent is one the board offered, in the engine's notation.
    heads = {action.split()[0].split("=")[0] for action in rider.acts()}
    allowed = {"demande", "enchere", "passe", "jette", "propose", "contre", "accepte", "refuse"}
    allowed |= {"joue", "nul"} | {h for h in heads if h[0] in "234H0R"}
    assert heads <= allowed, heads

    # The race is over: the ranking, the score sheet, the horses that crossed the line.
    expect(page.get_by_test_id("game-over")).to_be_visible()
    final = rider.state()
    observation = final["observation"]
    assert observation["phase"] == "over"
    expect(page.get_by_test_id("coup")).to_have_count(0)
    expect(page.locator(".rsc [data-action]")).to_have_count(0)
    arrival = page.get_by_test_id("rsc-arrival")
    finished = sorted(
        (h["finished"], i) for i, h in enumerate(observation["horses"]) if h["finished"]
    )
    if finished:
        expect(arrival.locator(".rsc-horse-chip")).to_have_count(len(finished))
        first_horse = en[f"{GAME}.horse.{finished[0][1]}"]
        expect(arrival.locator(".rsc-horse-chip").first).to_have_text(first_horse)
    else:
        expect(arrival).to_contain_text(en[KEY + "nobody_arrived"])
    totals = observation["score"]["totals"]
    for seat, total in enumerate(totals):
        expect(page.get_by_test_id(f"rsc-score-{seat}").locator("td.total")).to_have_text(
            str(total)
        )
    if observation["winner"] >= 0:
        expect(page.get_by_test_id(f"rsc-score-{observation['winner']}")).to_contain_text(
            en[KEY + "winner"]
        )
    summary = live_server.http.get(f"/api/tables/{table['id']}").json()
    assert summary["status"] == "finished"
    # The log draws the cards as card chips, never as notation (« R/3v »), in both languages.
    for lang in ("fr", "en"):
        page.get_by_test_id(f"lang-{lang}").click()
        expect(page.locator("li.event .kit-card").first).to_be_attached()
        shown = page.locator("li.event:not([hidden])").all_inner_texts()
        written = [line for line in shown if NOTATION.search(line)]
        assert not written, f"card notation in the log ({lang}): {written[:3]}"
    print(f"race played in {elapsed:.1f} s: {done}")


def ridden_to_the_end(rider: Rider, limit: int = 400) -> None:
    for _ in range(limit):
        try:
            if rider.play_one() == "over":
                return
        except MovedOnError:
            continue
    raise AssertionError(f"no end after {limit} decisions: {rider.done}")


def test_a_pirate_race_ada_bets_in_secret_by_a_click(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """JEU PIRATE: the bet is a click (a horse and a stake); another seat sees only that Ada bet."""
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * 3
    table = live_server.create_table(seats, {"pirate": "stakes", "deals": 1}, game=GAME)
    rider = Rider(context.new_page())
    rider.page.goto(table["seats"][0]["invite"])
    expect(rider.page.get_by_test_id("bet").first).to_be_visible(timeout=30_000)
    expect(rider.page.get_by_test_id("rsc-hint")).to_contain_text("secret")  # fr and en alike
    ridden_to_the_end(rider)
    # The bots bet at the same time: a click on a version a bot's bet made stale is refused and the
    # page resynchronised, so Ada may have clicked twice; the table holds one bet of hers.
    assert rider.done.get("bet", 0) >= 1 and any(a.startswith("parie ") for a in rider.acts())
    bets = rider.state()["observation"]["bets"]
    assert all(isinstance(bet, str) and bet != "?" for bet in bets), f"shown at the end: {bets}"
    assert not rider.errors, f"script errors on the board: {rider.errors}"


def test_the_solo_practice_lays_ten_hurdles_by_clicks_and_runs_alone(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """« Placez un cheval sur la ligne de départ et distribuez-vous 13, 14 ou 15 cartes. Puis, placez
    sur votre piste, où vous voudrez, 10 haies »: all by clicks, then the cards to the end."""
    table = live_server.create_table(
        [{"kind": "human", "name": "Ada"}], {"solo_cards": 13}, game=GAME
    )
    rider = Rider(context.new_page())
    rider.page.goto(table["seats"][0]["invite"])
    ridden_to_the_end(rider)
    assert rider.done.get("solo_hurdles") == 10
    laid = [a for a in rider.acts() if a.startswith("haie ")]
    assert len(laid) == 10 and len({a.split()[1] for a in laid}) == 1, "all on Ada's own lane"
    assert not rider.errors, f"script errors on the board: {rider.errors}"


# Every control of the board that sends an action, measured (CSS pixels), the page at its top.
TARGETS = """() => {
  window.scrollTo(0, 0);
  return [...document.querySelectorAll('.rsc [data-action], .rsc [data-select]')]
    .filter((el) => !el.disabled && el.getBoundingClientRect().width > 0)
    .map((el) => { const r = el.getBoundingClientRect();
      return {testid: el.dataset.testid, width: r.width, height: r.height, top: r.top, bottom: r.bottom}; });
}"""


def test_on_a_phone_the_course_and_the_choices_share_the_first_screen(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """At 390x844 the upright course is framed above the controls and the hand, on one screen; a gap
    between two squares, smaller than a finger on the drawing, is offered as a list of landing choices
    of at least 40 pixels (the solo practice's ten hurdles), and the page never scrolls sideways."""
    table = live_server.create_table(
        [{"kind": "human", "name": "Ada"}], {"solo_cards": 13}, game=GAME
    )
    rider = Rider(context.new_page())
    page = rider.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(table["seats"][0]["invite"])
    while (phase := rider.waiting_for()) == "horses":  # Ada takes a horse first
        version = rider.version()
        rider.click("ask-horse")
        rider.then_wait(version)
    assert phase == "solo_hurdles"
    expect(page.get_by_test_id("gap-target")).to_have_count(0)  # marks on the drawing, not targets
    for _ in range(10):
        rider.phase = rider.waiting_for()
        if rider.phase != "solo_hurdles":
            break
        targets = page.evaluate(TARGETS)
        assert targets and all(t["testid"] == "gap-choice" for t in targets), targets
        small = [t for t in targets if min(t["width"], t["height"]) < 40]
        assert not small, f"targets under 40 px: {small[:3]}"
        assert min(t["top"] for t in targets) < 844, "no landing choice on the first screen"
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        version = rider.version()
        rider.click("gap-choice", pick="any")
        rider.then_wait(version)
        rider.count("solo_hurdles")
    assert rider.done.get("solo_hurdles") == 10
    # The race: the course's frame, the controls and the cards of the hand on the first screen.
    assert rider.waiting_for() == "race"
    targets = page.evaluate(TARGETS)
    cards = [t for t in targets if t["testid"] == "hand-card"]
    assert cards and all(min(t["width"], t["height"]) >= 40 for t in targets), targets
    assert cards[0]["bottom"] <= 844, (
        f"the first card of the hand ends at {cards[0]['bottom']:.0f} px"
    )
    frame = page.locator('[data-testid="zoom-viewport"]').bounding_box()
    assert frame is not None and frame["y"] + frame["height"] < cards[0]["top"]
    assert not rider.errors, f"script errors on the board: {rider.errors}"


# What a shared device (hot-seat) shows now: the cover that passes it to the next seat, the amount
# list `list` of the seat's pickers, another decision, or nothing yet.
DEVICE = """(list) => {
  const cover = document.querySelector('[data-testid="pass-device"]');
  if (cover && cover.offsetParent !== null) return "cover";
  const state = window.hippodromeTable.state();
  if (!state || !(state.legal || []).length) return false;
  return document.querySelector(list) ? "list" : "act";
}"""
PASSED_ON = """(v) => {
  const cover = document.querySelector('[data-testid="pass-device"]');
  return (cover && cover.offsetParent !== null) || (window.hippodromeTable.state()?.version ?? -1) > v;
}"""


def device_to_list(page: Page, amounts: str, *, after: str | None = None, limit: int = 80) -> str:
    """Play a shared device on until a seat (another than the one whose view `after` names) holds it
    and its page shows the amount list `amounts`: the cover passed, every other decision its first
    legal action. The page's words for that seat's view ("Ada's view")."""
    for _ in range(limit):
        shown = page.wait_for_function(DEVICE, arg=amounts, timeout=30_000).json_value()
        if shown == "cover":
            page.get_by_test_id("pass-device").click()
            continue
        if shown == "list":
            viewing = page.locator("#viewing").inner_text()
            assert viewing != after, f"{viewing} again"
            return viewing
        state = page.evaluate("window.hippodromeTable.state()")
        page.evaluate("(n) => window.hippodromeTable.act(n)", state["legal"][0]["notation"])
        page.wait_for_function(PASSED_ON, arg=state["version"])
    raise AssertionError(f"no amount list in {limit} decisions")


def test_in_hot_seat_the_next_seat_never_sees_the_stake_the_last_one_chose(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Two people at one device, the pirate game (secret bets): Ada chooses a stake in a horse's list
    and does not bet it (she bets the smallest stake), then the device passes to Bob: his list opens
    on its first stake, never on the one Ada chose."""
    humans = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    seats = humans + [{"kind": "bot", "bot": "random"}] * 2
    table = live_server.create_table(seats, {"pirate": "stakes", "deals": 1}, game=GAME)
    tokens = ",".join(seat["token"] for seat in table["seats"][:2])
    device = SeatPage(context.new_page())
    page = device.page
    page.goto(f"{live_server.url}/table/{table['id']}#tokens={tokens}")
    stakes = '.rsc [data-testid="bet-select"]'
    first_seat = device_to_list(page, stakes)
    options = page.locator(stakes).first.locator("option")
    first, chosen = options.first.get_attribute("value"), options.last.get_attribute("value")
    assert first and chosen and first != chosen
    page.locator(stakes).first.select_option(chosen)
    version = device.version()
    page.locator('.rsc [data-testid="bet"][data-action]').first.click()
    page.wait_for_function(PASSED_ON, arg=version)
    device_to_list(page, stakes, after=first_seat)
    offered = (
        page.locator(stakes).first.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    )
    assert chosen in offered, f"the amount chosen before is not offered now: {offered}"
    expect(page.locator(stakes).first).to_have_value(offered[0])
    assert not device.errors, f"script errors on the board: {device.errors}"
