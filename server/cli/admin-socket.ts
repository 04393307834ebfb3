import net from 'node:net';
import path from 'node:path';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import type { Db } from '../db/client.ts';
import { adminCommand } from './admin-command.ts';

/**
 * `npm run admin` while `npm start` runs on the same DATA_DIR. The embedded database (PGlite)
 * belongs to one process: a second one opening the same files keeps its own copy, which the
 * server never sees and overwrites when it next saves, so "add" printed "is a moderator" and the
 * phone then signed in as a new user. The development server with the embedded database listens
 * on a Unix socket in DATA_DIR (owner only, never a network port, never an HTTP route, so still no
 * screen or API makes a moderator) and runs the CLI's command on its own database.
 */
export function adminSocketPath(dataDir: string): string {
  // In a folder only the owner may enter: the socket is reachable by nobody else from the moment
  // it exists (a chmod after listen leaves a moment at the umask's permissions).
  return path.join(dataDir, 'admin', 'admin.sock');
}

/** Unix socket paths are limited to about 108 bytes; a longer DATA_DIR goes without. */
const MAX_SOCKET_PATH = 100;

interface Answer {
  ok: boolean;
  text: string;
}

/** Serves the admin commands on DATA_DIR/admin/admin.sock; null when the path is too long for a socket. */
export async function serveAdminSocket(
  db: Db,
  dataDir: string,
  log: { warn: (msg: string) => void },
  /** Commands wait for this (the migrations of a server that is starting). */
  ready: Promise<unknown> = Promise.resolve(),
): Promise<net.Server | null> {
  const file = adminSocketPath(dataDir);
  if (file.length > MAX_SOCKET_PATH) {
    log.warn(`DATA_DIR is too long for ${file}: stop the server before npm run admin`);
    return null;
  }
  // A socket left by a server that was killed: this process owns the database now.
  rmSync(file, { force: true });
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(file), 0o700);
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    const onData = (chunk: string) => {
      input += chunk;
      if (input.length > 10_000) return void socket.destroy();
      if (!input.includes('\n')) return;
      // One command a connection: what comes after its line is not read.
      socket.off('data', onData);
      void ready
        .then(
          () => answer(db, input),
          (err: Error): Answer => ({ ok: false, text: err.message }),
        )
        .then((a) => socket.end(`${JSON.stringify(a)}\n`));
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  server.unref();
  return server;
}

async function answer(db: Db, input: string): Promise<Answer> {
  try {
    const { args } = JSON.parse(input) as { args: unknown };
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
      return { ok: false, text: 'bad request' };
    return { ok: true, text: await adminCommand(db, args) };
  } catch (err) {
    return { ok: false, text: (err as Error).message };
  }
}

/**
 * Runs the command in the server running on this DATA_DIR: its answer, or null when no server
 * is listening (the CLI then opens the database itself). A refused command throws its message.
 */
export async function askRunningServer(dataDir: string, args: string[]): Promise<string | null> {
  const file = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(file);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ args })}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('end', () => {
      try {
        const a = JSON.parse(output) as Answer;
        if (a.ok) resolve(a.text);
        else reject(new Error(a.text));
      } catch {
        reject(new Error('the running server gave no answer'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // No server here (no socket, or one left by a server that is gone).
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}
