import {createElement, Fragment} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {simpleInline} from '../../src/theme/Markdown/inline';
import {PRERENDERED_MARK} from '../../src/theme/Markdown/prerendered';
import {markdownRenderer, prerenderValue} from './prerender';

describe('descriptions rendered at generation time', () => {
  it('renders Markdown as the theme did, and leaves examples, defaults and enum values alone', async () => {
    const render = await markdownRenderer();
    const props = {
      parameters: [{name: 'projectId', in: 'path', description: 'The **project** of `flag`.', schema: {type: 'string', example: 'webshop'}}],
      responses: {
        200: {
          description: 'The flag, see [segments](/reference/segments).',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  description: {type: 'string', description: 'What the flag is for.', example: 'A *description* example'},
                  value: {type: 'string', description: 'A value.', default: 'x'},
                },
                example: {description: 'kept as data'},
              },
            },
          },
        },
      },
    };
    const out = prerenderValue(props, render) as typeof props;
    expect(out.parameters[0]!.description).toBe(`${PRERENDERED_MARK}<p>The <strong>project</strong> of <code>flag</code>.</p>`);
    expect(out.parameters[0]!.schema.example).toBe('webshop');
    const response = out.responses[200];
    expect(response.description).toBe(`${PRERENDERED_MARK}<p>The flag, see <a href="/reference/segments">segments</a>.</p>`);
    const schema = response.content['application/json'].schema;
    // A property may be called "description" or "value": its schema's description is still rendered.
    expect(schema.properties.description.description).toBe(`${PRERENDERED_MARK}<p>What the flag is for.</p>`);
    expect(schema.properties.description.example).toBe('A *description* example');
    expect(schema.properties.value.description).toBe(`${PRERENDERED_MARK}<p>A value.</p>`);
    expect(schema.example).toEqual({description: 'kept as data'});
    // Running twice changes nothing.
    expect(prerenderValue(out, render)).toEqual(out);
  });
});

describe('strings the theme builds at run time', () => {
  const QUALIFIERS = [
    '**Possible values:** [`true`, `false`]',
    '**Possible values:** `>= 1` and `<= 100`',
    '**Possible values:** non-empty and `<= 100 characters`, Value must match regular expression `^[a-z0-9_.-]*$`',
    '**Possible values:** `>= 0`, [`a b`, `c`]',
    'Plain text with [brackets] only',
  ];

  it.each(QUALIFIERS)('%s: the same elements as react-markdown', async (text) => {
    const {default: ReactMarkdown} = await import('react-markdown');
    const pieces = simpleInline(text);
    expect(pieces).not.toBeNull();
    const mine = renderToStaticMarkup(
      createElement('p', null, ...pieces!.map((piece, index) => (piece.kind === 'text' ? createElement(Fragment, {key: index}, piece.text) : createElement(piece.kind, {key: index}, piece.text)))),
    );
    expect(mine).toBe(renderToStaticMarkup(createElement(ReactMarkdown, null, text)));
  });

  it.each(['| a | b |\n| - | - |', 'a [link](/x)', '*emphasis*', '- item', 'a < b', 'line\nbreak', 'snake_case', '**unclosed'])('%s: left to a Markdown parser', (text) => {
    expect(simpleInline(text)).toBeNull();
  });
});
