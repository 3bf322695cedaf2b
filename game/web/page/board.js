// The table on a canvas: the roundhouse with the engine double in the middle
// and the trains radiating from it, one spoke a seat and the Mexican train's,
// each on a rail in its seat's colour with its marker at the roundhouse; the
// doubles left open ringed in gold; and, while a tile is in hand, the ends it
// may go on lit with their keys. What is drawn is worked out from the view
// the server sent; the picture is painted only when it changes.

import { fade, shade } from "./look.js";
import { ends, numeralsFor } from "./tiles.js";

/** @typedef {import("./look.js").Look} Look */
/** @typedef {import("./tiles.js").TileArt} TileArt */
/** @typedef {import("./wire.js").View} View */
/** @typedef {{tile: string, near: number, far: number, x: number, y: number, angle: number, double: boolean}} Placed */
/** @typedef {{train: number, angle: number, length: number, placed: Placed[], skipped: number,
 *   next: {x: number, y: number}}} Spoke */

export const MEXICAN = -1;

/**
 * The key that names a train: its seat's number from 1, or M.
 * @param {number} train
 * @returns {string}
 */
export function trainKey(train) {
  return train === MEXICAN ? "M" : String(train + 1);
}

/**
 * A train's tiles from the hub out, each with its near and far ends.
 * @param {readonly string[]} tiles
 * @param {number} engine
 * @returns {{tile: string, near: number, far: number}[]}
 */
export function oriented(tiles, engine) {
  let end = engine;
  return tiles.map((tile) => {
    const [a, b] = ends(tile);
    const near = a === end ? a : b === end ? b : a;
    const far = near === a ? b : a;
    end = far;
    return { tile, near, far };
  });
}

/** The table's picture and where everything on it lies. */
export class Board {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {Look} look
   * @param {TileArt} art
   */
  constructor(canvas, look, art) {
    this.canvas = canvas;
    this.look = look;
    this.art = art;
    /** @type {View|null} */
    this.view = null;
    this.me = 0;
    this.setMax = 12;
    /** @type {number[]} trains the tile in hand may go on */
    this.targets = [];
    /** @type {Set<string>} tiles on the table still flying there ("train:index") */
    this.hidden = new Set();
    /** @type {number|null} the seat whose turn it is, as shown */
    this.mover = null;
    this.width = 0;
    this.height = 0;
    /** @type {Spoke[]} */
    this.spokes = [];
    this.unit = 16;
    this.hub = 24;
    this.centre = { x: 0, y: 0 };
    /** the felt and rails, drawn once per change of the table's size, spokes or mover */
    this.backdropPicture = document.createElement("canvas");
    this.backdropKey = "";
  }

  /**
   * Show `view` (the seat `me` sits at the bottom).
   * @param {View} view
   * @param {number} me
   * @param {number} setMax
   */
  show(view, me, setMax) {
    this.view = view;
    this.me = me;
    this.setMax = setMax;
    this.layout();
  }

  /** Work out the sizes from the canvas's size on the page and every spoke's tiles. */
  layout() {
    const box = this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    this.art.setScale(ratio);
    if (Math.round(box.width * ratio) !== this.canvas.width || Math.round(box.height * ratio) !== this.canvas.height) {
      this.canvas.width = Math.max(1, Math.round(box.width * ratio));
      this.canvas.height = Math.max(1, Math.round(box.height * ratio));
    }
    this.width = box.width;
    this.height = box.height;
    const view = this.view;
    if (view === null) return;
    const players = view.hand_sizes.length;
    const slots = players + 1;
    const margin = 6;
    this.centre = { x: this.width / 2, y: this.height / 2 };
    const reach = (/** @type {number} */ angle) => Math.min(
      Math.abs(Math.cos(angle)) > 1e-6 ? Math.abs((this.width / 2 - margin) / Math.cos(angle)) : Infinity,
      Math.abs(Math.sin(angle)) > 1e-6 ? Math.abs((this.height / 2 - margin) / Math.sin(angle)) : Infinity);
    const angles = Array.from({ length: slots }, (_, k) => Math.PI / 2 + ((k - this.me) * 2 * Math.PI) / slots);
    const shortest = Math.min(...angles.map(reach));
    const spread = 2 * Math.sin(Math.PI / slots);
    this.unit = Math.max(9, Math.min(30, shortest / 8.2, (shortest * 0.3 * spread) / 1.25));
    const u = this.unit;
    this.hub = Math.max(18, 1.55 * u);
    const start = this.hub + 1.55 * u;
    this.spokes = angles.map((angle, k) => {
      const train = k === players ? MEXICAN : k;
      const length = reach(angle);
      const tiles = oriented(view.trains[k] ?? [], view.engine);
      const sizes = tiles.map((t) => (t.near === t.far ? u : 2 * u));
      const gap = 0.14 * u;
      const room = length - start - 2.1 * u;
      let first = 0, used = sizes.reduce((sum, s) => sum + s + gap, 0);
      while (first < tiles.length && used > room) used -= sizes[first++] + gap;
      if (first > 0) {
        while (first < tiles.length && used > room - 1.5 * u) used -= sizes[first++] + gap;
      }
      let r = start + (first > 0 ? 1.5 * u : 0);
      const dx = Math.cos(angle), dy = Math.sin(angle);
      /** @type {Placed[]} */
      const placed = [];
      tiles.forEach((t, i) => {
        if (i < first) return;
        const size = sizes[i];
        placed.push({ ...t, x: this.centre.x + dx * (r + size / 2), y: this.centre.y + dy * (r + size / 2), angle,
          double: t.near === t.far });
        r += size + gap;
      });
      return { train, angle, length, placed, skipped: first, next: { x: this.centre.x + dx * (r + u), y: this.centre.y + dy * (r + u) } };
    });
  }

  /** Paint the table: the felt and rails (kept from the last paint while they stay the same), then the rest. */
  paint() {
    const ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext("2d"));
    const ratio = this.canvas.width / Math.max(1, this.width);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.backdrop(ratio), 0, 0);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const view = this.view;
    if (view === null) return;
    const numerals = numeralsFor(this.look, this.unit, this.setMax, this.look.proportions.board_pip_least);
    for (const spoke of this.spokes) this.train(ctx, spoke, numerals);
    this.roundhouse(ctx, view, numerals);
    for (const spoke of this.spokes) this.marker(ctx, spoke, view);
    for (const spoke of this.spokes) if (this.targets.includes(spoke.train)) this.target(ctx, spoke);
  }

  /**
   * The felt and every train's rail as a picture of the canvas's size, drawn again only when they change.
   * @param {number} ratio device pixels per CSS pixel
   * @returns {HTMLCanvasElement}
   */
  backdrop(ratio) {
    const key = [this.canvas.width, this.canvas.height, this.mover, this.view !== null,
      ...this.spokes.map((s) => `${s.train}:${s.angle.toFixed(4)}:${s.length.toFixed(2)}`)].join("|");
    if (this.backdropKey === key) return this.backdropPicture;
    const picture = this.backdropPicture;
    picture.width = this.canvas.width;
    picture.height = this.canvas.height;
    const ctx = /** @type {CanvasRenderingContext2D} */ (picture.getContext("2d"));
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const room = this.look.room;
    const felt = ctx.createRadialGradient(this.centre.x, this.centre.y, 10, this.centre.x, this.centre.y,
      Math.max(this.width, this.height) * 0.7);
    felt.addColorStop(0, room["felt-light"]);
    felt.addColorStop(1, room["felt-dark"]);
    ctx.fillStyle = felt;
    ctx.fillRect(0, 0, this.width, this.height);
    if (this.view !== null) for (const spoke of this.spokes) this.rail(ctx, spoke);
    this.backdropKey = key;
    return picture;
  }

  /**
   * A seat's colour (the Mexican train's own for -1).
   * @param {number} train
   * @returns {string}
   */
  colour(train) {
    const seats = this.art.palette.seats;
    return train === MEXICAN ? this.look.room.mexican : seats[train % seats.length];
  }

  /**
   * The rail a train runs on, and the faint band of its seat's side of the table.
   * @param {CanvasRenderingContext2D} ctx
   * @param {Spoke} spoke
   */
  rail(ctx, spoke) {
    const u = this.unit, colour = this.colour(spoke.train);
    ctx.save();
    ctx.translate(this.centre.x, this.centre.y);
    ctx.rotate(spoke.angle);
    const lit = this.mover !== null && spoke.train === this.mover;
    ctx.fillStyle = fade(colour.startsWith("#") ? colour : "#888888", lit ? 0.22 : 0.09);
    ctx.fillRect(this.hub, -1.2 * u, spoke.length - this.hub, 2.4 * u);
    if (spoke.train === MEXICAN) {
      ctx.strokeStyle = fade(this.look.room.gold, 0.55);
      ctx.lineWidth = 1;
      ctx.strokeRect(this.hub, -1.2 * u, spoke.length - this.hub, 2.4 * u);
    }
    ctx.strokeStyle = shade(this.look.room["wood-dark"], 1);
    ctx.lineWidth = Math.max(1, u * 0.12);
    ctx.beginPath();
    for (let r = this.hub + u * 0.4; r < spoke.length - u * 0.2; r += u * 0.55) {
      ctx.moveTo(r, -0.62 * u); ctx.lineTo(r, 0.62 * u);
    }
    ctx.stroke();
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1, u * 0.09);
    ctx.beginPath();
    for (const side of [-0.45, 0.45]) {
      ctx.moveTo(this.hub, side * u); ctx.lineTo(spoke.length - u * 0.2, side * u);
    }
    ctx.stroke();
    ctx.restore();
  }

  /**
   * A train's tiles (those still flying there left out), with a count of those that no longer fit.
   * @param {CanvasRenderingContext2D} ctx
   * @param {Spoke} spoke
   * @param {boolean} numerals
   */
  train(ctx, spoke, numerals) {
    const u = this.unit, view = /** @type {View} */ (this.view);
    const open = view.open_doubles.includes(spoke.train);
    spoke.placed.forEach((p, i) => {
      if (this.hidden.has(`${spoke.train}:${spoke.skipped + i}`)) return;
      const picture = this.art.picture(p.near, p.far, u, !p.double, numerals);
      this.art.put(ctx, picture, p.x, p.y, spoke.angle - Math.PI / 2);
      if (open && p.double && i === spoke.placed.length - 1) {
        ctx.save();
        ctx.strokeStyle = this.look.room.glow;
        ctx.lineWidth = Math.max(2, u * 0.16);
        ctx.beginPath(); ctx.arc(p.x, p.y, u * 1.25, 0, 2 * Math.PI); ctx.stroke();
        ctx.restore();
      }
    });
    if (spoke.skipped > 0) {
      const r = this.hub + 1.55 * u + 0.75 * u;
      const x = this.centre.x + Math.cos(spoke.angle) * r, y = this.centre.y + Math.sin(spoke.angle) * r;
      this.chip(ctx, x, y, `+${spoke.skipped}`, this.look.room.panel, this.look.room.ink);
    }
  }

  /**
   * A small rounded label.
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} x
   * @param {number} y
   * @param {string} text
   * @param {string} fill
   * @param {string} ink
   */
  chip(ctx, x, y, text, fill, ink) {
    const size = Math.max(10, this.unit * 0.8);
    ctx.font = `bold ${size}px "DejaVu Sans", sans-serif`;
    const w = ctx.measureText(text).width + size * 0.8, h = size * 1.35;
    ctx.fillStyle = fill;
    ctx.beginPath();
    ctx.roundRect(x - w / 2, y - h / 2, w, h, h / 2);
    ctx.fill();
    ctx.fillStyle = ink;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, x, y + size * 0.05);
  }

  /**
   * The roundhouse: a turntable of wood and brass with the round's engine double.
   * @param {CanvasRenderingContext2D} ctx
   * @param {View} view
   * @param {boolean} numerals
   */
  roundhouse(ctx, view, numerals) {
    const { x, y } = this.centre, r = this.hub, room = this.look.room;
    const wood = ctx.createRadialGradient(x - r * 0.3, y - r * 0.3, r * 0.1, x, y, r);
    wood.addColorStop(0, room["wood-light"]);
    wood.addColorStop(1, room["wood-dark"]);
    ctx.fillStyle = "rgba(0,0,0,0.35)";
    ctx.beginPath(); ctx.arc(x + 2, y + 3, r + 1, 0, 2 * Math.PI); ctx.fill();
    ctx.fillStyle = wood;
    ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.fill();
    ctx.strokeStyle = this.look.tile.brass;
    ctx.lineWidth = Math.max(2, r * 0.09);
    ctx.beginPath(); ctx.arc(x, y, r - ctx.lineWidth, 0, 2 * Math.PI); ctx.stroke();
    ctx.fillStyle = room["felt-dark"];
    ctx.beginPath(); ctx.arc(x, y, r * 0.72, 0, 2 * Math.PI); ctx.fill();
    const unit = r * 0.6;
    this.art.put(ctx, this.art.picture(view.engine, view.engine, unit, true,
      numerals || numeralsFor(this.look, unit, this.setMax, this.look.proportions.board_pip_least)), x, y, 0);
  }

  /**
   * A train's marker at the roundhouse: a green flag for a public train, a red stop sign for a private
   * one, the Mexican train's M medallion.
   * @param {CanvasRenderingContext2D} ctx
   * @param {Spoke} spoke
   * @param {View} view
   */
  marker(ctx, spoke, view) {
    const u = this.unit, r = this.hub + 0.8 * u;
    const x = this.centre.x + Math.cos(spoke.angle) * r, y = this.centre.y + Math.sin(spoke.angle) * r;
    const s = Math.max(8, u * 0.95), room = this.look.room;
    ctx.save();
    ctx.translate(x, y);
    if (spoke.train === MEXICAN) {
      ctx.fillStyle = room["ink-dark"];
      ctx.strokeStyle = room.gold;
      ctx.lineWidth = Math.max(1.5, s * 0.12);
      ctx.beginPath(); ctx.arc(0, 0, s * 0.62, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
      ctx.fillStyle = room.gold;
      ctx.font = `bold ${s * 0.78}px "DejaVu Serif", serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText("M", 0, s * 0.04);
    } else if (view.public[spoke.train]) {
      ctx.strokeStyle = "#1e1e1e";
      ctx.lineWidth = Math.max(1.5, s * 0.13);
      ctx.beginPath(); ctx.moveTo(-s * 0.4, s * 0.7); ctx.lineTo(-s * 0.4, -s * 0.7); ctx.stroke();
      ctx.fillStyle = room.green;
      ctx.strokeStyle = "#e6ffe6";
      ctx.lineWidth = Math.max(1, s * 0.07);
      ctx.beginPath(); ctx.moveTo(-s * 0.36, -s * 0.7); ctx.lineTo(s * 0.68, -s * 0.3); ctx.lineTo(-s * 0.36, s * 0.08);
      ctx.closePath(); ctx.fill(); ctx.stroke();
    } else {
      ctx.fillStyle = room.red;
      ctx.strokeStyle = "#ffebeb";
      ctx.lineWidth = Math.max(1, s * 0.07);
      ctx.beginPath();
      for (let i = 0; i < 8; i++) {
        const a = Math.PI / 8 + (i * Math.PI) / 4;
        ctx.lineTo(Math.cos(a) * s * 0.5, Math.sin(a) * s * 0.5);
      }
      ctx.closePath(); ctx.fill(); ctx.stroke();
      ctx.strokeStyle = "#fff0f0";
      ctx.lineWidth = Math.max(1.5, s * 0.14);
      ctx.beginPath(); ctx.moveTo(-s * 0.24, 0); ctx.lineTo(s * 0.24, 0); ctx.stroke();
    }
    ctx.restore();
  }

  /**
   * A train the tile in hand may go on: its next place lit in gold, with its key.
   * @param {CanvasRenderingContext2D} ctx
   * @param {Spoke} spoke
   */
  target(ctx, spoke) {
    const u = this.unit, { x, y } = spoke.next;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(spoke.angle - Math.PI / 2);
    ctx.fillStyle = fade(this.look.room.glow, 0.35);
    ctx.strokeStyle = this.look.room.glow;
    ctx.lineWidth = Math.max(2, u * 0.14);
    ctx.beginPath(); ctx.roundRect(-u * 0.55, -u * 1.05, u * 1.1, u * 2.1, u * 0.2); ctx.fill(); ctx.stroke();
    ctx.restore();
    this.chip(ctx, x, y, trainKey(spoke.train), this.look.room.gold, this.look.room["ink-dark"]);
  }

  /**
   * The train whose side of the table a point of the page lies on (null: the roundhouse or off the table).
   * @param {number} clientX
   * @param {number} clientY
   * @returns {number|null}
   */
  trainAt(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    const x = clientX - box.left - this.centre.x, y = clientY - box.top - this.centre.y;
    if (x * x + y * y < this.hub * this.hub * 0.6 || clientX < box.left || clientX > box.right
        || clientY < box.top || clientY > box.bottom || this.spokes.length === 0) return null;
    const angle = Math.atan2(y, x);
    let best = this.spokes[0], gap = Infinity;
    for (const spoke of this.spokes) {
      const d = Math.abs(Math.atan2(Math.sin(angle - spoke.angle), Math.cos(angle - spoke.angle)));
      if (d < gap) { gap = d; best = spoke; }
    }
    return best.train;
  }

  /**
   * A train's tile as laid out (undefined: not drawn, its train too long to show it).
   * @param {number} train
   * @param {number} index from the hub
   * @returns {Placed|undefined}
   */
  placedAt(train, index) {
    const spoke = this.spokes.find((s) => s.train === train);
    return spoke ? spoke.placed[index - spoke.skipped] : undefined;
  }

  /**
   * The page's point at the edge of the table on a seat's side (where its hand is thought to be).
   * @param {number} seat
   * @returns {{x: number, y: number}}
   */
  edgeOf(seat) {
    const box = this.canvas.getBoundingClientRect();
    const spoke = this.spokes.find((s) => s.train === seat);
    const reach = spoke ? spoke.length : 0, angle = spoke ? spoke.angle : Math.PI / 2;
    return { x: box.left + this.centre.x + Math.cos(angle) * reach, y: box.top + this.centre.y + Math.sin(angle) * reach };
  }

  /**
   * Where a train's tile lies on the page (`index` from the hub; past the last: its next place), and its turn.
   * @param {number} train
   * @param {number} index
   * @returns {{x: number, y: number, angle: number, unit: number}}
   */
  placeOf(train, index) {
    const box = this.canvas.getBoundingClientRect();
    const spoke = this.spokes.find((s) => s.train === train);
    if (!spoke) return { x: box.left + this.centre.x, y: box.top + this.centre.y, angle: 0, unit: this.unit };
    const placed = spoke.placed[index - spoke.skipped];
    const at = placed ?? spoke.next;
    return { x: box.left + at.x, y: box.top + at.y, angle: spoke.angle - Math.PI / 2, unit: this.unit };
  }
}

