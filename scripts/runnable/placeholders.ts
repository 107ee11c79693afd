/**
 * What the pages' placeholders stand for when a sample runs. Samples address the reader's
 * server as `<your-unleash-url>`, or as the example hosts the self-hosting pages use
 * (`https://unleash.example.com`, `http://localhost:4242`), and name credentials by kind. Each
 * is replaced in the block's text before bash runs it; a page's set-up may name others
 * (setup.yaml, `placeholders`).
 */
import type {Credentials} from './instances';

/** Credentials by the names setup.yaml may use: `pat`, `backend:<environment>`, `frontend:<environment>`. */
export function credential(credentials: Credentials, name: string): string {
  if (name === 'pat') return credentials.personalAccessToken;
  const [kind, environment] = name.split(':');
  const value = kind === 'backend' ? credentials.backend[environment ?? ''] : kind === 'frontend' ? credentials.frontend[environment ?? ''] : undefined;
  if (value === undefined) throw new Error(`no credential named "${name}" (pat, backend:<environment>, frontend:<environment>)`);
  return value;
}

/** Addresses that mean the reader's own Unleash server. */
export const SERVER_ADDRESSES = ['<your-unleash-url>', 'https://unleash.example.com', 'http://localhost:4242'] as const;

/** Credential placeholders and the credential each one means by default. */
export const CREDENTIAL_PLACEHOLDERS: Record<string, string> = {
  // The Admin API takes a personal access token or a service-account token; admin-type API
  // tokens are refused since Unleash 6.7, so `<admin-api-token>` is answered with a PAT.
  '<admin-api-token>': 'pat',
  '<personal-access-token>': 'pat',
  '<admin-or-personal-access-token>': 'pat',
  '<current-personal-access-token>': 'pat',
  '<client-api-token>': 'backend:development',
  '<backend-api-token>': 'backend:development',
  '<frontend-api-token>': 'frontend:development',
};

export function placeholderValues(url: string, credentials: Credentials, overrides: Record<string, string> = {}): Map<string, string> {
  const values = new Map<string, string>();
  for (const address of SERVER_ADDRESSES) values.set(address, url);
  for (const [placeholder, name] of Object.entries(CREDENTIAL_PLACEHOLDERS)) values.set(placeholder, credential(credentials, name));
  for (const [placeholder, value] of Object.entries(overrides)) values.set(placeholder, value);
  return values;
}

/** Replaces every placeholder, longest first (so `<your-unleash-url>` never half-matches another). */
export function substitute(text: string, values: Map<string, string>): string {
  let out = text;
  for (const key of [...values.keys()].sort((a, b) => b.length - a.length)) out = out.split(key).join(values.get(key)!);
  return out;
}

/** Placeholders left in a text after substitution: `<word-word>` outside HTML-looking markup. */
export function leftPlaceholders(text: string): string[] {
  return [...new Set(text.match(/<[a-z][a-z0-9]*(?:-[a-z0-9]+)+>/g) ?? [])];
}
