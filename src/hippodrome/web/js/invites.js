// The table page's part in remembering seats (seats.js): a page opened with a seat's key remembers it,
// so the lobby's "My tables" leads back to the seat after the tab is closed; and the creator, who
// lands here at his own seat, finds the invitations of the table he has just created.

import { fragmentTokens, h, tableIdFromPath } from "./dom.js";
import { preferredLang, setLang, t } from "./i18n.js";
import { createdTable, dropCreated, rememberSeat, renderInvitations } from "./seats.js";

const tableId = tableIdFromPath();
const panel = document.getElementById("created");

function render() {
  const created = createdTable(tableId);
  if (!created) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const hide = h("button", {
    type: "button",
    class: "small",
    "data-testid": "hide-invitations",
    onclick: () => {
      dropCreated(tableId);
      render();
    },
  }, t("web.invitations.hide"));
  renderInvitations(panel, created, hide);
}

async function start() {
  rememberSeat(tableId, fragmentTokens());
  if (!createdTable(tableId)) return;
  await setLang(preferredLang());
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  render();
}

start();
