// The town square: a circle of seats drawn in SVG, the same drawing for every page.
//
// drawTownSquare(svgParent, square, opts) replaces the parent's content with an <svg>.
// `square` is plain data (no protocol knowledge):
//   { seats: [{ name, alive, ghostVote, traveller,
//               character?, team?, thinks?, alignment?, status?: [str],
//               reminders?: [str], note?: str }],
//     vote?: { nominator, nominee, hands: {name: true|false}, clock: name|null,
//              votes, needed },
//     centre?: [str] }          // one or two short lines written in the middle
// opts: { onSeat(name), selected: Set<name>, selectable: Set<name>|null,
//         highlight: Set<name> (the players being woken or asked) }
// Seats run clockwise from the top. Every seat is a button when opts.onSeat is given
// (Enter or Space activates it) and carries an aria-label saying everything drawn on it.

const NS = "http://www.w3.org/2000/svg";
const SIZE = 1000;
const C = SIZE / 2;

function el(name, attrs = {}, text = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) e.setAttribute(k, String(v));
  }
  if (text !== null) e.textContent = text;
  return e;
}

// Split a label into at most two lines of about `width` characters.
export function twoLines(label, width) {
  if (!label || label.length <= width) return [label || ""];
  const words = label.split(" ");
  let first = "";
  while (words.length && (first + " " + words[0]).trim().length <= width) {
    first = (first + " " + words.shift()).trim();
  }
  if (!first) first = words.shift();
  let rest = words.join(" ");
  if (rest.length > width + 2) rest = rest.slice(0, width + 1) + "…";
  return rest ? [first, rest] : [first];
}

export function seatLayout(n) {
  // Radius of the circle of seats and of one token, so neighbours never overlap.
  const ring = n <= 6 ? 300 : n <= 10 ? 340 : 365;
  const token = Math.min(88, Math.max(38, (Math.PI * ring / n) * 0.72));
  const places = [];
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    places.push({ x: C + ring * Math.cos(a), y: C + ring * Math.sin(a), angle: a });
  }
  return { ring, token, places };
}

export function seatLabel(seat, index, vote, opts = {}) {
  const parts = [`Seat ${index + 1}`, seat.name];
  parts.push(seat.alive ? "alive" : "dead");
  if (!seat.alive) parts.push(seat.ghostVote ? "has a ghost vote" : "ghost vote used");
  if (seat.traveller) parts.push("Traveller");
  if (seat.characterName) parts.push(seat.characterName);
  if (seat.thinksName) parts.push(`thinks they are the ${seat.thinksName}`);
  if (seat.alignment) parts.push(seat.alignment);
  for (const s of seat.status || []) parts.push(s);
  for (const r of seat.reminders || []) parts.push(`reminder ${r}`);
  if (opts.highlight && opts.highlight.has(seat.name)) parts.push("being woken or asked");
  if (vote) {
    if (vote.nominee === seat.name) parts.push("nominated");
    if (vote.nominator === seat.name) parts.push("nominator");
    if (vote.hands && seat.name in vote.hands) parts.push(vote.hands[seat.name] ? "hand raised" : "hand down");
    if (vote.clock === seat.name) parts.push("the vote is here");
  }
  if (seat.note) parts.push(seat.note);
  return parts.join(", ");
}

export function drawTownSquare(parent, square, opts = {}) {
  const seats = square.seats || [];
  const n = seats.length;
  const svg = el("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "townsquare",
                          role: "group", "aria-label": `Town square, ${n} seats` });
  svg.appendChild(el("circle", { cx: C, cy: C, r: C - 8, class: "ts-ground" }));
  const { ring, token, places } = seatLayout(Math.max(n, 1));
  const vote = square.vote || null;

  // The middle: phase lines, and the vote's clock hand.
  if (vote && vote.clock) {
    const i = seats.findIndex((s) => s.name === vote.clock);
    if (i >= 0) {
      const p = places[i];
      const k = (ring - token - 6) / ring;
      svg.appendChild(el("line", { x1: C, y1: C, x2: C + (p.x - C) * k, y2: C + (p.y - C) * k,
                                   class: "ts-clock" }));
    }
  }
  const centre = square.centre || [];
  centre.forEach((line, i) => {
    svg.appendChild(el("text", { x: C, y: C - 16 * (centre.length - 1) + i * 44,
                                 class: i === 0 ? "ts-centre ts-centre-big" : "ts-centre",
                                 "text-anchor": "middle" }, line));
  });

  seats.forEach((seat, i) => {
    const p = places[i];
    const g = el("g", { class: "ts-seat", "data-name": seat.name, "data-seat": i + 1 });
    const classes = ["ts-seat"];
    if (!seat.alive) classes.push("dead");
    if (seat.traveller) classes.push("traveller");
    if (seat.team) classes.push(`team-${seat.team}`);
    if (seat.alignment) classes.push(`align-${seat.alignment}`);
    if (opts.selected && opts.selected.has(seat.name)) classes.push("selected");
    if (opts.highlight && opts.highlight.has(seat.name)) classes.push("woken");
    const selectable = !opts.selectable || opts.selectable.has(seat.name);
    if (opts.onSeat && !selectable) classes.push("unselectable");
    if (vote && vote.nominee === seat.name) classes.push("nominee");
    if (vote && vote.nominator === seat.name) classes.push("nominator");
    g.setAttribute("class", classes.join(" "));
    g.setAttribute("aria-label", seatLabel(seat, i, vote, opts));
    if (opts.onSeat && selectable) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      if (opts.selected) g.setAttribute("aria-pressed", opts.selected.has(seat.name) ? "true" : "false");
      g.addEventListener("click", () => opts.onSeat(seat.name));
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); opts.onSeat(seat.name); }
      });
    } else {
      g.setAttribute("role", "img");
    }

    g.appendChild(el("circle", { cx: p.x, cy: p.y, r: token, class: "ts-token" }));
    // The character (the Storyteller's grimoire, or a player's own seat).
    if (seat.characterName) {
      const lines = twoLines(seat.characterName, token > 60 ? 11 : 8);
      const longest = Math.max(...lines.map((l) => l.length));
      // The longest line fits inside the token (a bold glyph is about 0.62 em wide).
      const fs = Math.max(10, Math.min(26, token * 0.3, (1.7 * token) / (0.62 * longest)));
      lines.forEach((line, k) => {
        g.appendChild(el("text", { x: p.x, y: p.y + fs * 0.35 + (k - (lines.length - 1) / 2) * fs * 1.05,
                                   class: "ts-character", "text-anchor": "middle",
                                   "font-size": fs.toFixed(1) }, line));
      });
      if (seat.thinksName) {
        const said = `thinks ${seat.thinksName}`;
        g.appendChild(el("text", { x: p.x, y: p.y + token * 0.62, class: "ts-thinks",
                                   "text-anchor": "middle",
                                   "font-size": Math.min(fs * 0.7, (1.5 * token) / (0.6 * said.length)).toFixed(1) },
                         said));
      }
    } else {
      g.appendChild(el("text", { x: p.x, y: p.y + token * 0.14, class: "ts-seatno",
                                 "text-anchor": "middle",
                                 "font-size": (token * 0.42).toFixed(1) }, String(i + 1)));
    }
    // Dead: a shroud over the top of the token; the ghost vote as a small white token.
    if (!seat.alive) {
      g.appendChild(el("path", { d: shroud(p.x, p.y, token), class: "ts-shroud" }));
      if (seat.ghostVote) {
        g.appendChild(el("circle", { cx: p.x + token * 0.72, cy: p.y - token * 0.72,
                                     r: Math.max(9, token * 0.2), class: "ts-ghost" }));
      }
    }
    // The name plate under the token.
    const nameSize = Math.max(20, Math.min(32, token * 0.42));
    const plateY = p.y + token + nameSize * 0.95;
    const nameText = seat.name.length > 12 ? seat.name.slice(0, 11) + "…" : seat.name;
    const w = Math.max(token * 1.3, nameText.length * nameSize * 0.6 + 16);
    g.appendChild(el("rect", { x: p.x - w / 2, y: plateY - nameSize * 0.95, width: w,
                               height: nameSize * 1.3, rx: nameSize * 0.4, class: "ts-plate" }));
    g.appendChild(el("text", { x: p.x, y: plateY, class: "ts-name", "text-anchor": "middle",
                               "font-size": nameSize.toFixed(1) }, nameText));
    // Votes: a badge at the right end of the name plate, a tick for a raised hand.
    if (vote && vote.hands && seat.name in vote.hands) {
      const up = vote.hands[seat.name];
      const hr = Math.max(13, nameSize * 0.62);
      const hx = p.x + w / 2 + hr * 0.6, hy = plateY - nameSize * 0.3;
      g.appendChild(el("circle", { cx: hx, cy: hy, r: hr, class: up ? "ts-hand up" : "ts-hand down" }));
      g.appendChild(el("text", { x: hx, y: hy + hr * 0.42, "text-anchor": "middle", class: "ts-hand-text",
                                 "font-size": (hr * 1.2).toFixed(1) }, up ? "✓" : "✗"));
    }
    // Reminder tokens (and the grimoire's statuses) inward along the seat's radius.
    const marks = [...(seat.status || []).map((s) => ({ text: s, kind: "status" })),
                   ...(seat.reminders || []).map((s) => ({ text: s, kind: "reminder" }))];
    const rr = Math.max(22, token * 0.42);
    // Two a row across the seat's radius, the second row further in.
    const tx = -Math.sin(p.angle), ty = Math.cos(p.angle);      // across the radius
    marks.slice(0, 4).forEach((m, k) => {
      const row = Math.floor(k / 2);
      const inRow = Math.min(2, marks.length - row * 2);
      const side = inRow === 1 ? 0 : (k % 2 === 0 ? -0.5 : 0.5) * (rr * 2 + 4);
      const d = ring - token - nameSize * 1.5 - rr - 6 - row * (rr * 2 + 4);
      const x = C + d * Math.cos(p.angle) + side * tx, y = C + d * Math.sin(p.angle) + side * ty;
      g.appendChild(el("circle", { cx: x, cy: y, r: rr, class: `ts-reminder ${m.kind}` }));
      const lines = twoLines(m.text, 9);
      const longest = Math.max(...lines.map((l) => l.length));
      const fs = Math.max(8, Math.min(rr * 0.42, (1.75 * rr) / (0.62 * longest)));
      lines.forEach((line, j) => {
        g.appendChild(el("text", { x, y: y + fs * 0.35 + (j - (lines.length - 1) / 2) * fs,
                                   class: "ts-reminder-text", "text-anchor": "middle",
                                   "font-size": fs.toFixed(1) }, line));
      });
    });
    if (marks.length > 4) {
      const d = ring - token - nameSize * 1.5 - 4 * rr - 24;
      g.appendChild(el("text", { x: C + d * Math.cos(p.angle), y: C + d * Math.sin(p.angle),
                                 "text-anchor": "middle", class: "ts-reminder-text" },
                       `+${marks.length - 4}`));
    }
    svg.appendChild(g);
  });
  parent.replaceChildren(svg);
  return svg;
}

function shroud(x, y, r) {
  // A dark cap over the top of the token (the character's name stays readable below it).
  const k = 0.42;                                  // the cap ends k*r above the centre
  const dx = r * Math.sqrt(1 - k * k);
  return `M ${x - dx} ${y - k * r} A ${r} ${r} 0 0 1 ${x + dx} ${y - k * r} Z`;
}
