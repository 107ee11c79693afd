import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {countPages, hasGnuTime, parseGnuTime} from './build';

describe('parseGnuTime', () => {
  it('reads elapsed, user and system seconds and the peak RSS in kilobytes', () => {
    expect(parseGnuTime('183.52 301.10 22.47 2654208\n')).toEqual({elapsedSeconds: 183.52, userSeconds: 301.1, systemSeconds: 22.47, maxProcessRssBytes: 2654208 * 1024});
  });

  it('takes the last line: GNU time writes the command\'s failure above it', () => {
    expect(parseGnuTime('Command exited with non-zero status 1\n1.00 0.50 0.10 1000\n').elapsedSeconds).toBe(1);
  });

  it('refuses output it does not understand', () => {
    expect(() => parseGnuTime('0:03.12elapsed')).toThrow(/Unexpected GNU time output/);
  });
});

describe('countPages', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));
  const write = (file: string, html: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), html);
  };

  it('tells redirect stubs from pages and counts the API pages among the pages', () => {
    const stub = (to: string) => `<!DOCTYPE html><html><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0; url=${to}"></head></html>`;
    write('index.html', '<html><head><title>Home</title></head><body><p>Use http-equiv="refresh" in prose is fine</p></body></html>');
    write('reference/segments.html', '<html><head><title>Segments</title></head></html>');
    write('reference/api/unleash/get-feature.html', '<html><head><title>Get a feature</title></head></html>');
    write('reference/api-tokens.html', '<html><head><title>API tokens</title></head></html>');
    write('advanced/segments/index.html', stub('/reference/segments'));
    write('advanced/segments.htm/index.html', stub('/reference/segments'));
    write('reference/segments.md', '# Segments');
    expect(countPages(dir)).toEqual({htmlFiles: 6, redirectStubs: 2, pages: 4, apiPages: 1});
  });
});

describe('hasGnuTime', () => {
  it('answers whether /usr/bin/time is GNU time', () => {
    const gnu = fs.existsSync('/usr/bin/time') && fs.readFileSync('/usr/bin/time').includes('GNU');
    expect(hasGnuTime()).toBe(gnu);
  });
});
