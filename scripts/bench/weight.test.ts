import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {addResource, gzipSize, kindOf, totals, type Resource} from './weight';

describe('kindOf', () => {
  it('maps Chromium resource types to HTML, JS and CSS', () => {
    expect(kindOf('document')).toBe('html');
    expect(kindOf('script')).toBe('js');
    expect(kindOf('stylesheet')).toBe('css');
    expect(kindOf('font')).toBe('font');
  });

  it('puts link prefetches apart from other requests', () => {
    expect(kindOf('other', 'prefetch')).toBe('prefetch');
    expect(kindOf('other', 'prefetch;prerender')).toBe('prefetch');
    expect(kindOf('fetch')).toBe('other');
  });
});

describe('gzipSize', () => {
  it('is the length of the body gzip-compressed at level 9, which decompresses to the body', () => {
    const body = Buffer.from('const answer = 42;\n'.repeat(2000));
    const size = gzipSize(body);
    expect(size).toBe(zlib.gzipSync(body, {level: 9}).length);
    expect(size).toBeLessThan(body.length / 20);
  });
});

describe('addResource and totals', () => {
  const resource = (url: string, kind: Resource['kind'], raw: number, gzip: number): Resource => ({url, kind, raw, gzip});

  it('counts a URL once however often it is requested', () => {
    const resources = new Map<string, Resource>();
    addResource(resources, resource('/a.js', 'js', 1000, 300));
    addResource(resources, resource('/a.js', 'prefetch', 1000, 300));
    expect(totals(resources.values()).js).toEqual({count: 1, raw: 1000, gzip: 300});
    expect(totals(resources.values()).prefetch).toEqual({count: 0, raw: 0, gzip: 0});
  });

  it('counts a chunk that was prefetched and then run as a script', () => {
    const resources = new Map<string, Resource>();
    addResource(resources, resource('/b.js', 'prefetch', 500, 200));
    addResource(resources, resource('/b.js', 'js', 500, 200));
    expect(resources.get('/b.js')!.kind).toBe('js');
  });

  it('sums raw and gzip bytes per kind', () => {
    const all = totals([resource('/', 'html', 100, 40), resource('/x.js', 'js', 1000, 300), resource('/y.js', 'js', 500, 200), resource('/s.css', 'css', 50, 20)]);
    expect(all.js).toEqual({count: 2, raw: 1500, gzip: 500});
    expect(all.html.gzip).toBe(40);
    expect(all.image.count).toBe(0);
  });
});
