// What happened at the table in sentences, for the message line and the live
// region, and the answers to the ask-keys: said as the desktop says them.

/** @typedef {import("./wire.js").GameEvent} GameEvent */
/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").Table} Table */

/**
 * A train's name in words.
 * @param {number} train
 * @param {readonly string[]} names
 * @param {number} me
 * @returns {string}
 */
export function trainWords(train, names, me) {
  if (train === -1) return "the Mexican train";
  if (train === me) return "your train";
  return `${names[train] ?? `seat ${train + 1}`}'s train`;
}

/**
 * Who a seat is, in words ("You" for this page's seat).
 * @param {number} seat
 * @param {readonly string[]} names
 * @param {number} me
 * @returns {string}
 */
export function who(seat, names, me) {
  return seat === me ? "You" : names[seat] ?? `Seat ${seat + 1}`;
}

/**
 * One event in a sentence ('' for one not worth a line).
 * @param {GameEvent} e
 * @param {readonly string[]} names
 * @param {number} me
 * @returns {string}
 */
export function eventWords(e, names, me) {
  const seat = e.seat ?? -1;
  const name = who(seat, names, me);
  switch (e.event) {
    case "TilePlayed":
      return `${name} played ${e.tile} on ${trainWords(e.train ?? -1, names, me)}.`;
    case "TileDrawn":
      return e.tile ? `${name} drew the ${e.tile}${e.penalty ? " (penalty)" : ""}.`
        : `${name} drew a tile${e.penalty ? " (penalty)" : ""}.`;
    case "Passed":
      return `${name} passed.`;
    case "MarkerUp":
      return seat === me ? "Your train is public now." : `${name}'s train is public.`;
    case "MarkerDown":
      return seat === me ? "Your train is private again." : `${name}'s train is private again.`;
    case "DoubleOpened":
      return `${name} left a double open on ${trainWords(e.train ?? -1, names, me)}: it must be covered first.`;
    case "DoubleCovered":
      return `${name} covered the double on ${trainWords(e.train ?? -1, names, me)}.`;
    case "Knocked":
      return `${name} knocked: one tile left.`;
    case "Penalty":
      return `${name} forgot to knock.`;
    case "SeatSuspended":
      return `${name} cannot draw and is suspended.`;
    case "EnginePlaced":
      return `The engine is the double ${e.engine}.`;
    case "Dealt":
      return `Dealt: ${e.hand_size} tiles each, ${e.boneyard} in the boneyard.`;
    case "StarterChosen":
      return `${name} ${seat === me ? "play" : "plays"} first.`;
    case "RoundEnded":
      return e.went_out === null || e.went_out === undefined ? "The round is over: nobody could play."
        : `The round is over: ${who(e.went_out, names, me)} went out.`;
    default:
      return "";
  }
}

/**
 * Whose turn it is, in words.
 * @param {View} view
 * @param {number} me
 * @returns {string}
 */
export function turnWords(view, me) {
  if (view.round_over) return "The round is over.";
  if (view.to_move === me) return view.legal.length ? "Your turn." : "Your turn: waiting for the table.";
  return `${view.names[view.to_move] ?? "Another seat"}'s turn.`;
}

/**
 * The hand in words.
 * @param {View} view
 * @returns {string}
 */
export function handWords(view) {
  const count = view.hand.length;
  return count ? `Your hand, ${count} tile${count === 1 ? "" : "s"}: ${view.hand.join(", ")}.` : "Your hand is empty.";
}

/**
 * The table at a glance: each train's open end and marker, the open doubles.
 * @param {View} view
 * @param {number} me
 * @returns {string}
 */
export function glanceWords(view, me) {
  const trains = view.trains.map((tiles, k) => {
    const train = k === view.names.length ? -1 : k;
    const open = train === -1 || view.public[train];
    const end = tiles.length ? `ends in ${view.ends[k]}` : `empty, starts from the ${view.engine}`;
    return `${trainWords(train, view.names, me)} ${end}${train !== -1 && open ? ", public" : ""}`;
  });
  const doubles = view.open_doubles.length
    ? ` Open double on ${view.open_doubles.map((t) => trainWords(t, view.names, me)).join(" and ")}.` : "";
  return `Engine ${view.engine}. ${trains.join("; ")}.${doubles}`;
}

/**
 * The scores in words.
 * @param {Table} table
 * @returns {string}
 */
export function scoreWords(table) {
  return `After ${Math.max(0, table.round - 1)} of ${table.rounds} rounds: `
    + `${table.seats.map((s, k) => `${s.name} ${table.totals[k] ?? 0}`).join(", ")}.`;
}
