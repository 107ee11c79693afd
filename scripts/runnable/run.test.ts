import {describe, expect, it} from 'vitest';
import {lastStatus, responseProblems} from './run';
import {leftPlaceholders, placeholderValues, substitute} from './placeholders';

describe('lastStatus', () => {
  it('reads the final status of a header dump', () => {
    expect(lastStatus('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nX: y\r\n\r\n')).toBe(201);
    expect(lastStatus('')).toBeUndefined();
  });
});

describe('responseProblems', () => {
  it('compares JSON answers and the lines of text answers', () => {
    expect(responseProblems({line: 1, title: 'Response', json: {a: 1}}, '{"a": 2}')).toEqual(['$.a: the page shows 1, the server answered 2']);
    expect(responseProblems({line: 1, title: 'Response', json: {a: 1}}, 'not json')[0]).toMatch(/shows a JSON answer/);
    const text = '# HELP m_total Counts\n# TYPE m_total counter\nm_total{x="y"} 3';
    expect(responseProblems({line: 1, title: 'Response', text}, '# HELP m_total Counts\n# TYPE m_total counter\nm_total{x="z"} 9')).toEqual([]);
    expect(responseProblems({line: 1, title: 'Response', text}, '# HELP m_total Other\n')).toEqual(['the answer has no line "# HELP m_total Counts"', 'the answer has no line "# TYPE m_total counter"', 'the answer has no line starting "m_total"']);
  });
});

describe('placeholders', () => {
  const credentials = {personalAccessToken: 'user:abc', backend: {development: '*:development.b'}, frontend: {development: '*:development.f'}};

  it('replaces the server addresses and credential placeholders, and lists what is left', () => {
    const values = placeholderValues('http://127.0.0.1:1', credentials);
    const code = substitute('curl https://unleash.example.com/a -H "Authorization: <admin-api-token>" -H "X: <client-api-token>" <your-unleash-url>/<strategy-id>', values);
    expect(code).toBe('curl http://127.0.0.1:1/a -H "Authorization: user:abc" -H "X: *:development.b" http://127.0.0.1:1/<strategy-id>');
    expect(leftPlaceholders(code)).toEqual(['<strategy-id>']);
  });
});
