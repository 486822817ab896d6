// The panels beside the map: each player's area, the hand, the table's
// objectives and laws, the combat. Built from text nodes only: names and
// anything a player typed are never parsed as markup.
import { cat, name, about, faction, systemName, planetLine, unitName, unitCard, units } from "./names.js";
import { colorOf } from "./map.js";

export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== undefined && k !== null && k !== false) e.append(k instanceof Node ? k : String(k));
  return e;
}

// explained is a component's name that shows the project's account of it
// when pointed at or focused (by keyboard or a tap), if it has one.
export function explained(id, label = name(id)) {
  const text = about(id);
  if (!text) return h("span", {}, label);
  return h("span", { class: "explained", tabindex: "0" }, label, h("span", { class: "tip", role: "tooltip" }, text));
}

// joined is a list of nodes with commas between them.
const joined = (nodes) => nodes.flatMap((n, i) => (i ? [", ", n] : [n]));

const scored = (p) => [...(p.publics || []), ...(p.scored_secrets || [])];
const TECH_COLORS = ["blue", "green", "red", "yellow"];

function swatch(state, seat) {
  const s = h("span", { class: "swatch", "aria-hidden": "true" });
  s.style.background = colorOf(state, seat);
  return s;
}

function techList(p) {
  const by = {};
  for (const t of p.techs || []) {
    const c = (cat.techById[t] || {}).color || "unit";
    (by[c] = by[c] || []).push(t);
  }
  return h("div", { class: "techs" }, [...TECH_COLORS, "unit"].filter((c) => by[c]).map((c) =>
    h("span", { class: `tech tech-${c}` }, `${c === "unit" ? "unit upgrades" : c}: `, joined(by[c].map((t) => explained(t, name(t) + ((p.exhausted_techs || []).includes(t) ? " (exhausted)" : "")))))));
}

// leaderRow is the player's leaders: agents ready or exhausted, the
// commander and hero locked, unlocked or purged.
function leaderRow(p) {
  const set = (cat.leaders || {})[p.faction];
  if (!set) return h("div", { class: "row" }, `Commander ${p.commander || "locked"}` + (p.hero ? ` · hero ${p.hero}` : ""));
  const agents = set.agents.map((a) => explained(a, `${name(a)} (agent${(p.exhausted_techs || []).includes(a) ? ", exhausted" : ""})`));
  const commander = explained(set.commander, `${name(set.commander)} (commander, ${p.commander || "locked"})`);
  const heroes = set.heroes.map((x) => explained(x, `${name(x)} (hero, ${p.hero || "locked"})`));
  return h("div", { class: "row" }, "Leaders: ", joined([...agents, commander, ...heroes]));
}

function planetsOf(state, seat) {
  const out = [];
  for (const sys of state.systems || []) for (const p of sys.planets || []) if (p.controller === seat) out.push(p);
  return out;
}

// playerArea is one player's sheet and play area.
export function playerArea(state, gv, p) {
  const hidden = gv.view.hidden;
  const planets = planetsOf(state, p.seat);
  const ready = planets.filter((x) => !x.exhausted);
  const sum = (ps, k) => ps.reduce((n, x) => n + ((cat.planets[x.name] || {})[k] || 0), 0);
  const typed = gv.names[p.seat];
  const deciding = (gv.view.deciding || []).includes(p.seat);
  const strategy = (p.strategy_cards || []).map((c) => explained(c, name(c) + ((p.used_strategy || []).includes(c) ? " (used)" : "")));
  return h("section", { class: "player" + (deciding ? " deciding" : ""), "aria-label": `${faction(state, p.seat)}'s area` },
    h("header", {}, swatch(state, p.seat), h("b", {}, faction(state, p.seat)), " ", h("span", { class: "name" }, typed ? `(${typed})` : "(empty seat)"),
      h("span", { class: "vp", title: "victory points" }, `${p.vp} VP`)),
    h("div", { class: "row" },
      `Tokens ${p.tactic}/${p.fleet}/${p.strategy} (tactic/fleet/strategy)`, " · ",
      `${p.trade_goods} trade goods`, " · ", `${p.commodities} commodities`,
      p.passed ? " · passed" : "", p.eliminated ? " · eliminated" : "", p.seat === state.speaker ? " · speaker" : "",
      (gv.reissued || {})[p.seat] ? ` · the host gave this seat a new link ${gv.reissued[p.seat]}×` : ""),
    strategy.length ? h("div", { class: "row" }, "Strategy: ", joined(strategy)) : null,
    h("div", { class: "row" }, `Planets ${planets.length}: ${sum(ready, "resources")} resources and ${sum(ready, "influence")} influence ready of ${sum(planets, "resources")}/${sum(planets, "influence")}`),
    h("ul", { class: "planets" }, planets.map((x) => h("li", { class: x.exhausted ? "exhausted" : "" }, planetLine(x.name) + (x.exhausted ? " — exhausted" : "")))),
    techList(p),
    (p.notes_in_play || []).length ? h("div", { class: "row" }, "Notes in play: ", joined(p.notes_in_play.map((n) => explained(n)))) : null,
    (p.relics || []).length ? h("div", { class: "row" }, "Relics: ", joined(p.relics.map((r) => explained(r, name(r) + ((p.exhausted_relics || []).includes(r) ? " (exhausted)" : ""))))) : null,
    leaderRow(p),
    scored(p).length ? h("div", { class: "row" }, "Scored: ", joined(scored(p).map((o) => explained(o)))) : null,
    h("div", { class: "row muted" }, `In hand: ${hidden.action_cards[p.seat]} action cards, ${hidden.secrets[p.seat]} secret objectives, ${hidden.promissory[p.seat]} promissory notes`),
  );
}

const USES = { play_action_card: "can be played now", play_promissory: "can be played now", keep_secret: "to keep or return", score_objective: "can be scored now" };

// hand is the seat's own cards, marked where one can be played now.
export function hand(me, legal) {
  if (!me) return h("p", {}, "You are watching: hands are hidden.");
  const playable = new Map(legal.filter((a) => USES[a.kind]).map((a) => [a.card, USES[a.kind]]));
  const card = (id, kind) => {
    const info = kind === "action" ? cat.action[id] : cat.stage[id];
    const bits = [];
    if (info && info.timing) bits.push(`played: ${info.timing.replaceAll("_", " ")}`);
    if (info && info.points) bits.push(`${info.points} VP`);
    if (info && info.phase) bits.push(`scored in the ${info.phase} phase`);
    return h("li", { class: playable.has(id) ? "playable" : "" }, h("b", {}, name(id)), bits.length ? ` (${bits.join(", ")})` : "",
      about(id) ? h("div", { class: "about" }, about(id)) : null, playable.has(id) ? h("span", { class: "tag" }, playable.get(id)) : null);
  };
  return h("div", {},
    h("h3", {}, "Action cards"), h("ul", { class: "cards" }, (me.action_cards || []).map((c) => card(c, "action"))),
    h("h3", {}, "Secret objectives"), h("ul", { class: "cards" }, [...(me.secrets || []).map((c) => card(c, "secret")), ...(me.secret_choice || []).map((c) => card(c, "secret"))]),
    h("h3", {}, "Promissory notes"), h("ul", { class: "cards" }, (me.promissory || []).map((c) => card(c, "note"))));
}

// table is the objectives revealed, who scored them, the laws and the agenda.
export function table(state) {
  const scoredBy = (id) => state.players.filter((p) => scored(p).includes(id)).map((p) => faction(state, p.seat));
  const objs = (state.decks.revealed || []).map((id) => {
    const c = cat.stage[id] || {};
    const who = scoredBy(id);
    return h("li", {}, h("b", {}, name(id)), ` — stage ${c.stage === 2 ? "II" : "I"}, ${c.points || 1} VP`, who.length ? ` · scored by ${who.join(", ")}` : "",
      about(id) ? h("div", { class: "about" }, about(id)) : null);
  });
  const laws = (state.laws || []).map((l) => h("li", {}, h("b", {}, explained(l.card)), l.elected ? ` — ${outcome(state, l.elected)}` : "", l.owner >= 0 ? ` (${faction(state, l.owner)})` : "",
    about(l.card) ? h("div", { class: "about" }, about(l.card)) : null));
  const out = [h("h3", {}, "Public objectives"), objs.length ? h("ul", {}, objs) : h("p", {}, "None revealed yet."),
    h("h3", {}, "Laws"), laws.length ? h("ul", {}, laws) : h("p", {}, "No laws in play.")];
  if (state.agenda && state.agenda.card) out.push(...agendaBallot(state, state.agenda));
  if (state.custodians) out.push(h("p", { class: "muted" }, "The custodians token is still on Mecatol Rex."));
  return out;
}

const outcome = (state, o) => (/^\d+$/.test(o) ? faction(state, +o) : o === "for" || o === "against" ? o : name(o));
const ELECT = { for_against: "vote for or against", non_home_planet_other_than_mecatol: "elect a planet (not a home system or Mecatol Rex)", other: "elect an outcome" };

// agendaBallot is the agenda being voted on: what it is, what it does, the
// votes cast so far with their totals, and who votes next.
function agendaBallot(state, ag) {
  const c = cat.agenda[ag.card] || {};
  const kind = [c.type, c.elect ? ELECT[c.elect] || `elect a ${c.elect.replaceAll("_", " ")}` : ""].filter(Boolean).join(" · ");
  const tally = {};
  for (const b of ag.ballots || []) if (b.outcome) tally[b.outcome] = (tally[b.outcome] || 0) + b.votes;
  const next = (ag.voters || [])[0];
  return [h("h3", {}, `Agenda ${ag.number}: ${name(ag.card)}`),
    kind ? h("p", { class: "muted" }, kind) : null,
    about(ag.card) ? h("p", { class: "about" }, about(ag.card)) : null,
    h("ul", { class: "ballots" }, (ag.ballots || []).map((b) => h("li", {}, `${faction(state, b.seat)} ${b.outcome ? `casts ${b.votes} ${b.votes === 1 ? "vote" : "votes"} ${/^(for|against)$/.test(b.outcome) ? "" : "for "}${outcome(state, b.outcome)}` : "abstains"}`)),
      Object.entries(tally).map(([o, v]) => h("li", { class: "tally" }, `In all ${/^(for|against)$/.test(o) ? "" : "for "}${outcome(state, o)}: ${v}`))),
    next !== undefined ? h("p", {}, `Votes next: ${faction(state, next)}`) : null].filter(Boolean);
}

function stacksHere(state, c) {
  const sys = (state.systems || []).find((s) => s.pos === c.system) || {};
  if (c.kind === "space") return sys.space || [];
  const pl = (sys.planets || []).find((p) => p.name === c.planet) || {};
  return pl.units || [];
}

// combatPanel shows the combat in progress to every seat and watcher: the
// units on each side, the dice of its rolls, the hits to assign.
export function combatPanel(state, dice, onOdds) {
  const c = state.combat;
  if (!c) return null;
  const here = stacksHere(state, c);
  const side = (seat) => here.filter((s) => s.owner === seat);
  const list = (seat) => side(seat).map((s) => units(s.unit, s.count) + (s.damaged ? ` (${s.damaged} damaged)` : "")).join(", ") || "nothing";
  const rolls = (dice || []).filter((d) => d.system === c.system && d.combat === c.kind).slice(-6);
  // The defender, or where there is none yet (units landing on an empty
  // planet under another's PDS) every other owner of units there.
  const defenders = c.defender >= 0 ? [c.defender] : [...new Set(here.map((s) => s.owner))].filter((q) => q !== c.attacker);
  return h("div", { class: "combat" },
    h("p", {}, h("b", {}, `${c.kind[0].toUpperCase() + c.kind.slice(1)} combat`), ` in ${systemName(state, c.system)}${c.planet ? ` on ${c.planet}` : ""}, ${c.round ? `round ${c.round}` : "before the first round"} (${c.step.replaceAll("_", " ")})`),
    h("p", {}, swatch(state, c.attacker), h("b", {}, faction(state, c.attacker)), ` attacks with ${list(c.attacker)}`),
    ...defenders.map((q) => h("p", {}, swatch(state, q), h("b", {}, faction(state, q)), ` defends with ${list(q)}`)),
    defenders.length ? null : h("p", {}, "No one defends."),
    (c.owed || []).map((o) => h("p", { class: "owed" }, `${faction(state, o.seat)} must assign ${o.hits} hit${o.hits === 1 ? "" : "s"}` + (o.planet ? ` on ${o.planet}` : "") + ` (${o.rule})`)),
    rolls.length ? h("div", { class: "dice" }, rolls.map((r) => h("div", {}, `${r.seat >= 0 ? `${faction(state, r.seat)}'s roll` : "Dice"}${r.round ? `, round ${r.round}` : ""}: `,
      (r.dice && r.dice.length ? r.dice : r.faces.map((f) => ({ face: f }))).map((d) => h("span", {
        class: "die" + (d.need ? (d.face + (d.plus || 0) >= d.need ? " hit" : " miss") : ""),
        title: d.need ? `${unitName(d.unit)}: ${d.face} rolled, ${d.need} needed` : `${d.face} rolled`,
      }, String(d.face)))))) : h("p", { class: "muted" }, "No dice rolled in this combat yet."),
    h("button", { type: "button", onclick: () => onOdds(oddsQuery(state, c)) }, "Odds from here"),
  );
}

// oddsQuery is the calculator's form for the combat's units as they stand.
export function oddsQuery(state, c) {
  const here = stacksHere(state, c);
  const list = (seat) => here.filter((s) => s.owner === seat).map((s) => {
    const u = unitCard(state.players[seat], s.unit);
    return `${s.count} ${u ? u.id : s.unit}`;
  }).join(", ");
  return { attacker: list(c.attacker), defender: c.kind === "space" ? list(c.defender) : "", planet: c.kind === "space" ? "" : list(c.defender), mode: c.kind === "space" ? "space" : "ground" };
}
