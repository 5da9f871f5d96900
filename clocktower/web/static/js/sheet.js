// The character sheet of a game's script (/sheet/<token>, any of the game's links): every
// character by team with its ability and, one click away, its almanac text; and the jinxes.
// Public information: no secrets here.
import { api, h, $, showError, almanacDetails } from "./common.js";

const TEAMS = [["townsfolk", "Townsfolk"], ["outsider", "Outsiders"], ["minion", "Minions"],
  ["demon", "Demons"], ["traveller", "Travellers"], ["fabled", "Fabled"], ["loric", "Loric"]];

function tokenFromUrl() {
  const m = /\/sheet\/([^/?#]+)/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

export function renderSheet(main, script) {
  const name = (id) => (script.characters.find((c) => c.id === id) || {}).name || id;
  const sections = TEAMS.map(([team, title]) => {
    const cs = script.characters.filter((c) => c.team === team);
    if (!cs.length) return null;
    return h("section", { class: "panel", "aria-labelledby": `team-${team}` },
      h("h2", { id: `team-${team}` }, title),
      h("dl", { class: "sheet" }, cs.flatMap((c) => [h("dt", {}, c.name || c.id), h("dd", {}, c.ability || "",
        c.homebrew ? null : almanacDetails(c.id, c.name || c.id, { id: `almanac-${c.id}` }))])));
  });
  const jinxes = (script.jinxes || []).length ? h("section", { class: "panel" }, h("h2", {}, "Jinxes"),
    h("dl", { class: "sheet" }, script.jinxes.flatMap((j) => [h("dt", {}, `${name(j.a)} & ${name(j.b)}`), h("dd", {}, j.rule)]))) : null;
  main.append(...sections, jinxes);
}

async function start() {
  const token = tokenFromUrl();
  if (!token) { showError("#fatal", { message: "This link has no token: ask the Storyteller for the sheet's link." }); return; }
  try {
    const who = await api(`/api/join/${encodeURIComponent(token)}`);
    const script = await api(`/api/games/${encodeURIComponent(who.game)}/script`, { token });
    $("#loading").remove();
    const title = script.title || who.title || "Character sheet";
    document.title = `${title} · Character sheet`;
    $("#title").textContent = title;
    renderSheet($("#main"), script);
  } catch (e) {
    $("#loading").remove();
    showError("#fatal", { message: e.status === 404 ? "This link is not for any game on this server." : e.message });
  }
}

if (typeof location !== "undefined") start();
