import {describe, expect, it} from 'vitest';
import {extractRecords} from './records';
import {buildIndex, indexFiles, pageWeight, writeIndex, type BuildOptions, type BuiltIndex} from './indexer';
import {LocalSearchEngine, isSymptom, normaliseRequest, type EngineResult, type IndexLoader} from './engine';
import {decodePostings, encodePostings} from './codec';
import {editDistance, headingSlug, indexTerms, queryTerms, stem} from './analysis';
import {DERIVED_FIELDS, packCore, unpackCore, type IndexCoreFile} from './coreFile';
import {INDEX_FIELDS, indexFileName, type IndexCore, type SearchRecord} from './types';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

/** An engine over the built files as the browser gets them (JSON round trip), recording what it loads. */
function engineFor(list: SearchRecord[], options: BuildOptions = {}) {
  const fresh = buildIndex(list, options);
  const built: BuiltIndex = JSON.parse(JSON.stringify({...fresh, core: unpackCore(JSON.parse(JSON.stringify(packCore(fresh.core))) as IndexCoreFile)}));
  const loaded: string[] = [];
  const loader: IndexLoader = {
    chunk: async (index) => (loaded.push(`chunk-${index}`), built.chunks[index]!),
    vocabulary: async () => (loaded.push('vocabulary'), built.vocabulary),
    shard: async (index) => (loaded.push(`shard-${index}`), built.shards[index]!),
  };
  return Object.assign(new LocalSearchEngine(built.core, loader), {built, loaded});
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

  it('reads a doc card\'s title as a line of the list, not as a section of it', () => {
    const list = extractRecords(
      page('/reference/api/unleash/addons', 'Reference', 'Addons', `<p>Operations of this tag.</p><section class="row"><article class="col"><a class="card" href="/reference/api/unleash/get-addon"><h2 class="text--truncate theme-doc-card-heading cardTitle_x" title="Get an addon"><span>📄️</span> Get an addon</h2><p class="text--truncate cardDescription_y">Reads one addon.</p></a></article></section><h2 id="more">More</h2><p>After the cards.</p>`),
    );
    expect(list.filter((record) => record.type !== 'content').map((record) => record.hierarchy.lvl2)).toEqual([null, 'More']);
    expect(list.filter((record) => record.type === 'content').map((record) => record.content)).toEqual(['Operations of this tag.', 'Get an addon', 'Reads one addon.', 'After the cards.']);
  });

  it('gives every record a unique object id', () => {
    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
  });
});

describe('text analysis', () => {
  it('drops stop words and question filler, folds case and accents, and stems plurals and verb endings', () => {
    expect(queryTerms('How do I create API Tokens?').map(({term}) => term)).toEqual(['creat', 'api', 'token']);
    expect(queryTerms('I want to know why my flag is not working').map(({term}) => term)).toEqual(['know', 'flag', 'not', 'work']);
    expect(queryTerms('Über Café').map(({term}) => term)).toEqual(['uber', 'cafe']);
    expect(['segments', 'tagging', 'tagged', 'policies', 'status', 'v4', 'removed', 'remove', 'removing', 'added', 'string'].map(stem)).toEqual([
      'segment', 'tag', 'tag', 'policy', 'status', 'v4', 'remov', 'remov', 'remov', 'add', 'string',
    ]);
  });

  it('marks only an unfinished last word as a prefix', () => {
    expect(queryTerms('gradual roll').map(({term, last}) => [term, last])).toEqual([['gradual', false], ['roll', true]]);
    expect(queryTerms('gradual roll ').at(-1)?.last).toBe(false);
  });

  it('offers each word joined with the next one, stop word or not', () => {
    expect(queryTerms('roll out now')[0]).toMatchObject({term: 'roll', joined: 'rollout', next: 'out'});
    expect(queryTerms('log in')[0]).toEqual({term: 'log', last: false, joined: 'login'});
  });

  it('reads British and American spellings of -ise/-ize words as one term', () => {
    for (const [british, american] of [['initialise', 'initialize'], ['initialised', 'initialized'], ['initialisation', 'initialization'], ['customised', 'customized']]) {
      expect(stem(british), british).toBe(stem(american));
    }
    // Short words keep their letters: "raise", "wise".
    expect(stem('raise')).toBe('rais');
  });

  it('indexes compounds as themselves and as their parts, but not version numbers', () => {
    expect(indexTerms('unleash-client next.js 8.2.0')).toEqual(['unleash-client', 'unleash', 'client', 'next.js', 'next', 'js', '8.2.0']);
  });

  it('counts a transposition as one edit (Damerau-Levenshtein)', () => {
    expect(editDistance('segmnets', 'segments', 2)).toBe(1);
    expect(editDistance('stickyness', 'stickiness', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('flag', 'flag', 1)).toBe(0);
    // Stops early: anything beyond the limit is reported as limit + 1.
    expect(editDistance('segments', 'environment', 2)).toBe(3);
    expect(editDistance('abc', 'abcdefgh', 2)).toBe(3);
  });

  it('derives heading anchors the way Docusaurus does', () => {
    expect(headingSlug('In the API')).toBe('in-the-api');
    expect(headingSlug('Step 2: save the sync script')).toBe('step-2-save-the-sync-script');
    expect(headingSlug('A/B/n tests')).toBe('abn-tests');
  });

  it('recognises queries that describe a problem', () => {
    expect(['flag not showing', 'metrics missing', "SDK doesn't connect", '401 from the client API', 'login keeps failing'].every(isSymptom)).toBe(true);
    expect(['gradual rollout', 'how do I create a segment', 'node sdk'].some(isSymptom)).toBe(false);
  });
});

describe('page weights', () => {
  it('count reference and how-to pages fully, tutorials, decision records and generated API pages less', () => {
    expect(pageWeight('/reference/segments')).toBe(1);
    expect(pageWeight('/how-to/how-to-create-api-tokens')).toBe(1);
    expect(pageWeight('/contributing/developer-guide')).toBe(1);
    expect(pageWeight('/feature-flag-tutorials/react')).toBeLessThan(1);
    expect(pageWeight('/contributing/ADRs/back-end/write-model-vs-read-models')).toBeLessThan(pageWeight('/feature-flag-tutorials/react'));
    expect(pageWeight('/reference/api/unleash/get-feature')).toBeLessThan(pageWeight('/contributing/ADRs/overarching/logging-levels'));
  });
});

describe('postings codec', () => {
  it('round-trips postings, leaving out frequencies that are all 1', () => {
    const byField = new Map([
      [2, new Map([[7, 1], [3, 1], [12, 1]])],
      [0, new Map([[5, 2], [1, 1]])],
    ]);
    const encoded = encodePostings(byField);
    expect(encoded).toEqual([[0, [1, 4], [1, 2]], [2, [3, 4, 5]]]);
    expect(decodePostings(encoded)).toEqual([
      {field: 0, sections: [1, 5], frequencies: [1, 2]},
      {field: 2, sections: [3, 7, 12], frequencies: [1, 1, 1]},
    ]);
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

  it('links each hit to its heading anchor, derived or stored', async () => {
    const urls = (await search('custom stickiness')).hits.map((hit) => hit.url);
    expect(urls).toContain('/reference/stickiness#custom');
    expect((await search('limits')).hits.map((hit) => hit.url)).toContain('/reference/segments#limits');
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

describe('local engine: typos, questions and symptoms', () => {
  const site = [
    page('/reference/segments', 'Reference', 'Segments', '<p>A segment is a reusable list of strategy constraints.</p><h2 id="limits">Limits</h2><p>Each strategy can use at most five segments.</p>'),
    page('/reference/events', 'Reference', 'Events', '<p>The event log records every change. Users, projects and feature flags all leave events, 10 per page.</p>'),
    page(
      '/reference/activation-strategies',
      'Reference',
      'Activation strategies',
      '<p>The gradual rollout strategy enables a feature flag for a percentage of your users.</p><h2 id="rollout">Rollout percentage</h2><p>Set the rollout to 10% and raise it later.</p>',
    ),
    page('/reference/applications', 'Reference', 'Applications', '<p>The applications list shows which SDK each service runs and the metrics it sends.</p>'),
    page(
      '/using-unleash/troubleshooting/flag-not-returned',
      'Using Unleash',
      'Feature flag missing from the SDK response',
      '<h2 id="symptom">Symptom</h2><p>The flag is enabled in the Admin UI, but isEnabled returns false and the flag is not showing in your app.</p><h2 id="causes">Causes</h2><p>The token belongs to another project or environment.</p>',
    ),
    page('/reference/feature-toggles', 'Reference', 'Feature flags', '<p>Feature flags are showing their state per environment, and the flag list can show archived flags too.</p>'),
  ];
  const records = site.flatMap(extractRecords);
  const first = async (engine: LocalSearchEngine, query: string) => (await engine.run(normaliseRequest({indexName: 'i', query, hitsPerPage: 20}))).hits.map((hit) => hit.url_without_anchor);

  it('corrects a word that matches nothing against the vocabulary, a transposition being one edit', async () => {
    const engine = engineFor(records);
    expect((await first(engine, 'segmnets'))[0]).toBe('/reference/segments');
    expect((await first(engine, 'segmnets limits'))[0]).toBe('/reference/segments');
    // Never nothing when one word is a near miss of an indexed term.
    expect(await first(engine, 'activaton')).toContain('/reference/activation-strategies');
    // Words that are no near miss of anything still find nothing.
    expect(await first(engine, 'zzqqxxjj')).toEqual([]);
  });

  it('reads a word made of two indexed words as those words, and two words as the one they make', async () => {
    const engine = engineFor(records);
    expect((await first(engine, 'eventlog'))[0]).toBe('/reference/events');
    expect((await first(engine, 'how do I roll out a feature to 10% of users'))[0]).toBe('/reference/activation-strategies');
  });

  it('reads a compound the index does not know whole as its parts, and "vs" as no subject', async () => {
    const engine = engineFor(records);
    // "client.isenabled" is nowhere whole; its part "isenabled" is on the troubleshooting page.
    expect((await first(engine, 'client.isEnabled'))[0]).toBe('/using-unleash/troubleshooting/flag-not-returned');
    expect(queryTerms('segments vs versus strategies').map((term) => term.term)).toEqual(['segment', 'strategy']);
  });

  it('ranks the troubleshooting page first for a symptom', async () => {
    const engine = engineFor(records);
    expect((await first(engine, 'flag not showing'))[0]).toBe('/using-unleash/troubleshooting/flag-not-returned');
    expect((await first(engine, 'isEnabled returns false'))[0]).toBe('/using-unleash/troubleshooting/flag-not-returned');
  });

  it('loads only the postings chunks of the query words, and the vocabulary only to correct one', async () => {
    const engine = engineFor(records, {chunkChars: 100});
    expect(engine.built.chunks.length).toBeGreaterThan(5);
    await first(engine, 'segments');
    const chunksForSegments = engine.loaded.filter((file) => file.startsWith('chunk-'));
    expect(chunksForSegments.length).toBeLessThanOrEqual(2);
    expect(engine.loaded).not.toContain('vocabulary');
    await first(engine, 'segmnets');
    expect(engine.loaded).toContain('vocabulary');
  });

  it('answers the same whether the rest of the index has arrived or not', async () => {
    const lazy = engineFor(records, {chunkChars: 200, shardChars: 100});
    const eager = engineFor(records, {chunkChars: 200, shardChars: 100});
    await eager.loadVocabulary();
    await Promise.all(Array.from({length: eager.chunkCount}, (_, index) => eager.loadChunk(index)));
    for (const query of ['segmnets', 'roll out', 'flag not showing', 'feat', 'how do I see which sdk a service runs', 'eventlog']) {
      const run = (engine: LocalSearchEngine) => engine.run(normaliseRequest({indexName: 'i', query, hitsPerPage: 20, attributesToSnippet: ['content:10']}));
      const [a, b] = await Promise.all([run(lazy), run(eager)]);
      expect(a.hits, query).toEqual(b.hits);
    }
  });

  it('recovers when a chunk fails to load, on the next query', async () => {
    const built = buildIndex(records, {chunkChars: 200});
    let fail = true;
    const engine = new LocalSearchEngine(built.core, {
      chunk: async (index) => {
        if (fail) throw new Error('offline');
        return built.chunks[index]!;
      },
      vocabulary: async () => built.vocabulary,
      shard: async (index) => built.shards[index]!,
    });
    await expect(engine.run(normaliseRequest({indexName: 'i', query: 'segments'}))).rejects.toThrow('offline');
    fail = false;
    expect((await engine.run(normaliseRequest({indexName: 'i', query: 'segments'}))).hits[0]!.url_without_anchor).toBe('/reference/segments');
  });
});

describe('index files', () => {
  it('writes a core, chunks, a vocabulary and shards under one hash, with anchors derived from headings', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-search-'));
    try {
      const built = buildIndex(records, {chunkChars: 300, shardChars: 200});
      const manifest = writeIndex(dir, built, records.length);
      const core = unpackCore(JSON.parse(fs.readFileSync(path.join(dir, 'search', manifest.index), 'utf8')) as IndexCoreFile);
      expect(manifest.index).toBe(`index.${core.hash}.json`);
      const files = indexFiles(manifest, core);
      expect(files).toContain(indexFileName(core, 'vocabulary'));
      expect(files.filter((file) => file.startsWith('chunk-'))).toHaveLength(built.chunks.length);
      for (const file of files) expect(fs.existsSync(path.join(dir, 'search', file)), file).toBe(true);
      expect(fs.readdirSync(path.join(dir, 'search')).sort()).toEqual([...files].sort());
      // Anchors that are the slug of their heading are not stored; the one that is not is.
      expect(Object.values(core.anchors)).toEqual(['custom']);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });

  it('writes the core without what the engine derives, and reads it back whole', () => {
    const withUnanchored = [
      ...records,
      ...extractRecords(page('/reference/plain', 'Reference', 'Plain', '<p>Opening.</p><h2>No id here</h2><p>Under a heading without an anchor.</p>')),
    ];
    const built = buildIndex(withUnanchored, {shardChars: 200});
    const file = JSON.parse(JSON.stringify(packCore(built.core))) as IndexCoreFile;
    expect(file.version).toBe(3);
    expect(Object.values(file.anchors)).toEqual(['custom']);
    expect(file.unanchored).toHaveLength(1);
    DERIVED_FIELDS.forEach((field) => expect(file.fieldLength[INDEX_FIELDS.indexOf(field)]).toBeNull());
    expect(file.shardSizes.reduce((a, b) => a + b, 0)).toBe(built.core.headings.length);
    expect(JSON.stringify(file).length).toBeLessThan(JSON.stringify(built.core).length);
    expect(unpackCore(file)).toEqual(built.core);
    expect(() => unpackCore({...file, version: 2} as never)).toThrow('Unknown search index version: 2');
  });

  it('writes an older reference\'s index apart, with the current pages, and leaves it out of the current one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-search-'));
    try {
      const current = records.filter((record) => record.docusaurus_tag !== 'docs-old-1.0');
      const manifest = writeIndex(dir, buildIndex(current), current.length, [{tag: 'docs-old-1.0', built: buildIndex(records)}]);
      const read = (file: string) => unpackCore(JSON.parse(fs.readFileSync(path.join(dir, 'search', file), 'utf8')) as IndexCoreFile);
      const urls = (core: IndexCore) => core.pages.map(([url]) => url);
      expect(urls(read(manifest.index))).not.toContain('/old/segments');
      const older = manifest.older!['docs-old-1.0']!;
      const olderCore = read(`${older.dir}/${older.index}`);
      expect(urls(olderCore)).toContain('/old/segments');
      expect(urls(olderCore)).toContain('/reference/segments');
      expect(fs.existsSync(path.join(dir, 'search', older.dir, indexFileName(olderCore, 'vocabulary')))).toBe(true);
      expect(() => writeIndex(dir, buildIndex(current), current.length, [{tag: '../escape', built: buildIndex(records)}])).toThrow('cannot name a folder');
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });

  it('keeps the first file small: no postings, paragraphs or vocabulary in the core', () => {
    const built = buildIndex(records);
    const core = JSON.stringify(built.core);
    expect(core).not.toContain('MurmurHash');
    expect(core).not.toContain('segmentValuesLimit');
  });
});
