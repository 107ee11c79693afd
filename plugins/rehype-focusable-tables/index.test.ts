import {describe, expect, it} from 'vitest';
import {makeTablesFocusable} from './index';

describe('focusable tables', () => {
  it('puts every table, however deep, in the tab order and leaves other elements alone', () => {
    const table = {type: 'element', tagName: 'table', properties: {className: ['wide']}, children: []};
    const paragraph = {type: 'element', tagName: 'p', properties: {}, children: []};
    const tree = {type: 'root', children: [paragraph, {type: 'element', tagName: 'div', children: [table]}]};
    makeTablesFocusable(tree);
    expect(table.properties).toEqual({className: ['wide'], tabIndex: 0});
    expect(paragraph.properties).toEqual({});
  });
});
