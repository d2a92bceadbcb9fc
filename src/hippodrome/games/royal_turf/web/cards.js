// Royal Turf's horse cards, which are also the betting board: one button a horse, with its square,
// its card's values for each face of the die, whether it has moved this round, the tokens bet on it
// and, while the seat moves, where it would land. A card is a finger's target (`kit-target`): the list
// a phone plays from, beside the track whose pawns are too small to tap.

import { fill, h, seatColour } from "/static/js/dom.js";
import { preview } from "/static/js/kit/action.js";
import { inkOn } from "/static/js/kit/colour.js";
import { colourOf, faceIcon } from "./faces.js";
import { previewText } from "./track.js";

/**
 * The horse cards: `section` to mount, `draw()` at every state and selection, `drawStatic()` at a
 * change of language or layout.
 * @param {ReturnType<import("./state.js").createState>} state
 */
export function createCards(state) {
  const { shell, boardData } = state;
  const faces = boardData.faces;
  const t = (key, params) => shell.t(key, params);

  const title = h("h2", { class: "rt-section-title" });
  const head = h("div", { class: "rt-card rt-card-head", "aria-hidden": "true" });
  const list = h("div", { class: "rt-card-list" });
  const section = h("section", { class: "rt-cards" }, title, head, list);

  const cards = new Map();
  for (const horse of boardData.horses) {
    const button = h("button", {
      type: "button",
      class: "rt-card kit-target",
      "data-testid": `horse-${horse.id}`,
      "data-horse": horse.id,
      onclick: () => state.clickHorse(horse.id),
    });
    preview(button, (on) => state.setPreview(on ? horse.id : null));
    cards.set(horse.id, button);
    list.append(button);
  }

  const compact = () => shell.layout === "compact";

  function drawHead() {
    const rolled = state.obs()?.rolled;
    fill(
      head,
      h("span", { class: "c-key" }, "#"),
      h("span", { class: "c-pawn" }),
      h("span", { class: "c-name" }, t("web.royal_turf.horse")),
      h("span", { class: "c-square", title: t("web.royal_turf.square") }, t("web.royal_turf.square_short")),
      faces.map((face) =>
        h(
          "span",
          { class: `c-face${rolled === face ? " rolled" : ""}`, title: state.faceName(face) },
          faceIcon(face, 18),
          h("span", { class: "c-face-name" }, t(`royal_turf.face_short.${face}`)),
        ),
      ),
      h("span", { class: "c-moved" }, t("web.royal_turf.moved_short")),
      h("span", { class: "c-bets" }, t("web.royal_turf.bets")),
    );
  }

  /** A token bet on a horse: its value and its owner's colour, or its back when hidden from this
   * seat (drawn face down, told "a face-down token", never a question mark). */
  function chip(bet) {
    const owner = state.seatName(bet.player);
    const hidden = bet.token === null || bet.token === undefined;
    const text = hidden
      ? t("web.royal_turf.bet_hidden", { player: owner })
      : t("web.royal_turf.bet_shown", { player: owner, token: bet.token });
    return h(
      "span",
      { class: `chip${hidden ? " face-down" : ""}`, style: `--seat:${seatColour(bet.player)}`, title: text },
      h("span", { class: "chip-value", "aria-hidden": "true" }, hidden ? "" : String(bet.token)),
      h("span", { class: "chip-owner" }, owner),
    );
  }

  /** Where a horse that may move would land, in a few words under its name. */
  function landingNote(id) {
    const land = state.landing(id);
    if (!land) return null;
    let text = t("web.royal_turf.lands_on", { square: land.end });
    if (land.end === 0) text = t("web.royal_turf.lands_place", { place: state.ordinal(land.place) });
    else if (land.moved === 0) text = t("web.royal_turf.lands_stuck");
    return h("span", { class: `c-land${land.moved < land.rolled ? " blocked" : ""}` }, text);
  }

  function whereText(o, horse, id) {
    if (o?.last === id) return t("web.royal_turf.last");
    if (horse.place) return state.ordinal(horse.place);
    if (horse.square) return String(horse.square);
    return "—";
  }

  function draw() {
    const o = state.obs();
    drawHead();
    const rolled = o?.rolled;
    const betting = state.isBetting();
    const moving = state.isMoving();
    const allBets = state.bets();
    boardData.horses.forEach((info, index) => {
      const id = info.id;
      const button = cards.get(id);
      const horse = o?.horses.find((x) => x.id === id) || { id, square: null, values: null, moved: false, place: null };
      const colour = colourOf(info.colour);
      const bets = allBets.filter((b) => b.horse === id);
      const movable = moving && state.canMove(id);
      const bettable = betting && state.betTokensFor(id).length > 0;
      const action = movable || bettable ? state.actionFor(id) : null;
      const moved = Boolean(horse.moved && o?.phase === "racing" && !horse.place);
      button.disabled = !(movable || bettable);
      button.classList.toggle("movable", movable);
      button.classList.toggle("bettable", bettable);
      button.classList.toggle("selected", state.selected.horse === id);
      button.classList.toggle("moved", moved);
      button.classList.toggle("arrived", Boolean(horse.place));
      if (action) button.dataset.action = action.notation;
      else delete button.dataset.action;
      const pace = o?.pace?.horse === id;
      const where = whereText(o, horse, id);
      const chips = bets.map(chip);
      const land = movable ? landingNote(id) : null;
      fill(
        button,
        h("span", { class: "c-key", "aria-hidden": "true" }, String(index + 1)),
        h(
          "span",
          { class: "c-pawn", "aria-hidden": "true" },
          h("span", { class: "mini-pawn", style: `background:${colour};color:${inkOn(colour)}` }, state.initial(id)),
        ),
        h(
          "span",
          { class: "c-name" },
          h(
            "span",
            { class: "c-horse" },
            state.horseName(id),
            pace ? h("span", { class: "pace-badge", title: t("web.royal_turf.pace_holder") }, "P") : null,
          ),
          compact() && (chips.length || land) ? h("span", { class: "c-sub" }, land, chips) : null,
        ),
        h(
          "span",
          { class: "c-square", title: horse.to_go ? t("web.royal_turf.to_go", { n: horse.to_go }) : null },
          where,
        ),
        faces.map((face) =>
          h(
            "span",
            { class: `c-face${rolled === face ? " rolled" : ""}` },
            horse.values ? String(horse.values[face]) : "·",
          ),
        ),
        h("span", { class: "c-moved" }, moved ? "✓" : ""),
        compact() ? null : h("span", { class: "c-bets" }, chips, land),
      );
      button.setAttribute("aria-label", cardLabel(id, index, horse, where, bets, pace, { movable, bettable }));
    });
  }

  function cardLabel(id, index, horse, where, bets, pace, { movable, bettable }) {
    const bits = [`${index + 1}. ${state.horseName(id)}`];
    if (horse.square !== null || horse.place) bits.push(`${t("web.royal_turf.square")} ${where}`);
    if (horse.to_go) bits.push(t("web.royal_turf.to_go", { n: horse.to_go }));
    if (horse.values) bits.push(faces.map((f) => `${state.faceName(f)} ${horse.values[f]}`).join(", "));
    if (horse.moved && !horse.place) bits.push(t("web.royal_turf.moved"));
    if (pace) bits.push(t("web.royal_turf.pace_holder"));
    if (bets.length) {
      const told = bets.map((b) =>
        b.token === null || b.token === undefined
          ? t("web.royal_turf.bet_hidden", { player: state.seatName(b.player) })
          : t("web.royal_turf.bet_shown", { player: state.seatName(b.player), token: b.token }),
      );
      bits.push(t("web.royal_turf.bets_list", { bets: told.join(", ") }));
    }
    if (movable) bits.push(t("web.royal_turf.move_horse", { horse: state.horseName(id) }), previewText(state, id));
    else if (bettable) bits.push(t("web.royal_turf.bet_on", { horse: state.horseName(id) }));
    return bits.join("; ");
  }

  function drawStatic() {
    title.textContent = t("web.royal_turf.cards_title");
  }

  /** Focus a horse's card (a key chose it). */
  const focus = (id) => cards.get(id)?.focus();

  return { section, draw, drawStatic, focus };
}
