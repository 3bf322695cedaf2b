// The person's seat at a network table: the connection, the table and the
// seat's view as the server last told them, the deal's checks, and coming back
// after a lost connection (rejoin with the seat's token), as the desktop's
// client library does (game/net/client.py).

import { Connection, Disconnected, ServerRefused, pause } from "./connection.js";
import { DealCheck } from "./dealcheck.js";
import { keepSeat, forgetSeat, keptChecks, keepChecks } from "./store.js";
import { Unfair, Watch } from "./watch.js";
import { eventsOf, tableOf, viewOf } from "./wire.js";

/** @typedef {import("./connection.js").Message} Message */
/** @typedef {import("./wire.js").Table} Table */
/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").GameEvent} GameEvent */
/** @typedef {import("./dealcheck.js").Verdict} Verdict */
/** @typedef {{table: string, seat: number, token: string, host: boolean}} Joined */
/** @typedef {{type: string, data: Message, events: GameEvent[], verdict: Verdict|null}} News */

/** Milliseconds between tries to come back, growing to the last. */
const BACK_OFF = [500, 1000, 2000, 4000, 8000];

/**
 * 64 random hexadecimal digits from the browser's secure source (there even over plain http).
 * @returns {string}
 */
export function newContribution() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One person's seat, from the first hello to the match's end. */
export class SeatLink {
  /**
   * @param {string} door the service's address (ws://host:port/prefix/)
   * @param {(news: News) => void} told every message, once the seat has taken it in
   * @param {(state: string) => void} status the connection's state in words ('' when all is well)
   */
  constructor(door, told, status) {
    this.connection = new Connection(door, (message) => this.take(message), (reason) => this.lost(reason));
    this.told = told;
    this.status = status;
    /** @type {Joined|null} */
    this.joined = null;
    /** @type {Table|null} */
    this.table = null;
    /** @type {View|null} */
    this.view = null;
    this.round = 0;
    this.moves = 0;
    this.watch = new Watch();
    /** @type {DealCheck|null} */
    this.deals = null;
    /** @type {Message|null} the latest commitment not contributed to yet */
    this.pendingCommit = null;
    /** @type {{round: number, commitment: string, contribution: string}|null} */
    this.contributing = null;
    /** Whether the page answers a commitment at once (else when the person goes on after a round). */
    this.autoContribute = true;
    /** @type {{round: number, moves: number, text: string}|null} the last action sent, until it is played */
    this.pendingAct = null;
    this.resend = false;
    this.unfair = "";
    /** Why the page stopped coming back ('' while it would). */
    this.stopped = "";
    this.busy = 0;
    this.coming = false;
  }

  /**
   * Connect (at the table's own path when `code` is given).
   * @param {string} code
   */
  async connect(code = "") {
    this.connection.code = code;
    this.busy++;
    try {
      await this.connection.connect();
    } finally {
      this.busy--;
    }
  }

  /**
   * Take a seat at the table `code`.
   * @param {string} code
   * @param {string} name
   * @returns {Promise<Joined>}
   */
  async join(code, name) {
    return this.arrive({ type: "join", table: code, name }, code);
  }

  /**
   * Come back to a seat with its token.
   * @param {string} code
   * @param {string} token
   * @returns {Promise<Joined>}
   */
  async rejoin(code, token) {
    this.resend = this.pendingAct !== null;
    return this.arrive({ type: "rejoin", table: code, token }, code);
  }

  /**
   * Send a join or rejoin at the table's own path, following the service; the seat it gives.
   * @param {Record<string, unknown> & {type: string}} request
   * @param {string} code
   * @returns {Promise<Joined>}
   */
  async arrive(request, code) {
    this.busy++;
    try {
      if (!this.connection.open || this.connection.code !== code) {
        this.connection.code = code;
        await this.connection.connect();
      }
      await this.connection.following(request, "joined");
    } finally {
      this.busy--;
    }
    if (this.joined === null) throw new Disconnected("the server left this seat");
    return this.joined;
  }

  /**
   * Ask where the tables of `seats` stand, without sitting down.
   * @param {{table: string, token: string}[]} seats
   * @returns {Promise<Message>}
   */
  async list(seats) {
    return this.connection.request({ type: "list", seats }, "list");
  }

  /**
   * Send a request with no reply of its own (its error comes as a message).
   * @param {Record<string, unknown>} message
   */
  send(message) {
    this.watch.sent(this.connection.send(message));
  }

  /**
   * Play an action for this seat.
   * @param {string} action
   */
  act(action) {
    this.pendingAct = { round: this.round, moves: this.moves, text: action };
    this.send(this.round ? { type: "act", action, round: this.round } : { type: "act", action });
  }

  /** Send this page's random contribution to the deal waiting for it. */
  contribute() {
    const commit = this.pendingCommit;
    if (commit === null || this.deals === null || !this.connection.open) return;
    this.pendingCommit = null;
    const contribution = newContribution();
    this.contributing = { round: Number(commit.round), commitment: String(commit.commitment), contribution };
    this.send({ type: "contribute", round: commit.round, contribution });
  }

  /** Give the seat up for good (the stand-in plays it) and forget it. */
  async leave() {
    this.stopped = "left";
    try {
      await this.connection.request({ type: "leave" }, "left");
    } catch {
      // the seat is forgotten either way
    }
    if (this.joined) forgetSeat(this.joined.table, this.joined.token);
    this.connection.close();
  }

  /**
   * Take one checked message in: keep the table, the view and the deal's record; refuse what breaks the fair deal.
   * @param {Message} message
   */
  take(message) {
    const kind = message.type;
    /** @type {GameEvent[]} */
    let events = [];
    let view = this.view;
    if (kind === "table") this.table = tableOf(message);
    if (kind === "update") {
      const table = this.table;
      if (table === null) throw new Disconnected("the server sent an update before the table");
      view = viewOf(message.view, table.setMax, table.seats.length);
      events = eventsOf(message.events, table.setMax, table.seats.length);
    }
    const names = this.table ? this.table.seats.map((s) => s.name) : [];
    try {
      this.watch.check(message, view, names, this.table ? this.table.setMax : 18, events);
    } catch (error) {
      if (error instanceof Unfair) {
        this.unfair = `the server broke the fair deal: ${error.message}`;
        this.stopped = this.unfair;
      }
      throw error;
    }
    /** @type {Verdict|null} */
    let verdict = null;
    if (kind === "joined") this.seated(message);
    if (kind === "error" && message.about === "act") this.pendingAct = null;
    if (kind === "moved" && !message.about) {
      const to = this.connection.follow(message);
      if (to) this.connection.url = to;
    }
    if (kind === "update" && view !== null) {
      this.view = view;
      this.round = Number(message.round ?? 0);
      this.moves = Number(message.moves ?? 0);
      if (this.deals) this.deals.saw(this.round, this.moves, view, events);
      this.resendIfLost();
    }
    if (kind === "commit" && this.deals) {
      this.deals.witness(Number(message.round), String(message.commitment));
      this.remember();
      this.pendingCommit = message;
      if (this.autoContribute) this.contribute();
    }
    this.answered(message);
    if (kind === "round_end" && this.deals && this.table) verdict = this.deals.check(message, this.table.seats.length);
    if (kind === "closed") {
      if (message.reason === "host_left" && this.joined) {
        forgetSeat(this.joined.table, this.joined.token);
        this.stopped = "the host closed the table";
      }
      if (message.reason === "replaced") this.stopped = "this seat was taken up in another window";
    }
    this.told({ type: kind, data: message, events, verdict });
  }

  /**
   * A `joined`: keep the seat (here and in the browser), and a new deal record for a new seat.
   * @param {Message} message
   */
  seated(message) {
    const joined = { table: String(message.table), seat: Number(message.seat), token: String(message.token),
      host: message.host === true };
    const same = this.joined && this.joined.table === joined.table && this.joined.seat === joined.seat;
    this.joined = joined;
    if (!same || this.deals === null) {
      this.deals = new DealCheck(joined.seat);
      this.watch = new Watch();
      const kept = keptChecks(joined.table, joined.token);
      for (const [round, shown] of kept.seen) this.deals.seen.set(round, shown);
      for (const [round, mine] of kept.sent) this.deals.sent.set(round, mine);
    }
  }

  /** Keep the commitments seen and the contributions taken in the browser (a reload still checks the round). */
  remember() {
    if (this.joined && this.deals) keepChecks(this.joined.table, this.joined.token, this.deals.seen, this.deals.sent);
  }

  /**
   * The server took this page's contribution into the mix, or refused it: either way it is no longer pending.
   * @param {Message} message
   */
  answered(message) {
    const sent = this.contributing;
    if (sent === null) return;
    if (message.type === "contributed" && message.round === sent.round) {
      if (this.deals) this.deals.committed(sent.round, sent.commitment, sent.contribution);
      this.remember();
      this.contributing = null;
    } else if (message.type === "error" && message.about === "contribute") {
      this.contributing = null;
    }
  }

  /** After a rejoin: send again the action lost with the connection, if the table still stands where it was sent. */
  resendIfLost() {
    const pending = this.pendingAct;
    if (pending === null) return;
    if (pending.round !== this.round || pending.moves !== this.moves) {
      this.pendingAct = null;
      return;
    }
    const view = this.view;
    if (this.resend && view && this.joined && view.to_move === this.joined.seat && view.legal.includes(pending.text)) {
      this.resend = false;
      this.send({ type: "act", action: pending.text, round: pending.round });
    }
  }

  /**
   * The connection closed by itself: come back (the same seat, by its token) unless there is no point.
   * @param {string} reason
   */
  lost(reason) {
    if (this.busy > 0 || this.coming) return;
    if (this.stopped || this.joined === null) {
      this.status(this.stopped ? `Disconnected: ${this.stopped}.` : `Disconnected: ${reason}.`);
      return;
    }
    void this.comeBack(reason);
  }

  /**
   * Try to rejoin the seat, waiting longer between tries, until it works or cannot.
   * @param {string} reason
   */
  async comeBack(reason) {
    this.coming = true;
    try {
      for (let attempt = 0; !this.stopped && this.joined; attempt++) {
        this.status(`The connection was lost (${reason}): coming back\u2026`);
        await pause(BACK_OFF[Math.min(attempt, BACK_OFF.length - 1)]);
        try {
          await this.rejoin(this.joined.table, this.joined.token);
          this.status("");
          return;
        } catch (error) {
          if (error instanceof ServerRefused && ["bad_token", "bad_code"].includes(error.code)) {
            forgetSeat(this.joined.table, this.joined.token);
            this.stopped = `the table no longer has this seat (${error.message})`;
            this.status(`Disconnected: ${this.stopped}.`);
            return;
          }
          reason = error instanceof Error ? error.message : String(error);
        }
      }
    } finally {
      this.coming = false;
    }
  }

  /** Keep the seat in the browser, with the name it goes by. */
  keep() {
    if (this.joined && this.table) {
      const me = this.table.seats[this.joined.seat];
      keepSeat({ door: this.connection.door, code: this.joined.table, token: this.joined.token,
        name: me ? me.name : "" });
    }
  }
}
