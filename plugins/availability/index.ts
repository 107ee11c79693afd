/**
 * A rehype step that opens a page with its availability (config/availability.ts): which
 * editions have the feature and since which release, as plain HTML under the title. Static
 * text: nothing for the browser to run.
 */
import path from 'node:path';
import type {Element, Root} from 'hast';
import {availabilityOfDoc, EDITION_LABELS, EDITIONS, type Availability} from '../../config/availability';
import {repoRoot} from '../../config/paths';
import {releaseNoteRouteIfAny} from '../../config/releases';

const DOCS = path.join(repoRoot, 'docs');

const span = (className: string, text: string): Element => ({type: 'element', tagName: 'span', properties: {className: [className]}, children: [{type: 'text', value: text}]});

/**
 * "since Unleash X", linked to X's release notes when the site has them (6.0.0 and later); an
 * older release is plain text. MDX hands the `a` to the theme's link, which adds the base URL
 * and lets the build check the route.
 */
function sinceElement(since: string, releaseNoteOf: (version: string) => string | undefined): Element {
  const text = `since Unleash ${since}`;
  const route = releaseNoteOf(since);
  if (!route) return span('availability__since', text);
  return {type: 'element', tagName: 'span', properties: {className: ['availability__since']}, children: [{type: 'element', tagName: 'a', properties: {href: route}, children: [{type: 'text', value: text}]}]};
}

/** The line: "Availability: [Open Source] [Pro] [Enterprise] since Unleash 4.13.0". */
export function availabilityElement(availability: Availability, releaseNoteOf: (version: string) => string | undefined = releaseNoteRouteIfAny): Element {
  const badges = EDITIONS.filter((edition) => availability.editions.includes(edition)).flatMap((edition, index) => [
    ...(index > 0 ? [{type: 'text' as const, value: ' '}] : []),
    span(`availability__edition availability__edition--${edition}`, EDITION_LABELS[edition]),
  ]);
  return {
    type: 'element',
    tagName: 'p',
    properties: {className: ['availability']},
    children: [
      span('availability__label', 'Availability:'),
      {type: 'text', value: ' '},
      ...badges,
      ...(availability.since ? [{type: 'text' as const, value: ' '}, sinceElement(availability.since, releaseNoteOf)] : []),
    ],
  };
}

/** The doc id of a file under docs/ (`reference/segments`), or undefined outside docs/. */
export function docIdOf(file: string | undefined, docsDir = DOCS): string | undefined {
  if (!file) return undefined;
  const relative = path.relative(docsDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.replace(/\.mdx?$/, '').split(path.sep).join('/');
}

export default function rehypeAvailability() {
  return (tree: Root, file: {path?: string}) => {
    const id = docIdOf(file.path);
    const availability = id ? availabilityOfDoc(id) : undefined;
    if (availability) tree.children.unshift(availabilityElement(availability));
  };
}
