/**
 * A rehype step that opens a page with its availability (config/availability.ts): which
 * editions have the feature and since which release, as plain HTML under the title. Static
 * text: nothing for the browser to run.
 */
import path from 'node:path';
import type {Element, Root} from 'hast';
import {availabilityOfDoc, EDITION_LABELS, EDITIONS, type Availability} from '../../config/availability';
import {repoRoot} from '../../config/paths';

const DOCS = path.join(repoRoot, 'docs');

const span = (className: string, text: string): Element => ({type: 'element', tagName: 'span', properties: {className: [className]}, children: [{type: 'text', value: text}]});

/** The line: "Availability: [Open Source] [Pro] [Enterprise] since Unleash 4.13.0". */
export function availabilityElement(availability: Availability): Element {
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
      ...(availability.since ? [{type: 'text' as const, value: ' '}, span('availability__since', `since Unleash ${availability.since}`)] : []),
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
