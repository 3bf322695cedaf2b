// Every message from the server checked before the page uses or shows any of
// it (docs/protocol.md, "Messages from the server"): a message that does not
// fit is refused, and the connection with it.

/** @typedef {{event: string, seat?: number, tile?: string|null, train?: number, near?: number, far?: number,
 *   engine?: number, penalty?: boolean, hand_size?: number, boneyard?: number, hands?: string[][],
 *   scores?: number[], went_out?: number|null, charges?: number[]}} GameEvent */
/** @typedef {{played: number, drew: boolean, owes: number, need: number, chain: boolean}} Turn */
/** @typedef {{seat: number, engine: number, names: string[], hand: string[], hand_sizes: number[],
 *   boneyard_size: number, trains: string[][], ends: number[], public: boolean[], open_doubles: number[],
 *   double_owner: number[][], suspended: boolean[], to_move: number, opener: number, turn_number: number,
 *   round_over: boolean, legal: string[], totals: number[], turn: Turn, opening_done: boolean}} View */
/** @typedef {{name: string, kind: string, connected: boolean, stand_in: boolean, left: boolean,
 *   thinking: boolean}} Seat */
/** @typedef {{seat: number, left: number, running: boolean, of: number}} Clock */
/** @typedef {{table: string, state: string, round: number, rounds: number, setMax: number, preset: string,
 *   pace: string, turnClock: number, length: string, seats: Seat[], totals: number[], paused: boolean,
 *   clock: Clock|null}} Table */

/** The message types a server sends. */
export const SERVER_TYPES = ["welcome", "joined", "table", "commit", "update", "round_end", "match_end", "error",
  "left", "closed", "paused", "list", "contributed", "moved", "servers"];
/** Seat kinds a table may name. */
const KINDS = ["person", "open", "easy", "medium", "hard", "expert", "random"];
/** The largest message read, in characters. */
export const MOST_CHARACTERS = 16 * 65536;
const UNFIT = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/u;

/** A message that does not fit the protocol. */
export class WireError extends Error {}

/**
 * @param {boolean} ok
 * @param {string} what
 * @returns {asserts ok}
 */
function need(ok, what) {
  if (!ok) throw new WireError(what);
}

/**
 * A whole number from `low` to `high`.
 * @param {unknown} value
 * @param {number} low
 * @param {number} high
 * @param {string} what
 * @returns {number}
 */
export function whole(value, low, high, what) {
  need(typeof value === "number" && Number.isInteger(value) && value >= low && value <= high,
    `${what} is not a whole number from ${low} to ${high}`);
  return /** @type {number} */ (value);
}

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {boolean}
 */
function flag(value, what) {
  need(typeof value === "boolean", `${what} is not true or false`);
  return /** @type {boolean} */ (value);
}

/**
 * A list (at most `most` long).
 * @param {unknown} value
 * @param {string} what
 * @param {number} [most]
 * @returns {unknown[]}
 */
function list(value, what, most = 1000) {
  need(Array.isArray(value) && value.length <= most, `${what} is not a list`);
  return /** @type {unknown[]} */ (value);
}

/**
 * Text fit to show: at most `most` characters, no control or direction characters.
 * @param {unknown} value
 * @param {string} what
 * @param {number} [most]
 * @returns {string}
 */
export function words(value, what, most = 300) {
  need(typeof value === "string" && value.length <= most && !UNFIT.test(value), `${what} is not text to show`);
  return /** @type {string} */ (value);
}

/**
 * A tile's text in a set whose highest pip is `setMax`, written high end first.
 * @param {unknown} value
 * @param {number} setMax
 * @returns {string}
 */
export function tile(value, setMax) {
  need(typeof value === "string" && /^\d{1,2}-\d{1,2}$/.test(value), "a tile is not in its form");
  const [a, b] = String(value).split("-").map(Number);
  need(a <= setMax && b <= setMax, "a tile is not of the table's set");
  return `${Math.max(a, b)}-${Math.min(a, b)}`;
}

/**
 * A seat number or -1 (the Mexican train).
 * @param {unknown} value
 * @param {number} players
 * @returns {number}
 */
function train(value, players) {
  return whole(value, -1, players - 1, "a train");
}

/**
 * The set's highest pip: the options' `set_max`, or where it is null the set for this many players
 * (`set_by_players`, from two players on), as docs/protocol.md says.
 * @param {Record<string, unknown>} options
 * @param {number} players
 * @returns {number}
 */
function setOf(options, players) {
  if (options.set_max !== null && options.set_max !== undefined) return whole(options.set_max, 3, 18, "the set");
  const sets = list(options.set_by_players, "the sets by players", 7);
  return whole(sets[players - 2], 3, 18, "the set for this many players");
}

/**
 * The table a `table` message describes.
 * @param {Record<string, unknown>} data
 * @returns {Table}
 */
export function tableOf(data) {
  const settings = /** @type {Record<string, unknown>} */ (data.settings);
  const options = /** @type {Record<string, unknown>} */ (data.options);
  need(typeof settings === "object" && settings !== null && typeof options === "object" && options !== null,
    "the table's settings are missing");
  const seats = list(data.seats, "the seats", 8).map((raw) => {
    const seat = /** @type {Record<string, unknown>} */ (raw);
    need(typeof seat === "object" && seat !== null, "a seat is not an object");
    const kind = String(seat.kind);
    need(KINDS.includes(kind), "a seat's kind is not known");
    return { name: words(seat.name, "a seat's name", 24), kind, connected: seat.connected === true,
      stand_in: seat.stand_in === true, left: seat.left === true, thinking: seat.thinking === true };
  });
  need(seats.length >= 2, "a table has two seats at least");
  const state = String(data.state);
  need(["lobby", "dealing", "playing", "over"].includes(state), "the table's state is not known");
  const setMax = setOf(options, seats.length);
  const rounds = options.rounds ?? Number(options.first_engine ?? setMax) + 1;
  let clock = null;
  if (data.clock !== null && data.clock !== undefined) {
    const raw = /** @type {Record<string, unknown>} */ (data.clock);
    need(typeof raw.left === "number" && typeof raw.of === "number" && raw.left >= 0, "the clock is not in its form");
    clock = { seat: whole(raw.seat, 0, seats.length - 1, "the clock's seat"), left: Number(raw.left),
      running: raw.running === true, of: Number(raw.of) };
  }
  return {
    table: words(data.table, "the table's code", 20), state, round: whole(data.round ?? 0, 0, 1000, "the round"),
    rounds: whole(rounds, 1, 1000, "the rounds"), setMax,
    preset: words(settings.preset, "the preset", 20), pace: settings.pace === "any" ? "any" : "live",
    turnClock: whole(settings.turn_clock ?? 120, 0, 100000, "the turn clock"),
    length: words(settings.length ?? "full", "the length", 10), seats,
    totals: list(data.totals ?? [], "the totals", 8).map((t) => whole(t, -100000, 100000, "a total")),
    paused: data.paused === true, clock,
  };
}

/**
 * The view of an `update`, its tiles checked against the set.
 * @param {unknown} raw
 * @param {number} setMax
 * @param {number} players
 * @returns {View}
 */
export function viewOf(raw, setMax, players) {
  const v = /** @type {Record<string, unknown>} */ (raw);
  need(typeof v === "object" && v !== null, "the view is missing");
  const perSeat = (/** @type {unknown} */ value, /** @type {string} */ what) => {
    const items = list(value, what, 8);
    need(items.length === players, `${what} has not one entry per seat`);
    return items;
  };
  const tiles = (/** @type {unknown} */ value) => list(value, "tiles", 200).map((t) => tile(t, setMax));
  const trains = list(v.trains, "the trains", 9).map(tiles);
  need(trains.length === players + 1, "the trains are not one per seat and the Mexican train");
  const turn = /** @type {Record<string, unknown>} */ (v.turn);
  need(typeof turn === "object" && turn !== null, "the turn is missing");
  return {
    seat: whole(v.seat, 0, players - 1, "the view's seat"), engine: whole(v.engine, 0, setMax, "the engine"),
    names: perSeat(v.names, "the names").map((n) => words(n, "a name", 24)),
    hand: tiles(v.hand), hand_sizes: perSeat(v.hand_sizes, "the hand sizes").map((n) => whole(n, 0, 200, "a hand")),
    boneyard_size: whole(v.boneyard_size, 0, 200, "the boneyard"), trains,
    ends: list(v.ends, "the ends", 9).map((n) => whole(n, 0, setMax, "an end")),
    public: perSeat(v.public, "the markers").map((p) => flag(p, "a marker")),
    open_doubles: list(v.open_doubles, "the open doubles", 9).map((t) => train(t, players)),
    double_owner: list(v.double_owner, "the doubles' owners", 9).map((pair) => {
      const items = list(pair, "a double's owner", 2);
      return [train(items[0], players), whole(items[1], 0, players - 1, "a seat")];
    }),
    suspended: perSeat(v.suspended, "the suspended seats").map((s) => flag(s, "suspended")),
    to_move: whole(v.to_move, 0, players - 1, "the seat to move"), opener: whole(v.opener, 0, players - 1, "the opener"),
    turn_number: whole(v.turn_number, 0, 100000, "the turn"), round_over: flag(v.round_over, "round over"),
    opening_done: flag(v.opening_done, "opening done"),
    legal: list(v.legal, "the legal actions", 500).map((a) => words(a, "an action", 40)),
    totals: perSeat(v.totals, "the totals").map((t) => whole(t, -100000, 100000, "a total")),
    turn: { played: whole(turn.played, 0, 200, "played"), drew: flag(turn.drew, "drew"),
      owes: whole(turn.owes, 0, 200, "owes"), need: whole(turn.need, 0, 2, "need"), chain: flag(turn.chain, "chain") },
  };
}

/**
 * The events of an `update`, their fields checked.
 * @param {unknown} raw
 * @param {number} setMax
 * @param {number} players
 * @returns {GameEvent[]}
 */
export function eventsOf(raw, setMax, players) {
  return list(raw, "the events", 2000).map((item) => {
    const e = /** @type {Record<string, unknown>} */ (item);
    need(typeof e === "object" && e !== null && typeof e.event === "string", "an event is not in its form");
    /** @type {GameEvent} */
    const out = { event: words(e.event, "an event's name", 30) };
    if ("seat" in e) out.seat = whole(e.seat, -1, players - 1, "an event's seat");
    if ("tile" in e) out.tile = e.tile === null ? null : tile(e.tile, setMax);
    if ("train" in e) out.train = train(e.train, players);
    if ("near" in e) out.near = whole(e.near, 0, setMax, "a near end");
    if ("far" in e) out.far = whole(e.far, 0, setMax, "a far end");
    if ("engine" in e) out.engine = whole(e.engine, 0, setMax, "the engine");
    if ("penalty" in e) out.penalty = e.penalty === true;
    if ("hand_size" in e) out.hand_size = whole(e.hand_size, 0, 200, "a hand size");
    if ("boneyard" in e) out.boneyard = whole(e.boneyard, 0, 200, "the boneyard");
    if ("hands" in e) out.hands = list(e.hands, "the hands", 8).map((h) => list(h, "a hand", 200).map((t) => tile(t, setMax)));
    if ("scores" in e) out.scores = list(e.scores, "the scores", 8).map((s) => whole(s, -100000, 100000, "a score"));
    if ("went_out" in e) out.went_out = e.went_out === null ? null : whole(e.went_out, 0, players - 1, "who went out");
    return out;
  });
}

/**
 * Parse and check one message's text: its JSON, its type, and the fields every type carries.
 * @param {string} text
 * @returns {Record<string, unknown> & {type: string}}
 */
export function parse(text) {
  need(typeof text === "string" && text.length <= MOST_CHARACTERS, "the message is too large to read");
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new WireError("the message is not JSON");
  }
  need(typeof data === "object" && data !== null && !Array.isArray(data), "the message is not an object");
  const message = /** @type {Record<string, unknown> & {type: string}} */ (data);
  need(SERVER_TYPES.includes(String(message.type)), "the message is of no known type");
  for (const key of ["message", "reason", "code", "about"]) {
    if (key in message) words(message[key], `the message's ${key}`, 500);
  }
  if (message.type === "commit") {
    whole(message.round, 1, 1000, "the commitment's round");
    need(typeof message.commitment === "string" && /^[0-9a-f]{64}$/.test(message.commitment),
      "a commitment must be 64 lowercase hexadecimal digits");
  }
  if (message.type === "joined") {
    need(typeof message.token === "string" && /^[0-9a-f]{32}$/.test(message.token), "the seat's token is not in its form");
    whole(message.seat, 0, 7, "the seat");
    words(message.table, "the table's code", 20);
  }
  return message;
}
