// Where each of this browser's tables stands, asked of the server without
// sitting down (the protocol's `list`: it loads no table and tells nothing of
// any hand): on a connection of its own, closed once answered. Every field is
// checked before it is put in words.

import { Connection } from "./connection.js";
import { WireError, whole, words } from "./wire.js";

/** @typedef {import("./store.js").KeptSeat} KeptSeat */

/**
 * One answer of the list in words (what a person wants to know of a table they sit at).
 * @param {Record<string, unknown>} entry
 * @returns {string}
 */
export function standingWords(entry) {
  const found = words(entry.found, "where the table was found", 20);
  if (found === "expired") return "removed after its time was up";
  if (found !== "table") return "no longer on this server";
  const state = words(entry.state, "the table's state", 20);
  if (state === "over") return "the match is over";
  if (state === "lobby") return "waiting in its lobby";
  if (entry.your_move === true) return "your move";
  const rounds = entry.rounds === null ? 0 : whole(entry.rounds, 0, 100, "the rounds");
  const round = whole(entry.round, 0, 100, "the round");
  return rounds ? `round ${round} of ${rounds}, not your move` : `round ${round}, not your move`;
}

/**
 * Ask the server at `door` where each kept seat's table stands (its code to a few words; '' for none known).
 * @param {string} door
 * @param {KeptSeat[]} seats
 * @returns {Promise<Map<string, string>>}
 */
export async function askWhereTheyStand(door, seats) {
  /** @type {Map<string, string>} */
  const said = new Map();
  if (seats.length === 0) return said;
  const asking = seats.slice(0, 50);
  const connection = new Connection(door, () => {}, () => {});
  try {
    await connection.connect();
    const answer = await connection.request({ type: "list", seats: asking.map((s) => ({ table: s.code, token: s.token })) },
      "list");
    const tables = answer.tables;
    if (!Array.isArray(tables) || tables.length !== asking.length) throw new WireError("the list does not answer each seat");
    tables.forEach((entry, i) => {
      if (typeof entry === "object" && entry !== null) said.set(asking[i].code, standingWords(entry));
    });
  } finally {
    connection.close();
  }
  return said;
}
