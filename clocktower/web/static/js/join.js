// Every secret link opens this page (/join/<token>): it asks the server which role the
// token is, then starts the Storyteller's grimoire, a player's phone view or the spectators'
// town square.
import { api, $, showError } from "./common.js";
import { setCharacters } from "./words.js";

function tokenFromUrl() {
  const m = /\/join\/([^/?#]+)/.exec(location.pathname);
  if (m) return decodeURIComponent(m[1]);
  return new URLSearchParams(location.search).get("token");
}

async function start() {
  const token = tokenFromUrl();
  if (!token) { showError("#fatal", { message: "This link has no token: ask the Storyteller for your link." }); return; }
  let who;
  try {
    who = await api(`/api/join/${encodeURIComponent(token)}`);
  } catch (e) {
    $("#loading").remove();
    showError("#fatal", { message: e.status === 404 ? "This link is not for any game on this server." : e.message });
    return;
  }
  try {
    const script = await api(`/api/games/${encodeURIComponent(who.game)}/script`, { token });
    setCharacters(script.characters);
    who.script = script;
  } catch (e) {
    who.script = { characters: [], jinxes: [], nightsheet: { first: [], other: [] } };
  }
  $("#loading").remove();
  const page = who.role === "storyteller" ? "./grimoire.js" : who.role === "player" ? "./player.js" : "./spectator.js";
  document.body.dataset.role = who.role;
  const mod = await import(page);
  mod.start({ ...who, token });
}

start();
