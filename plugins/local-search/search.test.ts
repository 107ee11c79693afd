import {describe, expect, it} from 'vitest';
import {extractRecords} from './records';
import {buildIndex} from './indexer';
import {LocalSearchEngine, normaliseRequest, type EngineResult} from './engine';
import {compactIndex, expandIndex} from './codec';
import {queryTerms, stem} from './analysis';
import MiniSearch from 'minisearch';
import type {LocalIndexFile, SearchRecord, ShardFile} from './types';

function page(url: string, section: string, title: string, body: string, tag = 'docs-default-current'): {url: string; html: string} {
  return {
    url,
    html: `<!doctype html><html lang="en"><head><title>${title} | Unleash Documentation</title>
<meta name="docsearch:language" content="en"><meta name="docsearch:docusaurus_tag" content="${tag}"><meta name="keywords" content="${title.toLowerCase()}, guide"></head>
<body><nav class="navbar">Quickstart Docs Plans</nav><aside class="theme-doc-sidebar-container">Sidebar text</aside>
<main><article><nav class="theme-doc-breadcrumbs"><ul class="breadcrumbs"><li class="breadcrumbs__item"><a aria-label="Home page" href="/">home</a></li><li class="breadcrumbs__item"><a href="/x">${section}</a></li><li class="breadcrumbs__item breadcrumbs__item--active">${title}</li></ul></nav>
<div class="theme-doc-markdown markdown"><header><h1>${title}</h1></header>${body}</div>
<nav class="pagination-nav"><a>Previous</a><a>Next</a></nav></article></main><footer>Copyright</footer></body></html>`,
  };
}

const pages = [
  page('/reference/segments', 'Reference', 'Segments', `<p>A segment is a reusable list of strategy constraints.</p>
<h2 id="limits">Limits</h2><p>Each strategy can use at most five segments &amp; each segment holds 1000 values.</p>
<ul><li>Values are case sensitive.<ul><li>Nested item about <code>IN</code> operators.</li></ul></li></ul>
<pre><code>curl -H "Authorization: token" /api/admin/segments</code></pre>
<pre><code>${'x'.repeat(400)}</code></pre>
<h3 id="in-the-api">In the API</h3><table><tr><td>segmentValuesLimit</td><td>1000</td></tr></table>`),
  page('/reference/stickiness', 'Reference', 'Stickiness', `<p>Stickiness keeps a user in the same rollout bucket using MurmurHash.</p><h2 id="custom">Custom stickiness</h2><p>Pick any context field such as tenantId.</p>`),
  page('/how-to/how-to-create-api-tokens', 'How-to guides', 'Create API tokens', `<p>Tokens let SDKs talk to Unleash. Tagging tokens is not possible.</p><h2 id="steps">Steps</h2><p>Open Admin settings and choose API access.</p>`),
  page('/reference/api/unleash/get-segments', 'Reference', 'Get segments', `<p>Lists every segment.</p>`),
  page('/old/segments', 'Old', 'Old segments', `<p>Segments in an older version.</p>`, 'docs-old-1.0'),
];

const records: SearchRecord[] = pages.flatMap(extractRecords);

function engineFor(list: SearchRecord[]) {
  const built = buildIndex(list);
  const file: LocalIndexFile = {...built.file, shards: built.shards.map((_, index) => `shard-${index}`)};
  const roundTripped = JSON.parse(JSON.stringify(file)) as LocalIndexFile;
  return new LocalSearchEngine(roundTripped, async (index) => built.shards[index] as ShardFile);
}

const engine = engineFor(records);

async function search(query: string, extra: Record<string, unknown> = {}): Promise<EngineResult> {
  const {results} = await engine.multiQuery({
    requests: [
      {
        indexName: 'unleash-docs',
        query,
        params: {hitsPerPage: 20, attributesToSnippet: ['content:10', 'hierarchy.lvl1:10', 'hierarchy.lvl2:10'], highlightPreTag: '<mark>', highlightPostTag: '</mark>', snippetEllipsisText: '…', ...extra},
      },
    ],
  });
  return results[0]!;
}

describe('record extraction', () => {
  it('produces DocSearch records from the article only', () => {
    const segments = records.filter((record) => record.url_without_anchor === '/reference/segments');
    expect(segments[0]).toMatchObject({type: 'lvl1', hierarchy: {lvl0: 'Reference', lvl1: 'Segments', lvl2: null}, content: null, language: 'en', docusaurus_tag: 'docs-default-current', url: '/reference/segments', anchor: null, keywords: ['segments', 'guide']});
    const limits = segments.find((record) => record.type === 'lvl2')!;
    expect(limits).toMatchObject({url: '/reference/segments#limits', anchor: 'limits', hierarchy: {lvl2: 'Limits'}});
    const contents = segments.filter((record) => record.type === 'content').map((record) => record.content);
    expect(contents).toContain('Each strategy can use at most five segments & each segment holds 1000 values.');
    expect(contents).toContain('Values are case sensitive.');
    expect(contents).toContain('Nested item about IN operators.');
    expect(contents).toContain('segmentValuesLimit');
    expect(contents).toContain('curl -H "Authorization: token" /api/admin/segments');
    const everything = JSON.stringify(records);
    for (const chrome of ['Sidebar text', 'Previous', 'Quickstart Docs Plans', 'Copyright', 'x'.repeat(200)]) expect(everything).not.toContain(chrome);
    const inApi = segments.find((record) => record.anchor === 'in-the-api' && record.type === 'content')!;
    expect(inApi.hierarchy).toMatchObject({lvl2: 'Limits', lvl3: 'In the API'});
  });

  it('gives every record a unique object id', () => {
    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
  });
});

describe('text analysis', () => {
  it('drops stop words, folds case and accents, and stems plurals and -ing', () => {
    expect(queryTerms('How do I create API Tokens?')).toEqual(['create', 'api', 'token']);
    expect(queryTerms('Über Café')).toEqual(['uber', 'cafe']);
    expect(['segments', 'tagging', 'tagged', 'policies', 'status', 'v4'].map(stem)).toEqual(['segment', 'tag', 'tag', 'policy', 'status', 'v4']);
  });
});

describe('index codec', () => {
  it('round-trips MiniSearch JSON exactly', () => {
    const miniSearch = new MiniSearch({fields: ['text']});
    miniSearch.addAll([{id: 0, text: 'alpha beta beta'}, {id: 1, text: 'beta gamma'}, {id: 2, text: 'alpha'}]);
    const json = JSON.parse(JSON.stringify(miniSearch.toJSON()));
    expect(expandIndex(compactIndex(json))).toEqual(json);
  });
});

describe('local engine', () => {
  it('ranks the page about the query first, with Algolia-shaped hits', async () => {
    const result = await search('segments');
    expect(result.hits[0]).toMatchObject({url: '/reference/segments', type: 'lvl1', hierarchy: {lvl0: 'Reference', lvl1: 'Segments'}});
    expect(result.hits[0]!._highlightResult.hierarchy.lvl1).toEqual({value: '<mark>Segments</mark>', matchLevel: 'full', matchedWords: ['segments'], fullyHighlighted: true});
    expect(result).toMatchObject({page: 0, hitsPerPage: 20, nbPages: 1, index: 'unleash-docs'});
    expect(result.nbHits).toBeGreaterThanOrEqual(result.hits.length);
  });

  it('matches prefixes, typos and question phrasing', async () => {
    expect((await search('stick')).hits[0]!.url_without_anchor).toBe('/reference/stickiness');
    expect((await search('stickyness')).hits[0]!.url_without_anchor).toBe('/reference/stickiness');
    expect((await search('how do I create an api token')).hits[0]!.url_without_anchor).toBe('/how-to/how-to-create-api-tokens');
  });

  it('weighs titles above headings above content', async () => {
    const urls = (await search('segment')).hits.map((hit) => hit.url);
    expect(urls.indexOf('/reference/segments')).toBeLessThan(urls.indexOf('/reference/segments#limits'));
  });

  it('returns content hits with snippets of the requested word count and the ellipsis', async () => {
    const hit = (await search('murmurhash')).hits.find((h) => h.type === 'content')!;
    expect(hit.content).toContain('MurmurHash');
    expect(hit._snippetResult.content!.value).toContain('<mark>MurmurHash</mark>');
    const short = (await search('rollout', {attributesToSnippet: ['content:3']})).hits.find((h) => h.type === 'content')!;
    expect(short._snippetResult.content!.value.replace(/<\/?mark>/g, '').replace(/…/g, ' ').trim().split(/\s+/).length).toBeLessThanOrEqual(3);
    expect(short._snippetResult.content!.value).toMatch(/…/);
  });

  it('applies facet filters as AND of ORs', async () => {
    const all = await search('segments');
    expect(all.hits.some((hit) => hit.url_without_anchor === '/old/segments')).toBe(true);
    const filtered = await search('segments', {facetFilters: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]});
    expect(filtered.hits.some((hit) => hit.url_without_anchor === '/old/segments')).toBe(false);
    const none = await search('segments', {facetFilters: [['language:fr']]});
    expect(none.nbHits).toBe(0);
  });

  it('paginates and sends a query id for click analytics', async () => {
    const first = await search('segment', {hitsPerPage: 2});
    const second = await search('segment', {hitsPerPage: 2, page: 1});
    expect(first.hits).toHaveLength(2);
    expect(first.nbPages).toBe(Math.ceil(first.nbHits / 2));
    expect(second.hits[0]!.objectID).not.toBe(first.hits[0]!.objectID);
    expect((await search('segment', {clickAnalytics: true})).queryID).toMatch(/^[0-9a-f]{32}$/);
    expect((await search('segment')).queryID).toBeUndefined();
  });

  it('accepts params as a query string, as Algolia clients may send them', () => {
    const query = normaliseRequest({indexName: 'i', params: 'query=abc&hitsPerPage=5&facetFilters=%5B%5B%22language%3Aen%22%5D%5D&attributesToSnippet=%5B%22content%3A7%22%5D'});
    expect(query).toMatchObject({query: 'abc', hitsPerPage: 5, facetFilters: [['language:en']], attributesToSnippet: {content: 7}});
  });

  it.each(['', '   ', '🚀🚀', '.*+?^${}()|[]\\', 'مرحبا بالعالم', 'x'.repeat(500)])('answers %j without throwing', async (query) => {
    const result = await search(query);
    expect(Array.isArray(result.hits)).toBe(true);
  });

  it('never lets markup from a query or from page text through', async () => {
    const tricky = engineFor(extractRecords(page('/x', 'Reference', 'Escaping', '<p>Use &lt;script&gt;alert(1)&lt;/script&gt; carefully with segments.</p>')));
    const {results} = await tricky.multiQuery({requests: [{indexName: 'i', query: '<script> segments', attributesToSnippet: ['content:20'], highlightPreTag: '<mark>', highlightPostTag: '</mark>'}]});
    const html = JSON.stringify(results[0]!.hits.map((hit) => [hit._highlightResult, hit._snippetResult]));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;<mark>script</mark>&gt;');
  });
});
