// Dominoes drawn as the desktop draws them (game/ui/tile_art.py), from the one
// description of the look: a body whose side shows under the face, a bevelled
// ivory face lit from the top left, an engraved bar with a brass spinner, and
// on each end the pips of a real set in the colour of their value, or its
// numeral where pips would be too small. Each picture is drawn once per size
// and kept.

import { shade } from "./look.js";

/** @typedef {import("./look.js").Look} Look */

/** Pixels of shadow kept around a tile's picture. */
export const MARGIN = 4;

/**
 * Whether tiles `unit` pixels wide of a double-`setMax` set show numerals (pips under `least` pixels across).
 * @param {Look} look
 * @param {number} unit
 * @param {number} setMax
 * @param {number} least
 * @returns {boolean}
 */
export function numeralsFor(look, unit, setMax, least) {
  const p = look.proportions;
  const most = Math.min(Math.max(1, setMax), look.pips.length - 1);
  return 2 * look.pips[most].radius * endSide(look, unit) < least || unit < p.numerals_below;
}

/**
 * The side of the square each end's pips are laid out in (pixels).
 * @param {Look} look
 * @param {number} unit
 * @returns {number}
 */
function endSide(look, unit) {
  const p = look.proportions;
  return unit - 2 * Math.max(1, unit * p.bevel) - Math.max(1, Math.round(unit * p.depth)) * 0.5;
}

/**
 * A rounded rectangle's path.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r
 */
function rounded(ctx, x, y, w, h, r) {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

/** Pictures of tiles, drawn once per face, size, orientation and palette. */
export class TileArt {
  /**
   * @param {Look} look
   * @param {string} palette
   */
  constructor(look, palette = "standard") {
    this.look = look;
    this.palette = look.palettes[palette] ?? look.palettes.standard;
    /** @type {Map<string, HTMLCanvasElement>} */
    this.cache = new Map();
    this.scale = 1;
  }

  /**
   * The device pixels per CSS pixel pictures are drawn at.
   * @param {number} ratio
   */
  setScale(ratio) {
    const scale = Math.max(1, Math.min(3, Math.round(ratio * 2) / 2));
    if (scale !== this.scale) this.cache.clear();
    this.scale = scale;
  }

  /**
   * A tile's picture, `MARGIN` pixels of shadow around it: `a` then `b` (top to bottom when `vertical`),
   * `unit` CSS pixels on its short side; null for a face-down tile's pips (`a` < 0).
   * @param {number} a
   * @param {number} b
   * @param {number} unit
   * @param {boolean} vertical
   * @param {boolean} numerals
   * @returns {HTMLCanvasElement}
   */
  picture(a, b, unit, vertical, numerals) {
    const size = Math.max(6, Math.round(unit));
    const key = `${a}|${b}|${size}|${vertical}|${numerals}`;
    let found = this.cache.get(key);
    if (!found) {
      if (this.cache.size > 800) this.cache.clear();
      found = this.draw(a, b, size, vertical, numerals);
      this.cache.set(key, found);
    }
    return found;
  }

  /**
   * Draw one picture.
   * @param {number} a
   * @param {number} b
   * @param {number} unit
   * @param {boolean} vertical
   * @param {boolean} numerals
   * @returns {HTMLCanvasElement}
   */
  draw(a, b, unit, vertical, numerals) {
    const w = vertical ? unit : 2 * unit, h = vertical ? 2 * unit : unit;
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil((w + 2 * MARGIN) * this.scale);
    canvas.height = Math.ceil((h + 2 * MARGIN) * this.scale);
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    ctx.scale(this.scale, this.scale);
    ctx.translate(MARGIN, MARGIN);
    const p = this.look.proportions, colour = this.look.tile;
    const radius = Math.max(2, unit * p.corner), depth = Math.max(1, Math.round(unit * p.depth));
    const bevel = Math.max(1, unit * p.bevel);
    ctx.save();
    ctx.shadowColor = "rgba(0,0,0,0.45)";
    ctx.shadowBlur = Math.max(2, unit * 0.14);
    ctx.shadowOffsetX = unit * 0.04;
    ctx.shadowOffsetY = unit * 0.07;
    rounded(ctx, 0, 0, w, h, radius);
    ctx.fillStyle = colour["side-dark"];
    ctx.fill();
    ctx.restore();
    rounded(ctx, 0.5, 0, w - 1, h - 0.5, radius);
    ctx.fillStyle = colour.side;
    ctx.fill();
    const top = h - depth;
    const back = a < 0;
    rounded(ctx, 0, 0, w, top, radius);
    ctx.fillStyle = back ? colour["back-bottom"] : colour["bevel-dark"];
    ctx.fill();
    rounded(ctx, bevel / 2 - bevel / 3, bevel / 2 - bevel / 3, w - bevel, top - bevel, radius);
    ctx.fillStyle = back ? shade(colour["back-top"], 1.2) : colour["bevel-light"];
    ctx.fill();
    const face = { x: bevel, y: bevel, w: w - 2 * bevel, h: top - 2 * bevel };
    const gradient = ctx.createLinearGradient(0, face.y, 0, face.y + face.h);
    gradient.addColorStop(0, back ? colour["back-top"] : colour["face-top"]);
    gradient.addColorStop(1, back ? colour["back-bottom"] : colour["face-bottom"]);
    rounded(ctx, face.x, face.y, face.w, face.h, Math.max(1, radius - bevel));
    ctx.fillStyle = gradient;
    ctx.fill();
    if (back) {
      this.emblem(ctx, face, unit);
      return canvas;
    }
    this.divider(ctx, face, vertical, unit);
    const side = endSide(this.look, unit);
    const squares = vertical
      ? [[unit / 2 - side / 2, top / 4 - side / 2], [unit / 2 - side / 2, top * 0.75 - side / 2]]
      : [[unit / 2 - side / 2, top / 2 - side / 2], [1.5 * unit - side / 2, top / 2 - side / 2]];
    [a, b].forEach((value, i) => {
      const [x, y] = squares[i];
      const paint = this.palette.pips[value % this.palette.pips.length];
      if (numerals) this.numeral(ctx, x, y, side, value, paint);
      else this.pips(ctx, x, y, side, value, paint, !vertical);
    });
    return canvas;
  }

  /**
   * The engraved bar across the middle and its brass spinner.
   * @param {CanvasRenderingContext2D} ctx
   * @param {{x: number, y: number, w: number, h: number}} face
   * @param {boolean} vertical
   * @param {number} unit
   */
  divider(ctx, face, vertical, unit) {
    const p = this.look.proportions, colour = this.look.tile;
    const cx = face.x + face.w / 2, cy = face.y + face.h / 2;
    const reach = (vertical ? face.w : face.h) * p.groove_reach;
    ctx.lineWidth = Math.max(1, unit * p.groove_width);
    ctx.strokeStyle = colour.groove;
    ctx.beginPath();
    if (vertical) { ctx.moveTo(cx - reach, cy); ctx.lineTo(cx + reach, cy); } else { ctx.moveTo(cx, cy - reach); ctx.lineTo(cx, cy + reach); }
    ctx.stroke();
    const r = Math.max(1.2, unit * p.spinner);
    ctx.fillStyle = shade(colour.brass, 0.6);
    ctx.beginPath(); ctx.arc(cx, cy, r + 0.6, 0, 2 * Math.PI); ctx.fill();
    ctx.fillStyle = colour.brass;
    ctx.beginPath(); ctx.arc(cx, cy, r, 0, 2 * Math.PI); ctx.fill();
    ctx.fillStyle = colour["brass-light"];
    ctx.beginPath(); ctx.arc(cx - r * 0.3, cy - r * 0.3, r * 0.4, 0, 2 * Math.PI); ctx.fill();
  }

  /**
   * The pips of `value` in their square (turned with a lying tile, as on a real one).
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} x
   * @param {number} y
   * @param {number} side
   * @param {number} value
   * @param {string} paint
   * @param {boolean} lying
   */
  pips(ctx, x, y, side, value, paint, lying) {
    const layout = this.look.pips[value];
    if (!layout) return;
    const r = layout.radius * side;
    for (const [px, py] of layout.at) {
      const [u, v] = lying ? [1 - py, px] : [px, py];
      const cx = x + u * side, cy = y + v * side;
      ctx.fillStyle = shade(paint, 0.5);
      ctx.beginPath(); ctx.arc(cx, cy, r, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = paint;
      ctx.beginPath(); ctx.arc(cx + r * 0.1, cy + r * 0.12, r * 0.84, 0, 2 * Math.PI); ctx.fill();
    }
  }

  /**
   * `value`'s numeral, engraved, filling its square (0 is left blank, as on the desktop).
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} x
   * @param {number} y
   * @param {number} side
   * @param {number} value
   * @param {string} paint
   */
  numeral(ctx, x, y, side, value, paint) {
    if (value === 0) return;
    const size = side * (value < 10 ? 0.9 : 0.78);
    ctx.font = `bold ${size}px "DejaVu Sans Condensed", "Arial Narrow", sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const text = String(value);
    const squeeze = Math.min(1, (side * 1.02) / Math.max(1, ctx.measureText(text).width));
    ctx.save();
    ctx.translate(x + side / 2, y + side / 2 + size * 0.04);
    ctx.scale(squeeze, 1);
    ctx.fillStyle = this.look.tile["bevel-light"];
    ctx.fillText(text, Math.max(0.5, size / 30), Math.max(0.5, size / 30));
    ctx.fillStyle = paint;
    ctx.fillText(text, 0, 0);
    ctx.restore();
  }

  /**
   * A face-down tile's gold emblem.
   * @param {CanvasRenderingContext2D} ctx
   * @param {{x: number, y: number, w: number, h: number}} face
   * @param {number} unit
   */
  emblem(ctx, face, unit) {
    const gold = this.look.room.gold;
    const inset = unit * 0.11;
    ctx.strokeStyle = shade(gold, 0.8);
    ctx.lineWidth = Math.max(1, unit * 0.04);
    rounded(ctx, face.x + inset, face.y + inset, face.w - 2 * inset, face.h - 2 * inset, unit * 0.1);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(face.x + face.w / 2, face.y + face.h / 2, unit * 0.16, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fillStyle = gold;
    ctx.beginPath();
    ctx.arc(face.x + face.w / 2, face.y + face.h / 2, unit * 0.07, 0, 2 * Math.PI);
    ctx.fill();
  }

  /**
   * Put a picture on `ctx` centred at (`x`, `y`), turned by `angle` radians.
   * @param {CanvasRenderingContext2D} ctx
   * @param {HTMLCanvasElement} picture
   * @param {number} x
   * @param {number} y
   * @param {number} angle
   * @param {number} [scale]
   */
  put(ctx, picture, x, y, angle, scale = 1) {
    const w = (picture.width / this.scale) * scale, h = (picture.height / this.scale) * scale;
    ctx.save();
    ctx.translate(x, y);
    if (angle) ctx.rotate(angle);
    ctx.drawImage(picture, -w / 2, -h / 2, w, h);
    ctx.restore();
  }
}

/**
 * A tile's two ends from its text ("12-5" -> [12, 5]).
 * @param {string} text
 * @returns {[number, number]}
 */
export function ends(text) {
  const [a, b] = text.split("-").map(Number);
  return [a, b];
}
