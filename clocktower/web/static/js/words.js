// Words for game things in the browser: character names, events, answers.
// The server's own words win when a message carries them (`text`, `label`); these are the
// fallback, following clocktower/text.py.

let CHARACTERS = {};          // id -> {id, name, team, ability, reminders, ...}

export function setCharacters(list) {
  CHARACTERS = {};
  for (const c of list || []) CHARACTERS[c.id] = c;
}

export function character(id) {
  return CHARACTERS[id] || null;
}

export function cname(id) {
  if (!id) return "?";
  const c = CHARACTERS[id];
  if (c) return c.name;
  const s = String(id);                // not on the script (a Traveller the script lacks)
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function addCharacter(c) {
  if (c && c.id) CHARACTERS[c.id] = c;
}

export function team(id) {
  const c = CHARACTERS[id];
  return c ? c.team : null;
}

const list = (xs) => (xs && xs.length ? xs.join(", ") : "nobody");

export function describeInfo(ev) {
  if (ev.text) return ev.text;
  const a = ev.ability;
  if (ev.grimoire) return "sees the Grimoire";
  if (a === "setup" || ev.reason === "you are") {
    let s = `you are the ${cname(ev.character)}`;
    if (ev.alignment) s += ` (${ev.alignment})`;
    return s;
  }
  if (a === "minioninfo") {
    let s = `the Demon is ${list(ev.players)}`;
    if (ev.minions && ev.minions.length) s += `; fellow Minions: ${ev.minions.join(", ")}`;
    return s;
  }
  if (a === "demoninfo") {
    return `Minions: ${list(ev.players)}; bluffs: ${(ev.characters || []).map(cname).join(", ")}`;
  }
  if (a === "traveller") return `(an evil Traveller) the Demon is ${list(ev.players)}`;
  if (ev.character && ev.players && ev.players.length === 2) {
    return `one of ${ev.players[0]} and ${ev.players[1]} is the ${cname(ev.character)}`;
  }
  if (ev.character && ev.players) return `${ev.players.join(", ")} is the ${cname(ev.character)}`;
  const parts = [];
  if (ev.character) parts.push(`character ${cname(ev.character)}`);
  if (ev.players) parts.push(`players ${ev.players.join(", ")}`);
  if (ev.characters) parts.push(`characters ${ev.characters.map(cname).join(", ")}`);
  if ("count" in ev) parts.push(`the number ${ev.count}`);
  if ("yes" in ev) parts.push(ev.yes ? "yes" : "no");
  for (const k of ["alignment", "direction", "answer"]) if (k in ev) parts.push(`${k} ${ev[k]}`);
  return parts.join("; ") || "nothing";
}

// One event as a line of text, or null for events not worth a line.
export function describeEvent(ev) {
  if (ev.text) return ev.text;
  switch (ev.type) {
    case "seating": return `Seated: ${ev.players.join(", ")}`;
    case "night": return `Night ${ev.number} falls`;
    case "dawn": return ev.deaths && ev.deaths.length ? `Dawn: ${ev.deaths.join(", ")} died in the night`
                                                      : "Dawn: nobody died in the night";
    case "day": return `Day ${ev.number}`;
    case "day_end": return ev.executed ? `The day ends; ${ev.executed} was executed` : "The day ends; no execution";
    case "learn": return `${ev.player} learns: ${describeInfo(ev)}`;
    case "choice": return `${ev.player} chooses ${choiceText(ev)}`;
    case "declined": return `${ev.player} chooses nobody${ev.ability ? ` (${cname(ev.ability)})` : ""}`;
    case "nominate": return `${ev.by} nominates ${ev.target}`;
    case "nomination": return `${ev.by} nominated ${ev.target}: ${ev.votes} vote${ev.votes === 1 ? "" : "s"} (needs ${ev.threshold})${ev.voters && ev.voters.length ? " — " + ev.voters.join(", ") : ""}`;
    case "execution": return `${ev.player} is executed`;
    case "death": return `☠ ${ev.player} dies${ev.cause ? ` (${ev.cause})` : ""}`;
    case "exile_vote": return `Exile of ${ev.target}: ${ev.votes} votes (needs ${ev.threshold})`;
    case "exile": return `${ev.player} is exiled`;
    case "claim": return `${ev.player} claims to be the ${cname(ev.character)}`;
    case "claim_ability": return `${ev.player} uses the ${cname(ev.character)} ability`;
    case "nothing_happens": return "Nothing happens";
    case "announcement": return `Storyteller: ${ev.words || ""}`;
    case "game_over": return `${String(ev.winner).toUpperCase()} WINS — ${ev.reason}`;
    case "ruling": return `Storyteller's ruling: ${ev.action} ${ev.player}` +
      (ev.character ? ` → ${cname(ev.character)}` : "") + (ev.alignment ? ` (${ev.alignment})` : "") +
      (ev.until ? ` until ${ev.until}` : "");
    case "bluffs": return `Demon bluffs: ${(ev.characters || []).map(cname).join(", ")}`;
    case "wake": return `Wake ${ev.player || (ev.players || []).join(", ")} (${cname(ev.ability)})`;
    case "reminder": return `Reminder ${ev.token || ""} → ${ev.player || ev.target || ""}`;
    case "effect": return `${ev.target} is ${String(ev.kind).replace(/_/g, " ")}${ev.ability || ev.source ? ` (${cname(ev.ability || ev.source)})` : ""}`;
    case "character_change": return `${ev.player} becomes the ${cname(ev.new)}`;
    case "decision": return null;
    default: return null;
  }
}

// What a `choice` event chose: players, a character, or yes/no.
export function choiceText(ev) {
  if (ev.players) return describeAnswer(ev.players);
  if (ev.character) return `the ${cname(ev.character)}`;
  if ("yes" in ev) return ev.yes ? "yes" : "no";
  return "";
}

export function describeAnswer(answer) {
  if (answer === null || answer === undefined) return "none / decline";
  if (answer === true || answer === false) return answer ? "yes" : "no";
  if (typeof answer === "string") return CHARACTERS[answer] ? CHARACTERS[answer].name : answer;
  if (typeof answer === "number") return String(answer);
  if (Array.isArray(answer)) return answer.length ? answer.map(describeAnswer).join(", ") : "nobody";
  if (typeof answer === "object") {
    if ("nominate" in answer) return `nominate ${answer.nominate}`;
    if ("exile" in answer) return `call for the exile of ${answer.exile}`;
    const keys = Object.keys(answer);
    if (keys.length === 2 && "character" in answer && "alignment" in answer) {
      return `registers as ${cname(answer.character)} (${answer.alignment})`;
    }
    if ("player" in answer && "character" in answer && keys.length === 2) {
      return `${answer.player} as the ${cname(answer.character)}`;
    }
    return describeInfo(answer);
  }
  return String(answer);
}

export function phaseLine(table) {
  if (!table) return "";
  if (table.winner) return `Game over: ${table.winner} wins`;
  if (table.phase === "night") return `Night ${table.night}`;
  if (table.phase === "day") return `Day ${table.day}`;
  return table.phase ? table.phase[0].toUpperCase() + table.phase.slice(1) : "";
}
