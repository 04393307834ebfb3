// Browser journeys need a real Chromium. Use CHROMIUM_PATH, else /usr/bin/chromium; when missing,
// install Debian's package if we are root on Debian, otherwise stop with how to install it.
// Never a silent skip.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = existsSync('/etc/debian_version') || /debian/i.test(safeRead('/etc/os-release'));
if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH=${path} does not exist.`);
if (!isRoot || !isDebian) {
  fail(
    'Chromium is needed for the browser tests. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.',
  );
}
console.log('Chromium not found: installing Debian package "chromium"...');
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  fail('Installing chromium with apt-get failed; see the output above.');
}
if (!existsSync(path)) fail(`Installed chromium but ${path} is still missing.`);

function safeRead(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
function fail(message) {
  console.error(message);
  process.exit(1);
}
