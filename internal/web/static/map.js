// The map: an SVG drawn from the game state and the game's board layout.
// Units are pieces in their owner's colour with counts, grouped per owner
// in space and per planet; systems the player can act in are outlined and
// are buttons (mouse, touch and keyboard). Zoom with the wheel, a pinch or
// the buttons; drag to pan. Only text nodes carry game text.
import { cat, name, unitShort, unitName, systemName } from "./names.js";

const NS = "http://www.w3.org/2000/svg";
const R = 100; // hex radius
const SQ3 = Math.sqrt(3);

export const COLORS = {
  red: "#e0413a", blue: "#3d7be0", green: "#3fae5a", yellow: "#e8c33a", purple: "#9b59d0", black: "#5a5a66",
  orange: "#ef8a2e", pink: "#ee6fb5", magenta: "#c2309b", lightgray: "#b7bcc6", brown: "#96643c", forest: "#2f6e3a",
  chrome: "#c9d3dc", sunset: "#f06a4a", turquoise: "#2ec4b6", gold: "#d4a72c", lavender: "#b9a2e6", rust: "#a24d2c",
  spring: "#9bd35a", petrol: "#1f6f78", bloodred: "#8f1a1a", emerald: "#1f9d67", navy: "#27408b", rose: "#e58fa6",
};
export const colorOf = (state, seat) => COLORS[(state.players[seat] || {}).color] || "#888";
const TEXT_ON = (hex) => (/^#(e8c33a|b7bcc6|c9d3dc|9bd35a|d4a72c|b9a2e6|ef8a2e|ee6fb5|e58fa6|2ec4b6)$/.test(hex) ? "#111" : "#fff");

function el(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const view = { box: null, key: "" }; // the zoom and pan, kept across redraws of one game

function hexPoints(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function tileFill(tile, sys, state) {
  const t = cat.tiles[tile] || {};
  const an = t.anomalies || [];
  if (an.includes("supernova")) return "#5a2310";
  if (an.includes("nebula")) return "#3b2456";
  if (an.includes("gravity-rift")) return "#3a1020";
  if (an.includes("asteroid-field")) return "#3b3526";
  if (t.home && sys) {
    const owner = state.players.find((p) => p.home === sys.pos);
    if (owner) return shade(COLORS[owner.color] || "#444");
  }
  return (t.planets || []).length ? "#15213d" : "#0e1224";
}
const shade = (hex) => {
  const n = parseInt(hex.slice(1), 16);
  const f = (c) => Math.round(((n >> c) & 255) * 0.32 + 12).toString(16).padStart(2, "0");
  return `#${f(16)}${f(8)}${f(0)}`;
};

// planetSpots places up to four planets inside a hex.
const SPOTS = [[[0, -20]], [[-40, -26], [40, 6]], [[-42, -34], [42, -34], [0, 14]], [[-42, -36], [42, -36], [-42, 14], [42, 14]]];

// chips draws unit pieces in rows: each a rounded tag in the owner's
// colour with the unit's short name and count; damaged pieces carry a red
// corner. Returns the height used.
function chips(g, stacks, state, x, y, width) {
  const w = 38, h = 20, gap = 2;
  const perRow = Math.max(1, Math.floor((width + gap) / (w + gap)));
  stacks.forEach((st, i) => {
    const col = i % perRow, row = Math.floor(i / perRow);
    const n = Math.min(perRow, stacks.length - row * perRow);
    const cx = x - (n * (w + gap) - gap) / 2 + col * (w + gap);
    const cy = y + row * (h + gap);
    const fill = colorOf(state, st.owner);
    const t = el("g", { class: "piece" });
    t.append(el("title", {}, `${name(state.players[st.owner].faction)}: ${st.count} ${unitName(st.unit, st.count).toLowerCase()}` + (st.damaged ? `, ${st.damaged} damaged` : "")));
    t.append(el("rect", { x: cx, y: cy, width: w, height: h, rx: 3, fill, stroke: "#000", "stroke-width": 0.8 }));
    t.append(el("text", { x: cx + w / 2, y: cy + 15, "font-size": 14, "text-anchor": "middle", fill: TEXT_ON(fill), "font-weight": 700 },
      `${st.count > 1 ? st.count : ""}${unitShort(st.unit)}`));
    if (st.damaged) t.append(el("path", { d: `M${cx + w - 9},${cy} h9 v9 z`, fill: "#ff2d2d" }));
    g.append(t);
  });
  return stacks.length ? Math.ceil(stacks.length / perRow) * (h + gap) : 0;
}

function drawPlanet(g, p, state, x, y) {
  const info = cat.planets[p.name] || {};
  const ring = info.trait === "cultural" ? "#4aa3ff" : info.trait === "hazardous" ? "#ff5a4a" : info.trait === "industrial" ? "#4cd07d" : "#8a93b0";
  const pg = el("g", { class: "planet" });
  pg.append(el("title", {}, `${p.name}: ${info.resources ?? "?"} resources, ${info.influence ?? "?"} influence` +
    (info.trait ? `, ${info.trait}` : "") + (info.tech ? `, ${info.tech} technology specialty` : "") + (p.exhausted ? ", exhausted" : "") +
    (p.controller >= 0 ? `; controlled by ${name(state.players[p.controller].faction)}` : "") +
    ((p.attachments || []).length ? `; attached: ${p.attachments.map(name).join(", ")}` : "")));
  pg.append(el("circle", { cx: x, cy: y, r: 27, fill: p.controller >= 0 ? colorOf(state, p.controller) : "#1c2748", "fill-opacity": p.controller >= 0 ? 0.5 : 1, stroke: ring, "stroke-width": 3, "stroke-dasharray": p.exhausted ? "4 3" : null }));
  pg.append(el("text", { x, y: y - 4, "font-size": 11, "text-anchor": "middle", fill: "#fff", "font-weight": 600 }, p.name.length > 9 ? p.name.slice(0, 8) + "…" : p.name));
  pg.append(el("text", { x, y: y + 14, "font-size": 17, "text-anchor": "middle", fill: "#ffe08a", "font-weight": 700 }, `${info.resources ?? "?"}/${info.influence ?? "?"}`));
  if (info.tech) pg.append(el("circle", { cx: x + 21, cy: y - 20, r: 6, fill: { red: "#e0413a", blue: "#3d7be0", green: "#3fae5a", yellow: "#e8c33a" }[info.tech] }));
  if (info.legendary || (p.attachments || []).length) pg.append(el("text", { x: x - 27, y: y - 16, "font-size": 14, fill: "#ffd166" }, info.legendary ? "★" : "+"));
  if (p.control_token) pg.append(el("circle", { cx: x - 22, cy: y + 20, r: 7, fill: colorOf(state, p.controller), stroke: "#fff", "stroke-width": 1 }));
  g.append(pg);
  return y + 29 + chips(g, p.units || [], state, x, y + 29, 80);
}

function drawSystem(slot, sys, state, opts) {
  const x = slot.x * R, y = slot.y * R;
  const tile = (sys && sys.tile) || slot.tile;
  const t = cat.tiles[tile] || {};
  const hexG = el("g", { class: "system", "data-pos": slot.pos });
  const label = sys ? systemName(state, sys.pos) : `tile ${tile}`;
  hexG.append(el("polygon", { points: hexPoints(x, y, R - 2), fill: tileFill(tile, sys, state), stroke: "#47507a", "stroke-width": 2 }));
  if ((t.hyperlanes || []).length) {
    for (const [a, b] of t.hyperlanes) {
      const ang = (k) => (Math.PI / 3) * (((k + (slot.rotation || 0)) % 6) + 0.5);
      hexG.append(el("line", { x1: x + 80 * Math.cos(ang(a)), y1: y + 80 * Math.sin(ang(a)), x2: x + 80 * Math.cos(ang(b)), y2: y + 80 * Math.sin(ang(b)), stroke: "#6f7bb0", "stroke-width": 4 }));
    }
  }
  hexG.append(el("text", { x, y: y - R * 0.7, "font-size": 13, "text-anchor": "middle", fill: "#8f99bd" }, tile));
  const worms = [...(t.wormholes || []), ...((sys && sys.tokens) || []).filter((k) => /wormhole/.test(k.kind)).map((k) => k.kind.replace("_wormhole", ""))];
  worms.forEach((w, i) => {
    hexG.append(el("circle", { cx: x + 52 - i * 22, cy: y - 56, r: 10, fill: "#1a1030", stroke: "#d69cff", "stroke-width": 2 }));
    hexG.append(el("text", { x: x + 52 - i * 22, y: y - 52, "font-size": 11, "text-anchor": "middle", fill: "#e9ccff" }, { alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε" }[w] || w[0]));
  });
  if (sys) {
    (sys.command || []).forEach((seat, i) => {
      const cx = x - 50 + i * 16, cy = y - 56;
      hexG.append(el("polygon", { points: hexPoints(cx, cy, 8), fill: colorOf(state, seat), stroke: "#fff", "stroke-width": 1.2 }, undefined));
    });
    const other = (sys.tokens || []).filter((k) => !/wormhole/.test(k.kind));
    other.forEach((k, i) => {
      hexG.append(el("text", { x: x - 62 + i * 14, y: y - 30, "font-size": 10, fill: "#ffd166" }, k.kind === "frontier" ? "F" : k.kind[0].toUpperCase()));
    });
    const ps = (sys.planets || []).slice(0, 4);
    let low = y - 14; // below the lowest planet's pieces
    ps.forEach((p, i) => { low = Math.max(low, drawPlanet(hexG, p, state, x + SPOTS[ps.length - 1][i][0], y + SPOTS[ps.length - 1][i][1])); });
    const spaceY = ps.length ? Math.max(low + 2, y + 38) : y - 14;
    chips(hexG, sys.space || [], state, x, spaceY, 150);
  }
  const actions = opts.targets.get(slot.pos) || 0;
  const classes = ["system"];
  if (opts.active === slot.pos) classes.push("active");
  if (opts.selected === slot.pos) classes.push("selected");
  if (actions) classes.push("target");
  hexG.setAttribute("class", classes.join(" "));
  if (opts.active === slot.pos) hexG.append(el("polygon", { points: hexPoints(x, y, R - 6), fill: "none", stroke: "#ffb347", "stroke-width": 5 }));
  if (actions) hexG.append(el("polygon", { class: "outline", points: hexPoints(x, y, R - 10), fill: "none", stroke: "#7CFFB2", "stroke-width": 3, "stroke-dasharray": "10 6" }));
  hexG.setAttribute("role", "button");
  hexG.setAttribute("tabindex", "0");
  hexG.setAttribute("aria-label", `${label}${actions ? `: ${actions} action${actions > 1 ? "s" : ""} here` : ""}`);
  hexG.addEventListener("click", () => opts.onPick(slot.pos));
  hexG.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onPick(slot.pos); } });
  return hexG;
}

// drawMap draws the board into container. opts: targets (Map pos →
// number of legal actions there), active and selected positions, onPick.
// drawn is the map on the page: each system's group is redrawn only when
// what it shows has changed.
const drawn = { svg: null, g: null, arrows: null, arrowKey: "", id: "", keys: new Map(), nodes: new Map() };

export function drawMap(container, board, state, opts, gameId) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of board) {
    minX = Math.min(minX, s.x * R - R); maxX = Math.max(maxX, s.x * R + R);
    minY = Math.min(minY, s.y * R - R); maxY = Math.max(maxY, s.y * R + R);
  }
  const full = [minX - 10, minY - 10, maxX - minX + 20, maxY - minY + 20];
  if (view.key !== gameId || !view.box) { view.key = gameId; view.box = full.slice(); }
  if (drawn.id !== gameId || !drawn.svg || !container.contains(drawn.svg)) {
    drawn.svg = el("svg", { role: "group", "aria-label": "The galaxy", class: "galaxy", "font-family": "system-ui, sans-serif" });
    drawn.g = el("g");
    drawn.arrows = el("g", { class: "moves", "aria-hidden": "true" });
    const head = el("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "6", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse" });
    head.append(el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#7cf29a" }));
    const defs = el("defs");
    defs.append(head);
    drawn.svg.append(defs, drawn.g, drawn.arrows);
    drawn.arrowKey = "";
    drawn.id = gameId;
    drawn.keys.clear();
    drawn.nodes.clear();
    enableZoom(drawn.svg, full);
    container.replaceChildren(drawn.svg);
  }
  drawn.svg.setAttribute("viewBox", view.box.join(" "));
  const bySys = new Map((state.systems || []).map((s) => [s.pos, s]));
  const colors = state.players.map((p) => [p.color, p.home, p.faction]);
  for (const slot of board) {
    const sys = bySys.get(slot.pos);
    const key = JSON.stringify([sys, opts.targets.get(slot.pos) || 0, opts.active === slot.pos, opts.selected === slot.pos, colors]);
    if (drawn.keys.get(slot.pos) === key) continue;
    const node = drawSystem(slot, sys, state, opts);
    const old = drawn.nodes.get(slot.pos);
    if (old) old.replaceWith(node);
    else drawn.g.append(node);
    drawn.keys.set(slot.pos, key);
    drawn.nodes.set(slot.pos, node);
  }
  drawMoves(board, opts.moves || []);
}

// drawMoves draws an arrow from each system the engine lets the player
// move ships (or carry units) from into the active system.
function drawMoves(board, moves) {
  const key = JSON.stringify(moves);
  if (key === drawn.arrowKey) return;
  drawn.arrowKey = key;
  const at = new Map(board.map((s) => [s.pos, [s.x * R, s.y * R]]));
  drawn.arrows.replaceChildren(...moves.filter(([a, b]) => at.has(a) && at.has(b)).map(([a, b]) => {
    const [x1, y1] = at.get(a), [x2, y2] = at.get(b);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1, cut = 0.45 * R;
    const dx = ((x2 - x1) / len) * cut, dy = ((y2 - y1) / len) * cut;
    return el("line", { x1: x1 + dx, y1: y1 + dy, x2: x2 - dx, y2: y2 - dy, class: "move-arrow", stroke: "#7cf29a", "stroke-width": "9", "stroke-linecap": "round", "marker-end": "url(#arrowhead)", opacity: "0.85", "data-from": a, "data-to": b });
  }));
}

export function zoomBy(factor) {
  const svg = document.querySelector("svg.galaxy");
  if (!svg || !view.box) return;
  const [x, y, w, h] = view.box;
  const nw = w * factor, nh = h * factor;
  view.box = [x + (w - nw) / 2, y + (h - nh) / 2, nw, nh];
  svg.setAttribute("viewBox", view.box.join(" "));
}

export function resetZoom() { view.box = null; }

function enableZoom(svg, full) {
  const pts = new Map();
  let start = null;
  const set = () => svg.setAttribute("viewBox", view.box.join(" "));
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const f = e.deltaY > 0 ? 1.15 : 1 / 1.15;
    const r = svg.getBoundingClientRect();
    const [x, y, w, h] = view.box;
    const px = x + ((e.clientX - r.left) / r.width) * w, py = y + ((e.clientY - r.top) / r.height) * h;
    const nw = Math.min(full[2] * 2, w * f), nh = nw * (h / w);
    view.box = [px - ((px - x) * nw) / w, py - ((py - y) * nh) / h, nw, nh];
    set();
  }, { passive: false });
  svg.addEventListener("pointerdown", (e) => { pts.set(e.pointerId, [e.clientX, e.clientY]); start = { box: view.box.slice(), pts: new Map(pts), moved: false }; });
  svg.addEventListener("pointermove", (e) => {
    if (!pts.has(e.pointerId) || !start) return;
    pts.set(e.pointerId, [e.clientX, e.clientY]);
    const r = svg.getBoundingClientRect();
    const scale = start.box[2] / r.width;
    const [a0, b0] = [...start.pts.values()], [a1, b1] = [...pts.values()];
    if (pts.size === 1 && a0) {
      const dx = a1[0] - a0[0], dy = a1[1] - a0[1];
      if (Math.abs(dx) + Math.abs(dy) < 6 && !start.moved) return;
      start.moved = true;
      view.box = [start.box[0] - dx * scale, start.box[1] - dy * scale, start.box[2], start.box[3]];
    } else if (pts.size === 2 && b0 && b1) {
      const d0 = Math.hypot(a0[0] - b0[0], a0[1] - b0[1]), d1 = Math.hypot(a1[0] - b1[0], a1[1] - b1[1]);
      const f = Math.max(0.2, Math.min(5, d0 / Math.max(d1, 1)));
      const [x, y, w, h] = start.box;
      view.box = [x + (w - w * f) / 2, y + (h - h * f) / 2, w * f, h * f];
      start.moved = true;
    }
    set();
  });
  const up = (e) => { pts.delete(e.pointerId); };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  svg.addEventListener("click", (e) => { if (start && start.moved) { e.stopPropagation(); start.moved = false; } }, true);
}
