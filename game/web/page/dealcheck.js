// The page's check of every round's deal when the server reveals it, the same
// checks as the desktop's copy of the match (game/net/match_copy.py) that need
// no rules engine: the secret is the one committed to before the deal, this
// page's contribution is in the mix, the deal is the shuffle of them all and
// has the fingerprint revealed, and every tile this seat held, drew or saw
// played came from where the revealed deal put it.

import { SHUFFLE, commitment, fingerprint, mixSeed, setOrder, shuffle } from "./fairdeal.js";

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").GameEvent} GameEvent */
/** @typedef {{moves: number, view: View, events: GameEvent[]}} Shown */
/** @typedef {{round: number, ok: boolean, witnessed: boolean, followed: boolean, mine: boolean, problem: string}} Verdict */

const HEX = /^[0-9a-f]+$/;

/**
 * Whether `value` is `size` lowercase hexadecimal digits.
 * @param {unknown} value
 * @param {number} size
 * @returns {boolean}
 */
function isHex(value, size) {
  return typeof value === "string" && value.length === size && HEX.test(value);
}

/**
 * Whether two lists of tiles hold the same tiles (in any order).
 * @param {readonly string[]} a
 * @param {readonly string[]} b
 * @returns {boolean}
 */
function sameTiles(a, b) {
  return a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");
}

/** One seat's record of the rounds it was dealt, and their checks. */
export class DealCheck {
  /** @param {number} seat */
  constructor(seat) {
    this.seat = seat;
    /** @type {Map<number, string>} round -> the commitment seen before its deal */
    this.seen = new Map();
    /** @type {Map<number, string>} round -> this page's contribution, once the server took it */
    this.sent = new Map();
    /** @type {Map<number, Shown[]>} round -> every update shown in it */
    this.shown = new Map();
    /** @type {Map<number, Verdict>} */
    this.verdicts = new Map();
  }

  /**
   * A commitment the server shows; it counts only before this page has seen its round dealt.
   * @param {number} round
   * @param {string} shown
   */
  witness(round, shown) {
    if (!this.shown.has(round) && !this.seen.has(round)) this.seen.set(round, shown);
  }

  /**
   * This page's contribution to `round`, which the server took into the mix.
   * @param {number} round
   * @param {string} shown the commitment it answered
   * @param {string} contribution
   */
  committed(round, shown, contribution) {
    this.witness(round, shown);
    this.sent.set(round, contribution);
  }

  /**
   * Keep an update of a round not yet revealed, to check against the reveal.
   * @param {number} round
   * @param {number} moves
   * @param {View} view
   * @param {GameEvent[]} events
   */
  saw(round, moves, view, events) {
    if (this.verdicts.has(round)) return;
    const list = this.shown.get(round) ?? [];
    list.push({ moves, view, events });
    this.shown.set(round, list);
  }

  /**
   * Check a revealed round (a `round_end` message); its verdict (kept: a round sent again keeps its first).
   * @param {Record<string, unknown>} message
   * @param {number} players
   * @returns {Verdict}
   */
  check(message, players) {
    const round = Number(message.round);
    const kept = this.verdicts.get(round);
    if (kept) return kept;
    const witnessed = this.seen.has(round);
    let followed = false;
    let problem = "";
    try {
      [problem, followed] = this.judge(message, round, players);
    } catch (error) {
      problem = `the round's reveal cannot be read (${error instanceof Error ? error.message : error})`;
    }
    /** @type {Verdict} */
    const verdict = { round, ok: problem === "", witnessed, followed, mine: this.sent.has(round), problem };
    this.verdicts.set(round, verdict);
    this.shown.delete(round);
    return verdict;
  }

  /**
   * The checks in order; the first problem in words ('' when every one held) and whether the hands were followed.
   * @param {Record<string, unknown>} message
   * @param {number} round
   * @param {number} players
   * @returns {[string, boolean]}
   */
  judge(message, round, players) {
    const reveal = /** @type {Record<string, unknown>} */ (message.reveal);
    if (typeof reveal !== "object" || reveal === null) return ["the round's reveal is missing", false];
    const { secret, contributions, deal, hand_sizes: sizes } = reveal;
    if (!isHex(secret, 32) || !Array.isArray(contributions) || contributions.length !== players
        || contributions.some((c) => c !== "" && !isHex(c, 64))) {
      return ["the revealed secret or contributions are not in their form", false];
    }
    const salt = String(secret);
    const shown = this.seen.get(round) ?? String(reveal.commitment);
    if (commitment(salt) !== shown) return ["the revealed secret is not the one the server committed to", false];
    const mine = this.sent.get(round);
    if (mine && contributions[this.seat] !== mine) return ["this page's contribution is not in the mix", false];
    if (reveal.shuffle !== SHUFFLE) return ["the deal was not made with the shuffle the fair deal defines", false];
    const setMax = Number(reveal.set), engine = Number(reveal.engine);
    if (!Number.isInteger(setMax) || setMax < 3 || setMax > 18 || !Number.isInteger(engine) || engine < 0
        || engine > setMax || typeof reveal.held_out !== "boolean" || !Array.isArray(deal)
        || !Array.isArray(sizes) || sizes.length !== players || sizes.some((s) => !Number.isInteger(s) || s < 0)) {
      return ["the revealed set, engine or hand sizes are not in their form", false];
    }
    const order = shuffle(setOrder(setMax, reveal.held_out, engine), mixSeed(salt, contributions.map(String)));
    if (deal.length !== order.length || deal.some((t, i) => t !== order[i])) {
      return ["the deal is not the shuffle of the secret and the contributions", false];
    }
    if (reveal.fingerprint !== fingerprint(salt, order)) return ["the revealed fingerprint is not the deal's", false];
    return this.follow(round, order, sizes.map(Number), engine);
  }

  /**
   * Follow every hand from the revealed deal through the round's events as this page was shown them:
   * each tile drawn is the boneyard's next, each tile played or placed was in its seat's hand, and this
   * seat's hand after every update is the one it was shown. A round this page did not see from its deal
   * on cannot be followed (no problem, `followed` false).
   * @param {number} round
   * @param {string[]} order
   * @param {number[]} sizes
   * @param {number} engine
   * @returns {[string, boolean]}
   */
  follow(round, order, sizes, engine) {
    const shown = this.shown.get(round) ?? [];
    const first = shown[0];
    if (!first || first.moves !== 0 || !first.events.some((e) => e.event === "Dealt")) return ["", false];
    /** @type {string[][]} */
    const hands = [];
    let at = 0;
    for (const size of sizes) {
      hands.push(order.slice(at, at + size));
      at += size;
    }
    const boneyard = order.slice(at);
    let drawn = 0;
    let moves = -1;
    const wrong = (/** @type {number} */ move) =>
      `what this page was shown after move ${move} of the round is not what the revealed deal and moves give its seat`;
    for (const update of shown) {
      if (update.events.length && moves >= 0 && update.moves !== moves + 1) return ["", false];
      if (update.events.length || moves < 0) moves = update.moves;
      for (const event of update.events) {
        const seat = event.seat ?? -1;
        const hand = hands[seat];
        if (event.event === "TileDrawn") {
          const next = boneyard[drawn++];
          if (!hand || next === undefined || (seat === this.seat && event.tile !== next)) return [wrong(update.moves), true];
          hand.push(next);
        } else if (event.event === "TilePlayed" || (event.event === "EnginePlaced" && seat >= 0)) {
          const laid = event.event === "TilePlayed" ? String(event.tile) : `${engine}-${engine}`;
          const index = hand ? hand.indexOf(laid) : -1;
          if (!hand || index < 0) return [wrong(update.moves), true];
          hand.splice(index, 1);
        } else if (event.event === "RoundEnded") {
          const told = event.hands ?? [];
          if (told.length !== hands.length || told.some((h, s) => !sameTiles(h, hands[s]))) return [wrong(update.moves), true];
        }
      }
      if (!sameTiles(update.view.hand, hands[this.seat])) return [wrong(update.moves), true];
    }
    return ["", true];
  }
}

/**
 * What the badge says of a verdict, in a sentence.
 * @param {Verdict} verdict
 * @returns {string}
 */
export function verdictWords(verdict) {
  if (!verdict.ok) return `Round ${verdict.round}'s deal FAILED its check: ${verdict.problem}.`;
  if (!verdict.witnessed) {
    return `Round ${verdict.round}'s deal could not be checked: the server dealt it before this page saw its commitment.`;
  }
  return `Round ${verdict.round}'s deal checked: the secret was the one committed to before the deal, the deal is`
    + ` the shuffle of it and every contribution${verdict.mine ? " (yours among them)" : ""}`
    + (verdict.followed ? ", and every tile you held, drew or saw played came from that deal." : ".");
}
