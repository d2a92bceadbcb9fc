// The table page's part in remembering seats (seats.js): a page opened with a seat's key remembers it,
// so the lobby's "My tables" leads back to the seat after the tab is closed; and the creator, who
// lands here at his own seat, finds the invitations of the table he has just created: folded into a
// small "Invite" control beside the status (issue 33: they no longer push the board down), opened
// when he wants to send a link.

import { fill, fragmentTokens, h, tableIdFromPath } from "./dom.js";
import { preferredLang, setLang, t } from "./i18n.js";
import { createdTable, dropCreated, rememberSeat, renderInvitations } from "./seats.js";

const tableId = tableIdFromPath();
const panel = document.getElementById("created");

function render() {
  const created = createdTable(tableId);
  if (!created) {
    panel.hidden = true;
    panel.open = false;
    return;
  }
  panel.hidden = false;
  const hide = h(
    "button",
    {
      type: "button",
      class: "small",
      "data-testid": "hide-invitations",
      onclick: () => {
        dropCreated(tableId);
        render();
      },
    },
    t("web.invitations.hide"),
  );
  const body = h("div", { class: "invitations-body panel" });
  renderInvitations(body, created, hide);
  fill(
    panel,
    h("summary", { class: "invite-toggle", "data-testid": "invite-toggle" }, t("web.invitations.show")),
    body,
  );
}

async function start() {
  rememberSeat(tableId, fragmentTokens());
  if (!createdTable(tableId)) return;
  await setLang(preferredLang());
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  render();
}

start();
