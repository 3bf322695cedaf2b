// What the browser keeps of its seats (localStorage): each seat's service,
// table code, token and name, the newest first, so the page can take a seat
// back after a reload and list the browser's tables; and per seat the
// commitments it saw and the contributions the server took, so a round dealt
// before a reload is still checked. Everything read back is checked first.

const SEATS = "mexican-train seats v1";
const CHECKS = "mexican-train checks v1 ";
/** Seats kept at most (a server answers a list of 50 at most). */
export const MOST_SEATS = 50;

/** @typedef {{door: string, code: string, token: string, name: string}} KeptSeat */

/**
 * The stored text under `key` ('' when the browser keeps nothing or refuses to).
 * @param {string} key
 * @returns {string}
 */
function read(key) {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

/**
 * Store `value` under `key` (a browser that refuses keeps nothing: the seat lasts as long as the page).
 * @param {string} key
 * @param {string} value
 */
function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or refused
  }
}

/**
 * Whether `value` is a kept seat in its form.
 * @param {unknown} value
 * @returns {value is KeptSeat}
 */
function isSeat(value) {
  const seat = /** @type {Record<string, unknown>} */ (value);
  return typeof seat === "object" && seat !== null && typeof seat.door === "string" && /^wss?:\/\/\S{1,200}$/.test(seat.door)
    && typeof seat.code === "string" && /^[0-9A-Z-]{1,20}$/.test(seat.code)
    && typeof seat.token === "string" && /^[0-9a-f]{32}$/.test(seat.token)
    && typeof seat.name === "string" && seat.name.length <= 24;
}

/**
 * Every seat this browser keeps, the newest first.
 * @returns {KeptSeat[]}
 */
export function keptSeats() {
  try {
    const data = JSON.parse(read(SEATS) || "[]");
    return Array.isArray(data) ? data.filter(isSeat).slice(0, MOST_SEATS) : [];
  } catch {
    return [];
  }
}

/**
 * The seat kept at the table `code` of the service `door`, if any.
 * @param {string} door
 * @param {string} code
 * @returns {KeptSeat|undefined}
 */
export function seatAt(door, code) {
  return keptSeats().find((seat) => seat.code === code && seat.door === door);
}

/**
 * Keep `seat` as the newest.
 * @param {KeptSeat} seat
 */
export function keepSeat(seat) {
  const others = keptSeats().filter((s) => !(s.code === seat.code && s.door === seat.door));
  write(SEATS, JSON.stringify([seat, ...others].slice(0, MOST_SEATS)));
}

/**
 * Forget the seat with `token` at `code` (it was left, or its table is gone).
 * @param {string} code
 * @param {string} token
 */
export function forgetSeat(code, token) {
  write(SEATS, JSON.stringify(keptSeats().filter((s) => !(s.code === code && s.token === token))));
  try {
    localStorage.removeItem(CHECKS + token);
  } catch {
    // nothing kept
  }
}

/**
 * The commitments seen and contributions taken for a seat, by round.
 * @param {string} code
 * @param {string} token
 * @returns {{seen: Map<number, string>, sent: Map<number, string>}}
 */
export function keptChecks(code, token) {
  const seen = new Map(), sent = new Map();
  try {
    const data = JSON.parse(read(CHECKS + token) || "{}");
    if (data.code === code) {
      for (const [round, value] of Object.entries(data.seen ?? {})) {
        if (/^\d{1,4}$/.test(round) && /^[0-9a-f]{64}$/.test(String(value))) seen.set(Number(round), String(value));
      }
      for (const [round, value] of Object.entries(data.sent ?? {})) {
        if (/^\d{1,4}$/.test(round) && /^[0-9a-f]{64}$/.test(String(value))) sent.set(Number(round), String(value));
      }
    }
  } catch {
    // nothing kept, or not in its form: the rounds ahead are checked as they come
  }
  return { seen, sent };
}

/**
 * Keep the commitments seen and the contributions taken for a seat (the latest twenty rounds).
 * @param {string} code
 * @param {string} token
 * @param {Map<number, string>} seen
 * @param {Map<number, string>} sent
 */
export function keepChecks(code, token, seen, sent) {
  const last = (/** @type {Map<number, string>} */ map) => Object.fromEntries([...map].sort((a, b) => a[0] - b[0]).slice(-20));
  write(CHECKS + token, JSON.stringify({ code, seen: last(seen), sent: last(sent) }));
}
