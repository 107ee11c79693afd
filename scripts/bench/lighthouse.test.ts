import {describe, expect, it} from 'vitest';
import {contrastSummary, describeItem, externalRequestsOf, findingsOf, observedMainThreadMs, scriptRequestsOf} from './lighthouse';

type Lhr = Parameters<typeof findingsOf>[0];

const audit = (id: string, score: number | null, extra: Record<string, unknown> = {}) => ({id, title: `${id} title`, description: '', score, scoreDisplayMode: 'binary', ...extra});
const lhr = (audits: ReturnType<typeof audit>[], refs: Record<string, Array<{id: string; weight: number; group?: string}>>) =>
  ({
    audits: Object.fromEntries(audits.map((a) => [a.id, a])),
    categories: Object.fromEntries(Object.entries(refs).map(([id, auditRefs]) => [id, {id, title: id, score: 1, auditRefs}])),
  }) as unknown as Lhr;

describe('findingsOf', () => {
  const report = lhr(
    [
      audit('largest-contentful-paint', 0.2, {scoreDisplayMode: 'numeric'}),
      audit('render-blocking-resources', 0, {scoreDisplayMode: 'metricSavings', metricSavings: {FCP: 300, LCP: 300}}),
      audit('bootup-time', 0.5, {scoreDisplayMode: 'metricSavings', metricSavings: {TBT: 1200}}),
      audit('unused-css-rules', 0.95, {scoreDisplayMode: 'metricSavings', metricSavings: {FCP: 10}}),
      audit('render-blocking-insight', 0, {scoreDisplayMode: 'metricSavings', metricSavings: {FCP: 300}}),
      audit('color-contrast', 0, {details: {type: 'table', items: [{node: {type: 'node', nodeLabel: 'Segments', selector: 'a.link', explanation: 'Fix any of the following:\n  Element has insufficient color contrast of 4.22 (foreground color: #3578e5, background color: #ffffff)'}}]}}),
      audit('image-alt', 1),
      audit('html-has-lang', null, {scoreDisplayMode: 'notApplicable'}),
      audit('is-crawlable', 0),
      audit('valid-source-maps', 0),
    ],
    {
      performance: [
        {id: 'largest-contentful-paint', weight: 25, group: 'metrics'},
        {id: 'render-blocking-resources', weight: 0, group: 'diagnostics'},
        {id: 'bootup-time', weight: 0, group: 'diagnostics'},
        {id: 'unused-css-rules', weight: 0, group: 'diagnostics'},
        {id: 'render-blocking-insight', weight: 0, group: 'hidden'},
      ],
      accessibility: [
        {id: 'color-contrast', weight: 7},
        {id: 'image-alt', weight: 10},
        {id: 'html-has-lang', weight: 7},
      ],
      'best-practices': [{id: 'valid-source-maps', weight: 0}],
      seo: [{id: 'is-crawlable', weight: 4}],
    },
  );

  it('keeps failed audits and performance diagnostics below 0.9, biggest saving first', () => {
    expect(findingsOf(report).map((f) => `${f.category}/${f.id}`)).toEqual([
      'performance/bootup-time',
      'performance/render-blocking-resources',
      'accessibility/color-contrast',
      'best-practices/valid-source-maps',
      'seo/is-crawlable',
    ]);
  });

  it('describes the elements of a failed audit and sums up contrast failures by colour pair', () => {
    const contrast = findingsOf(report).find((f) => f.id === 'color-contrast')!;
    expect(contrast).toMatchObject({weight: 7, itemCount: 1, summary: '#3578e5 on #ffffff (ratio 4.22) ×1'});
    expect(contrast.items[0]).toBe('Segments (a.link): Element has insufficient color contrast of 4.22 (foreground color: #3578e5, background color: #ffffff)');
  });
});

describe('describeItem', () => {
  it('shows a URL with what it wastes, and scripts with their CPU time', () => {
    expect(describeItem({url: 'http://127.0.0.1:1/assets/js/main.js', wastedBytes: 52 * 1024})).toBe('http://127.0.0.1:1/assets/js/main.js, 52 KB wasted');
    expect(describeItem({url: '/main.js', total: 2437.4, scripting: 1997.2})).toBe('/main.js, 2437 ms CPU (scripting 1997 ms)');
  });

  it('shows main-thread categories, LCP phases and a missing source map', () => {
    expect(describeItem({group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 1488.8})).toBe('Script Evaluation: 1489 ms');
    expect(describeItem({type: 'table', items: [{phase: 'TTFB', percent: '17%', timing: 474.2}, {phase: 'Render Delay', percent: '83%', timing: 2250}]})).toBe('TTFB 474 ms (17%); Render Delay 2250 ms (83%)');
    expect(describeItem({scriptUrl: '/main.js', subItems: {type: 'subitems', items: [{error: 'Large JavaScript file is missing a source map'}]}})).toBe('/main.js: Large JavaScript file is missing a source map');
  });

  it('shows a <meta> tag by its snippet and a source location by its line', () => {
    expect(describeItem({source: {type: 'node', selector: 'head > meta', nodeLabel: 'head > meta', snippet: '<meta name="robots" content="noindex">'}})).toBe('<meta name="robots" content="noindex"> (head > meta)');
    expect(describeItem({source: {type: 'source-location', url: '/robots.txt', line: 1}})).toBe('/robots.txt:2');
    expect(describeItem({node: {type: 'node', nodeLabel: 'Product Docs', selector: 'footer.theme-layout-footer'}, score: 0.6768})).toBe('Product Docs (footer.theme-layout-footer), shift 0.677');
  });
});

describe('contrastSummary', () => {
  it('groups elements by colour pair, most frequent first', () => {
    const item = (ratio: string, fg: string, bg: string) => ({node: {explanation: `Element has insufficient color contrast of ${ratio} (foreground color: ${fg}, background color: ${bg}, font size: 12pt)`}});
    expect(contrastSummary([item('4.22', '#3578e5', '#ffffff'), item('3.77', '#3578e5', '#f2f2f2'), item('4.22', '#3578e5', '#ffffff')])).toBe('#3578e5 on #ffffff (ratio 4.22) ×2, #3578e5 on #f2f2f2 (ratio 3.77) ×1');
    expect(contrastSummary([{url: '/x'}])).toBeUndefined();
  });
});

describe('externalRequestsOf', () => {
  it('lists requests that leave 127.0.0.1, ignoring data: URLs', () => {
    const report = {audits: {'network-requests': audit('network-requests', 1, {details: {type: 'table', items: [{url: 'http://127.0.0.1:4000/'}, {url: 'data:image/svg+xml,<svg/>'}, {url: 'https://fonts.example.com/a.woff2'}]}})}} as unknown as Lhr;
    expect(externalRequestsOf(report)).toEqual(['https://fonts.example.com/a.woff2']);
  });
});

describe('scriptRequestsOf', () => {
  it('counts the script requests of the load, and nothing else', () => {
    const requests = (items: Array<Record<string, unknown>>) => ({audits: {'network-requests': {details: {type: 'table', items}}}}) as unknown as Parameters<typeof scriptRequestsOf>[0];
    const page = requests([
      {url: 'http://127.0.0.1:1/reference/segments', resourceType: 'Document'},
      {url: 'http://127.0.0.1:1/assets/css/styles.css', resourceType: 'Stylesheet'},
      {url: 'http://127.0.0.1:1/assets/js/main.js', resourceType: 'Script'},
      {url: 'http://127.0.0.1:1/assets/js/runtime~main.js', resourceType: 'Script'},
    ]);
    expect(scriptRequestsOf(page)).toBe(2);
    expect(scriptRequestsOf(requests([{url: 'http://127.0.0.1:1/', resourceType: 'Document'}]))).toBe(0);
    expect(scriptRequestsOf({audits: {}} as unknown as Parameters<typeof scriptRequestsOf>[0])).toBe(0);
  });
});

describe('observedMainThreadMs', () => {
  const report = (numericValue: number | undefined, throttlingMethod: string, cpuSlowdownMultiplier: number) =>
    ({audits: numericValue === undefined ? {} : {'mainthread-work-breakdown': {numericValue}}, configSettings: {throttlingMethod, throttling: {cpuSlowdownMultiplier}}}) as unknown as Parameters<typeof observedMainThreadMs>[0];

  it('undoes the simulation\'s CPU multiplier, which Lighthouse applies to the reported time', () => {
    expect(observedMainThreadMs(report(2400, 'simulate', 4))).toBe(600);
    // Under devtools throttling the time was spent slowed down already and is reported as it was.
    expect(observedMainThreadMs(report(2400, 'devtools', 4))).toBe(2400);
    expect(observedMainThreadMs(report(undefined, 'simulate', 4))).toBeNull();
  });
});
