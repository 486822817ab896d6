// Mecatol's page: a lobby, and a game seen by one seat, kept live over a
// WebSocket. Everything shown comes from the server's view for the seat.
const $ = (s) => document.querySelector(s);
let game = null; // { id, token, seq, socket }

async function api(path, opts = {}) {
  const headers = { "Content-Type": "application/json" };
  if (game && game.token) headers.Authorization = "Bearer " + game.token;
  const res = await fetch(path, { ...opts, headers });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(body.error || res.statusText), { body, status: res.status });
  return body;
}

function describe(a) {
  const { kind, seat, ...rest } = a;
  const args = Object.entries(rest).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return kind.replaceAll("_", " ") + (args.length ? " — " + args.join(", ") : "");
}

function showRefusal(err) {
  const p = $("#refusal");
  const rule = err.body && err.body.rule ? `Refused under LRR ${err.body.rule}: ` : "Refused: ";
  p.textContent = rule + (err.body && err.body.error ? err.body.error : err.message);
  p.hidden = false;
}

async function act(action) {
  $("#refusal").hidden = true;
  try {
    const gv = await api(`/api/games/${game.id}/actions`, { method: "POST", body: JSON.stringify({ seq: game.seq, action }) });
    render(gv);
  } catch (err) { showRefusal(err); }
}

function render(gv) {
  game.seq = gv.seq;
  game.seat = gv.seat;
  const s = gv.view.state;
  $("#game-title").textContent = `Game ${gv.id} — seat ${gv.seat}`;
  $("#phase").textContent = `Round ${s.round}, ${s.phase} phase` + (s.phase === "over" ? `, seat ${s.winner} wins` : "");
  $("#status").textContent = `seq ${gv.seq}`;
  const actions = $("#actions");
  actions.replaceChildren(...(gv.legal || []).map((a) => {
    const b = document.createElement("button");
    b.className = "act";
    b.textContent = describe(a);
    b.onclick = () => act(a);
    return b;
  }));
  if (!(gv.legal || []).length) {
    const who = (gv.view.deciding || []).map((q) => gv.names[q] || `seat ${q}`);
    actions.textContent = who.length ? `Nothing to do: waiting for ${who.join(", ")}.` : "Nothing to do: waiting for others.";
  }
  $("#players").replaceChildren(...s.players.map((p) => playerPanel(p, gv)));
  const me = s.players[gv.seat];
  $("#autopass-row").hidden = !me || me.eliminated;
  if (me) $("#autopass").checked = !!me.auto_pass;
  $("#hand").textContent = me ? `Action cards: ${(me.action_cards || []).join(", ") || "none"}. Secret objectives: ${[...(me.secrets || []), ...(me.secret_choice || []).map((c) => c + " (to choose)")].join(", ") || "none"}. Promissory notes: ${(me.promissory || []).join(", ") || "none"}.` : "You are watching.";
  renderCouncil(s);
  loadMap();
  loadLog();
}

// el makes an element holding only text: names and game text are never
// parsed as markup.
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// playerPanel shows one player: faction, colour, the seat's name (typed by
// a player, so text only), tokens, goods, technologies, cards and counts.
function playerPanel(p, gv) {
  const d = el("div", undefined, "player");
  const name = gv.names[p.seat] || "(empty seat)";
  const hidden = gv.view.hidden;
  d.append(
    el("b", `${p.seat}. ${p.faction}`), ` (${p.color}) — `, el("span", name, "name"), el("br"),
    `VP ${p.vp} · tokens ${p.tactic}/${p.fleet}/${p.strategy} · trade goods ${p.trade_goods} · commodities ${p.commodities}`, el("br"),
    `techs: ${(p.techs || []).join(", ") || "none"}`, el("br"),
    `cards: ${(p.strategy_cards || []).join(", ") || "none"} · action cards ${hidden.action_cards[p.seat]} · secrets ${hidden.secrets[p.seat]} · notes ${hidden.promissory[p.seat]}` +
      (p.passed ? " · passed" : "") + (p.eliminated ? " · eliminated" : ""),
  );
  return d;
}

// renderCouncil shows the public objectives, the laws in play and the
// agenda being voted on, with its ballots and riders.
function renderCouncil(s) {
  const lines = [];
  lines.push(`Public objectives: ${(s.decks.revealed || []).join(", ") || "none"}`);
  for (const l of s.laws || []) {
    lines.push(`Law: ${l.card}` + (l.owner >= 0 ? ` (seat ${l.owner})` : "") + (l.elected ? ` — ${l.elected}` : ""));
  }
  const ag = s.agenda;
  if (ag && ag.card) {
    lines.push(`Agenda ${ag.number}: ${ag.card}` + (ag.subject !== ag.card ? ` (voting on ${ag.subject})` : ""));
    if (ag.window) lines.push(`"${ag.window}" window: seats ${ag.window_queue.join(", ")} to play or pass`);
    for (const b of ag.ballots || []) lines.push(b.outcome ? `seat ${b.seat}: ${b.votes} for ${b.outcome}` : `seat ${b.seat} abstained`);
    for (const r of ag.riders || []) lines.push(`seat ${r.seat}: ${r.card} predicts ${r.outcome}`);
    if (ag.tied) lines.push(`tied: ${ag.tied.join(", ")} — the speaker decides`);
  }
  for (const p of s.players) {
    if ((p.notes_in_play || []).length) lines.push(`seat ${p.seat} has in play: ${p.notes_in_play.join(", ")}`);
  }
  $("#council").replaceChildren(...lines.map((t) => { const d = document.createElement("div"); d.textContent = t; return d; }));
}

// loadMap shows the server's SVG map. It is parsed as SVG, never as HTML,
// and anything that could run (scripts, event attributes, foreign HTML,
// links) is dropped before it joins the page.
async function loadMap() {
  const res = await fetch(`/api/games/${game.id}/map.svg`);
  const doc = new DOMParser().parseFromString(await res.text(), "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return;
  for (const bad of svg.querySelectorAll("script, foreignObject, a, use, iframe, animate, set")) bad.remove();
  for (const node of [svg, ...svg.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      if (/^on/i.test(attr.name) || /href$/i.test(attr.name) || attr.name === "style") node.removeAttribute(attr.name);
    }
  }
  $("#map").replaceChildren(document.importNode(svg, true));
}

async function loadLog() {
  const { actions } = await api(`/api/games/${game.id}/log`);
  $("#log").replaceChildren(...actions.slice(-60).map((a) => Object.assign(document.createElement("li"), { textContent: `seat ${a.seat}: ${describe(a)}` })));
  const slider = $("#slider");
  slider.max = actions.length;
  if (!slider.dataset.moved) slider.value = actions.length;
  $("#step").textContent = `${slider.value} / ${actions.length}`;
}

$("#autopass").onchange = (e) => act({ kind: "set_auto_pass", seat: game.seat, use: e.target.checked });

// Seat tokens live in local storage, one per game, never in the address
// (addresses reach histories, logs and other sites' Referer headers).
const seatKey = (id) => `mecatol:seat:${id}`;
const hostKey = (id) => `mecatol:host:${id}`;

async function openGame(id, token) {
  if (!/^[0-9a-f]{12}$/.test(id)) { history.replaceState(null, "", "#"); listGames(); return; }
  if (token && !/^[0-9a-f]{32}$/.test(token)) token = "";
  if (token) localStorage.setItem(seatKey(id), token);
  else token = localStorage.getItem(seatKey(id)) || "";
  game = { id, token, seq: 0 };
  $("#lobby").hidden = true;
  $("#game").hidden = false;
  history.replaceState(null, "", `#game=${encodeURIComponent(id)}`);
  render(await api(`/api/games/${id}`));
  connect();
}

// connect follows the game over a WebSocket (the one place a token rides
// in an address: browsers give WebSocket handshakes no headers), and
// reconnects with a growing pause when the connection drops.
function connect(pause = 500) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = game.token ? `?token=${encodeURIComponent(game.token)}` : "";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(game.id)}/ws${q}`);
  ws.onopen = () => { pause = 500; };
  ws.onmessage = (m) => render(JSON.parse(m.data));
  ws.onclose = () => {
    $("#status").textContent = `seq ${game.seq} (reconnecting)`;
    setTimeout(() => { if (game.socket === ws) connect(Math.min(pause * 2, 30000)); }, pause);
  };
  game.socket = ws;
}

$("#slider").oninput = async (e) => {
  e.target.dataset.moved = "1";
  const step = e.target.value;
  $("#step").textContent = `${step} / ${e.target.max}`;
  const r = await api(`/api/games/${game.id}/replay?step=${step}`);
  $("#phase").textContent = `Replay at ${step}: round ${r.view.state.round}, ${r.view.state.phase} phase`;
};

$("#raw").onsubmit = (e) => {
  e.preventDefault();
  try {
    const a = JSON.parse(e.target.json.value);
    if (a.seat === undefined && game.seat !== undefined) a.seat = game.seat;
    act(a);
  } catch (err) { showRefusal(err); }
};

$("#create").onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const req = { players: +f.get("players"), victory_points: +f.get("victory_points") };
  if (f.get("factions")) req.factions = f.get("factions").split(",").map((x) => x.trim());
  if (f.get("map")) req.map = f.get("map");
  try {
    const { id, host_token } = await api("/api/games", { method: "POST", body: JSON.stringify(req) });
    localStorage.setItem(hostKey(id), host_token);
    $("#join").id.value = id;
    listGames();
  } catch (err) { alert(err.message); }
};

$("#join").onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  try {
    const { token } = await api(`/api/games/${f.get("id")}/join`, { method: "POST", body: JSON.stringify({ seat: +f.get("seat"), name: f.get("name") }) });
    openGame(f.get("id"), token);
  } catch (err) { alert(err.message); }
};

$("#odds").onsubmit = async (e) => {
  e.preventDefault();
  const q = new URLSearchParams(new FormData(e.target));
  try {
    const r = await api(`/api/odds?${q}`);
    const pc = (x) => (100 * x).toFixed(2) + "%";
    $("#odds-out").textContent = `Attacker wins ${pc(r.attacker_wins)}, defender wins ${pc(r.defender_wins)}, both destroyed ${pc(r.both_destroyed)}\n` +
      r.stages.map((st) => `${st.name}: attacker ${pc(st.attacker_wins)}; most likely attacker survivors: ${st.attacker_survivors.slice(0, 3).map((o) => `${o.units} (${pc(o.p)})`).join("; ")}`).join("\n");
  } catch (err) { $("#odds-out").textContent = err.message; }
};

async function listGames() {
  const { games } = await api("/api/games");
  $("#games").replaceChildren(...(games || []).slice(0, 20).map((id) => {
    const li = document.createElement("li");
    const a = Object.assign(document.createElement("a"), { href: `#game=${id}`, textContent: id });
    a.onclick = (e) => { e.preventDefault(); openGame(id, ""); };
    li.append(a);
    return li;
  }));
}

// The address names the game; a token in it is a one-time join link: it is
// kept in storage and taken out of the address (and the history) at once.
const params = new URLSearchParams(location.hash.slice(1));
if (params.get("game")) openGame(params.get("game"), params.get("token") || "");
else listGames();
