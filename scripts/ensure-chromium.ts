import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
) as string[];

export function findChromium(): string | null {
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/**
 * The browser tests drive Debian's Chromium (never a downloaded one). Installs it with apt-get
 * when possible (root, Debian), otherwise says exactly what to install.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log("Installing Debian's chromium package for the browser tests…");
    try {
      execFileSync('apt-get', ['update'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (e) {
      throw new Error(`apt-get could not install chromium: ${(e as Error).message}`);
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'Chromium is needed for the browser tests and was not found. ' +
      'Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}
