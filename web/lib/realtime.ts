import { useEffect, useRef, useSyncExternalStore } from 'react';
import type {
  MessageView,
  RealtimeEvent,
  ServerFrame,
  SocketSendFrame,
} from '#shared/schemas/chat.ts';
import { REALTIME } from '#shared/limits.ts';
import { api, ApiError, errorText, onUnauthorized } from './api.ts';

/**
 * The ONE realtime connection of the tab: a WebSocket to /api/ws on the same origin (the session
 * cookie goes with the handshake). It reconnects with exponential backoff and jitter (at once,
 * with a small jitter, when the server says it is restarting), pings every 25 s — well inside the
 * server's 60 s idle limit — (and treats a missing pong as a dead socket), follows the browser's
 * online/offline events, and stops for good when the session ends. Features subscribe to events and to (re)connects;
 * after a (re)connect they fetch what they may have missed.
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';
type EventListener = (event: RealtimeEvent) => void;
type ConnectListener = (info: { reconnect: boolean }) => void;

const PING_EVERY_MS = REALTIME.clientPingEveryMs;
const PONG_TIMEOUT_MS = REALTIME.pongTimeoutMs;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 10_000;
/** Close code the server uses when the session is signed out. */
const SIGNED_OUT = 4401;
/** Close codes of a server going away on purpose (restart, deploy): reconnect at once. */
const RESTARTING = new Set<number>([REALTIME.restartCloseCode, 4503]);
/** A socket send unanswered for this long is handed to the caller's fallback (HTTP). */
const SEND_TIMEOUT_MS = 8_000;

/**
 * The socket could not carry a send (not open, closed before the answer, or no answer in time).
 * The message may or may not be stored: resend it by another way with the SAME client id.
 */
export class SocketUnavailable extends Error {}

interface PendingSend {
  resolve: (message: MessageView) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Exponential backoff with "equal jitter": half fixed, half random, capped near 10 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * How long to wait before reconnecting after a close: a connection that was up and closed because
 * the server is restarting comes back at once (a random 0..1 s, so a restart's clients do not all
 * arrive in the same millisecond); anything else, or a refusal before the server said hello
 * (still shutting down), follows the backoff.
 */
export function reconnectDelay(
  closeCode: number,
  wasConnected: boolean,
  attempt: number,
  random: () => number = Math.random,
): number {
  if (wasConnected && RESTARTING.has(closeCode))
    return Math.round(random() * REALTIME.restartJitterMs);
  return backoffDelay(attempt, random);
}

/** The socket of this user: the server refuses it if the browser's cookie is someone else's. */
function socketUrl(userId: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/ws?as=${encodeURIComponent(userId)}`;
}

class RealtimeConnection {
  private socket: WebSocket | null = null;
  private wanted = false;
  private userId: string | null = null;
  private attempt = 0;
  private everConnected = false;
  private status: RealtimeStatus = 'idle';
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly events = new Set<EventListener>();
  private readonly connects = new Set<ConnectListener>();
  private readonly statusWatchers = new Set<() => void>();
  private windowHooked = false;
  private readonly pending = new Map<string, PendingSend>();
  private nextRef = 1;

  getStatus = (): RealtimeStatus => this.status;

  /**
   * Whether this session's first connection is still to come. Its connect listeners run then
   * (the chat refreshes every conversation it shows), so a screen mounted before it need not
   * fetch again what it was just given: a server-rendered chat's own data (decision 024).
   */
  firstConnectPending = (): boolean => !this.everConnected;

  /** Opens the connection for this user (if not open yet); idempotent. */
  start(userId: string): void {
    if (this.wanted && this.userId === userId) return;
    if (this.wanted) this.stop();
    this.wanted = true;
    this.userId = userId;
    this.hookWindow();
    this.open();
  }

  /** Closes the connection and stops reconnecting (sign out). */
  stop(): void {
    this.wanted = false;
    this.userId = null;
    this.attempt = 0;
    this.everConnected = false;
    clearTimeout(this.retryTimer);
    this.drop();
    this.setStatus('idle');
  }

  /**
   * Sends a chat message over the open socket; resolves with the stored message (the server's
   * ack) or rejects with the server's ApiError (nack), or with SocketUnavailable when the socket
   * cannot answer — then the caller falls back to HTTP with the same client id.
   */
  sendMessage(frame: Omit<SocketSendFrame, 'type' | 'ref'>): Promise<MessageView> {
    const socket = this.socket;
    if (this.status !== 'connected' || !socket || socket.readyState !== WebSocket.OPEN)
      return Promise.reject(new SocketUnavailable('not connected'));
    const ref = String(this.nextRef++);
    return new Promise<MessageView>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        reject(new SocketUnavailable('no answer'));
      }, SEND_TIMEOUT_MS);
      this.pending.set(ref, { resolve, reject, timer });
      socket.send(
        JSON.stringify({ type: 'message.send', ref, ...frame } satisfies SocketSendFrame),
      );
    });
  }

  subscribe(listener: EventListener): () => void {
    this.events.add(listener);
    return () => void this.events.delete(listener);
  }

  /** Called after every successful (re)connect, once the server has said hello. */
  onConnect(listener: ConnectListener): () => void {
    this.connects.add(listener);
    return () => void this.connects.delete(listener);
  }

  watchStatus = (watcher: () => void): (() => void) => {
    this.statusWatchers.add(watcher);
    return () => void this.statusWatchers.delete(watcher);
  };

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const w of [...this.statusWatchers]) w();
  }

  private hookWindow(): void {
    if (this.windowHooked) return;
    this.windowHooked = true;
    // Browsers keep a WebSocket "open" for a long time after the network goes away: going
    // offline closes it at once, coming back online reconnects without waiting for the backoff.
    window.addEventListener('offline', () => {
      if (!this.wanted) return;
      this.drop();
      clearTimeout(this.retryTimer);
      this.open(); // waits for 'online' (with a slow retry in case it never comes)
    });
    window.addEventListener('online', () => this.reconnectNow());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.reconnectNow();
    });
    onUnauthorized(() => this.stop());
  }

  private reconnectNow(): void {
    if (!this.wanted || this.socket) return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.open();
  }

  private open(): void {
    if (!this.wanted || this.socket) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      // Offline: the 'online' event reconnects at once; a slow retry covers a browser that
      // never says it is back.
      this.setStatus('reconnecting');
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.open(), BACKOFF_MAX_MS);
      return;
    }
    this.setStatus(this.everConnected || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(socketUrl(this.userId!));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    let saidHello = false;
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      this.alive();
      if (message.data === 'pong') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(message.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'message.ack' || frame.type === 'message.nack') {
        const waiting = this.pending.get(frame.ref);
        if (!waiting) return;
        this.pending.delete(frame.ref);
        clearTimeout(waiting.timer);
        if (frame.type === 'message.ack') waiting.resolve(frame.message);
        else {
          const { status, code, message: said, key, vars } = frame.error;
          waiting.reject(new ApiError(status, code, errorText(key ?? code, vars, said), null));
        }
        return;
      }
      const event: RealtimeEvent = frame;
      if (event.type === 'hello') {
        saidHello = true;
        this.connected();
      }
      for (const listener of [...this.events]) {
        try {
          listener(event);
        } catch (err) {
          console.warn('realtime listener failed', err);
        }
      }
    };
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPinging();
      this.failPending();
      if (close.code === SIGNED_OUT) {
        // Signed out elsewhere (another device's "Sign out of other devices", a suspension):
        // asking who we are answers 401, which drops the cached user, and the screen's guard
        // takes this tab out at once rather than at its next request.
        this.stop();
        void api('/api/me').catch(() => undefined);
        return;
      }
      // Refused before the server said hello: a browser cannot read why, and a session that
      // ended while this tab was offline or asleep is refused at every handshake. Asking who we
      // are ends it here (a 401), instead of retrying the handshake for as long as the tab is
      // open; a network or server failure just retries.
      if (!saidHello) void api('/api/me').catch(() => undefined);
      this.scheduleRetry(close.code, saidHello);
    };
    // An error is always followed by a close; the close decides what happens next.
    socket.onerror = () => {};
  }

  private connected(): void {
    const reconnect = this.everConnected;
    this.everConnected = true;
    this.attempt = 0;
    this.setStatus('connected');
    this.startPinging();
    for (const listener of [...this.connects]) {
      try {
        listener({ reconnect });
      } catch (err) {
        console.warn('realtime connect listener failed', err);
      }
    }
  }

  private scheduleRetry(closeCode = 1006, wasConnected = false): void {
    if (!this.wanted) return;
    this.setStatus('reconnecting');
    clearTimeout(this.retryTimer);
    const delay = reconnectDelay(closeCode, wasConnected, this.attempt);
    // A restart's immediate reconnect does not count as a failed attempt.
    if (!(wasConnected && RESTARTING.has(closeCode))) this.attempt += 1;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** Sends still waiting on a socket that is gone go the other way (their callers retry). */
  private failPending(): void {
    for (const [ref, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      this.pending.delete(ref);
      waiting.reject(new SocketUnavailable('connection lost'));
    }
  }

  /** Forgets the current socket without waiting for its close event. */
  private drop(): void {
    this.stopPinging();
    this.failPending();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onmessage = null;
      socket.onclose = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN)
        socket.close(1000);
    }
  }

  private startPinging(): void {
    this.stopPinging();
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      socket.send('ping');
      clearTimeout(this.pongTimer);
      // No answer in time: the socket is dead even if the browser has not noticed.
      this.pongTimer = setTimeout(() => {
        if (this.socket !== socket) return;
        this.drop();
        this.scheduleRetry();
      }, PONG_TIMEOUT_MS);
    }, PING_EVERY_MS);
  }

  private alive(): void {
    clearTimeout(this.pongTimer);
  }

  private stopPinging(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }
}

export const realtime = new RealtimeConnection();

/**
 * Opens the tab's connection for the signed-in user (id), closes it when signed out (null), and
 * leaves it alone while that is not known yet (undefined). Unmounting does not close it: the
 * connection belongs to the tab, not to a screen.
 */
export function useRealtimeConnection(userId: string | null | undefined): void {
  useEffect(() => {
    if (userId === null) realtime.stop();
    if (!userId) return;
    // In a task of its own: opening the socket is not part of the first screen's long commit.
    const opening = setTimeout(() => realtime.start(userId), 0);
    return () => clearTimeout(opening);
  }, [userId]);
}

/**
 * Whether the live connection is down and being retried, live. A yes/no rather than the status:
 * the server renders 'no', and the browser is 'connecting' by the time it takes the page over, so
 * a status would differ and re-render at once (decision 024).
 */
export function useRealtimeReconnecting(): boolean {
  return useSyncExternalStore(
    realtime.watchStatus,
    () => realtime.getStatus() === 'reconnecting',
    () => false,
  );
}

/** Calls the latest `handler` for every server event while the component is mounted. */
export function useRealtimeEvent(handler: EventListener): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => realtime.subscribe((event) => ref.current(event)), []);
}
