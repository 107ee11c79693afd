import {describe, expect, it} from 'vitest';
import {CurlSyntaxError, header, parseCurl, requestProblems} from './curl';

describe('parseCurl', () => {
  it('reads method, headers and body, and defaults to POST with a body', () => {
    const request = parseCurl(['-s', '-H', 'Authorization: t', '-H', 'Content-Type: application/json', '-d', '{"a":1}', 'http://h/api']);
    expect(request).toMatchObject({method: 'POST', url: 'http://h/api', data: ['{"a":1}']});
    expect(header(request, 'authorization')).toBe('t');
    expect(parseCurl(['-X', 'PUT', 'http://h']).method).toBe('PUT');
    expect(parseCurl(['http://h']).method).toBe('GET');
  });

  it('splits bundled flags and knows -i, -f, -o and --name=value', () => {
    expect(parseCurl(['-sSf', '-o', 'out.json', '--request=DELETE', 'http://h'])).toMatchObject({fail: true, output: 'out.json', method: 'DELETE'});
    expect(parseCurl(['-i', 'http://h']).include).toBe(true);
  });

  it('sends --data-urlencode as the query with -G', () => {
    const request = parseCurl(['-G', 'http://h/s', '--data-urlencode', 'project=IS_ANY_OF:a,b', '--data-urlencode', 'limit=5']);
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://h/s?project=IS_ANY_OF%3Aa%2Cb&limit=5');
  });

  it('refuses unknown options, missing values and a missing or second URL', () => {
    expect(() => parseCurl(['--proxy', 'p', 'http://h'])).toThrow(CurlSyntaxError);
    expect(() => parseCurl(['-H'])).toThrow(/needs a value/);
    expect(() => parseCurl(['-s'])).toThrow(/no URL/);
    expect(() => parseCurl(['http://a', 'http://b'])).toThrow(/more than one URL/);
    expect(() => parseCurl(['-H', 'no-colon', 'http://a'])).toThrow(/no name/);
  });
});

describe('requestProblems', () => {
  it('wants an absolute URL and a JSON body that parses when it says it is JSON', () => {
    expect(requestProblems(parseCurl(['-H', 'Content-Type: application/json', '-d', '{"a": }', 'http://h']))[0]).toMatch(/JSON body does not parse/);
    expect(requestProblems(parseCurl(['-H', 'Content-Type: application/json', '-d', '@file.json', 'http://h']))).toEqual([]);
    expect(requestProblems(parseCurl(['/api/x']))[0]).toMatch(/not an absolute/);
  });
});
