// The geometry of Royal Turf's oval: two straights and two bends, the squares numbered in the running
// direction from the line (bottom middle, D1: square 1 just past it, square 33 just behind it), in two
// layouts: a long oval for wide screens, a rounder one (bigger squares once scaled) for phones.

const LAYOUTS = {
  wide: { w: 920, h: 304, straight: 300, radius: 110, half: 25, pawn: 16, numGap: 11 },
  compact: { w: 640, h: 392, straight: 125, radius: 140, half: 32, pawn: 20, numGap: 15 },
};

export const fmt = (n) => n.toFixed(1);

/**
 * The oval of `squares` squares in layout `name`: its view box, the point at a distance along it,
 * each square's centre and outline, the podium's slots.
 * @param {string} name   "wide" | "compact"
 * @param {number} squares
 */
export function createOval(name, squares) {
  const l = LAYOUTS[name] || LAYOUTS.wide;
  const cx = l.w / 2;
  const cy = l.h / 2;
  const straight = l.straight; // half the length of a straight, centre line
  const radius = l.radius; // radius of the bends, centre line
  const half = l.half; // half the width of the track
  const perimeter = 4 * straight + 2 * Math.PI * radius;
  const step = perimeter / squares;

  /** The point at distance `d` along the centre line from the line, running counter-clockwise on
   * screen, moved out to radius `r` from the bends' centres. */
  function pos(d, r = radius) {
    let x = ((d % perimeter) + perimeter) % perimeter;
    const arc = Math.PI * radius;
    if (x < straight) return [cx + x, cy + r];
    x -= straight;
    if (x < arc) {
      const th = x / radius;
      return [cx + straight + r * Math.sin(th), cy + r * Math.cos(th)];
    }
    x -= arc;
    if (x < 2 * straight) return [cx + straight - x, cy - r];
    x -= 2 * straight;
    if (x < arc) {
      const th = x / radius;
      return [cx - straight - r * Math.sin(th), cy - r * Math.cos(th)];
    }
    x -= arc;
    return [cx - straight + x, cy + r];
  }

  /** The centre line's distance to the middle of square `n`. */
  const centreOf = (n) => (n - 0.5) * step;

  /** The outline of square `n`. */
  function cellPath(n) {
    const d0 = (n - 1) * step;
    const points = [];
    const samples = 6;
    for (let i = 0; i <= samples; i++) points.push(pos(d0 + (step * i) / samples, radius - half));
    for (let i = samples; i >= 0; i--) points.push(pos(d0 + (step * i) / samples, radius + half));
    return `M${points.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L")}Z`;
  }

  /** A stadium shape at radius `r` from the bends' centres. */
  function stadiumPath(r) {
    const top = cy - r;
    const bottom = cy + r;
    return (
      `M${cx - straight} ${top}H${cx + straight}` +
      `A${r} ${r} 0 0 1 ${cx + straight} ${bottom}H${cx - straight}` +
      `A${r} ${r} 0 0 1 ${cx - straight} ${top}Z`
    );
  }

  /** The podium's slots in the infield: places 1, 2, 3 and the last horse. */
  function podiumSlots(lastLabel) {
    const y = cy - 14;
    return [
      { x: cx - 99, y, label: "1", place: 1 },
      { x: cx - 33, y, label: "2", place: 2 },
      { x: cx + 33, y, label: "3", place: 3 },
      { x: cx + 99, y, label: lastLabel, place: "last" },
    ];
  }

  return {
    name,
    w: l.w,
    h: l.h,
    cx,
    cy,
    radius,
    half,
    pawn: l.pawn,
    numGap: l.numGap,
    squares,
    step,
    pos,
    /** The centre of square `n`, [x, y] (`r` moves it off the centre line). */
    square: (n, r = radius) => pos(centreOf(n), r),
    /** The point on the line, where a horse crossing it passes. */
    line: () => pos(squares * step),
    cellPath,
    stadiumPath,
    podiumSlots,
  };
}
