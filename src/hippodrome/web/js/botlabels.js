// The name of each bot level in each game, as /api/games gives it: the search is "hard" in the
// games where the benchmark shows it beating the heuristic, and offered as experimental elsewhere.
import { t } from "./i18n.js";

const labels = {};

/** Keep each game's bot labels (message keys) from the /api/games list. */
export function rememberBotLabels(games) {
  for (const g of games || []) labels[g.id] = g.bot_labels || {};
}

/** The level a bot kind plays at in a game, in the reader's language. */
export function botLabel(game, kind) {
  return t(labels[game]?.[kind] || `web.bot.${kind}`);
}
