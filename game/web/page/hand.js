// The person's hand: a row of tile buttons (the tiles that play lit), picked
// by tap, click or the arrow keys; the trains the picked tile may go on as
// buttons named by their keys; and a tile dragged onto its train on the table.

import { MEXICAN, trainKey } from "./board.js";
import { ends } from "./tiles.js";
import { trainWords } from "./words.js";

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./tiles.js").TileArt} TileArt */
/** @typedef {import("./board.js").Board} Board */

/** Pixels a pointer must move before a press on a tile becomes a drag. */
const DRAG_FROM = 8;

/**
 * The trains `tile` may be played on now, and whether with a knock.
 * @param {readonly string[]} legal
 * @param {string} tile
 * @returns {{train: number, action: string}[]}
 */
export function targetsOf(legal, tile) {
  /** @type {{train: number, action: string}[]} */
  const found = [];
  for (const action of legal) {
    const words = action.split(" ");
    if (words[0] !== "play" || words[1] !== tile || words.length !== 4) continue;
    found.push({ train: words[3] === "mexican" ? MEXICAN : Number(words[3]), action });
  }
  return found;
}

/** The hand and the picking of a tile. */
export class Hand {
  /**
   * @param {HTMLElement} row the hand's element
   * @param {HTMLElement} targets the element of the target buttons
   * @param {TileArt} art
   * @param {Board} board
   * @param {(action: string) => void} play sends an action
   */
  constructor(row, targets, art, board, play) {
    this.row = row;
    this.targetsBox = targets;
    this.art = art;
    this.board = board;
    this.play = play;
    /** @type {View|null} */
    this.view = null;
    this.me = 0;
    this.mine = false;
    /** @type {string|null} */
    this.picked = null;
    this.knock = false;
    /** @type {{tile: string, x: number, y: number, ghost: HTMLElement|null, id: number}|null} */
    this.drag = null;
    /** @type {Map<string, HTMLButtonElement>} each tile's button, kept while the tile is in hand */
    this.buttons = new Map();
    this.unit = 0;
    /** the hand's width in CSS pixels, read again when the window changes size */
    this.width = 0;
    window.addEventListener("resize", () => { this.width = 0; });
    this.row.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target).closest("button"));
      if (button && button.dataset.tile) this.pick(button.dataset.tile === this.picked ? null : button.dataset.tile);
    });
    this.targetsBox.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target).closest("button"));
      if (button && button.dataset.train) this.playOn(Number(button.dataset.train));
    });
    this.row.addEventListener("pointerdown", (event) => this.press(event));
    window.addEventListener("pointermove", (event) => this.moveDrag(event));
    window.addEventListener("pointerup", (event) => this.drop(event));
    window.addEventListener("pointercancel", () => this.endDrag());
  }

  /**
   * Show the hand of `view` (`mine`: the person may play now).
   * @param {View} view
   * @param {number} me
   * @param {boolean} mine
   */
  show(view, me, mine) {
    this.view = view;
    this.me = me;
    this.mine = mine;
    if (this.picked && !view.hand.includes(this.picked)) this.picked = null;
    if (this.width === 0 || this.unit === 0) this.width = this.row.clientWidth || 320;
    // every tile's button at least 44 px wide, as many to a row as fit: the fewer the rows, the larger the tiles
    const rows = Math.ceil(view.hand.length / Math.max(1, Math.floor(this.width / 48)));
    const unit = rows <= 1 ? 30 : rows === 2 ? 24 : 19;
    if (unit !== this.unit) this.buttons.clear();
    this.unit = unit;
    const buttons = view.hand.map((tile) => {
      const button = this.buttons.get(tile) ?? this.tileButton(tile, unit);
      this.buttons.set(tile, button);
      this.mark(button, tile);
      return button;
    });
    for (const tile of [...this.buttons.keys()]) if (!view.hand.includes(tile)) this.buttons.delete(tile);
    const shown = this.row.children;
    if (shown.length !== buttons.length || buttons.some((button, i) => shown[i] !== button)) {
      this.row.replaceChildren(...buttons);
    }
    this.showTargets();
  }

  /**
   * Light a tile's button when it plays now, and name it so.
   * @param {HTMLButtonElement} button
   * @param {string} tile
   */
  mark(button, tile) {
    const plays = this.mine && this.view !== null && targetsOf(this.view.legal, tile).length > 0;
    button.classList.toggle("plays", plays);
    button.setAttribute("aria-pressed", String(tile === this.picked));
    button.setAttribute("aria-label", `${tile}${plays ? ", plays" : ""}`);
  }

  /**
   * Where each tile's button is on the page now.
   * @returns {Map<string, DOMRect>}
   */
  places() {
    /** @type {Map<string, DOMRect>} */
    const found = new Map();
    for (const button of this.row.querySelectorAll("button")) {
      const tile = /** @type {HTMLElement} */ (button).dataset.tile;
      if (tile) found.set(tile, button.getBoundingClientRect());
    }
    return found;
  }

  /**
   * One tile's button: its picture, its name, whether it plays.
   * @param {string} tile
   * @param {number} unit
   * @returns {HTMLButtonElement}
   */
  tileButton(tile, unit) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile";
    button.dataset.tile = tile;
    const [a, b] = ends(tile);
    const picture = this.art.picture(a, b, unit, true, false);
    const canvas = document.createElement("canvas");
    canvas.width = picture.width;
    canvas.height = picture.height;
    canvas.style.width = `${picture.width / this.art.scale}px`;
    canvas.style.height = `${picture.height / this.art.scale}px`;
    canvas.setAttribute("aria-hidden", "true");
    const ctx = canvas.getContext("2d");
    if (ctx) ctx.drawImage(picture, 0, 0);
    button.append(canvas);
    return button;
  }

  /**
   * Pick a tile (null: none), and light the trains it may go on.
   * @param {string|null} tile
   */
  pick(tile) {
    this.picked = tile;
    for (const button of this.row.querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (button).dataset.tile === tile));
    }
    this.showTargets();
  }

  /** The target buttons and the lit trains on the board for the picked tile. */
  showTargets() {
    const view = this.view;
    const found = view && this.picked && this.mine ? targetsOf(view.legal, this.picked) : [];
    this.board.targets = found.map((t) => t.train);
    if (this.targetsBox.hidden !== (found.length === 0)) {
      this.targetsBox.hidden = found.length === 0;
      this.board.layout(); // the row of targets shown or gone changes the table's size on the page
    }
    this.board.paint();
    this.targetsBox.replaceChildren(...found.map(({ train }) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.train = String(train);
      const key = document.createElement("kbd");
      key.textContent = trainKey(train);
      button.append(key, ` ${trainWords(train, view ? view.names : [], this.me)}`);
      return button;
    }));
  }

  /**
   * Play the picked tile on `train`, if it goes there (with the knock when armed and offered).
   * @param {number} train
   * @returns {boolean} whether an action was sent
   */
  playOn(train) {
    const view = this.view;
    if (!view || !this.picked || !this.mine) return false;
    const found = targetsOf(view.legal, this.picked).find((t) => t.train === train);
    if (!found) return false;
    const knocked = `${found.action} knock`;
    this.play(this.knock && view.legal.includes(knocked) ? knocked : found.action);
    this.picked = null;
    this.knock = false;
    return true;
  }

  /**
   * Play the picked tile wherever it goes first.
   * @returns {boolean}
   */
  playAnywhere() {
    if (!this.view || !this.picked) return false;
    const found = targetsOf(this.view.legal, this.picked);
    return found.length > 0 && this.playOn(found[0].train);
  }

  /**
   * Pick the next tile left or right (`among`: only tiles that play).
   * @param {number} step
   * @param {boolean} among
   */
  step(step, among) {
    const view = this.view;
    if (!view || view.hand.length === 0) return;
    const tiles = among ? view.hand.filter((t) => targetsOf(view.legal, t).length > 0) : view.hand;
    if (tiles.length === 0) return;
    const at = this.picked ? tiles.indexOf(this.picked) : -1;
    const next = tiles[(at + step + tiles.length) % tiles.length] ?? tiles[0];
    this.pick(next);
    const button = /** @type {HTMLElement|null} */ (this.row.querySelector(`[data-tile="${next}"]`));
    if (button) button.focus();
  }

  /**
   * A press on a tile: it may become a drag.
   * @param {PointerEvent} event
   */
  press(event) {
    const button = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target).closest("button"));
    if (!button || !button.dataset.tile || !this.mine) return;
    this.drag = { tile: button.dataset.tile, x: event.clientX, y: event.clientY, ghost: null, id: event.pointerId };
  }

  /**
   * The pointer moves: past a few pixels, the tile follows it.
   * @param {PointerEvent} event
   */
  moveDrag(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_FROM) return;
      const source = this.row.querySelector(`[data-tile="${drag.tile}"] canvas`);
      if (!source) return;
      const ghost = /** @type {HTMLElement} */ (source.cloneNode(false));
      const ctx = /** @type {HTMLCanvasElement} */ (ghost).getContext("2d");
      if (ctx) ctx.drawImage(/** @type {HTMLCanvasElement} */ (source), 0, 0);
      ghost.className = "ghost";
      document.body.append(ghost);
      drag.ghost = ghost;
      this.pick(drag.tile);
    }
    drag.ghost.style.transform = `translate(${event.clientX}px, ${event.clientY}px) translate(-50%, -50%)`;
  }

  /**
   * The pointer is let go: a dragged tile dropped on a train it goes on is played there.
   * @param {PointerEvent} event
   */
  drop(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    if (drag.ghost) {
      const train = this.board.trainAt(event.clientX, event.clientY);
      if (train !== null) this.playOn(train);
    }
    this.endDrag();
  }

  /** Forget the drag. */
  endDrag() {
    if (this.drag && this.drag.ghost) this.drag.ghost.remove();
    this.drag = null;
  }
}
