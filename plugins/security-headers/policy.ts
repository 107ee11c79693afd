/**
 * The security headers of the site, computed from what the built pages carry: a
 * Content-Security-Policy that allows the site's own files, the exact inline scripts and
 * style attributes of the pages (by SHA-256 hash) and the hosts of the third-party services
 * the configuration switches on, plus the headers that need no computing. Written as a
 * `_headers` file (static hosts such as Netlify and Cloudflare Pages) and as an nginx include
 * (deploy/nginx/unleash-docs.conf), with the same values.
 */
import crypto from 'node:crypto';

/** The directives that third-party services may add hosts to. */
export type SourceDirective = 'script-src' | 'connect-src' | 'img-src' | 'frame-src';
export type PolicySources = Partial<Record<SourceDirective, readonly string[]>>;

/**
 * Above this many distinct style attributes and inline <style> texts, styles are allowed with
 * 'unsafe-inline' instead of one hash each, and the build says so: each hash is about 55
 * characters, and Cloudflare Pages reads `_headers` lines of at most 2,000.
 */
export const MAX_STYLE_HASHES = 40;
/** The longest header line Cloudflare Pages accepts in `_headers`. */
export const MAX_HEADER_LINE = 2000;

/** A CSP hash source for a script or style text, exactly as the browser hashes it (UTF-8). */
export function hashSource(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `scheme://host[:port]` of a URL: the host source a third-party URL adds to a directive. */
export function originSource(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

export function mergeSources(...all: PolicySources[]): PolicySources {
  const merged: Partial<Record<SourceDirective, string[]>> = {};
  for (const sources of all) {
    for (const [directive, list] of Object.entries(sources) as Array<[SourceDirective, readonly string[]]>) {
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...list])];
    }
  }
  return merged;
}

export interface PolicyInput {
  /** Hash sources of the inline scripts the pages run. */
  scriptHashes: readonly string[];
  /** Hash sources of the style attributes and inline <style> texts the pages carry. */
  styleHashes: readonly string[];
  /** Third-party hosts, by directive. */
  sources: PolicySources;
}

export interface Directive {
  name: string;
  values: string[];
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Whether styles are allowed by hash ('unsafe-hashes' plus one hash each) or, past the limit, inline. */
export function stylesByHash(styleHashes: readonly string[]): boolean {
  return styleHashes.length <= MAX_STYLE_HASHES;
}

export function policyDirectives({scriptHashes, styleHashes, sources}: PolicyInput): Directive[] {
  const extra = (directive: SourceDirective) => sorted(sources[directive] ?? []);
  const directives: Directive[] = [
    {name: 'default-src', values: ["'self'"]},
    // 'report-sample' only puts the first characters of a blocked script in the violation
    // event, which makes a violation found by the tests readable; it allows nothing.
    {name: 'script-src', values: ["'self'", "'report-sample'", ...sorted(scriptHashes), ...extra('script-src')]},
    {
      name: 'style-src',
      // Server rendering writes style attributes (code-block colours, the theme's icon sprite):
      // they are allowed one by one, by hash, with 'unsafe-hashes' (which lets a hash match an
      // attribute), not with 'unsafe-inline'. Only past MAX_STYLE_HASHES distinct ones would
      // the policy fall back to 'unsafe-inline' for styles; scripts never do.
      values: stylesByHash(styleHashes) ? ["'self'", "'report-sample'", ...(styleHashes.length ? ["'unsafe-hashes'", ...sorted(styleHashes)] : [])] : ["'self'", "'unsafe-inline'"],
    },
    {name: 'img-src', values: ["'self'", 'data:', ...extra('img-src')]},
    {name: 'font-src', values: ["'self'"]},
    {name: 'connect-src', values: ["'self'", ...extra('connect-src')]},
    ...(extra('frame-src').length ? [{name: 'frame-src', values: ["'self'", ...extra('frame-src')]}] : []),
    {name: 'object-src', values: ["'none'"]},
    {name: 'base-uri', values: ["'self'"]},
    {name: 'form-action', values: ["'self'"]},
    {name: 'frame-ancestors', values: ["'none'"]},
    {name: 'manifest-src', values: ["'self'"]},
    {name: 'worker-src', values: ["'self'"]},
  ];
  return directives;
}

export function contentSecurityPolicy(input: PolicyInput): string {
  return policyDirectives(input)
    .map(({name, values}) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Features the site never uses, denied to its pages and to anything they would embed. Only
 * names Chromium knows: an unknown one is reported in the console of every page. Clipboard
 * writing is not in the list (the copy buttons use it).
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

export type Headers = ReadonlyArray<readonly [name: string, value: string]>;

export function securityHeaders(input: PolicyInput): Headers {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(input)],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    // The site's windows share no browsing context group with pages of other origins they
    // open or that open them (no window.opener either way).
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // Types are taken at their word: a script or stylesheet with another type is refused.
    ['X-Content-Type-Options', 'nosniff'],
    // Links to other sites carry the origin only, never the path the reader was on.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
}

const comment = (lines: readonly string[]) => lines.map((line) => `# ${line}`.trimEnd()).join('\n');

/** `_headers` for Netlify and Cloudflare Pages: every path under the base URL gets the headers. */
export function headersFile(headers: Headers, baseUrl: string, notes: readonly string[]): string {
  return `${comment(notes)}\n${baseUrl}*\n${headers.map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`;
}

/** The nginx include: one `add_header … always` per header, for every response of the server block. */
export function nginxInclude(headers: Headers, notes: readonly string[]): string {
  for (const [name, value] of headers) {
    if (/["$\\\n]/.test(value)) throw new Error(`The ${name} header cannot be written into an nginx string: ${value}`);
  }
  return `${comment(notes)}\n${headers.map(([name, value]) => `add_header ${name} "${value}" always;`).join('\n')}\n`;
}

/**
 * Whether a host source allows a URL (scheme, host with an optional `*.` wildcard, port, and a
 * path matched exactly or, ending in `/`, as a prefix): used to check that every external
 * script a page loads is in the policy.
 */
export function sourceAllows(source: string, url: URL): boolean {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([^/:]+)(?::(\d+))?(\/.*)?$/i.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port, sourcePath] = match;
  if (`${scheme!.toLowerCase()}:` !== url.protocol) return false;
  const hostname = url.hostname.toLowerCase();
  const wanted = host!.toLowerCase();
  if (wildcard ? !hostname.endsWith(`.${wanted}`) : hostname !== wanted) return false;
  if ((port ?? '') !== url.port) return false;
  if (!sourcePath) return true;
  return sourcePath.endsWith('/') ? url.pathname.startsWith(sourcePath) : url.pathname === sourcePath;
}
