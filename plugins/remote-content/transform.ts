/**
 * Turns a repository readme into a page of this site: front matter (title, slug, sidebar
 * label, edit URL pointing at the readme), links and images made absolute to the
 * repository, HTML reduced to Markdown, and a note naming the source repository.
 */
import type {RemoteSource} from './manifest';

export class MalformedReadmeError extends Error {}

const GITHUB = 'https://github.com/Unleash';
const RAW = 'https://raw.githubusercontent.com/Unleash';

function yamlString(value: string): string {
  return JSON.stringify(value);
}

function absolute(url: string, source: RemoteSource, kind: 'link' | 'image'): string {
  if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url)) return url;
  const path = url.replace(/^\.?\//, '');
  return kind === 'image' ? `${RAW}/${source.repository}/${source.branch}/${path}` : `${GITHUB}/${source.repository}/blob/${source.branch}/${path}`;
}

/** Checks that the text is a readme this site can render. */
export function validateReadme(markdown: string): void {
  if (markdown.includes('\u0000')) throw new MalformedReadmeError('the file is binary, not Markdown');
  if (markdown.trim().length < 40) throw new MalformedReadmeError('the file is empty');
  const fences = markdown.split('\n').filter((line) => /^\s*(```|~~~)/.test(line)).length;
  if (fences % 2 !== 0) throw new MalformedReadmeError('a code block is never closed');
  if (/^---\n[\s\S]*?\n---/.test(markdown) && !/^---\n[\s\S]*?\n---\n/.test(markdown)) throw new MalformedReadmeError('its front matter is not closed');
}

export interface TransformedReadme {
  title: string;
  markdown: string;
}

export function transformReadme(readme: string, source: RemoteSource, sidebarPosition?: number): TransformedReadme {
  validateReadme(readme);
  let body = readme.replace(/^\uFEFF/, '').replace(/^---\n[\s\S]*?\n---\n/, '');
  const heading = /^#\s+(.+)$/m.exec(body);
  const title = heading ? heading[1]!.replace(/[*_`]/g, '').trim() : source.sidebarLabel;
  if (heading) body = body.replace(heading[0], '');
  // HTML images and links become Markdown; other tags are dropped, their text kept.
  body = body
    .replace(/<img\b([^>]*)>/gi, (_all, attributes: string) => {
      const src = /\bsrc="([^"]+)"/i.exec(attributes)?.[1];
      const alt = /\balt="([^"]*)"/i.exec(attributes)?.[1] ?? '';
      return src ? `![${alt}](${src})` : '';
    })
    .replace(/<a\b[^>]*?href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, text: string) => `[${text.trim()}](${href})`)
    .replace(/<\/?(p|div|span|br|picture|source|center|details|summary|sup|sub|b|i|em|strong|h[1-6])\b[^>]*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  body = body
    .replace(/!\[([^\]]*)\]\(([^)\s]+)([^)]*)\)/g, (_all, alt: string, url: string, rest: string) => `![${alt}](${absolute(url, source, 'image')}${rest})`)
    .replace(/(^|[^!])\[([^\]]+)\]\(([^)\s]+)([^)]*)\)/g, (_all, before: string, text: string, url: string, rest: string) => `${before}[${text}](${absolute(url, source, 'link')}${rest})`);
  const editUrl = `${GITHUB}/${source.repository}/edit/${source.branch}/README.md`;
  const frontMatter = [
    '---',
    `title: ${yamlString(title)}`,
    `description: ${yamlString(`How to use ${source.sidebarLabel} with Unleash, from the ${source.repository} repository.`)}`,
    `id: ${source.docPath.split('/').pop()!.replace(/\.md$/, '')}`,
    `slug: ${source.route}`,
    `sidebar_label: ${yamlString(source.sidebarLabel)}`,
    ...(sidebarPosition === undefined ? [] : [`sidebar_position: ${sidebarPosition}`]),
    `custom_edit_url: ${editUrl}`,
    '---',
  ].join('\n');
  const note = `:::info Source\n\nThis page is the readme of the [${source.repository}](${GITHUB}/${source.repository}) repository (branch \`${source.branch}\`), pulled when the site was built.\n\n:::`;
  return {title, markdown: `${frontMatter}\n\n${note}\n\n${body.trim()}\n`};
}
