/**
 * The browser every benchmark drives: Debian's Chromium, with the flags that work on this
 * machine (no sandbox as root, no GPU, no background traffic to Google's services).
 */
import {execFileSync} from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)"; Debian's wrapper script may print shell noise on stderr. */
export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
  } catch {
    return 'unknown';
  }
}
