/**
 * The /search page: the same engine as the modal (local index or Algolia), 20 results per
 * page with a button for further pages, and the query kept in the `q` parameter so
 * back and forward restore it.
 */
import {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {useContextualFacetFilters, useResultUrl, useSearchSettings} from '@site/src/components/search/useSearchSettings';
import {createSearchClient} from '@site/src/components/search/searchClient';
import styles from './styles.module.css';

const HITS_PER_PAGE = 20;
const QUERY_PARAM = 'q';
const SNIPPET_WORDS = 30;

interface Hit {
  objectID: string;
  url: string;
  hierarchy: Record<string, string | null>;
  _highlightResult?: {hierarchy?: Record<string, {value: string}>};
  _snippetResult?: {content?: {value: string}; hierarchy?: Record<string, {value: string}>};
}

interface ResultPage {
  hits: Hit[];
  nbHits: number;
  nbPages: number;
}

type Status = 'idle' | 'loading' | 'done' | 'error';

function readQuery(search: string): string {
  return new URLSearchParams(search).get(QUERY_PARAM) ?? '';
}

/** Highlight values are HTML-escaped by the engine except for <mark> tags. */
function Marked({html}: {html: string}) {
  return <span dangerouslySetInnerHTML={{__html: html}} />;
}

function Breadcrumb({hit}: {hit: Hit}) {
  const levels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].filter((lvl) => hit.hierarchy[lvl]);
  return (
    <span className={styles.breadcrumb}>
      {levels.map((lvl, index) => (
        <span key={lvl}>
          {index > 0 && ' › '}
          <Marked html={hit._highlightResult?.hierarchy?.[lvl]?.value ?? hit.hierarchy[lvl]!} />
        </span>
      ))}
    </span>
  );
}

function SearchPageContent(): ReactNode {
  const {algolia, provider, baseUrl} = useSearchSettings();
  const location = useLocation();
  const history = useHistory();
  const resultUrl = useResultUrl();
  const facetFilters = useContextualFacetFilters();
  const client = useMemo(() => createSearchClient(provider, baseUrl, algolia.appId, algolia.apiKey), [provider, baseUrl, algolia.appId, algolia.apiKey]);
  // The static HTML is built without a query; the query is read once mounted, so the first
  // render in the browser matches it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const query = mounted ? readQuery(location.search) : '';
  const [input, setInput] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(0);
  const [loadedPage, setLoadedPage] = useState(-1);
  const [status, setStatus] = useState<Status>('idle');
  const generation = useRef(0);

  // Back and forward change `q`: show that query again.
  useEffect(() => setInput(query), [query]);

  const fetchPage = useCallback(
    async (text: string, page: number): Promise<ResultPage> => {
      const {results} = await (await client).search({
        requests: [
          {
            indexName: algolia.indexName,
            query: text,
            hitsPerPage: HITS_PER_PAGE,
            page,
            facetFilters,
            attributesToSnippet: [`content:${SNIPPET_WORDS}`],
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
            snippetEllipsisText: '…',
          },
        ],
      });
      const result = results[0] as unknown as ResultPage;
      return {hits: result.hits, nbHits: result.nbHits, nbPages: result.nbPages};
    },
    [client, algolia.indexName, facetFilters],
  );

  useEffect(() => {
    const current = (generation.current += 1);
    setHits([]);
    setLoadedPage(-1);
    if (!query.trim()) {
      setStatus('idle');
      return;
    }
    setStatus('loading');
    fetchPage(query, 0).then(
      (result) => {
        if (generation.current !== current) return;
        setHits(result.hits);
        setTotal(result.nbHits);
        setPages(result.nbPages);
        setLoadedPage(0);
        setStatus('done');
      },
      () => generation.current === current && setStatus('error'),
    );
  }, [query, fetchPage]);

  const loadMore = useCallback(() => {
    if (status !== 'done' || loadedPage + 1 >= pages) return;
    const current = generation.current;
    setStatus('loading');
    fetchPage(query, loadedPage + 1).then(
      (result) => {
        if (generation.current !== current) return;
        setHits((previous) => [...previous, ...result.hits]);
        setLoadedPage(loadedPage + 1);
        setStatus('done');
      },
      () => generation.current === current && setStatus('error'),
    );
  }, [status, loadedPage, pages, fetchPage, query]);

  const updateQuery = (text: string) => {
    setInput(text);
    const params = new URLSearchParams(location.search);
    if (text) params.set(QUERY_PARAM, text);
    else params.delete(QUERY_PARAM);
    history.replace({pathname: location.pathname, search: params.toString() ? `?${params}` : ''});
  };

  const title = query ? `Search results for "${query}"` : 'Search the documentation';
  return (
    <>
      <Head>
        <title>{title}</title>
        {/* Indexable: the canonical URL is /search without the query, so result pages for
            different queries do not compete as duplicates. */}
        <meta name="description" content="Search every page of the Unleash documentation: guides, reference, SDKs and the HTTP API." />
      </Head>
      <main className="container margin-vert--lg">
        <Heading as="h1">{title}</Heading>
        <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="search-page-input" className={styles.label}>
            Search the documentation
          </label>
          <input
            id="search-page-input"
            type="search"
            name="q"
            className={styles.input}
            value={input}
            maxLength={64}
            placeholder="Search docs"
            autoComplete="off"
            autoFocus
            onChange={(event) => updateQuery(event.target.value)}
          />
        </form>
        <p className={styles.count} aria-live="polite">
          {status === 'done' && (total === 0 ? `No results for "${query}"` : `${total} ${total === 1 ? 'result' : 'results'} for "${query}"`)}
          {status === 'error' && 'Unable to fetch results. You might want to check your network connection.'}
        </p>
        <ol className={styles.results}>
          {hits.map((hit) => (
            <li key={`${hit.objectID}-${hit.url}`} className={styles.result}>
              <Heading as="h2" className={styles.resultTitle}>
                <Link to={resultUrl(hit.url)}>
                  <Breadcrumb hit={hit} />
                </Link>
              </Heading>
              {hit._snippetResult?.content?.value && (
                <p className={styles.snippet}>
                  <Marked html={hit._snippetResult.content.value} />
                </p>
              )}
            </li>
          ))}
        </ol>
        {status === 'loading' && <p className={styles.loading}>Loading results…</p>}
        {status === 'done' && loadedPage + 1 < pages && (
          <button type="button" className="button button--secondary" onClick={loadMore}>
            Load more results
          </button>
        )}
      </main>
    </>
  );
}

// The content reads docs context (versions), which the layout provides.
export default function SearchPage(): ReactNode {
  return (
    <Layout title="Search the documentation" description="Search the Unleash documentation.">
      <SearchPageContent />
    </Layout>
  );
}
