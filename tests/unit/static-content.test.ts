/**
 * The islands of static doc content (src/components/StaticContent) are found in the page's
 * element tree in the order the server writes their elements, which is how the browser pairs
 * each island's component with its element in the HTML. The trees here have the shape the
 * compiled Markdown has: fragments, arrays, host elements and components that render their
 * children (admonitions), with islands among them and inside each other.
 */
import {createElement as h, Fragment, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {contentIsland, IslandScope} from '../../src/components/StaticContent/island';
import {islandElements} from '../../src/components/StaticContent/islandElements';

const Tabs = contentIsland('Tabs', ({children}: {children?: ReactNode}) => h('div', {className: 'tabs-container'}, children));
const Details = contentIsland('Details', ({children}: {children?: ReactNode}) => h('details', null, h('summary', null, 'More'), children));
const Sandbox = contentIsland('EvaluationSandbox', ({example}: {example?: string}) => h('div', {'data-example': example}));
const Admonition = ({children}: {children?: ReactNode}) => h('div', {className: 'theme-admonition'}, h('div', null, 'Note'), h('div', null, children));

const page = h(Fragment, null, [
  h('p', {key: 1}, 'Intro ', h('strong', null, 'bold')),
  h(Sandbox, {key: 2, example: 'gradual-rollout'}),
  h(Admonition, {key: 3}, h('p', null, 'Inside'), h(Details, null, h('p', null, 'Hidden'), h(Tabs, null, 'nested'))),
  h('ul', {key: 4}, h('li', null, h(Tabs, null, h('p', null, 'one')))),
  h(Details, {key: 5}, 'last'),
]);

/** The islands' names in the HTML the server writes for the tree. */
function namesInHtml(tree: ReactNode): string[] {
  const html = renderToStaticMarkup(h(IslandScope, {value: true}, tree));
  return [...html.matchAll(/data-content-island="([^"]+)"/g)].map((match) => match[1]!);
}

describe('islands of static content', () => {
  it('are found in the order the server writes them, an island inside another belonging to it', () => {
    const found = islandElements(page).map((element) => element.type.island.name);
    expect(found).toEqual(['EvaluationSandbox', 'Details', 'Tabs', 'Details']);
    expect(namesInHtml(page)).toEqual(found);
  });

  it('render plainly outside static content and inside another island', () => {
    expect(renderToStaticMarkup(h(Tabs, null, 'x'))).toBe('<div class="tabs-container">x</div>');
    const html = renderToStaticMarkup(h(IslandScope, {value: true}, h(Details, null, h(Tabs, null, 'x'))));
    expect(html.match(/data-content-island/g)).toHaveLength(1);
    expect(html).toContain('<div class="content-island" data-content-island="Details"><details>');
  });

  it('keep their props for the browser to hydrate them with', () => {
    const [sandbox] = islandElements(page);
    expect(sandbox!.props).toMatchObject({example: 'gradual-rollout'});
  });
});
