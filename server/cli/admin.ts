// npm run admin -- add 9XXXXXXXXX | remove 9XXXXXXXXX | list
// Moderators (role 'admin') are made here only: no screen or API can make one. Uses the same
// configuration as the server (DATABASE_URL, or the embedded database under DATA_DIR).
import { loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { adminCommand } from './admin-command.ts';
import { askRunningServer } from './admin-socket.ts';

export { adminCommand };

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.loadEnvFile();
  } catch {
    // no .env file
  }
  const args = process.argv.slice(2);
  // Every failure is one line (a setting, the database, a bad phone), never a stack.
  try {
    const config = loadConfig();
    // The embedded database belongs to one process: while `npm start` runs on this DATA_DIR, a
    // second PGlite here would write its own copy of the files, unseen by the server and lost
    // when it next saves. The running server runs the command instead (admin-socket.ts).
    const answer =
      config.databaseUrl === null ? await askRunningServer(config.dataDir, args) : null;
    if (answer !== null) {
      console.log(answer);
    } else {
      const db = await openDb(config.databaseUrl, config.dataDir);
      try {
        await migrate(db);
        console.log(await adminCommand(db, args));
      } finally {
        await db.close();
      }
    }
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
