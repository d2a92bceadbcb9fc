// Taking one's own move back (docs/web.md, the `undo` message). The server says when the seat may
// (`can_undo`, from the engine's `State.undo_point`: before anyone else acts, with no die or card
// drawn since); this button only asks, and a refusal comes back as any other, named.

/** Show `button` while the shown seat may take its last move back; a click asks the server. */
export function renderUndo(button, msg, send) {
  const may = Boolean(msg?.can_undo && msg.status === "running");
  button.hidden = !may;
  button.disabled = !may;
  button.onclick = may ? () => send({ type: "undo" }) : null;
}
