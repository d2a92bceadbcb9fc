// Pawns moving along their path (issue 16): a board's piece slides from cell to cell along the way
// the engine says it went, then stands where the state puts it. A reader who asks the system for
// reduced motion sees it stand there at once. Boards call it; it knows no game.

/** Whether the reader asks for reduced motion. */
export function prefersReducedMotion() {
  return Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/**
 * Slide `element`, an SVG group placed by `translate(x y)`, along `points` ([[x, y], ...], its start
 * first, where it stands now last), about `perStep` ms a leg and `max` ms in all. The element is
 * marked `data-animated` ("true", or "false" under reduced motion). Returns a function that stops the
 * slide and leaves the element where it stands.
 */
export function moveAlong(element, points, { perStep = 110, max = 1400 } = {}) {
  if (!element || points.length < 2) return () => {};
  const still = prefersReducedMotion();
  element.dataset.animated = String(!still);
  if (still) return () => {};
  const final = element.getAttribute("transform");
  const legs = points.length - 1;
  const duration = Math.min(max, perStep * legs);
  const start = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    element.setAttribute("transform", final);
  };
  const tick = (now) => {
    // A frame's time may precede the start (it is when the frame began): clamp it.
    const t = Math.max(0, Math.min(1, (now - start) / duration));
    if (t >= 1) {
      stop();
      return;
    }
    const at = t * legs;
    const i = Math.max(0, Math.min(legs - 1, Math.floor(at)));
    const f = at - i;
    const [x0, y0] = points[i];
    const [x1, y1] = points[i + 1];
    element.setAttribute("transform", `translate(${(x0 + (x1 - x0) * f).toFixed(1)} ${(y0 + (y1 - y0) * f).toFixed(1)})`);
    frame = requestAnimationFrame(tick);
  };
  element.setAttribute("transform", `translate(${points[0][0].toFixed(1)} ${points[0][1].toFixed(1)})`);
  frame = requestAnimationFrame(tick);
  return stop;
}
