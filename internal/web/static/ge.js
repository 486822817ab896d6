// The Galactic Empires table, as one seat sees it: each player's Sector
// HQ and fleet (every card with what is played on it), the seat's own
// hand, the deed waiting for answers, and the legal actions as buttons.
// Every node is built from text (h), never markup; names come from the
// catalog's card facts.
import { cat } from "./names.js";
import { h } from "./panels.js";

const KIND_LETTER = { ability: "A", base: "B", crew: "C", equipment: "E", hazard: "H", luck: "L", monster: "M", occurrence: "O", ship: "S", terrain: "T" };
const PHASES = { reserve: "setting aside reserve fleets", allocation: "allocation", play_a: "play cards A", fire: "weapons fire", play_b: "play cards B", discard: "discard", draw: "draw", over: "game over" };

function facts(c) { return c && c.def ? (cat.ge || {})[c.def] : null; }

// cardName is "Name #n", or "a hidden card" for one the seat may not see.
export function cardName(v, i) {
  const f = facts(v.cards[i]);
  return f ? `${f.name} #${i}` : `a hidden card #${i}`;
}

function label(f) {
  return `${f.reaction ? "R/" : ""}${KIND_LETTER[f.kind] || "?"}${f.strength}`;
}

function seatName(gv, q) {
  const p = gv.view.players[q];
  const who = (gv.names || {})[q];
  return `${who ? who + ", " : ""}seat ${q} (${p.deck})`;
}

// describe says an action in words, as the server's ge.Describe does.
export function describe(v, a) {
  const n = (i) => cardName(v, i);
  switch (a.kind) {
    case "reserve": return (a.cards || []).length ? `Set aside as reserve fleet: ${a.cards.map(n).join(", ")}` : "Set aside no reserve fleet";
    case "play": return `Play ${n(a.card)}${a.n === 1 ? " as a hazard" : ""}${a.target >= 0 ? " on " + n(a.target) : ""}${a.player ? ` against seat ${a.player - 1}'s fleet` : ""}`;
    case "swap": return `Swap ${n(a.card)} into the reserve fleet for ${n(a.target)}`;
    case "fire": {
      const t = a.target >= 0 ? n(a.target) : `seat ${-2 - a.target}'s Sector HQ`;
      return `Fire at ${t} with ` + (a.firers || []).map((f) => `${n(f.card)} (${f.phasers || 0} phasers, ${f.heavy || 0} heavy)`).join(", ");
    }
    case "act": return `Use ${n(a.card)}${a.n ? ` (choice ${a.n + 1})` : ""}${a.target >= 0 ? " on " + n(a.target) : ""}${a.via ? " carried by " + n(a.via - 1) : ""}`;
    case "react": return `Answer with ${n(a.card)}${a.n ? ` (${a.n})` : ""}`;
    case "pass": return "Let it happen";
    case "next": return `End the ${PHASES[v.phase] || v.phase} phase`;
    case "end": return `Draw ${a.n} and end the turn`;
    case "engaged": return "End allocation: engage what is paid";
    case "engage": return `Pay to engage ${n(a.card)}`;
    case "arm": return `Arm ${a.n} heavy weapon${a.n > 1 ? "s" : ""} of ${n(a.card)}`;
    case "plasma": return `Arm ${n(a.card)}'s variable plasma with ${a.n} energy`;
    case "emf": return `Put ${a.n} energy into ${n(a.card)}'s field`;
    case "repair": return `Repair ${a.n} on ${n(a.card)}`;
    case "research": return `Put ${a.n} research on ${n(a.card)}`;
    case "mode": return `${n(a.card)}: choice ${a.n + 1} this turn` + (a.player ? `, looking into seat ${a.player - 1}'s hand` : "");
    case "spend": return `Spend ${n(a.card)} for a supply point`;
    case "discard": return `Discard ${n(a.card)}`;
  }
  return a.kind;
}

// cardBox is one card in play and the cards played on it.
function cardBox(v, i) {
  const c = v.cards[i];
  const f = facts(c) || { name: "?", kind: "", strength: 0 };
  const state = [c.engaged ? "engaged" : "disengaged"];
  if (c.damage) state.push(`${c.damage} damage`);
  if (c.shield) state.push(`${c.shield} shields down`);
  if (c.emf) state.push(`field ${c.emf}`);
  if (c.against) state.push(`played by seat ${c.owner}`);
  const on = v.cards.map((o, j) => [o, j]).filter(([o]) => o.zone === "play" && o.on === i + 1).map(([, j]) => cardBox(v, j));
  return h("li", { class: "ge-card" + (c.engaged ? "" : " idle"), "data-card": i },
    h("b", {}, f.name), ` ${label(f)} #${i}`, h("span", { class: "muted" }, ` — ${state.join(", ")}`),
    on.length ? h("ul", { class: "ge-stack" }, on) : null);
}

function playerBox(gv, p) {
  const v = gv.view;
  const top = v.cards.map((c, i) => [c, i]).filter(([c]) => c.zone === "play" && c.owner === p.seat && !c.on).map(([, i]) => cardBox(v, i));
  const reserve = (p.reserve.cards || []).map((i) => cardName(v, i));
  return h("div", { class: "ge-player" + (p.seat === v.waiting ? " waiting" : ""), "data-seat": p.seat },
    h("h3", {}, seatName(gv, p.seat), p.out ? " — out of the game" : ""),
    h("p", {}, h("span", { class: "hq" }, `Sector HQ ${p.hq}/25 damage`), ` · deck ${p.draw.count} · hand ${p.hand.count} · discard ${p.discard.count} · reserve ${p.reserve.count}`),
    reserve.length ? h("p", { class: "muted" }, `Reserve fleet: ${reserve.join(", ")}`) : null,
    top.length ? h("ul", { class: "ge-fleet" }, top) : h("p", { class: "muted" }, "No cards in play."));
}

function handBox(gv) {
  const v = gv.view;
  const me = v.players[gv.seat];
  if (!me) return h("p", {}, "You are watching: hands are hidden.");
  const cards = (me.hand.cards || []).map((i) => {
    const f = facts(v.cards[i]) || { name: "?", kind: "", strength: 0 };
    const bits = [];
    if (f.costs) bits.push("costs " + Object.entries(f.costs).map(([k, n]) => `${n} ${k}`).join(", "));
    if (f.points) bits.push("generates " + Object.entries(f.points).map(([k, n]) => `${n} ${k}`).join(", "));
    return h("li", { "data-card": i }, h("b", {}, f.name), ` ${label(f)} #${i}`, bits.length ? h("small", {}, ` (${bits.join("; ")})`) : null);
  });
  return h("ul", { class: "cards", id: "ge-hand-list" }, cards);
}

// renderGE draws the table; act sends a legal action.
export function renderGE(gv, live, act) {
  const v = gv.view;
  const $ = (s) => document.querySelector(s);
  document.body.dataset.game = "ge";
  document.body.dataset.seq = live ? gv.seq : "";
  const me = gv.seat >= 0 ? `seat ${gv.seat}` : "Watching";
  $("#game-title").textContent = `Galactic Empires: ${me} — game ${gv.id}`;
  $("#phase").textContent = `turn ${v.turn}, seat ${v.active}'s ${PHASES[v.phase] || v.phase}, ${v.plays} of ${v.play_limit} card plays` +
    (v.phase === "over" ? `, seat ${v.winner} wins` : "");
  $("#why").textContent = gv.why || "";
  const legal = (live && gv.legal) || [];
  $("#turn").textContent = legal.length ? "Your move" : "Waiting";
  $("#turn").className = legal.length ? "turn mine" : "turn";
  $("#status").textContent = `step ${gv.seq}`;
  const pending = v.pending ? [h("p", { class: "notice" }, `Seat ${v.pending.deed.seat}: ${describe(v, v.pending.deed)}. Seat ${v.pending.asked[0]} may answer.`)] : [];
  $("#ge-table").replaceChildren(...pending, ...v.players.map((p) => playerBox(gv, p)),
    h("h3", {}, "What happened"), h("ol", { class: "ge-log" }, (v.log || []).slice(-12).map((n) => h("li", {}, `turn ${n.turn}, seat ${n.seat}: ${n.text}`))));
  $("#ge-hand").replaceChildren(handBox(gv));
  const groups = new Map();
  legal.forEach((a, i) => {
    if (!groups.has(a.kind)) groups.set(a.kind, []);
    groups.get(a.kind).push(h("button", { type: "button", class: "act", "data-i": i, "data-kind": a.kind, onclick: () => act(a) }, describe(v, a)));
  });
  const out = [];
  for (const [k, bs] of groups) out.push(h("h3", {}, k), ...bs);
  if (!legal.length) out.push(h("p", {}, v.phase === "over" ? "The game is over." : `Nothing to do: waiting for seat ${v.waiting}.`));
  $("#actions").replaceChildren(...out);
}
