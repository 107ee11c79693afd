/**
 * Watching the Content-Security-Policy at work: every `securitypolicyviolation` event the
 * pages of a browser context dispatch, and every console message about the policy (Chromium
 * logs each blocked script, style, connection or eval there). The policy itself comes from
 * the build's `_headers`, which the nginx include repeats (plugins/security-headers).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {BrowserContext} from '@playwright/test';

export type HeaderList = Array<[name: string, value: string]>;

/** The headers a build wrote to `_headers`, in order. */
export function builtHeaders(buildDir: string): HeaderList {
  const file = fs.readFileSync(path.join(buildDir, '_headers'), 'utf8');
  return [...file.matchAll(/^ {2}([\w-]+): (.+)$/gm)].map((match) => [match[1]!, match[2]!]);
}

/** The headers the nginx include of a build sets, in order. */
export function includedHeaders(buildDir: string): HeaderList {
  const file = fs.readFileSync(path.join(buildDir, 'security-headers.conf'), 'utf8');
  return [...file.matchAll(/^add_header ([\w-]+) "(.+)" always;$/gm)].map((match) => [match[1]!, match[2]!]);
}

export function builtPolicy(buildDir: string): string {
  return builtHeaders(buildDir).find(([name]) => name === 'Content-Security-Policy')![1];
}

const POLICY_MESSAGE = /Content[ -]Security[ -]Policy|Permissions-Policy/i;

/**
 * Starts recording for every page of `context` (pages opened later included); the returned
 * list fills as violations happen. Violations inside a service worker reach no page: the
 * offline tests show the worker works instead.
 */
export async function recordPolicyViolations(context: BrowserContext): Promise<string[]> {
  const found: string[] = [];
  await context.exposeBinding('__reportPolicyViolation', ({page}, text: string) => found.push(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as {__reportPolicyViolation(text: string): void}).__reportPolicyViolation;
        void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${JSON.stringify(event.sample)}`);
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (POLICY_MESSAGE.test(message.text())) found.push(`${message.page()?.url() ?? 'worker'}: console ${message.type()}: ${message.text()}`);
  });
  return found;
}
