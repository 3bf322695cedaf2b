// What the page checks in every message as it comes: no tile its seat may not
// see (the same check as the desktop's game/net/watch.py). The places where an
// update names tiles (its view's hand, trains and legal actions, and its
// events) are left to the round's end, where the deal check (dealcheck.js)
// holds them against the revealed deal; even there a drawn tile of another
// seat shown face up, or every hand revealed before the round is over, is
// refused at once.

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").GameEvent} GameEvent */

const TILE_TEXT = /(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w.-])/g;
/** @type {Record<string, string[][]>} */
const CHECKED_AT_ROUND_END = {
  update: [["view", "hand"], ["view", "trains"], ["view", "legal"], ["events"]],
  round_end: [["reveal", "deal"], ["reveal", "actions"], ["draw_off"]],
};

/** A message that shows the page what the fair deal keeps from it. */
export class Unfair extends Error {}

/**
 * A tile's text with its high end first.
 * @param {number} a
 * @param {number} b
 * @returns {string}
 */
function tileKey(a, b) {
  return `${Math.max(a, b)}-${Math.min(a, b)}`;
}

/** The tiles one seat may see, and the check of every message against them. */
export class Watch {
  constructor() {
    /** @type {string[]|null} the seats' names once the match is under way */
    this.names = null;
    /** @type {Set<string>} tiles this page named itself in what it sent */
    this.named = new Set();
  }

  /**
   * Note the tiles a message this page sends names (a refusal may name them back).
   * @param {string} text
   */
  sent(text) {
    for (const [, a, b] of text.matchAll(TILE_TEXT)) this.named.add(tileKey(Number(a), Number(b)));
  }

  /**
   * Refuse `message` (Unfair) if it shows a tile this seat may not see.
   * @param {Record<string, unknown>} message the checked message
   * @param {View|null} view the view it carries, or the latest before it
   * @param {string[]} seatNames the seats' names as the latest table gave them
   * @param {number} setMax
   * @param {GameEvent[]} events the update's events
   */
  check(message, view, seatNames, setMax, events) {
    const type = String(message.type);
    if ((type === "commit" || type === "update") && this.names === null && seatNames.length) this.names = [...seatNames];
    this.checkNames(message, seatNames);
    if (type === "update" && view !== null) {
      for (const event of events) {
        if (event.event === "TileDrawn" && event.seat !== view.seat && event.tile) {
          throw new Unfair(`the server showed this page the tile another seat drew (${event.tile})`);
        }
        if (event.event === "RoundEnded" && !view.round_over) {
          throw new Unfair("the server revealed every hand while the round is still being played");
        }
      }
    }
    if (view !== null && view.round_over) return;
    const names = (this.names ?? seatNames).filter((name) => new RegExp(TILE_TEXT.source).test(name));
    const visible = this.visible(view);
    const skip = CHECKED_AT_ROUND_END[type] ?? [];
    for (const [where, found] of texts(message, [], skip)) {
      let text = found;
      for (const name of names) text = text.split(name).join(" ");
      for (const [, a, b] of text.matchAll(TILE_TEXT)) {
        const key = tileKey(Number(a), Number(b));
        if (Math.max(Number(a), Number(b)) <= setMax && !visible.has(key)) {
          throw new Unfair(`the server showed this page the ${key}, a tile it may not see, in '${where.join(".") || type}' of a ${type} message`);
        }
      }
    }
  }

  /**
   * Seat names stay what they were once the match is under way.
   * @param {Record<string, unknown>} message
   * @param {string[]} seatNames
   */
  checkNames(message, seatNames) {
    if (this.names === null) return;
    /** @type {unknown[]|null} */
    let now = null;
    if (message.type === "table") now = seatNames;
    else if (message.type === "round_end" && Array.isArray(message.seats)) {
      now = message.seats.map((s) => (typeof s === "object" && s !== null ? /** @type {{name?: unknown}} */ (s).name : null));
    }
    if (now !== null && (now.length !== this.names.length || now.some((name, i) => name !== this.names?.[i]))) {
      throw new Unfair("the server changed the seats' names during the match");
    }
  }

  /**
   * The tiles this seat may see now: its hand, the trains, the hub double, its own words.
   * @param {View|null} view
   * @returns {Set<string>}
   */
  visible(view) {
    const seen = new Set(this.named);
    if (view !== null) {
      for (const t of view.hand) seen.add(t);
      for (const line of view.trains) for (const t of line) seen.add(t);
      seen.add(tileKey(view.engine, view.engine));
    }
    return seen;
  }
}

/**
 * Every text in `data` (keys too) with its path, leaving out the paths in `skip`.
 * @param {unknown} data
 * @param {string[]} where
 * @param {string[][]} skip
 * @returns {Generator<[string[], string]>}
 */
function* texts(data, where, skip) {
  if (skip.some((path) => path.length === where.length && path.every((part, i) => part === where[i]))) return;
  if (typeof data === "string") {
    yield [where, data];
  } else if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) yield* texts(data[i], [...where, String(i)], skip);
  } else if (typeof data === "object" && data !== null) {
    for (const [key, value] of Object.entries(data)) {
      yield [[...where, key], key];
      yield* texts(value, [...where, key], skip);
    }
  }
}
