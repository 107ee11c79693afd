import {describe, expect, it} from 'vitest';
import {hoistLiteralMaps} from './hoistRuntimeMaps';
import {idlePrefetcher} from './prefetchQueue';

const map = (count: number, value: (index: number) => string) => `{${Array.from({length: count}, (_, index) => `${index}:${value(index)}`).join(',')}}`;

describe('runtime chunk maps', () => {
  const runtime = `(()=>{"use strict";var b={1:0};var i={};i.u=e=>"assets/js/"+(${map(60, (n) => `"n${n}"`)}[e]||e)+"."+${map(60, (n) => `"h${n}"`)}[e]+".js";i.small=e=>({1:"a",2:"b"})[e];globalThis.result=[i.u(3),i.u(59),i.small(2),b[1]];})();`;

  it('builds each large constant map once, and lookups answer as before', () => {
    const hoisted = hoistLiteralMaps(runtime);
    expect(hoisted).toMatch(/^\(\(\)=>\{"use strict";var __chunkMap0=\{0:"n0"/);
    expect(hoisted).toContain('i.u=e=>"assets/js/"+(__chunkMap0[e]||e)+"."+__chunkMap1[e]+".js"');
    // Small literals, and the top-level state object, stay where they are.
    expect(hoisted).toContain('({1:"a",2:"b"})[e]');
    expect(hoisted).toContain('var b={1:0}');
    const run = (code: string) => new Function(`${code}; return globalThis.result;`)() as unknown[];
    expect(run(hoisted)).toEqual(run(runtime));
    expect(run(hoisted)).toEqual(['assets/js/n3.h3.js', 'assets/js/n59.h59.js', 'b', 0]);
  });

  it('leaves code of another shape as it is', () => {
    expect(hoistLiteralMaps('var x = 1;')).toBe('var x = 1;');
  });
});

describe('idle prefetching', () => {
  it('runs each route once, in idle slices, in the order asked', () => {
    const ran: string[] = [];
    const idle: Array<() => void> = [];
    let clock = 0;
    const prefetch = idlePrefetcher((route) => {
      ran.push(route);
      clock += 3;
    }, (work) => idle.push(work), () => clock);
    for (const route of ['/a', '/b', '/a', '/c', '/d', '/e']) prefetch(route);
    expect(ran).toEqual([]);
    expect(idle).toHaveLength(1);
    idle.shift()!();
    // 8 ms per slice at 3 ms a route: three routes, then the rest in the next idle period.
    expect(ran).toEqual(['/a', '/b', '/c']);
    idle.shift()!();
    expect(ran).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect(idle).toHaveLength(0);
  });
});
