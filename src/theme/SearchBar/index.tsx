/**
 * The navbar search: DocSearch's button, keyboard shortcuts and modal, answered by the
 * local index by default or by Algolia when configured. Written for this site (instead of
 * the theme's SearchBar) so that local mode contacts no third-party host, and so that the
 * index is preloaded together with the modal code when the reader reaches for the button.
 */
import {useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import type {DocSearchHit, DocSearchModal as DocSearchModalComponent, DocSearchTransformClient} from '@docsearch/react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {useSearchLinkCreator} from '@docusaurus/theme-common';
import Translate from '@docusaurus/Translate';
import {isExternalUrl, useContextualFacetFilters, useResultUrl, useSearchSettings} from '@site/src/components/search/useSearchSettings';
import {createSearchClient, preloadSearch} from '@site/src/components/search/searchClient';
import {searchTagsOf} from '@site/plugins/local-search/constants';
import {SearchButton} from '@site/src/components/search/SearchButton';
import {useSearchShortcuts} from '@site/src/components/search/useSearchShortcuts';
import {useValidAriaControls} from '@site/src/components/search/useValidAriaControls';
import type {LiteClient} from 'algoliasearch/lite';
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './styles.css';

/** Words in a snippet: shorter on narrow screens. */
const snippetWords = () => (window.matchMedia('(max-width: 768px)').matches ? 5 : 10);

let DocSearchModal: typeof DocSearchModalComponent | null = null;
/** In local mode, the client that answers from the index (loaded with the modal). */
let localClient: LiteClient | null = null;

function loadModal(provider: 'local' | 'algolia', baseUrl: string, appId: string, apiKey: string): Promise<void> {
  const client =
    provider === 'local' && !localClient
      ? createSearchClient(provider, baseUrl, appId, apiKey).then((created) => {
          localClient = created;
        })
      : Promise.resolve();
  if (DocSearchModal) return client;
  return Promise.all([import('@docsearch/react/modal'), import('@docsearch/css/dist/modal.css'), client]).then(([module]) => {
    DocSearchModal = module.DocSearchModal;
  });
}

/**
 * A result. It is not a link: each result is a listbox option of the search box, and a link
 * inside an option is an interactive control nested in another, which screen readers handle
 * badly. The reader moves through results from the search box (arrows, Enter, Ctrl/Cmd+Enter
 * for a new tab: DocSearch's navigator); clicks navigate here, Ctrl/Cmd-click and middle-click
 * in a new tab, as a link would.
 */
function Hit({hit, children}: {hit: {url: string}; children: ReactNode}) {
  const history = useHistory();
  const {algolia} = useSearchSettings();
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button === 1 || event.ctrlKey || event.metaKey) window.open(hit.url, '_blank', 'noopener');
    else if (isExternalUrl(algolia.externalUrlRegex, hit.url)) window.location.href = hit.url;
    else history.push(hit.url);
  };
  return (
    <div className="DocSearch-Hit-link" data-url={hit.url} onClick={follow} onAuxClick={(event) => event.button === 1 && follow(event)}>
      {children}
    </div>
  );
}

/**
 * DocSearch sets its "error" status when the client fails, but the autocomplete core it
 * bundles resets the status to "idle" right after, so its error screen never stays. We
 * track failures of our own client and show the same screen, with DocSearch's classes.
 */
function ErrorScreen() {
  return (
    <div className="DocSearch-ErrorScreen">
      <p className="DocSearch-Title">Unable to fetch results</p>
      <p className="DocSearch-Help">You might want to check your network connection.</p>
    </div>
  );
}

function ResultsFooter({query, count, onClose}: {query: string; count: number; onClose: () => void}) {
  const createSearchLink = useSearchLinkCreator();
  return (
    <Link to={createSearchLink(query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{count}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

export default function SearchBar(): ReactNode {
  const {algolia, provider, baseUrl, maxResultsPerGroup, missingResultsUrl} = useSearchSettings();
  const history = useHistory();
  const resultUrl = useResultUrl();
  const facetFilters = useContextualFacetFilters();
  const container = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [dropdown, setDropdown] = useState<Element | null>(null);

  const preload = useCallback(() => {
    void preloadSearch(provider, baseUrl, searchTagsOf(facetFilters));
    void loadModal(provider, baseUrl, algolia.appId, algolia.apiKey);
  }, [provider, baseUrl, facetFilters, algolia.appId, algolia.apiKey]);

  const open = useCallback(() => {
    if (!container.current) {
      container.current = document.createElement('div');
      // Lets the stylesheet drop the "Search by Algolia" footer when the local index answers.
      container.current.dataset.searchProvider = provider;
      document.body.insertBefore(container.current, document.body.firstChild);
    }
    preload();
    void loadModal(provider, baseUrl, algolia.appId, algolia.apiKey).then(() => setIsOpen(true));
  }, [preload, provider, baseUrl, algolia.appId, algolia.apiKey]);

  const close = useCallback(() => {
    setIsOpen(false);
    setFailed(false);
    buttonRef.current?.focus();
    setInitialQuery(undefined);
  }, []);

  const onInput = useCallback(
    (event: KeyboardEvent) => {
      // Let the browser keep Ctrl/Cmd+F.
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) return;
      event.preventDefault();
      setInitialQuery(event.key);
      open();
    },
    [open],
  );

  useSearchShortcuts({isOpen, onOpen: open, onClose: close, onInput, buttonRef});
  useValidAriaControls(container, isOpen);

  const navigator = useMemo(
    () => ({
      navigate({itemUrl}: {itemUrl: string}) {
        if (isExternalUrl(algolia.externalUrlRegex, itemUrl)) window.location.href = itemUrl;
        else history.push(itemUrl);
      },
    }),
    [algolia.externalUrlRegex, history],
  );

  const transformItems = useCallback((items: DocSearchHit[]) => items.map((item) => ({...item, url: resultUrl(item.url)})), [resultUrl]);

  const transformSearchClient = useCallback(
    (client: DocSearchTransformClient): DocSearchTransformClient => {
      const searchClient = provider === 'local' && localClient ? (localClient as unknown as DocSearchTransformClient) : client;
      const search = searchClient.search.bind(searchClient) as (...args: unknown[]) => Promise<unknown>;
      const observed = (...args: unknown[]) =>
        search(...args).then(
          (response) => {
            setFailed(false);
            return response;
          },
          (error: unknown) => {
            // The transport gave up on every host: the index (or Algolia) is unreachable.
            if ((error as {name?: string} | undefined)?.name === 'RetryError') setFailed(true);
            throw error;
          },
        );
      return {...searchClient, search: observed} as unknown as DocSearchTransformClient;
    },
    [provider],
  );

  // The error screen goes where DocSearch shows its results.
  useEffect(() => {
    if (container.current) container.current.dataset.searchFailed = String(failed);
    setDropdown(failed && isOpen ? (container.current?.querySelector('.DocSearch-Dropdown') ?? null) : null);
  }, [failed, isOpen]);

  const resultsFooterComponent = useCallback(
    ({state}: {state: {query: string; context: Record<string, unknown>}}) => (
      <ResultsFooter query={state.query} count={Number(state.context.nbHits ?? 0)} onClose={close} />
    ),
    [close],
  );

  const getMissingResultsUrl = useMemo(
    () => (missingResultsUrl ? ({query}: {query: string}) => `${missingResultsUrl}${missingResultsUrl.includes('?') ? '&' : '?'}q=${encodeURIComponent(query)}` : undefined),
    [missingResultsUrl],
  );

  const Modal = DocSearchModal;
  return (
    <>
      {provider === 'algolia' && (
        <Head>
          <link rel="preconnect" href={`https://${algolia.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      )}
      <SearchButton ref={buttonRef} onTouchStart={preload} onFocus={preload} onMouseOver={preload} onClick={open} />
      {isOpen &&
        Modal &&
        container.current &&
        createPortal(
          <Modal
            appId={algolia.appId}
            apiKey={algolia.apiKey}
            indexName={algolia.indexName}
            searchParameters={{
              facetFilters,
              attributesToSnippet: ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((lvl) => `hierarchy.${lvl}:${snippetWords()}`).concat(`content:${snippetWords()}`),
            }}
            maxResultsPerGroup={maxResultsPerGroup}
            initialScrollY={window.scrollY}
            initialQuery={initialQuery}
            onClose={close}
            navigator={navigator}
            transformItems={transformItems}
            hitComponent={Hit}
            transformSearchClient={transformSearchClient}
            resultsFooterComponent={resultsFooterComponent as never}
            insights={provider === 'algolia' && Boolean(algolia.insights)}
            getMissingResultsUrl={getMissingResultsUrl}
          />,
          container.current,
        )}
      {dropdown && createPortal(<ErrorScreen />, dropdown)}
    </>
  );
}
