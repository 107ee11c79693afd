/**
 * The API explorer (request samples, "Send API Request", the response panel), loaded when its
 * column comes near the viewport instead of with the page. The API theme requires it
 * synchronously, and it brings postman-collection with the code generators of every
 * language: over 5 MB of script that made each operation page download about 2 MB gzip and
 * block the main thread for seconds before the reader could scroll. The operation's own text
 * (parameters, schemas, responses) does not depend on it. On wide screens the column sits
 * beside the text and loads at once; on narrow ones it follows the text and loads on the way
 * down. The placeholder is the theme's own skeleton, so the page looks as it did while
 * waiting.
 */
import {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';

const Explorer = lazy(() => import(/* webpackChunkName: "api-explorer" */ './Explorer'));

/** How far outside the viewport the column starts loading, so it is ready when reached. */
const PRELOAD_MARGIN = '800px 0px';

function useNearViewport(): [(node: HTMLDivElement | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const node = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const target = node.current;
    if (near || !target) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, {rootMargin: PRELOAD_MARGIN});
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  return [(element) => void (node.current = element), near];
}

export default function ApiExplorerLazy(props: Record<string, unknown>): ReactNode {
  const [ref, near] = useNearViewport();
  const placeholder = <SkeletonLoader size="lg" />;
  return (
    <div ref={ref} className="api-explorer-slot">
      {near ? <Suspense fallback={placeholder}><Explorer {...props} /></Suspense> : placeholder}
    </div>
  );
}
