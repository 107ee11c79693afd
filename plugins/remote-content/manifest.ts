/**
 * The readmes the site can pull at build time (REMOTE_CONTENT=fetch): which repository and
 * branch each comes from and which hand-written page it replaces.
 */
import {site} from '../../config/site';

export interface RemoteSource {
  /** Key in site.json's sdkRepositories. */
  key: string;
  repository: string;
  branch: string;
  /** The hand-written page (relative to docs/) the readme replaces when it is fetched. */
  docPath: string;
  route: string;
  sidebarLabel: string;
}

const LABELS: Record<string, string> = {
  go: 'Go',
  java: 'Java',
  node: 'Node.js',
  php: 'PHP',
  python: 'Python',
  ruby: 'Ruby',
  rust: 'Rust',
  dotnet: '.NET',
  'android-proxy-legacy': 'Android (legacy)',
  'android-proxy': 'Android',
  flutter: 'Flutter',
  'ios-proxy': 'iOS',
  'javascript-browser': 'JavaScript (browser)',
  react: 'React',
  svelte: 'Svelte',
  vue: 'Vue',
  'next-js': 'Next.js',
  'unleash-edge': 'Unleash Edge',
  'unleash-proxy': 'Unleash Proxy',
};

const DOC_PATHS: Record<string, string> = {
  'unleash-edge': 'reference/unleash-edge/index.md',
  'unleash-proxy': 'reference/unleash-proxy.md',
};

/** Parses entries such as "unleash-client-go (branch v3)". */
export function parseRepository(entry: string): {repository: string; branch: string} {
  const match = /^([\w.-]+)(?:\s+\(branch\s+([\w./-]+)\))?$/.exec(entry.trim());
  if (!match) throw new Error(`Unreadable repository entry in site.json: ${JSON.stringify(entry)}`);
  return {repository: match[1]!, branch: match[2] ?? 'main'};
}

export const remoteSources: RemoteSource[] = Object.entries(site.sdkRepositories).map(([key, entry]) => {
  const docPath = DOC_PATHS[key] ?? `reference/sdks/${key}.md`;
  return {
    key,
    ...parseRepository(entry),
    docPath,
    route: `/${docPath.replace(/(\/index)?\.md$/, '')}`,
    sidebarLabel: LABELS[key] ?? key,
  };
});
