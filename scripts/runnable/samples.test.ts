import {describe, expect, it} from 'vitest';
import type {DocPage} from '../content/pages';
import {onlySetsVariables, readResponse, samplesOf} from './samples';

const block = (language: string, code: string, meta = '', line = 1) => ({language, meta, code, line});

function page(...code: ReturnType<typeof block>[]): DocPage {
  return {file: '/repo/docs/x.md', route: '/x', frontMatter: {}, body: '', prose: '', code};
}

describe('samplesOf', () => {
  it('finds curl blocks and fetch calls, and pairs a response titled Response, through titled blocks between', () => {
    const result = samplesOf(
      page(
        block('bash', 'curl "<your-unleash-url>/api/admin/projects" -H "Authorization: <admin-api-token>"'),
        block('json', '{"old": true}', 'title="Answer from Unleash 4.3"'),
        block('json', '{"projects": []}', 'title="Response"', 9),
        block('yaml', "test: [\"CMD\", \"node\", \"-e\", \"fetch('http://localhost:4242/health')\"]"),
        block('ruby', 'ENV.fetch("URL")'),
      ),
    );
    expect(result.samples.map((sample) => [sample.kind, sample.requests.length])).toEqual([
      ['shell', 1],
      ['fetch', 1],
    ]);
    expect(result.samples[0]!.response).toMatchObject({line: 9, json: {projects: []}});
    expect(result.samples[0]!.requests[0]!.problems).toEqual([]);
  });

  it('asks for a title on an untitled JSON or text block right after a request, and pairs nothing through it', () => {
    const result = samplesOf(page(block('bash', 'curl https://unleash.example.com/health'), block('json', '{"health": "GOOD"}'), block('json', '{}', 'title="Response"')));
    expect(result.unlabelled.map((b) => b.code)).toEqual(['{"health": "GOOD"}']);
    expect(result.samples[0]!.response).toBeUndefined();
  });

  it('keeps blocks that only set variables, and files named by their title', () => {
    const result = samplesOf(page(block('bash', 'export UNLEASH_URL="<your-unleash-url>"'), block('json', '{"a": 1}', 'title="import.json"'), block('bash', 'curl -d @import.json "$UNLEASH_URL/x"')));
    expect(result.samples.map((sample) => sample.kind)).toEqual(['variables', 'shell']);
    expect(result.files).toEqual([{name: 'import.json', content: '{"a": 1}\n', index: 1}]);
  });

  it('reports what a syntax check can see without running', () => {
    const result = samplesOf(page(block('bash', `curl --bogus x "<your-unleash-url>/a"\ncurl -H "Content-Type: application/json" -d '{"a":' "<your-unleash-url>/b"`)));
    expect(result.samples[0]!.requests.map((request) => request.problems)).toEqual([['unknown curl option --bogus'], [expect.stringMatching(/JSON body does not parse/)]]);
  });
});

describe('readResponse and onlySetsVariables', () => {
  it('reads the stated status from the title or a status line', () => {
    expect(readResponse(block('json', '{}', 'title="Response: 403 Forbidden"'))).toMatchObject({status: 403, json: {}});
    expect(readResponse(block('text', 'HTTP/1.1 202 Accepted', 'title="Response"'))).toMatchObject({status: 202});
    expect(readResponse(block('json', '{}', 'title="Export file"'))).toBeUndefined();
  });

  it('knows a block that only sets variables', () => {
    expect(onlySetsVariables('A="x"\nexport B=y')).toBe(true);
    expect(onlySetsVariables('A=x curl u')).toBe(false);
    expect(onlySetsVariables('echo hi')).toBe(false);
  });
});
