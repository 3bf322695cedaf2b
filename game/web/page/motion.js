// Plays and draws in motion: a tile just played flies from the hand that
// played it (the person's own tile button, or the side of the table of the
// seat that played) to its place on its train, and a tile drawn flies from
// the boneyard to the hand that drew it. Each flying tile is an element of its
// own moved by a transform (the compositor's work, so it stays smooth when
// the page's thread is busy); the board leaves the tile out while it flies
// and paints it once it lands. With prefers-reduced-motion nothing flies.

import { MEXICAN } from "./board.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./tiles.js").TileArt} TileArt */
/** @typedef {import("./wire.js").View} View */
/** @typedef {{x: number, y: number}} Point */

/** Milliseconds a played tile flies. */
export const PLAY_FLIGHT = 360;
/** Milliseconds a drawn tile flies. */
export const DRAW_FLIGHT = 300;

/**
 * A box's centre.
 * @param {DOMRect} box
 * @returns {Point}
 */
function centreOf(box) {
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/**
 * Whether `after` is `before` a little further on in the same round (so its changes may be shown moving).
 * @param {View} before
 * @param {View} after
 * @returns {boolean}
 */
export function sameRound(before, after) {
  return before.engine === after.engine && before.trains.length === after.trains.length
    && !after.round_over && before.trains.every((train, k) => {
      const now = after.trains[k] ?? [];
      return now.length >= train.length && train.every((tile, i) => now[i] === tile);
    });
}

/**
 * The tiles laid since `before`: each train's index (-1 the Mexican) and the tile's place on it.
 * @param {View} before
 * @param {View} after
 * @returns {{train: number, index: number, tile: string}[]}
 */
export function laid(before, after) {
  const players = after.hand_sizes.length;
  return after.trains.flatMap((tiles, k) => tiles.slice(before.trains[k]?.length ?? 0).map((tile, i) => ({
    train: k === players ? MEXICAN : k, index: (before.trains[k]?.length ?? 0) + i, tile })));
}

/** The tiles in flight over the page. */
export class Motion {
  /**
   * @param {Board} board
   * @param {TileArt} art
   */
  constructor(board, art) {
    this.board = board;
    this.art = art;
    this.flying = 0;
    /** Flights started since the page opened (a count for the benchmark and the tests). */
    this.flown = 0;
    this.still = window.matchMedia("(prefers-reduced-motion: reduce)");
  }

  /**
   * Set flying what changed from `before` to `after` (the board laid out for `after`, not yet painted).
   * @param {View|null} before
   * @param {View} after
   * @param {number} me
   * @param {Map<string, DOMRect>} hand where the person's tile buttons were
   * @param {HTMLElement} boneyard
   */
  follow(before, after, me, hand, boneyard) {
    if (before === null || this.still.matches || !sameRound(before, after)) return;
    const mover = before.to_move;
    /** @type {{picture: HTMLCanvasElement, from: Point, to: Point, angle: number, key: string}[]} */
    const plays = [];
    for (const { train, index, tile } of laid(before, after)) {
      const placed = this.board.placedAt(train, index);
      if (!placed) continue;
      const place = this.board.placeOf(train, index);
      const from = mover === me && hand.has(tile) ? centreOf(/** @type {DOMRect} */ (hand.get(tile)))
        : this.board.edgeOf(mover);
      plays.push({ picture: this.art.picture(placed.near, placed.far, place.unit, !placed.double, false), from,
        to: place, angle: place.angle, key: `${train}:${index}` });
    }
    const yard = centreOf(boneyard.getBoundingClientRect());
    const draws = after.hand_sizes.flatMap((size, seat) => seat !== me && size > (before.hand_sizes[seat] ?? size)
      && before.boneyard_size > after.boneyard_size ? [this.board.edgeOf(seat)] : []);
    // every place is read before any flyer is added (reads after a write would lay the page out again)
    for (const { picture, from, to, angle, key } of plays) {
      this.board.hidden.add(key);
      this.fly(picture, from, to, 0, angle, PLAY_FLIGHT, () => {
        this.board.hidden.delete(key);
        this.board.paint();
      });
    }
    const back = this.art.picture(-1, -1, this.board.unit, true, false);
    for (const to of draws) this.fly(back, yard, to, 0, 0, DRAW_FLIGHT, () => {});
  }

  /**
   * Set the person's newly drawn tiles flying from the boneyard into the hand (their buttons already shown).
   * @param {View|null} before
   * @param {View} after
   * @param {HTMLElement} row the hand's element
   * @param {HTMLElement} boneyard
   */
  drawn(before, after, row, boneyard) {
    if (before === null || this.still.matches || !sameRound(before, after)) return;
    const had = new Set(before.hand);
    const yard = centreOf(boneyard.getBoundingClientRect());
    for (const tile of after.hand.filter((t) => !had.has(t))) {
      const button = /** @type {HTMLElement|null} */ (row.querySelector(`[data-tile="${tile}"]`));
      if (!button) continue;
      const at = centreOf(button.getBoundingClientRect());
      this.started();
      button.animate([{ transform: `translate(${yard.x - at.x}px, ${yard.y - at.y}px) scale(.8)` },
        { transform: "none" }], { duration: DRAW_FLIGHT, easing: "cubic-bezier(.2,.7,.3,1)" })
        .finished.catch(() => {}).finally(() => this.landed());
    }
  }

  /**
   * One picture flying from `from` to `to`, turning from `turn` to `angle` radians, then `done`.
   * @param {HTMLCanvasElement} picture
   * @param {Point} from
   * @param {Point} to
   * @param {number} turn
   * @param {number} angle
   * @param {number} duration milliseconds
   * @param {() => void} done
   */
  fly(picture, from, to, turn, angle, duration, done) {
    const flyer = document.createElement("canvas");
    flyer.width = picture.width;
    flyer.height = picture.height;
    const w = picture.width / this.art.scale, h = picture.height / this.art.scale;
    flyer.style.width = `${w}px`;
    flyer.style.height = `${h}px`;
    flyer.className = "flyer";
    flyer.setAttribute("aria-hidden", "true");
    flyer.getContext("2d")?.drawImage(picture, 0, 0);
    document.body.append(flyer);
    const at = (/** @type {Point} */ p, /** @type {number} */ a, /** @type {number} */ s) =>
      `translate(${p.x - w / 2}px, ${p.y - h / 2}px) rotate(${a}rad) scale(${s})`;
    this.started();
    flyer.animate([{ transform: at(from, turn, 1.15) }, { transform: at(to, angle, 1) }],
      { duration, easing: "cubic-bezier(.25,.7,.3,1)", fill: "forwards" })
      .finished.catch(() => {}).finally(() => {
        flyer.remove();
        done();
        this.landed();
      });
  }

  /** A flight begins. */
  started() {
    this.flying += 1;
    this.flown += 1;
  }

  /** A flight ends. */
  landed() {
    this.flying = Math.max(0, this.flying - 1);
  }
}
