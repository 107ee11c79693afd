/**
 * The image link previews show (Open Graph and Twitter cards), one per section of the site.
 * `npm run images:render` draws them into static/img/social/; pages pick theirs by route.
 */
export interface SocialCard {
  /** File name under static/img/social/, without `.png`. */
  key: string;
  /** Route prefixes of the section (first matching card wins, so specific ones come first). */
  prefixes: readonly string[];
  title: string;
  subtitle: string;
}

export const SOCIAL_CARD_DIR = 'img/social';
export const SOCIAL_CARD_SIZE = {width: 1200, height: 630} as const;

export const SOCIAL_CARDS: readonly SocialCard[] = [
  {key: 'api', prefixes: ['/reference/api'], title: 'API reference', subtitle: 'Every endpoint of the Unleash Admin, Client and Frontend APIs'},
  {key: 'sdks', prefixes: ['/reference/sdks', '/languages-and-frameworks'], title: 'SDKs', subtitle: 'Evaluate feature flags in your language and framework'},
  {key: 'integrations', prefixes: ['/reference/integrations'], title: 'Integrations', subtitle: 'Connect Unleash to the tools your team already uses'},
  {key: 'edge', prefixes: ['/reference/unleash-edge', '/reference/unleash-proxy', '/understanding-unleash/proxy-hosting'], title: 'Unleash Edge and the Frontend API', subtitle: 'Serve flags close to your users'},
  {key: 'reference', prefixes: ['/reference', '/client-specification'], title: 'Reference', subtitle: 'How flags, strategies, projects and permissions behave'},
  {key: 'self-hosting', prefixes: ['/using-unleash/deploy', '/using-unleash/troubleshooting'], title: 'Self-hosting and troubleshooting', subtitle: 'Run, configure and operate Unleash yourself'},
  {key: 'how-to', prefixes: ['/how-to', '/using-unleash', '/how-to-create-feature-flag'], title: 'How-to guides', subtitle: 'Step-by-step answers to common tasks'},
  {key: 'tutorials', prefixes: ['/feature-flag-tutorials', '/use-cases'], title: 'Tutorials', subtitle: 'Feature flags in real applications, from start to finish'},
  {key: 'best-practices', prefixes: ['/topics'], title: 'Best practices', subtitle: 'Feature flags at scale: patterns that hold up'},
  {key: 'concepts', prefixes: ['/understanding-unleash', '/what-is-a-feature-flag'], title: 'Understanding Unleash', subtitle: 'The ideas and architecture behind Unleash'},
  {key: 'academy', prefixes: ['/unleash-academy'], title: 'Unleash Academy', subtitle: 'Courses for developers, DevOps and administrators'},
  {key: 'contributing', prefixes: ['/contributing'], title: 'Contributing', subtitle: 'Work on Unleash: guides and architecture decision records'},
  {key: 'docs', prefixes: ['/'], title: 'Unleash Documentation', subtitle: 'The open-source feature flag management service'},
];

function underPrefix(route: string, prefix: string): boolean {
  return prefix === '/' || route === prefix || route.startsWith(`${prefix}/`);
}

/** The card of a route (path without the base URL). */
export function socialCardFor(route: string): SocialCard {
  const card = SOCIAL_CARDS.find(({prefixes}) => prefixes.some((prefix) => underPrefix(route, prefix)));
  // The last card's prefix "/" matches every route.
  return card!;
}

/** Site-relative image path of a route's card, for Docusaurus' `image` metadata. */
export function socialImageFor(route: string): string {
  return `${SOCIAL_CARD_DIR}/${socialCardFor(route).key}.png`;
}
