// The guest page: a seat at a network table in the browser. It finds the
// table's code and the service's address in its own address, takes the seat
// kept in this browser back or asks for a name, then shows the lobby, the
// table, each round's summary and the match's end as the server tells them.

import { Board, trainKey } from "./board.js";
import { ServerRefused } from "./connection.js";
import { verdictWords } from "./dealcheck.js";
import { Hand } from "./hand.js";
import { Motion } from "./motion.js";
import { loadLook } from "./look.js";
import { SeatLink } from "./seat.js";
import { askWhereTheyStand } from "./standing.js";
import { keptSeats, seatAt } from "./store.js";
import { TileArt } from "./tiles.js";
import { eventWords, glanceWords, handWords, scoreWords, turnWords } from "./words.js";

/** @typedef {import("./seat.js").News} News */
/** @typedef {import("./wire.js").Table} Table */
/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").GameEvent} GameEvent */

/** The screens of the page, by their element's id. */
const SCREENS = ["join", "lobby", "play", "summary", "over"];
/** Lines the live region keeps (older ones are dropped). */
const LIVE_LINES = 6;
/** A table code as a person may type it: letters, digits, a dash. */
const CODE = /^[A-Za-z0-9-]{5,20}$/;

/**
 * The element with `id`.
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function $(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page lacks #${id}`);
  return /** @type {T} */ (found);
}

/**
 * The service's address and the table's code in the page's own address (`/prefix/t/CODE`).
 * @param {Location} where
 * @returns {{door: string, code: string}}
 */
export function placeOf(where) {
  const parts = where.pathname.split("/").filter((p) => p);
  let code = "";
  if (parts.length >= 2 && parts[parts.length - 2] === "t") code = decodeURIComponent(parts.splice(-2, 2)[1]);
  const scheme = where.protocol === "https:" ? "wss" : "ws";
  return { door: `${scheme}://${where.host}/${parts.map((p) => `${p}/`).join("")}`, code: CODE.test(code) ? code : "" };
}

/** The page: its screens, the seat, the table's picture and the hand. */
class Page {
  /**
   * @param {import("./look.js").Look} look
   */
  constructor(look) {
    const { door, code } = placeOf(window.location);
    this.door = door;
    this.code = code;
    this.art = new TileArt(look);
    this.board = new Board($("board"), look, this.art);
    this.motion = new Motion(this.board, this.art);
    this.hand = new Hand($("hand"), $("targets"), this.art, this.board, (action) => this.act(action));
    this.seat = new SeatLink(door, (news) => this.told(news), (words) => this.say(words));
    this.screen = "";
    /** @type {string[]} */
    this.lines = [];
    this.lastLine = "";
    /** @type {string[][]} the hands left at the last round's end */
    this.handsLeft = [];
    this.summaryUp = false;
    this.clockAt = 0;
    this.redrawing = false;
    this.bind();
    window.addEventListener("resize", () => this.redraw());
    setInterval(() => this.tickClock(), 1000);
  }

  /** The page's buttons, forms and keys. */
  bind() {
    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      void this.join();
    });
    $("lobby-leave").addEventListener("click", () => void this.leave());
    $("draw").addEventListener("click", () => this.act("draw"));
    $("end").addEventListener("click", () => this.act("end"));
    $("open").addEventListener("click", () => this.act("open"));
    $("knock").addEventListener("click", () => this.toggleKnock());
    $("take-back").addEventListener("click", () => this.seat.send({ type: "take_back" }));
    $("keys").addEventListener("click", () => {
      const help = $("keys-help");
      help.hidden = !help.hidden;
      $("keys").setAttribute("aria-expanded", String(!help.hidden));
    });
    $("summary-next").addEventListener("click", () => {
      this.summaryUp = false;
      this.showTable();
    });
    $("over-done").addEventListener("click", () => {
      window.location.assign(new URL(this.door.replace(/^ws/, "http")).pathname);
    });
    $("board").addEventListener("click", (event) => {
      const train = this.board.trainAt(event.clientX, event.clientY);
      if (train !== null) this.hand.playOn(train);
    });
    document.addEventListener("keydown", (event) => this.key(event));
  }

  /** Begin: take back the seat this browser keeps at the table, else ask for a name. */
  async start() {
    $("table-code").textContent = this.code ? `Table ${this.code}` : "";
    const kept = this.code ? seatAt(this.door, this.code) : undefined;
    if (kept) {
      this.say(`Taking your seat back at table ${this.code}\u2026`);
      try {
        await this.seat.rejoin(kept.code, kept.token);
        this.say("");
        return;
      } catch (error) {
        this.say(error instanceof ServerRefused ? `Your seat could not be taken back: ${error.message}.`
          : `The table could not be reached: ${error instanceof Error ? error.message : String(error)}.`);
      }
    }
    this.showJoin();
  }

  /** The join form, with the name this browser used last and the tables it keeps. */
  showJoin() {
    const kept = keptSeats();
    const name = /** @type {HTMLInputElement} */ ($("join-name"));
    const code = /** @type {HTMLInputElement} */ ($("join-code"));
    if (!name.value && kept.length) name.value = kept[0].name;
    if (!code.value) code.value = this.code;
    const mine = kept.filter((s) => s.door === this.door && s.code !== this.code);
    $("kept").hidden = mine.length === 0;
    $("kept-list").replaceChildren(...mine.map((s) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `${new URL(s.door.replace(/^ws/, "http")).pathname}t/${encodeURIComponent(s.code)}`;
      link.textContent = `Table ${s.code}`;
      const standing = document.createElement("span");
      standing.className = "standing";
      standing.dataset.code = s.code;
      item.append(link, ` as ${s.name}`, standing);
      return item;
    }));
    if (mine.length) void this.showStanding(mine);
    this.show("join");
    (name.value ? code.value ? /** @type {HTMLElement} */ ($("join-form").querySelector("button")) : code : name).focus();
  }

  /**
   * Ask the server where each of this browser's other tables stands, and say it beside each.
   * @param {import("./store.js").KeptSeat[]} seats
   */
  async showStanding(seats) {
    /** @type {Map<string, string>} */
    let said;
    try {
      said = await askWhereTheyStand(this.door, seats);
    } catch {
      said = new Map(seats.map((s) => [s.code, "the server could not say where it stands"]));
    }
    for (const span of $("kept-list").querySelectorAll(".standing")) {
      const words = said.get(/** @type {HTMLElement} */ (span).dataset.code ?? "");
      span.textContent = words ? `: ${words}` : "";
    }
  }

  /** Join the table the form names, with the name it holds. */
  async join() {
    const name = /** @type {HTMLInputElement} */ ($("join-name")).value.trim();
    const code = /** @type {HTMLInputElement} */ ($("join-code")).value.trim().toUpperCase();
    const problem = $("join-problem");
    problem.textContent = !name ? "Type the name the table will know you by."
      : !CODE.test(code) ? "Type the table's code, as the host's game shows it (like K3F9Q-2XAMB)." : "";
    if (problem.textContent) return;
    const button = /** @type {HTMLButtonElement} */ ($("join-form").querySelector("button"));
    button.disabled = true;
    try {
      await this.seat.join(code, name);
      this.code = this.seat.joined ? this.seat.joined.table : code;
      $("table-code").textContent = `Table ${this.code}`;
      if (window.location.pathname.indexOf(`/t/${this.code}`) < 0) {
        history.replaceState(null, "", `${new URL(this.door.replace(/^ws/, "http")).pathname}t/${this.code}`);
      }
    } catch (error) {
      problem.textContent = error instanceof Error ? `Not seated: ${error.message}.` : "Not seated.";
    } finally {
      button.disabled = false;
    }
  }

  /** Give the seat up. */
  async leave() {
    await this.seat.leave();
    this.say("You left the table.");
    this.showJoin();
  }

  /**
   * Show one screen and hide the others.
   * @param {string} screen
   */
  show(screen) {
    if (screen === this.screen) return;
    this.screen = screen;
    for (const id of SCREENS) $(id).hidden = id !== screen;
    document.body.dataset.screen = screen;
    if (screen === "play") this.redraw();
  }

  /**
   * A line in the status bar ('' clears it).
   * @param {string} words
   */
  say(words) {
    $("status").textContent = words;
  }

  /**
   * Announce `words` in the live region (and keep them for R).
   * @param {string} words
   */
  announce(words) {
    if (!words) return;
    this.lastLine = words;
    this.lines = [...this.lines, words].slice(-LIVE_LINES);
    const item = document.createElement("p");
    item.textContent = words;
    const live = $("live");
    live.append(item);
    while (live.childElementCount > LIVE_LINES) live.firstElementChild?.remove();
  }

  /**
   * Everything the server says, once the seat has taken it in.
   * @param {News} news
   */
  told(news) {
    const seat = this.seat;
    const table = seat.table;
    switch (news.type) {
      case "joined":
        seat.keep();
        break;
      case "table":
        if (table) this.tableChanged(table);
        break;
      case "update":
        this.updated(news.events);
        break;
      case "round_end":
        this.roundEnded(news);
        break;
      case "match_end":
        this.matchEnded(news.data);
        break;
      case "error":
        this.refused(String(news.data.message ?? news.data.code));
        break;
      case "paused":
        this.say(String(news.data.message ?? "Play is paused."));
        break;
      case "closed":
        this.say(`The table closed: ${String(news.data.message ?? news.data.reason)}.`);
        break;
      default:
        break;
    }
    this.badge();
  }

  /**
   * The table changed: the lobby, the scores, the clock.
   * @param {Table} table
   */
  tableChanged(table) {
    this.seat.keep();
    this.clockAt = Date.now();
    if (table.state === "lobby") {
      this.showLobby(table);
      return;
    }
    this.showScores();
    this.showControls();
    this.tickClock();
    if (table.state === "over" && this.screen !== "over") this.show("over");
    else if (!this.summaryUp && this.screen !== "over") this.showTable();
  }

  /**
   * The lobby: each seat and who sits there.
   * @param {Table} table
   */
  showLobby(table) {
    $("lobby-title").textContent = `Table ${table.table}`;
    $("lobby-about").textContent = `${table.seats.length} seats, ${table.rounds} rounds (${table.length}), `
      + `${table.preset} rules, ${table.pace === "any" ? "any pace" : `a ${table.turnClock}-second turn clock`}.`;
    const me = this.seat.joined ? this.seat.joined.seat : -1;
    $("lobby-seats").replaceChildren(...table.seats.map((s, k) => {
      const item = document.createElement("li");
      item.style.setProperty("--seat", `var(--seat-${k})`);
      const kind = s.kind === "open" ? "an open seat" : s.kind === "person" ? (s.connected ? "here" : "away") : `computer (${s.kind})`;
      item.textContent = `${s.kind === "open" ? "Open" : s.name}${k === me ? " (you)" : ""}: ${kind}`;
      return item;
    }));
    this.show("lobby");
  }

  /** The play screen, drawn anew. */
  showTable() {
    if (this.seat.view === null && this.seat.table && this.seat.table.state !== "playing") return;
    this.show("play");
    this.redraw();
  }

  /** Redraw the table and the hand from the latest view at the next frame (news that comes in a burst is drawn once). */
  redraw() {
    if (this.redrawing) return;
    this.redrawing = true;
    const now = () => {
      if (!this.redrawing) return;
      this.redrawing = false;
      this.redrawNow();
    };
    requestAnimationFrame(now);
    setTimeout(now, 100); // a page whose frames are held back (hidden, or a busy browser) is still drawn
  }

  /** Redraw the table and the hand from the latest view now. */
  redrawNow() {
    const view = this.seat.view, joined = this.seat.joined;
    if (this.screen !== "play" || view === null || joined === null) return;
    const setMax = this.seat.table ? this.seat.table.setMax : 12;
    const before = this.board.view, hand = this.hand.places();
    this.board.mover = view.to_move;
    this.board.show(view, joined.seat, setMax);
    if (before !== view) this.motion.follow(before, view, joined.seat, hand, $("boneyard"));
    this.hand.show(view, joined.seat, this.mine());
    if (before !== view) this.motion.drawn(before, view, $("hand"), $("boneyard"));
    $("boneyard").textContent = `Boneyard: ${view.boneyard_size}`;
    $("board").setAttribute("aria-label", glanceWords(view, joined.seat));
    this.showScores();
    this.showControls();
  }

  /**
   * Whether the person may act now.
   * @returns {boolean}
   */
  mine() {
    const view = this.seat.view, joined = this.seat.joined;
    return view !== null && joined !== null && view.to_move === joined.seat && view.legal.length > 0 && !view.round_over;
  }

  /** The draw, end, open and knock buttons, as the legal actions allow. */
  showControls() {
    const view = this.seat.view, table = this.seat.table, joined = this.seat.joined;
    const legal = view && this.mine() ? view.legal : [];
    /** @type {HTMLButtonElement} */ ($("draw")).disabled = !legal.includes("draw");
    /** @type {HTMLButtonElement} */ ($("end")).disabled = !legal.includes("end");
    $("open").hidden = !legal.includes("open");
    const knocks = legal.some((a) => a.endsWith(" knock"));
    $("knock").hidden = !knocks;
    $("knock").setAttribute("aria-pressed", String(this.hand.knock));
    const me = table && joined ? table.seats[joined.seat] : undefined;
    $("take-back").hidden = !(me && me.stand_in);
  }

  /** The seats, their tiles in hand and their scores; whose turn it is marked. */
  showScores() {
    const table = this.seat.table, view = this.seat.view, joined = this.seat.joined;
    if (!table) return;
    $("scores").replaceChildren(...table.seats.map((s, k) => {
      const item = document.createElement("li");
      item.style.setProperty("--seat", `var(--seat-${k})`);
      const moving = view !== null && !view.round_over && view.to_move === k;
      item.classList.toggle("moving", moving);
      if (moving) item.setAttribute("aria-current", "true");
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = `${trainKey(k)} ${s.name}${joined && k === joined.seat ? " (you)" : ""}`;
      const tiles = view ? `${view.hand_sizes[k]} tiles` : "";
      const away = s.kind === "person" && !s.connected ? ", away" : s.stand_in ? ", computer plays" : "";
      const detail = document.createElement("span");
      detail.className = "detail";
      detail.textContent = `${tiles}${away} \u00b7 ${table.totals[k] ?? 0}`;
      item.append(name, detail);
      return item;
    }));
  }

  /** The turn clock, counted down between the server's word on it. */
  tickClock() {
    const table = this.seat.table, clock = $("clock");
    const shown = table !== null && table.clock !== null && table.pace === "live" && this.screen === "play";
    clock.hidden = !shown;
    if (!shown || table === null || table.clock === null) return;
    const running = table.clock.running ? (Date.now() - this.clockAt) / 1000 : 0;
    const left = Math.max(0, Math.ceil(table.clock.left - running));
    clock.textContent = `${table.seats[table.clock.seat]?.name ?? ""}: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    clock.classList.toggle("short", left <= 10);
  }

  /**
   * An update: what happened in the message line and the live region, then the table.
   * @param {GameEvent[]} events
   */
  updated(events) {
    const view = this.seat.view, joined = this.seat.joined;
    if (view === null || joined === null) return;
    const lines = events.map((e) => eventWords(e, view.names, joined.seat)).filter((l) => l);
    for (const e of events) if (e.event === "RoundEnded" && e.hands) this.handsLeft = e.hands;
    const turn = turnWords(view, joined.seat);
    if (lines.length) $("message-line").textContent = [...lines.slice(-2), turn].join(" ");
    else $("message-line").textContent = turn;
    for (const line of lines) this.announce(line);
    if (this.mine() && lines.length) this.announce(turn);
    if (!this.summaryUp && this.screen !== "over") this.showTable();
    else this.redraw();
  }

  /**
   * The round's end: the summary, and the deal's check in the badge.
   * @param {News} news
   */
  roundEnded(news) {
    const table = this.seat.table, data = news.data;
    if (!table) return;
    const scores = Array.isArray(data.scores) ? data.scores.map(Number) : [];
    const totals = Array.isArray(data.totals) ? data.totals.map(Number) : table.totals;
    $("summary-title").textContent = `Round ${Number(data.round)} of ${table.rounds} is over`;
    $("summary-rows").replaceChildren(...table.seats.map((s, k) => {
      const row = document.createElement("tr");
      const left = this.handsLeft[k] ?? [];
      for (const text of [s.name, left.length ? left.join(" ") : "out", String(scores[k] ?? 0), String(totals[k] ?? 0)]) {
        const cell = document.createElement(row.childElementCount ? "td" : "th");
        if (!row.childElementCount) cell.setAttribute("scope", "row");
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }));
    const verdict = news.verdict;
    $("summary-deal").textContent = verdict ? verdictWords(verdict) : "";
    $("summary-words").textContent = `Lowest total leads: ${[...table.seats.keys()].sort((a, b) => (totals[a] ?? 0) - (totals[b] ?? 0))
      .map((k) => table.seats[k].name)[0] ?? ""}.`;
    this.announce(`Round ${Number(data.round)} is over. ${table.seats.map((s, k) => `${s.name} ${scores[k] ?? 0}`).join(", ")}.`);
    if (data.again !== true || this.screen !== "over") {
      this.summaryUp = Number(data.round) < table.rounds;
      if (this.summaryUp) {
        this.show("summary");
        $("summary-next").focus();
      }
    }
  }

  /**
   * The match's end: the places.
   * @param {Record<string, unknown>} data
   */
  matchEnded(data) {
    const table = this.seat.table;
    if (!table) return;
    const totals = Array.isArray(data.totals) ? data.totals.map(Number) : table.totals;
    const ranking = Array.isArray(data.ranking) ? /** @type {unknown[][]} */ (data.ranking) : [];
    const winners = Array.isArray(data.winners) ? data.winners.map(Number) : [];
    const names = winners.map((k) => table.seats[k]?.name ?? "").filter((n) => n);
    const me = this.seat.joined ? this.seat.joined.seat : -1;
    $("over-words").textContent = winners.includes(me) ? "You won the match!" : `${names.join(" and ")} won the match.`;
    /** @type {HTMLTableRowElement[]} */
    const rows = [];
    ranking.forEach((group, place) => {
      for (const k of Array.isArray(group) ? group.map(Number) : []) {
        const row = document.createElement("tr");
        for (const text of [String(place + 1), table.seats[k]?.name ?? "", String(totals[k] ?? 0)]) {
          const cell = document.createElement(row.childElementCount === 1 ? "th" : "td");
          if (row.childElementCount === 1) cell.setAttribute("scope", "row");
          cell.textContent = text;
          row.append(cell);
        }
        rows.push(row);
      }
    });
    $("over-rows").replaceChildren(...rows);
    this.summaryUp = false;
    this.announce(`The match is over. ${$("over-words").textContent}`);
    this.show("over");
    $("over-done").focus();
  }

  /**
   * The server refused something: say why.
   * @param {string} words
   */
  refused(words) {
    $("message-line").textContent = words;
    this.announce(words);
  }

  /** The fair-deal badge: green while every round checked, red with what failed. */
  badge() {
    const badge = $("badge");
    const verdicts = this.seat.deals ? [...this.seat.deals.verdicts.values()] : [];
    const failed = this.seat.unfair || verdicts.filter((v) => !v.ok).map((v) => verdictWords(v))[0] || "";
    if (!failed && verdicts.length === 0) {
      badge.hidden = true;
      return;
    }
    badge.hidden = false;
    badge.className = `badge ${failed ? "bad" : "good"}`;
    const latest = verdicts[verdicts.length - 1];
    badge.textContent = failed ? "Deal check failed" : latest && latest.witnessed ? "Deal checked" : "Deal not checked";
    badge.title = failed || (latest ? verdictWords(latest) : "");
    badge.setAttribute("aria-label", `${badge.textContent}: ${badge.title}`);
    if (failed) this.say(failed.charAt(0).toUpperCase() + failed.slice(1));
  }

  /**
   * Send an action.
   * @param {string} action
   */
  act(action) {
    if (!this.mine() || !this.seat.view || !this.seat.view.legal.includes(action)) return;
    const pending = this.seat.pendingAct;
    if (pending && pending.round === this.seat.round && pending.moves === this.seat.moves) return;
    try {
      this.seat.act(action);
    } catch (error) {
      this.refused(error instanceof Error ? error.message : String(error));
    }
  }

  /** K: the next play knocks (or not). */
  toggleKnock() {
    this.hand.knock = !this.hand.knock;
    $("knock").setAttribute("aria-pressed", String(this.hand.knock));
    this.announce(this.hand.knock ? "Your next play knocks." : "No knock.");
  }

  /**
   * The keys of the desktop's table (not while typing in a field).
   * @param {KeyboardEvent} event
   */
  key(event) {
    if (this.screen !== "play" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLInputElement) return;
    const view = this.seat.view, joined = this.seat.joined, table = this.seat.table;
    if (!view || !joined) return;
    const k = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    /** @type {Record<string, () => void>} */
    const keys = {
      ArrowLeft: () => this.hand.step(-1, false), ArrowRight: () => this.hand.step(1, false),
      ArrowUp: () => this.hand.step(-1, true), ArrowDown: () => this.hand.step(1, true),
      Enter: () => { if (!this.hand.playAnywhere()) this.announce("Pick a tile that plays first."); },
      d: () => this.act("draw"), e: () => this.act("end"), o: () => this.act("open"), k: () => this.toggleKnock(),
      m: () => { if (!this.hand.playOn(-1)) this.announce("That does not go on the Mexican train."); },
      a: () => this.announce(handWords(view)), p: () => this.announce(glanceWords(view, joined.seat)),
      c: () => { if (table) this.announce(scoreWords(table)); },
      b: () => this.announce(`${view.boneyard_size} tiles in the boneyard.`),
      w: () => this.announce(turnWords(view, joined.seat)), r: () => this.announce(this.lastLine),
      t: () => { if (!$("take-back").hidden) this.seat.send({ type: "take_back" }); },
      "?": () => $("keys").click(),
    };
    const digit = /^[1-8]$/.test(k) ? Number(k) : 0;
    if (digit && digit <= view.names.length) {
      event.preventDefault();
      if (!this.hand.playOn(digit - 1)) this.announce(`That does not go on train ${digit}.`);
      return;
    }
    const run = keys[k];
    if (!run || (k === "Enter" && event.target instanceof HTMLButtonElement && !event.target.dataset.tile)) return;
    event.preventDefault();
    run();
  }
}

/** Load the look and start the page; a failure is said on the page. */
async function main() {
  try {
    const page = new Page(await loadLook());
    Object.defineProperty(window, "guestPage", { value: page });
    await page.start();
  } catch (error) {
    const status = document.getElementById("status");
    if (status) status.textContent = `The page could not start: ${error instanceof Error ? error.message : String(error)}.`;
  }
}

void main();
