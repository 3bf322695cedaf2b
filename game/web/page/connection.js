// One WebSocket to the table service at a time, as docs/protocol.md says a
// game speaks it: hello first; a request and its reply; a request the service
// sends on to another of its processes (`moved`) sent again there; and when a
// process cannot be reached, the others the service listed, then the address
// the page came from.

import { WireError, parse } from "./wire.js";

/** The protocol this page speaks. */
export const PROTOCOL = 2;
/** Milliseconds a connection may take to open before another address is tried. */
export const OPEN_WAIT = 10000;
/** Milliseconds a request follows the service from process to process. */
export const FOLLOW_FOR = 20000;
/** Milliseconds between two tries while following. */
const FOLLOW_PAUSE = 250;

/** The server answered a request with an error (`code` as in docs/protocol.md). */
export class ServerRefused extends Error {
  /**
   * @param {string} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** The connection is gone. */
export class Disconnected extends Error {}

/**
 * Wait `ms` milliseconds.
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function pause(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * The address of the table `code` at the service `base` (`ws://host/prefix/t/CODE`; `base` itself with no code).
 * @param {string} base
 * @param {string} code
 * @returns {string}
 */
export function tableUrl(base, code) {
  const at = base.indexOf("://");
  if (!code || at < 0) return base;
  const [host, ...rest] = base.slice(at + 3).split("/");
  const parts = rest.slice(0, -1).filter((part) => part);
  if (parts.length >= 2 && parts[parts.length - 2] === "t") parts.splice(-2, 2);
  return `${base.slice(0, at)}://${host}/${parts.map((p) => `${p}/`).join("")}t/${code}`;
}

/**
 * The scheme, host and port of a ws:// or wss:// address ('' for anything else).
 * @param {string} address
 * @returns {string}
 */
export function origin(address) {
  try {
    const url = new URL(address);
    if (url.protocol !== "ws:" && url.protocol !== "wss:") return "";
    return `${url.protocol}//${url.host}`;
  } catch {
    return "";
  }
}

/**
 * A server address from a message ('' when it names none or a bad one).
 * @param {unknown} value
 * @returns {string}
 */
export function serverAddress(value) {
  return typeof value === "string" && /^wss?:\/\//.test(value) && value.length <= 200 ? value : "";
}

/** @typedef {Record<string, unknown> & {type: string}} Message */

/** The connection to the service, with what it needs to come back to it. */
export class Connection {
  /**
   * @param {string} door the service's address as the page was given it (ws://host:port/prefix/)
   * @param {(message: Message) => void} take handed every checked message in order (it may throw to refuse it)
   * @param {(reason: string) => void} lost told when an open connection closes without the page closing it
   */
  constructor(door, take, lost) {
    this.door = door;
    this.url = door;
    /** @type {string[]} the service's live processes, as the last welcome or servers listed them */
    this.servers = [];
    this.code = "";
    this.take = take;
    this.lost = lost;
    /** @type {WebSocket|null} */
    this.socket = null;
    this.generation = 0;
    /** @type {((message: Message) => void)[]} */
    this.waiting = [];
    this.closedReason = "";
  }

  /** Whether a connection is open. */
  get open() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /**
   * Open a connection and say hello, at `url`, else the service's other processes, else the door.
   * @returns {Promise<void>}
   */
  async connect() {
    const tried = [this.url, ...this.servers.filter((s) => s !== this.url)];
    if (!tried.includes(this.door)) tried.push(this.door);
    /** @type {unknown} */
    let first = null;
    for (const url of tried) {
      try {
        await this.connectTo(tableUrl(url, this.code));
        this.url = url;
        return;
      } catch (error) {
        if (error instanceof ServerRefused) throw error;
        first = first ?? error;
      }
    }
    throw first instanceof Error ? first : new Disconnected("no server of the table's service answered");
  }

  /**
   * Open one connection and say hello.
   * @param {string} url
   * @returns {Promise<void>}
   */
  async connectTo(url) {
    this.close();
    const generation = ++this.generation;
    const socket = new WebSocket(url);
    this.socket = socket;
    this.closedReason = "";
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Disconnected("the server did not answer in time")), OPEN_WAIT);
      socket.addEventListener("open", () => { clearTimeout(timer); resolve(undefined); }, { once: true });
      socket.addEventListener("close", () => { clearTimeout(timer); reject(new Disconnected("no server answered there")); },
        { once: true });
    });
    socket.addEventListener("message", (event) => this.received(generation, event.data));
    socket.addEventListener("close", () => this.ended(generation));
    const welcome = await this.request({ type: "hello", protocol: PROTOCOL, client: "mexican-train guest page" }, "welcome");
    this.learn(welcome);
  }

  /**
   * Keep the live processes a welcome or servers message lists.
   * @param {Message} message
   */
  learn(message) {
    if (Array.isArray(message.servers)) {
      this.servers = message.servers.map(serverAddress).filter((s) => s).slice(0, 64);
    }
  }

  /**
   * One message of connection `generation`: checked, handed on, and given to a request waiting for it.
   * @param {number} generation
   * @param {unknown} text
   */
  received(generation, text) {
    if (generation !== this.generation) return;
    /** @type {Message} */
    let message;
    try {
      message = parse(typeof text === "string" ? text : "");
      if (message.type === "servers") {
        this.learn(message);
        return;
      }
      if (message.type === "closed") this.closedReason = String(message.message ?? "");
      this.take(message);
    } catch (error) {
      this.closedReason = error instanceof WireError ? `the server sent a message that does not fit the protocol: ${error.message}`
        : error instanceof Error ? error.message : String(error);
      this.close();
      this.lost(this.closedReason);
      return;
    }
    for (const wait of [...this.waiting]) wait(message);
  }

  /**
   * The connection `generation` closed.
   * @param {number} generation
   */
  ended(generation) {
    if (generation !== this.generation) return;
    this.socket = null;
    const gone = { type: "closed", message: this.closedReason || "the connection closed" };
    for (const wait of [...this.waiting]) wait(gone);
    this.lost(this.closedReason || "the connection closed");
  }

  /**
   * Send one message.
   * @param {Record<string, unknown>} message
   * @returns {string} the text sent
   */
  send(message) {
    const socket = this.socket;
    if (socket === null || socket.readyState !== WebSocket.OPEN) throw new Disconnected("not connected");
    const text = JSON.stringify(message);
    socket.send(text);
    return text;
  }

  /**
   * Send a request and wait for its reply, its error or its `moved`.
   * @param {Record<string, unknown> & {type: string}} message
   * @param {string} reply
   * @returns {Promise<Message>}
   */
  request(message, reply) {
    return new Promise((resolve, reject) => {
      /** @param {Message} answer */
      const wait = (answer) => {
        const about = String(answer.about ?? "");
        let done = true;
        if (answer.type === reply) resolve(answer);
        else if (answer.type === "error" && (about === message.type || about === "")) {
          reject(new ServerRefused(String(answer.code), String(answer.message ?? "")));
        } else if (answer.type === "moved" && (about === message.type || about === "")) {
          reject(new Moved(this.follow(answer)));
        } else if (answer.type === "closed") reject(new Disconnected(String(answer.message ?? "closed")));
        else done = false;
        if (done) this.waiting = this.waiting.filter((w) => w !== wait);
      };
      this.waiting.push(wait);
      try {
        this.send(message);
      } catch (error) {
        this.waiting = this.waiting.filter((w) => w !== wait);
        reject(error);
      }
    });
  }

  /**
   * A request the service may send on to the process serving its table: connect there and ask again.
   * @param {Record<string, unknown> & {type: string}} message
   * @param {string} reply
   * @returns {Promise<Message>}
   */
  async following(message, reply) {
    const deadline = Date.now() + FOLLOW_FOR;
    for (;;) {
      try {
        return await this.request(message, reply);
      } catch (error) {
        if (!(error instanceof Moved)) throw error;
        if (Date.now() > deadline) throw new Disconnected("the table could not be reached on any of the service's servers");
        this.close();
        if (error.to) this.url = error.to;
        await this.connectUntil(deadline);
      }
    }
  }

  /**
   * Connect again (any live process), trying until `deadline` (milliseconds since the epoch).
   * @param {number} deadline
   */
  async connectUntil(deadline) {
    for (;;) {
      try {
        await pause(FOLLOW_PAUSE);
        await this.connect();
        return;
      } catch (error) {
        if (error instanceof ServerRefused || Date.now() > deadline) throw error;
      }
    }
  }

  /**
   * The address a `moved` names, when it is one of the service's (else '': the known ones are tried).
   * @param {Message} moved
   * @returns {string}
   */
  follow(moved) {
    const to = serverAddress(moved.to);
    const known = [this.door, this.url, ...this.servers].map(origin);
    return to && known.includes(origin(to)) ? to : "";
  }

  /** Close the connection (the seat stays the person's). */
  close() {
    const socket = this.socket;
    this.generation++;
    this.socket = null;
    if (socket !== null) socket.close();
  }
}

/** The service sent a request on to another of its processes (`to`, '' when it names none of its own). */
export class Moved extends Error {
  /** @param {string} to */
  constructor(to) {
    super(`served at ${to || "another server"}`);
    this.to = to;
  }
}
