// Royal Turf's pictures: the horses' coat colours (the board data names them, the screen needs values)
// and the die's four symbols (horse head, jockey cap, saddle, horseshoe) as the kit's die draws them.

import { iconFromParts } from "/static/js/kit/dice.js";

const COLOURS = {
  grey: "#9a9a9a",
  white: "#f7f7f2",
  beige: "#e6d3a3",
  caramel: "#c98a3c",
  reddish_brown: "#933b25",
  dark_brown: "#4b2e22",
  black: "#161616",
};

/** A coat colour's value for the screen. */
export function colourOf(name) {
  return COLOURS[name] || name || "#888";
}

const FACE_PARTS = {
  head: [
    [
      "path",
      {
        d: "M15 2l-1.5 3.2C9 5.6 5.6 8.6 4.2 12.6L2.4 16.4c-.5 1.6.8 3 2.4 2.6l4-1.6c1 1.7 1.7 3.6 1.8 5.6h9c.6-5.3.4-10.5-1.7-14.6L19 3.4 16.8 5z",
      },
    ],
    ["circle", { cx: 10.5, cy: 10, r: 1.1, fill: "#fff" }],
  ],
  cap: [
    ["path", { d: "M3.5 16c0-6 3.8-10 8.5-10s8.5 4 8.5 10z" }],
    ["path", { d: "M11 16h11c0 2-1.6 3-3.5 3H11z" }],
    ["circle", { cx: 12, cy: 5.5, r: 1.4 }],
  ],
  saddle: [
    [
      "path",
      { d: "M2.5 8.5c3 3.5 6.5 3.5 9.5 1.4 3.2-2.3 6.2-2.6 9.5-4.4.3 4.6-1.8 9-6.5 9.5H9.5C6 15 3.6 12.6 2.5 8.5z" },
    ],
    [
      "path",
      {
        d: "M11 15v4.5M8.5 20h5",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 1.8,
        "stroke-linecap": "round",
      },
    ],
  ],
  shoe: [
    [
      "path",
      {
        d: "M6.5 3.5C4 10 5 17.5 12 20.5c7-3 8-10.5 5.5-17",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 3.6,
        "stroke-linecap": "round",
      },
    ],
    ["circle", { cx: 6.2, cy: 9, r: 0.8, fill: "#fff" }],
    ["circle", { cx: 17.8, cy: 9, r: 0.8, fill: "#fff" }],
    ["circle", { cx: 8, cy: 15, r: 0.8, fill: "#fff" }],
    ["circle", { cx: 16, cy: 15, r: 0.8, fill: "#fff" }],
  ],
};

/** A die symbol's small picture (the name is always written beside it or in its label). */
export function faceIcon(face, size = 20) {
  const icon = iconFromParts(FACE_PARTS[face] || [], { className: "face-icon" });
  icon.setAttribute("width", String(size));
  icon.setAttribute("height", String(size));
  return icon;
}

/** A face of the die as the kit draws it: `face` a symbol's id, null before the first roll. */
export function dieFace(face, label) {
  if (!face) return { value: null, label };
  return { value: face, label, icon: () => iconFromParts(FACE_PARTS[face] || []), ink: "#3b2412" };
}
