// Words for game things in the browser: character names and answers. Events come with the
// server's words (`line`: the narration's, clocktower/narrate.py) and options with their
// `label`; describeAnswer is only for the few answers shown without one.

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

// Every reminder token of the characters known to the page (the script's), once each.
export function reminderTokens() {
  const out = new Set();
  for (const c of Object.values(CHARACTERS)) for (const t of [...(c.reminders || []), ...(c.reminders_global || [])]) out.add(t);
  return [...out].sort();
}

export function addCharacter(c) {
  if (c && c.id) CHARACTERS[c.id] = c;
}

export function team(id) {
  const c = CHARACTERS[id];
  return c ? c.team : null;
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
    return Object.entries(answer).map(([k, v]) => `${k} ${describeAnswer(v)}`).join("; ");
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
