// The table's look as the server describes it (look.json, made from the same
// description as the desktop's: game/look): colours, palettes, a tile's
// proportions and where each pip value's pips lie.

/** @typedef {{at: number[][], radius: number}} PipLayout */
/** @typedef {{depth: number, bevel: number, corner: number, groove_width: number, groove_reach: number,
 *   spinner: number, pip_least: number, board_pip_least: number, numerals_below: number}} Proportions */
/** @typedef {{room: Record<string, string>, tile: Record<string, string>,
 *   palettes: Record<string, {seats: string[], pips: string[]}>, proportions: Proportions,
 *   pips: PipLayout[]}} Look */

/**
 * The look, fetched once from beside this module.
 * @returns {Promise<Look>}
 */
export async function loadLook() {
  const answer = await fetch(new URL("./look.json", import.meta.url));
  if (!answer.ok) throw new Error(`the table's look could not be loaded (${answer.status})`);
  return /** @type {Look} */ (await answer.json());
}

/**
 * A colour `#rrggbb` made darker (`k` < 1) or lighter (`k` > 1), as the desktop shades its pips.
 * @param {string} hex
 * @param {number} k
 * @returns {string}
 */
export function shade(hex, k) {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const out = rgb.map((c) => (k <= 1 ? Math.floor(c * k) : Math.min(255, Math.floor(c + (255 - c) * (k - 1)))));
  return `rgb(${out.join(",")})`;
}

/**
 * A colour `#rrggbb` with an opacity.
 * @param {string} hex
 * @param {number} alpha
 * @returns {string}
 */
export function fade(hex, alpha) {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${rgb.join(",")},${alpha})`;
}
