// Mecatol's page: a lobby, and a game seen by one seat, kept live over a
// WebSocket. Everything shown comes from the server's view for the seat,
// and the page offers only the actions the engine lists as legal.
import { cat, loadCatalog, name, about, describe, sentence, faction, systemName, planetLine, imperative } from "./names.js";
import { drawMap, zoomBy, resetZoom } from "./map.js";
import { h, playerArea, hand, table, combatPanel, oddsQuery } from "./panels.js";
import { renderGE } from "./ge.js";

const $ = (s) => document.querySelector(s);
let game = null; // { id, token, seq, seat, socket, gv, board, selected, replay }

async function api(path, opts = {}) {
  const headers = { "Content-Type": "application/json" };
  if (opts.token || (game && game.token)) headers.Authorization = "Bearer " + (opts.token || game.token);
  const res = await fetch(path, { ...opts, headers });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(body.error || res.statusText), { body, status: res.status });
  return body;
}

// refusalText states the rule once: the engine's message already begins
// with "rule N:", which is dropped for the heading's "LRR N".
function refusalText(err) {
  const b = err.body || {};
  const msg = (b.error || err.message || "").replace(/^rule [^:]+:\s*/, "");
  if (!b.rule) return `Refused: ${msg}`;
  return b.rule.startsWith("GE-") ? `Refused under ${b.rule}: ${msg}` : `Refused under LRR ${b.rule}: ${msg}`;
}

// seatLabel names a seat: its faction in TI4, its number in a card game.
const seatLabel = (gv, q) => (gv.game === "ge" ? `seat ${q}` : faction(gv.view.state, q));
const seatsOf = (gv) => (gv.game === "ge" ? gv.view.players : gv.view.state.players).map((p) => p.seat);

function showRefusal(err) {
  const p = $("#refusal");
  p.textContent = refusalText(err);
  p.hidden = false;
  p.dataset.seq = game ? game.seq : "";
}

// send posts one action at the current step and draws the answer.
async function send(action) {
  const gv = await api(`/api/games/${game.id}/actions`, { method: "POST", body: JSON.stringify({ seq: game.seq, action }) });
  // The answer can arrive after the socket brought a later view (a bot
  // moved at once): the log only grows, so an older answer is stale.
  if (!game.gv || gv.seq >= game.gv.seq) render(gv);
}

async function act(action) {
  $("#refusal").hidden = true;
  try {
    await send(action);
  } catch (err) { showRefusal(err); }
}

// POSITIONAL kinds are chosen on the map: their buttons appear when the
// system they act in is picked.
const POSITIONAL = new Set(["activate", "move_ships", "transport", "produce", "place_structure", "commit_ground_forces", "remove_command_token",
  "choose_system", "remove_excess_units", "reclaim_unit", "assign_hit"]);
const PAYING = new Set(["spend_planet", "spend_trade_goods", "spend_tokens"]);

function posOf(state, a) {
  if (a.system !== undefined && a.system !== null) return a.system;
  if (a.planet) {
    const sys = (state.systems || []).find((s) => (s.planets || []).some((p) => p.name === a.planet));
    if (sys) return sys.pos;
  }
  return undefined;
}

function actButton(a, i, state, extra = {}) {
  if (!extra.note && /play_action_card|play_promissory|use_ability/.test(a.kind)) extra.note = about(a.card);
  return h("button", { type: "button", class: "act" + (extra.cls ? " " + extra.cls : ""), "data-i": i, "data-kind": a.kind, onclick: () => act(a) },
    extra.label || imperative(describe(a, state)), extra.note ? h("small", {}, extra.note) : null);
}
const capital = (t) => t[0].toUpperCase() + t.slice(1);

// renderActions lays out the legal actions: strategy cards as cards, the
// picked system's actions, payment with its running total, and the rest
// grouped by kind. Returns the map targets (position → count).
function renderActions(gv, state) {
  const legal = gv.legal || [];
  const targets = new Map();
  const here = [], pay = [], picks = [], rest = new Map();
  legal.forEach((a, i) => {
    const pos = posOf(state, a);
    if (POSITIONAL.has(a.kind) && pos !== undefined) {
      targets.set(pos, (targets.get(pos) || 0) + 1);
      if (pos === game.selected) here.push(actButton(a, i, state));
    } else if (PAYING.has(a.kind)) pay.push([a, i]);
    else if (a.kind === "pick_strategy_card") picks.push(strategyCard(a, i, state));
    else {
      const k = a.kind.replaceAll("_", " ");
      if (!rest.has(k)) rest.set(k, []);
      rest.get(k).push(actButton(a, i, state));
    }
  });
  const out = [];
  if (picks.length) out.push(h("div", { class: "strategy-cards", role: "group", "aria-label": "Strategy cards to choose" }, picks));
  if (game.selected !== undefined && game.selected !== null) {
    out.push(h("h3", {}, `In ${systemName(state, game.selected)}`));
    out.push(here.length ? h("div", { id: "here" }, here) : h("p", { class: "muted" }, "Nothing to do in this system now."));
  } else if (targets.size) out.push(h("p", { class: "hint" }, `${[...targets.values()].reduce((x, y) => x + y, 0)} of your actions are on the map: pick an outlined system.`));
  const st = state.step || {};
  const stepKey = JSON.stringify([state.round, state.phase, st.kind, st.card, st.seat, (state.agenda || {}).number]);
  if (!pay.length || stepKey !== game.tickStep) game.ticked = new Set(); // ticks belong to one payment
  game.tickStep = stepKey;
  if (pay.length) out.push(...payPanel(pay, state));
  for (const [k, bs] of rest) out.push(h("h3", {}, capital(k)), ...bs);
  if (!legal.length) {
    const who = (gv.view.deciding || []).map((q) => faction(state, q));
    out.push(h("p", {}, who.length ? `Nothing to do: waiting for ${who.join(", ")}.` : "Nothing to do: waiting for others."));
  }
  $("#actions").replaceChildren(...out);
  if (pay.length) payTotal();
  return targets;
}

// payPanel offers the payment the engine lists as boxes to tick: planets
// to exhaust and trade goods to spend, with the running total of what is
// ticked; Pay sends them in turn, each only while the engine still lists
// it. Command tokens stay buttons.
function payPanel(pay, state) {
  const st = state.step;
  const planets = new Map(), goods = [], buttons = [];
  for (const [a, i] of pay) {
    const key = JSON.stringify(a);
    if (a.kind === "spend_planet") {
      const p = planets.get(a.planet) || {};
      p[a.use ? "alt" : "plain"] = [a, i, key];
      planets.set(a.planet, p);
    } else if (a.kind === "spend_trade_goods") goods.push(h("option", { value: key, "data-i": i, selected: game.ticked.has(key) }, capital(imperative(describe(a, state)))));
    else buttons.push(actButton(a, i, state));
  }
  const ticks = [...planets.values()].map((p) => planetTick(p, state));
  const tg = goods.length ? h("label", { class: "tick" }, "Trade goods ", h("select", { id: "pay-goods", onchange: () => payTotal() }, h("option", { value: "" }, "none"), goods)) : null;
  return [h("h3", {}, "Pay"), st && st.spent !== undefined ? h("p", {}, `Spent so far: ${st.spent || 0}`) : null,
    h("div", { class: "pay", role: "group", "aria-label": "Planets and trade goods to spend" }, ticks, tg),
    h("p", { id: "pay-total", "aria-live": "polite" }, "Nothing ticked."),
    h("button", { type: "button", id: "pay", class: "act", disabled: true, onclick: payTicked }, "Pay with what is ticked"), ...buttons].filter(Boolean);
}

// planetTick is one planet's box; where the engine also lists spending it
// for its influence (which counts only where a cost takes both), a second
// box chooses that.
function planetTick(p, state) {
  const [a, i, key] = p.plain || p.alt;
  const alt = p.plain && p.alt;
  const main = h("input", { type: "checkbox", class: "main", "data-i": i, "data-a": key, checked: game.ticked.has(key) || (alt && game.ticked.has(alt[2])), onchange: payTotal });
  const row = h("div", { class: "tick" }, h("label", {}, main, " ", `Exhaust ${planetLine(a.planet)}`));
  if (alt) {
    const box = h("input", { type: "checkbox", class: "alt", "data-i": alt[1], "data-a": alt[2], checked: game.ticked.has(alt[2]), onchange: () => { if (box.checked) main.checked = true; payTotal(); } });
    row.append(h("label", { class: "alt" }, box, " count its influence where the cost takes both"));
  }
  return row;
}

// ticked is the payment actions ticked, planets first, as sent. The ticks
// are kept (game.ticked) across redraws while the step lasts.
function ticked() {
  const keys = [...document.querySelectorAll("#actions .pay .tick")].filter((r) => r.querySelector("input.main:checked"))
    .map((r) => (r.querySelector("input.alt:checked") || r.querySelector("input.main")).dataset.a);
  const tg = $("#pay-goods");
  if (tg && tg.value !== "") keys.push(tg.value);
  game.ticked = new Set(keys);
  return keys.map((k) => JSON.parse(k));
}

function payTotal() {
  const list = ticked();
  let res = 0, inf = 0, tg = 0;
  for (const a of list) {
    const p = cat.planets[a.planet] || {};
    if (a.kind === "spend_planet") { res += p.resources || 0; inf += p.influence || 0; } else tg += a.count || 0;
  }
  $("#pay-total").textContent = list.length ? `Ticked: planets worth ${res} resources or ${inf} influence` + (tg ? `, and ${tg} trade goods` : "") : "Nothing ticked.";
  $("#pay").disabled = !list.length;
}

async function payTicked() {
  if (game.paying) return; // a second click while paying sends nothing
  const list = ticked();
  game.ticked = new Set();
  game.paying = true;
  $("#pay").disabled = true;
  $("#refusal").hidden = true;
  try {
    for (const a of list) {
      const want = JSON.stringify(a);
      if (!(game.gv.legal || []).some((b) => JSON.stringify(b) === want)) {
        showRefusal(new Error(`Stopped before "${imperative(describe(a, game.gv.view.state))}": the game no longer offers it (the cost may be met already, or the game moved on).`));
        return;
      }
      await send(a);
    }
  } catch (err) {
    showRefusal(err);
  } finally {
    game.paying = false;
  }
}

// movesOf is each system the legal list lets the player move ships or
// carry units from, paired with the active system they go to.
function movesOf(legal, state) {
  const to = state.tactical ? state.tactical.system : undefined;
  if (to === undefined) return [];
  const from = new Set(legal.filter((a) => (a.kind === "move_ships" || a.kind === "transport") && a.system !== undefined && a.system !== to).map((a) => a.system));
  return [...from].sort((a, b) => a - b).map((f) => [f, to]);
}

function strategyCard(a, i, state) {
  const info = (cat.strategy || []).find((s) => s.id === a.card) || {};
  const tg = (state.strategy_tg || {})[a.card];
  return h("button", { type: "button", class: "act strategy-card", "data-i": i, "data-kind": a.kind, onclick: () => act(a) },
    h("span", { class: "init" }, String(info.initiative || "")), h("b", {}, name(a.card)),
    tg ? h("small", {}, ` +${tg} trade goods`) : null, about(a.card) ? h("span", { class: "about" }, about(a.card)) : null);
}

function pick(pos) {
  game.selected = game.selected === pos ? null : pos;
  renderGame(game.replay ? game.replay : game.gv, !game.replay);
  const sys = (game.shown.view.state.systems || []).find((s) => s.pos === pos);
  $("#system-info").replaceChildren(...systemInfo(game.shown.view.state, sys, pos));
}

function systemInfo(state, sys, pos) {
  if (!sys) return [h("p", {}, `Position ${pos}: no system.`)];
  const line = (st) => `${faction(state, st.owner)}: ${st.count} ${name(st.unit) || st.unit}${st.damaged ? ` (${st.damaged} damaged)` : ""}`;
  return [h("h3", {}, systemName(state, pos)), h("p", { class: "muted" }, `Tile ${sys.tile}`),
    (sys.command || []).length ? h("p", {}, `Command tokens: ${sys.command.map((q) => faction(state, q)).join(", ")}`) : null,
    (sys.space || []).length ? h("p", {}, `Space: ${sys.space.map(line).join("; ")}`) : null,
    ...(sys.planets || []).map((p) => h("p", {}, h("b", {}, planetLine(p.name)), p.controller >= 0 ? ` — ${faction(state, p.controller)}` : "", p.exhausted ? ", exhausted" : "",
      (p.attachments || []).length ? `, attached: ${p.attachments.map(name).join(", ")}` : "", (p.units || []).length ? `; ${p.units.map(line).join("; ")}` : ""))];
}

function render(gv) {
  game.seq = gv.seq;
  game.seat = gv.seat;
  game.gv = gv;
  const refusal = $("#refusal");
  if (!refusal.hidden && refusal.dataset.seq !== "sticky" && refusal.dataset.seq !== String(gv.seq)) refusal.hidden = true; // stale once the game moves on
  if (gv.game === "ge") { // a card game: its own table, no map, no log replay
    renderGE(gv, true, act);
    renderUndo(gv, true);
    return;
  }
  notifyTurn(gv);
  if (!game.replay) renderGame(gv, true);
  loadLog();
}

// renderGame draws a view: live (with the seat's actions) or a replayed
// step (read only).
function renderGame(gv, live) {
  game.shown = gv;
  document.body.dataset.game = "ti4";
  const s = gv.view.state;
  document.body.dataset.seq = live ? gv.seq : "";
  $("#game-title").textContent = `${gv.seat >= 0 ? faction(s, gv.seat) : "Watching"} — game ${game.id}`;
  $("#phase").textContent = (live ? "" : `Replay at step ${game.replayStep}: `) + `round ${s.round}, ${s.phase} phase` + (s.phase === "over" ? `, ${faction(s, s.winner)} wins` : "");
  $("#why").textContent = gv.why || "";
  const mine = live && (gv.legal || []).length > 0;
  $("#turn").textContent = mine ? "Your move" : live ? "Waiting" : "Replay";
  $("#turn").className = mine ? "turn mine" : "turn";
  $("#status").textContent = `step ${gv.seq}`;
  const targets = live ? renderActions(gv, s) : new Map();
  $("#actions-card").hidden = !live;
  const active = s.tactical ? s.tactical.system : s.combat ? s.combat.system : undefined;
  const moves = live ? movesOf(gv.legal || [], s) : [];
  const key = JSON.stringify([s.systems, [...targets], active, game.selected, moves]);
  if (key !== game.mapKey || !$("#map svg")) drawMap($("#map"), game.board, s, { targets, active, selected: game.selected, onPick: pick, moves }, game.id);
  game.mapKey = key;
  const me = s.players[gv.seat];
  const legal = live ? gv.legal || [] : [];
  const owned = s.systems.map((x) => (x.planets || []).map((p) => [p.controller, p.exhausted]));
  keyed("#players", [s.players, owned, gv.names, gv.reissued, gv.view.hidden, gv.view.deciding, s.speaker], () => s.players.map((p) => playerArea(s, gv, p)));
  keyed("#hand", [me, legal], () => [hand(gv.seat >= 0 ? me : null, legal)]);
  $("#autopass-row").hidden = !live || !me || me.eliminated;
  if (me) $("#autopass").checked = !!me.auto_pass;
  keyed("#table", [s.decks.revealed, s.laws, s.agenda, s.custodians, s.players.map((p) => [p.publics, p.scored_secrets])], () => table(s));
  $("#combat-card").hidden = !s.combat;
  keyed("#combat", [s.combat, s.systems, live && gv.dice], () => { const c = combatPanel(s, live ? gv.dice : [], fillOdds); return c ? [c] : []; });
  renderUndo(gv, live);
}

// keyed rebuilds a panel only when what it shows has changed.
const built = new Map();
function keyed(sel, inputs, build) {
  const key = JSON.stringify(inputs);
  if (built.get(sel) === key) return;
  built.set(sel, key);
  $(sel).replaceChildren(...build());
}

// renderUndo shows an undo asked for or waiting on consent, with the
// host's and the players' buttons.
function renderUndo(gv, live) {
  const out = [];
  const host = localStorage.getItem(hostKey(game.id));
  if (gv.undo_request && live) {
    const q = gv.undo_request;
    out.push(h("p", { class: "notice" }, `${seatLabel(gv, q.seat)} asks to undo the last ${q.count} action${q.count > 1 ? "s" : ""}` + (q.reason ? `: “${q.reason}”` : ".")));
    if (host) out.push(h("button", { type: "button", onclick: () => hostUndo(q.count) }, "Undo it (host)"));
  }
  if (gv.undo && live) {
    out.push(h("p", { class: "notice" }, `An undo of ${gv.undo.count} action(s) takes back hidden information: it waits for every player's consent.`));
    if (gv.seat >= 0 && !(gv.undo.consents || {})[gv.seat]) out.push(h("button", { type: "button", onclick: () => consent() }, "I consent"));
  }
  $("#undo-box").replaceChildren(...out);
}

async function hostUndo(count) {
  try { await api(`/api/games/${game.id}/undo`, { method: "POST", token: localStorage.getItem(hostKey(game.id)), body: JSON.stringify({ seq: game.seq, count }) }); }
  catch (err) { showRefusal(err); }
}
async function consent() {
  try { await api(`/api/games/${game.id}/undo/consent`, { method: "POST", body: JSON.stringify({ seq: game.seq }) }); }
  catch (err) { showRefusal(err); }
}

// notifyTurn tells the player when the game comes to wait on them: the
// tab's title, and a browser notification when they allowed it.
function notifyTurn(gv) {
  const mine = (gv.view.deciding || []).includes(gv.seat) && (gv.legal || []).length > 0;
  document.title = (mine ? "● Your move — " : "") + "Mecatol";
  if (mine && !game.wasMine && document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification("Mecatol: your move", { body: gv.why || "", tag: `mecatol-${game.id}` });
  }
  game.wasMine = mine;
}

// loadLog keeps the log in sentences, fetching only the entries it lacks;
// after an undo (the log grew by less than the entries stored) it fetches
// the whole log again.
let logTimer = null;
function loadLog() {
  clearTimeout(logTimer);
  logTimer = setTimeout(async () => {
    const have = game.log || [];
    let r = await api(`/api/games/${game.id}/log?from=${have.length}`);
    let list = have.concat(r.actions || []); // a new game's log is empty
    if (r.from !== have.length || (game.logSeq !== undefined && r.seq - game.logSeq !== (r.actions || []).length)) {
      r = await api(`/api/games/${game.id}/log`);
      list = r.actions || [];
    }
    game.log = list;
    game.logSeq = r.seq;
    const s = game.gv.view.state;
    const shown = list.map((a, i) => [a, i]).filter(([a]) => a.kind !== "pass_window").slice(-80);
    const ol = $("#log");
    const last = ol.lastElementChild ? +ol.lastElementChild.value : 0;
    if (r.from === 0 || shown.length === 0 || !ol.firstElementChild || shown[0][1] + 1 < +ol.firstElementChild.value) {
      ol.replaceChildren(...shown.map(([a, i]) => h("li", { value: i + 1 }, sentence(a, s))));
    } else {
      ol.append(...shown.filter(([, i]) => i + 1 > last).map(([a, i]) => h("li", { value: i + 1 }, sentence(a, s))));
      while (ol.children.length > 80) ol.firstElementChild.remove();
    }
    ol.scrollTop = ol.scrollHeight;
    const slider = $("#slider");
    slider.max = list.length;
    if (!game.replay) slider.value = list.length;
    $("#step").textContent = `${slider.value} / ${list.length}`;
  }, 80);
}

// replayTo shows the game at a step; of the replays asked for while the
// slider moves, only the newest is shown.
let replayAsked = 0;
async function replayTo(step) {
  const ask = ++replayAsked;
  $("#step").textContent = `${step} / ${$("#slider").max}`;
  if (+step === +$("#slider").max) { leaveReplay(); return; }
  const r = await api(`/api/games/${game.id}/replay?step=${step}`);
  if (ask !== replayAsked) return; // a newer position was asked for meanwhile
  game.replayStep = step;
  game.replay = { seq: step, seat: game.seat, names: game.gv.names, view: r.view, why: r.why, legal: [] };
  $("#live").hidden = false;
  renderGame(game.replay, false);
}
function leaveReplay() {
  replayAsked++; // a replay still on its way is not shown
  game.replay = null;
  $("#live").hidden = true;
  $("#slider").value = $("#slider").max;
  renderGame(game.gv, true);
}

// Seat tokens live in local storage, one per game, never in the address
// (addresses reach histories, logs and other sites' Referer headers).
const seatKey = (id) => `mecatol:seat:${id}`;
const hostKey = (id) => `mecatol:host:${id}`;

async function openGame(id, token) {
  if (!/^[0-9a-f]{12}$/.test(id)) { history.replaceState(null, "", "#"); listGames(); return; }
  if (token && !/^[0-9a-f]{32}$/.test(token)) token = "";
  if (token) localStorage.setItem(seatKey(id), token);
  else token = localStorage.getItem(seatKey(id)) || "";
  game = { id, token, seq: 0, selected: null, ticked: new Set() };
  $("#lobby").hidden = true;
  $("#game").hidden = false;
  history.replaceState(null, "", `#game=${encodeURIComponent(id)}`);
  await loadCatalog();
  let gv;
  try {
    gv = await api(`/api/games/${id}`);
  } catch (err) {
    if (err.status !== 401 || !token) throw err;
    dropSeat("This browser's link to its seat no longer works (the host gave the seat a new one). You are watching.");
    gv = await api(`/api/games/${id}`);
  }
  if (gv.game !== "ge") game.board = (await api(`/api/games/${id}/board`)).slots;
  render(gv);
  renderSeatTools();
  connect();
}

// dropSeat forgets a seat token the server no longer takes: the page goes
// on as a watcher and says why.
function dropSeat(why) {
  localStorage.removeItem(seatKey(game.id));
  game.token = "";
  $("#refusal").textContent = why;
  $("#refusal").hidden = false;
  $("#refusal").dataset.seq = "sticky"; // stays: it is about the seat, not a move
}

// renderSeatTools offers the seat's private link (to come back from
// another browser) and, to the host, a new link for a seat that lost its.
function renderSeatTools() {
  const out = [];
  if (game.token) {
    const link = `${location.origin}${location.pathname}#game=${game.id}&token=${game.token}`;
    out.push(h("p", {}, "Your private link brings you back to your seat from any browser. Keep it secret: whoever has it plays for you."),
      h("button", { type: "button", onclick: () => copy(link, "#link-note") }, "Copy my private link"), h("span", { id: "link-note", class: "muted", "aria-live": "polite" }));
    out.push(h("button", { type: "button", onclick: askUndo }, "Ask to undo the last action"));
  }
  if ("Notification" in window && Notification.permission === "default") {
    out.push(h("button", { type: "button", onclick: () => Notification.requestPermission().then(renderSeatTools) }, "Notify me when it is my move"));
  }
  const host = localStorage.getItem(hostKey(game.id));
  if (host) {
    const seats = seatsOf(game.gv).map((q) => h("option", { value: q }, seatLabel(game.gv, q)));
    out.push(h("h3", {}, "Host"), h("label", {}, "Seat ", h("select", { id: "reissue-seat" }, seats)),
      h("button", { type: "button", onclick: reissue }, "Give this seat a new link"), h("p", { id: "reissue-out", class: "muted", "aria-live": "polite" }),
      h("label", {}, "Bot ", h("select", { id: "bot-kind" }, ...botKinds(game.gv).map((k) => h("option", { value: k }, k)))),
      h("button", { type: "button", id: "seat-bot", onclick: seatBot }, "Seat a bot in this seat"), h("p", { id: "bot-out", class: "muted", "aria-live": "polite" }));
  }
  $("#seat-tools").replaceChildren(...out);
}

async function copy(text, note) {
  try { await navigator.clipboard.writeText(text); $(note).textContent = " Copied."; }
  catch { $(note).textContent = ` ${text}`; }
}

async function askUndo() {
  try { await api(`/api/games/${game.id}/undo/request`, { method: "POST", body: JSON.stringify({ seq: game.seq, count: 1 }) }); }
  catch (err) { showRefusal(err); }
}

async function reissue() {
  const seat = $("#reissue-seat").value;
  try {
    const r = await api(`/api/games/${game.id}/seats/${seat}/token`, { method: "POST", token: localStorage.getItem(hostKey(game.id)) });
    $("#reissue-out").textContent = `New link for ${seatLabel(game.gv, r.seat)} (the old one no longer works): ${location.origin}${location.pathname}#game=${game.id}&token=${r.token}`;
  } catch (err) { $("#reissue-out").textContent = refusalText(err); }
}

// botKinds are the bots the server seats in this game.
const botKinds = (gv) => (gv.game === "ge" ? ["greedy", "random"] : ["planner", "greedy", "random"]);

// seatBot has the server play a free seat with a bot, for the host.
async function seatBot() {
  const seat = $("#reissue-seat").value;
  try {
    const r = await api(`/api/games/${game.id}/seats/${seat}/bot`, { method: "POST", token: localStorage.getItem(hostKey(game.id)), body: JSON.stringify({ bot: $("#bot-kind").value }) });
    $("#bot-out").textContent = `A ${r.bot} bot plays ${seatLabel(game.gv, r.seat)}.`;
  } catch (err) { $("#bot-out").textContent = refusalText(err); }
}

// connect follows the game over a WebSocket (the one place a token rides
// in an address: browsers give WebSocket handshakes no headers), and
// reconnects with a growing pause, catching up with the view it is sent.
function connect(pause = 500) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = game.token ? `?token=${encodeURIComponent(game.token)}` : "";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(game.id)}/ws${q}`);
  ws.onopen = () => { pause = 500; $("#conn").textContent = "live"; $("#conn").className = "conn ok"; };
  ws.onmessage = (m) => render(JSON.parse(m.data));
  ws.onclose = (e) => {
    if (e.code === 1008 && game.socket === ws) { // the seat's link was replaced
      dropSeat("This browser's link to its seat was replaced by the host. You are watching.");
      game.socket = null;
      api(`/api/games/${game.id}`).then((gv) => { render(gv); renderSeatTools(); connect(); });
      return;
    }
    $("#conn").textContent = `reconnecting in ${Math.round(pause / 1000)}s`;
    $("#conn").className = "conn bad";
    setTimeout(() => { if (game.socket === ws) connect(Math.min(pause * 2, 30000)); }, pause);
  };
  game.socket = ws;
}

function fillOdds(q) {
  const f = $("#game-odds");
  for (const [k, v] of Object.entries(q)) if (f.elements[k]) f.elements[k].value = v;
  f.closest("details").open = true;
  f.requestSubmit();
}

async function computeOdds(form, out) {
  const q = new URLSearchParams(new FormData(form));
  try {
    const r = await api(`/api/odds?${q}`);
    const pc = (x) => (100 * x).toFixed(1) + "%";
    out.textContent = `Attacker wins ${pc(r.attacker_wins)}, defender wins ${pc(r.defender_wins)}, both destroyed ${pc(r.both_destroyed)}\n` +
      r.stages.map((st) => `${st.name}: attacker ${pc(st.attacker_wins)}; likeliest attacker survivors: ${st.attacker_survivors.slice(0, 3).map((o) => `${o.units} (${pc(o.p)})`).join("; ")}`).join("\n");
  } catch (err) { out.textContent = err.message; }
}

$("#autopass").onchange = (e) => act({ kind: "set_auto_pass", seat: game.seat, use: e.target.checked });
$("#slider").oninput = (e) => replayTo(e.target.value);
$("#live").onclick = leaveReplay;
$("#zoom-in").onclick = () => zoomBy(1 / 1.25);
$("#zoom-out").onclick = () => zoomBy(1.25);
$("#zoom-reset").onclick = () => { resetZoom(); game.mapKey = ""; renderGame(game.replay || game.gv, !game.replay); };
$("#odds").onsubmit = (e) => { e.preventDefault(); computeOdds(e.target, $("#odds-out")); };
$("#game-odds").onsubmit = (e) => { e.preventDefault(); computeOdds(e.target, $("#game-odds-out")); };

$("#create").onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const req = { players: +f.get("players"), victory_points: +f.get("victory_points") };
  if (f.get("factions")) req.factions = f.get("factions").split(",").map((x) => x.trim());
  if (f.get("map")) req.map = f.get("map");
  try {
    const { id, host_token } = await api("/api/games", { method: "POST", body: JSON.stringify(req) });
    localStorage.setItem(hostKey(id), host_token);
    $("#join").elements.id.value = id;
    $("#create-out").textContent = `Game ${id} created. You are its host on this browser. Players join it below.`;
    listGames();
  } catch (err) { $("#create-out").textContent = err.message; }
};

$("#create-ge").onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  try {
    const { id, host_token } = await api("/api/games", { method: "POST", body: JSON.stringify({ game: "ge", decks: [f.get("deck0"), f.get("deck1")] }) });
    localStorage.setItem(hostKey(id), host_token);
    $("#join").elements.id.value = id;
    $("#create-ge-out").textContent = `Galactic Empires game ${id} created. You are its host on this browser. Players join it below (seats 0 and 1).`;
    listGames();
  } catch (err) { $("#create-ge-out").textContent = err.message; }
};

$("#join").onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  try {
    const { token } = await api(`/api/games/${f.get("id")}/join`, { method: "POST", body: JSON.stringify({ seat: +f.get("seat"), name: f.get("name") }) });
    openGame(f.get("id"), token);
  } catch (err) {
    $("#join-out").textContent = err.status === 409 ? `${err.message}. If it is yours, open your private link, or ask the host for a new one.` : err.message;
  }
};

async function listGames() {
  const { games } = await api("/api/games");
  $("#games").replaceChildren(...(games || []).slice(0, 20).map((id) =>
    h("li", {}, h("a", { href: `#game=${id}`, onclick: (e) => { e.preventDefault(); openGame(id, ""); } }, id))));
}

// The address names the game; a token in it is a private link: it is
// kept in storage and taken out of the address (and the history) at once.
const params = new URLSearchParams(location.hash.slice(1));
if (params.get("game")) openGame(params.get("game"), params.get("token") || "");
else listGames();
