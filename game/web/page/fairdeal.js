// The fair deal's arithmetic, byte for byte as docs/fair-deal.md ("Checking a
// deal yourself") defines it: the commitment, the mix seed, the shuffle and the
// fingerprint.

import { fromHex, sha256, sha256Hex } from "./sha256.js";

/** The shuffle docs/fair-deal.md defines (the only one a network round may name). */
export const SHUFFLE = "fisher-yates-sha256";
const TWO_64 = 1n << 64n;

/**
 * The commitment to a round's secret.
 * @param {string} secret 32 hexadecimal digits
 * @returns {string}
 */
export function commitment(secret) {
  return sha256Hex(`mexican-train commit v1|${secret}`);
}

/**
 * The mix seed of a round: its secret and every contribution, in seat order.
 * @param {string} secret
 * @param {readonly string[]} contributions ("" for a seat that sent none)
 * @returns {string}
 */
export function mixSeed(secret, contributions) {
  return sha256Hex(`mexican-train mix v1|${secret}|${contributions.join(",")}`);
}

/**
 * The round's tiles in set order (0-0 1-0 1-1 2-0 ...), leaving out the engine double when held out.
 * @param {number} setMax the set's highest pip
 * @param {boolean} heldOut
 * @param {number} engine the round's engine double, in pips
 * @returns {string[]}
 */
export function setOrder(setMax, heldOut, engine) {
  const tiles = [];
  for (let high = 0; high <= setMax; high++) {
    for (let low = 0; low <= high; low++) {
      if (!(heldOut && high === engine && low === engine)) tiles.push(`${high}-${low}`);
    }
  }
  return tiles;
}

/** Random words from a seed: block c is SHA-256(seed bytes, c as 8 bytes big-endian), four words each. */
class Words {
  /** @param {string} seedHex */
  constructor(seedHex) {
    this.seed = fromHex(seedHex);
    this.block = 0;
    /** @type {bigint[]} */
    this.ready = [];
  }

  /** @returns {bigint} the next unsigned 64-bit word */
  next() {
    if (this.ready.length === 0) {
      const input = new Uint8Array(this.seed.length + 8);
      input.set(this.seed);
      new DataView(input.buffer).setBigUint64(this.seed.length, BigInt(this.block++));
      const digest = new DataView(sha256(input).buffer);
      for (let i = 0; i < 4; i++) this.ready.push(digest.getBigUint64(8 * i));
    }
    return /** @type {bigint} */ (this.ready.shift());
  }

  /**
   * A number below `n`, every one equally likely (words at or above the last whole multiple are skipped).
   * @param {number} n
   * @returns {number}
   */
  below(n) {
    const size = BigInt(n);
    const limit = TWO_64 - (TWO_64 % size);
    for (;;) {
      const word = this.next();
      if (word < limit) return Number(word % size);
    }
  }
}

/**
 * The dealt order: Fisher-Yates driven by the words of `seedHex`.
 * @param {readonly string[]} tiles in set order
 * @param {string} seedHex the mix seed
 * @returns {string[]}
 */
export function shuffle(tiles, seedHex) {
  const order = [...tiles];
  const words = new Words(seedHex);
  for (let i = order.length - 1; i >= 1; i--) {
    const j = words.below(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * The first words of the seed's first block, as 16 hexadecimal digits each (the worked example shows them).
 * @param {string} seedHex
 * @param {number} count
 * @returns {string[]}
 */
export function firstWords(seedHex, count) {
  const words = new Words(seedHex);
  return Array.from({ length: count }, () => words.next().toString(16).padStart(16, "0"));
}

/**
 * The deal's fingerprint: SHA-256 of the salt and the dealt order, each tile high end first.
 * @param {string} salt the round's secret
 * @param {readonly string[]} order
 * @returns {string}
 */
export function fingerprint(salt, order) {
  return sha256Hex(`mexican-train deal v1|${salt}|${order.join(" ")}`);
}
