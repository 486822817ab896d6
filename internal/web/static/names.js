// Names and sentences: the page shows what players call things, from the
// server's catalog, never raw ids. Everything here returns plain text.
export const cat = { names: {}, about: {}, tiles: {}, planets: {}, units: [], techs: [], factions: [], strategy: [] };

export async function loadCatalog() {
  const res = await fetch("/api/catalog");
  if (res.ok) Object.assign(cat, await res.json());
  cat.techById = Object.fromEntries((cat.techs || []).map((t) => [t.id, t]));
  cat.factionById = Object.fromEntries((cat.factions || []).map((f) => [f.id, f]));
  cat.stage = Object.fromEntries([...(cat.publics || []), ...(cat.secrets || [])].map((c) => [c.id, c]));
  cat.action = Object.fromEntries((cat.action_cards || []).map((c) => [c.id, c]));
  cat.agenda = Object.fromEntries((cat.agendas || []).map((c) => [c.id, c]));
}

// about is the project's short account of a component, if it has one: a
// faction's copy of a generic note shares the generic one's.
export const about = (id) => (id ? cat.about[id] || cat.about[String(id).replace(/^[a-z0-9]+:/, "")] || "" : "");

// name is a component's printed name; an unknown id reads as words.
export function name(id) {
  if (id === undefined || id === null || id === "") return "";
  return cat.names[id] || String(id).replace(/^[a-z0-9]+:/, "").replaceAll("_", " ");
}

const UNIT = {
  carrier: ["Carrier", "CV"], cruiser: ["Cruiser", "CA"], destroyer: ["Destroyer", "DD"], dreadnought: ["Dreadnought", "DN"],
  fighter: ["Fighter", "FF"], flagship: ["Flagship", "FS"], war_sun: ["War Sun", "WS"], infantry: ["Infantry", "GF"],
  mech: ["Mech", "MC"], pds: ["PDS", "PDS"], space_dock: ["Space Dock", "SD"],
};
export const unitName = (t, n = 1) => (UNIT[t] ? UNIT[t][0] : name(t)) + (n > 1 && !/s$/.test(t) ? "s" : "");
export const unitShort = (t) => (UNIT[t] ? UNIT[t][1] : String(t).slice(0, 3).toUpperCase());
export const units = (t, n) => `${n} ${unitName(t, n).toLowerCase()}`;

// unitCard is the unit card a player has for a generic type: the
// faction's own where there is one, upgraded when they own the upgrade.
export function unitCard(player, type) {
  const all = (cat.units || []).filter((u) => u.type === type && (!u.faction || u.faction === player.faction));
  const own = all.some((u) => u.faction) ? all.filter((u) => u.faction) : all;
  const techs = new Set(player.techs || []);
  return own.find((u) => u.level === 2 && techs.has(u.id)) || own.find((u) => u.level === 1) || own[0];
}

export function faction(state, seat) {
  const p = state && state.players && state.players[seat];
  if (!p) return seat === -1 ? "the referee" : `seat ${seat}`;
  const f = cat.factionById && cat.factionById[p.faction];
  return f ? f.short : name(p.faction);
}

export function systemName(state, pos) {
  const sys = (state.systems || []).find((s) => s.pos === pos);
  if (!sys) return `position ${pos}`;
  if (sys.planets && sys.planets.length) return sys.planets.map((p) => p.name).join(" / ");
  const t = cat.tiles[sys.tile];
  const what = t && t.anomalies && t.anomalies.length ? t.anomalies.map((a) => a.replaceAll("_", " ")).join(", ") : t && t.wormholes && t.wormholes.length ? `${t.wormholes.join("/")} wormhole` : "empty space";
  return `${what} (tile ${sys.tile})`;
}

export function planetLine(pname) {
  const p = cat.planets[pname];
  if (!p) return pname;
  const bits = [`${p.resources}/${p.influence}`];
  if (p.trait) bits.push(p.trait);
  if (p.tech) bits.push(`${p.tech} skip`);
  if (p.legendary) bits.push("legendary");
  return `${pname} (${bits.join(", ")})`;
}

const pools = (p) => (p ? `${p.tactic} tactic, ${p.fleet} fleet, ${p.strategy} strategy` : "");

// VERBS turn an action into a sentence fragment after the player's name.
const VERBS = {
  activate: (a, s) => `activates ${systemName(s, a.system)}`,
  move_ships: (a, s) => `moves ${units(a.unit, a.count || 1)} from ${systemName(s, a.system)}` + (a.to !== undefined ? ` to ${systemName(s, a.to)}` : ""),
  transport: (a, s) => `carries ${units(a.unit, a.count || 1)} from ${a.planet || systemName(s, a.system)}`,
  end_movement: () => "ends movement",
  end_tactical: () => "ends the tactical action",
  pick_strategy_card: (a) => `chooses ${name(a.card)}`,
  strategic_action: (a) => `plays ${name(a.card)}'s primary ability`,
  secondary: (a) => (a.use ? "uses the secondary ability" : "declines the secondary ability"),
  pass: () => "passes for the round",
  pass_window: () => "passes",
  done: () => "is done",
  produce: (a) => `produces ${units(a.unit, a.count || 1)} at ${a.planet || "space"}`,
  place_structure: (a) => `places a ${unitName(a.unit)} on ${a.planet}`,
  spend_planet: (a) => `exhausts ${planetLine(a.planet)}${a.use ? ", counting its influence where the cost takes both" : ""}`,
  spend_trade_goods: (a) => `spends ${a.count} trade good${a.count === 1 ? "" : "s"}${a.use ? ", as influence where the cost takes both" : ""}`,
  spend_tokens: (a) => `spends command tokens (${pools(a.pools)})`,
  gain_tokens: (a) => `gains command tokens (${pools(a.pools)})`,
  redistribute_tokens: (a) => `arranges command tokens: ${pools(a.pools)}`,
  research: (a) => `researches ${name(a.card)}`,
  score_objective: (a) => `scores ${name(a.card)}`,
  keep_secret: (a) => (a.card ? `keeps the secret objective ${name(a.card)}` : "keeps a secret objective"),
  return_secret: (a) => (a.card ? `returns the secret objective ${name(a.card)}` : "returns a secret objective"),
  play_action_card: (a, s) => `plays ${name(a.card)}` + (a.planet ? ` on ${a.planet}` : a.system !== undefined ? ` in ${systemName(s, a.system)}` : ""),
  discard_action_card: (a) => `discards ${name(a.card)}`,
  play_promissory: (a) => `plays ${name(a.card)}`,
  give_note: (a, s) => `gives ${name(a.card)}` + (a.player !== undefined ? ` to ${faction(s, a.player)}` : ""),
  use_ability: (a) => (a.use === false ? `declines ${name(a.card)}` : `uses ${name(a.card)}`),
  use_relic: (a) => `uses ${name(a.card)}`,
  use_specialty: (a) => `uses the technology specialty of ${a.planet}`,
  component_action: (a) => `uses ${name(a.card)}`,
  commit_ground_forces: (a) => `commits ${units(a.unit, a.count || 1)} to ${a.planet}`,
  establish_control: () => "establishes control",
  assign_hit: (a) => `${a.use ? "sustains damage on" : "loses"} a ${unitName(a.unit).toLowerCase()}` + (a.planet ? ` on ${a.planet}` : ""),
  cast_votes: (a) => `votes for ${outcome(a.outcome)}`,
  abstain: () => "abstains",
  speaker_decides: (a) => `decides the tie for ${outcome(a.outcome)}`,
  choose_speaker: (a, s) => `makes ${faction(s, a.player)} speaker`,
  choose_player: (a, s) => `chooses ${faction(s, a.player)}`,
  choose_system: (a, s) => `chooses ${systemName(s, a.system)}`,
  ready_planet: (a) => `readies ${a.planet}`,
  reclaim_unit: (a) => `takes back a ${unitName(a.unit).toLowerCase()} from ${a.planet}`,
  remove_command_token: (a, s) => `takes a command token from ${systemName(s, a.system)}`,
  remove_custodians: () => "takes the custodians token from Mecatol Rex",
  remove_excess_units: (a, s) => `removes ${units(a.unit, a.count || 1)} from ${systemName(s, a.system)}`,
  resolve_exploration: (a) => `resolves exploration: ${outcome(a.outcome)}`,
  order_agendas: () => "orders the top agendas",
  trade_open: (a, s) => `proposes a transaction to ${faction(s, a.player)}`,
  trade_add: (a) => `offers ${a.card === "trade_goods" || a.card === "commodities" ? `${a.count} ${a.card.replace("_", " ")}` : a.card === "hidden" ? "a promissory note" : name(a.card)}`,
  trade_accept: () => "accepts the transaction",
  trade_cancel: () => "cancels the transaction",
  set_auto_pass: (a) => (a.use ? "lets the server pass for them" : "stops auto-passing"),
};

function outcome(o) {
  if (o === undefined || o === "") return "nothing";
  if (/^\d+$/.test(o)) return `seat ${o}`;
  return cat.names[o] || o.replaceAll("_", " ");
}

// describe is an action as a sentence without its player ("activates
// Arnor / Lor"); generic words where no verb is known.
export function describe(a, state) {
  const v = VERBS[a.kind];
  if (v) return v(a, state || { systems: [] });
  const { kind, seat, ...rest } = a;
  const bits = Object.entries(rest).map(([k, x]) => `${k.replaceAll("_", " ")} ${typeof x === "object" ? JSON.stringify(x) : name(x)}`);
  return kind.replaceAll("_", " ") + (bits.length ? ` (${bits.join(", ")})` : "");
}

// sentence is a logged action with its player.
export const sentence = (a, state) => `${faction(state, a.seat)} ${describe(a, state)}.`;

// imperative turns a sentence's verb into a command, for buttons:
// "activates Arnor" → "Activate Arnor".
export function imperative(text) {
  if (text === "is done") return "Done";
  const [verb, ...rest] = text.split(" ");
  const base = /(ss|sh|ch|x)es$/.test(verb) ? verb.slice(0, -2) : /ies$/.test(verb) ? verb.slice(0, -3) + "y" : /s$/.test(verb) ? verb.slice(0, -1) : verb;
  return [base[0].toUpperCase() + base.slice(1), ...rest].join(" ");
}
