/**
 * The body of a doc page, as its Markdown renders, stays as the server sent it (issue #39).
 *
 * Hydrating it cost most of a doc page's start-up: React walked 600 to 1,000 elements, nearly
 * all of them text that never changes, to attach nothing. Instead, as ApiIsland does for the
 * parts of an operation page, while React hydrates the page the content renders as an element
 * whose content is given as (empty) HTML, which React leaves alone: the server's content stays,
 * unhydrated, and its elements carry no React state. What a reader acts on still works:
 * - internal links are followed in place, their routes preloaded and prefetched as <Link> did
 *   (./staticLinks.ts), from the moment the page has hydrated;
 * - code blocks get their copy and word-wrap buttons when they come near the screen or the
 *   reader comes to them (./StaticCodeBlocks.tsx);
 * - the components of the content a reader acts on (tabs, details, the evaluation sandbox, the
 *   API introduction's tabs and version picker) are islands (./island.tsx), each hydrated on
 *   its own, in idle time or when the reader comes to it (./IslandHost.tsx).
 * Anchors, headings' direct links, images, diagrams, tables, admonitions, availability badges
 * and <UiLabel> are plain HTML and need nothing. A component of the content that does anything
 * in the browser (state, handlers, effects, BrowserOnly) must be made an island; the crawl
 * (tests/e2e/crawl.spec.ts) fails on a button, tab, summary or field left outside one.
 *
 * After a client-side navigation there is no server HTML: the content is rendered by React,
 * once (its element is kept, so the page's later renders do not render it again), and works as
 * any React tree. Fetching the page's HTML instead would cost a request for a second copy of
 * what the page's chunk, already loaded (prefetched) for the route, holds, and its islands
 * would still need their components rendered; rendering is what the browser would do with
 * that HTML anyway.
 */
import {useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode} from 'react';
import MDXContent from '@theme/MDXContent';
import IslandHost from './IslandHost';
import {ISLAND_ATTRIBUTE, IslandScope} from './island';
import {SERVER_HTML, useKeepsServerHtml, useLinksInPlace} from './serverHtml';
import StaticCodeBlocks from './StaticCodeBlocks';

/** Marks the content's element (tests, and anyone asking what is static). */
export const STATIC_CONTENT_ATTRIBUTE = 'data-static-content';

export interface StaticContentProps {
  /** The page's MDX content element, whose islands are hydrated. */
  content: ReactElement;
  /** What renders the content: the theme's DocItem/Content around `content`. */
  children: ReactNode;
}

export default function StaticContent({content, children}: StaticContentProps): ReactNode {
  const [mismatch, setMismatch] = useState<string>();
  const keptStatic = useKeepsServerHtml() && !mismatch;
  const element = useRef<HTMLDivElement>(null);
  // The kept element once the page has hydrated: what acts on it starts then, in a task of
  // its own after the one that hydrated the page.
  const [live, setLive] = useState<HTMLDivElement | null>(null);
  useEffect(() => setLive(keptStatic ? element.current : null), [keptStatic]);
  useLinksInPlace(live);
  // The content renders once per page, not on every render of the page around it.
  const rendered = useMemo(() => <IslandScope value>{children}</IslandScope>, [content.type]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (mismatch) console.error(`Static content: ${mismatch}; the content is rendered by React instead.`);
  }, [mismatch]);

  // On the server the content renders into what stays static in the browser.
  if (typeof document === 'undefined') return <div {...{[STATIC_CONTENT_ATTRIBUTE]: 'static'}}>{rendered}</div>;
  if (!keptStatic) {
    return (
      <div key="rendered" {...{[STATIC_CONTENT_ATTRIBUTE]: 'rendered'}}>
        {rendered}
      </div>
    );
  }
  return (
    <>
      <div key="static" ref={element} {...{[STATIC_CONTENT_ATTRIBUTE]: 'static'}} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />
      {live && (
        <>
          {/* Both wait for the reader or for idle time themselves. */}
          <StaticCodeBlocks container={live} />
          {live.querySelector(`[${ISLAND_ATTRIBUTE}]`) && (
            <MDXContent>
              <IslandHost container={live} content={content} onMismatch={setMismatch} />
            </MDXContent>
          )}
        </>
      )}
    </>
  );
}
