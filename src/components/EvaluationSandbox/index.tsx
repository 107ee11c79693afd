/**
 * The evaluation sandbox in a page: `<EvaluationSandbox example="gradual-rollout">` (names in
 * ./examples.ts). The build's rehype step (plugins/evaluation-sandbox) imports this component
 * into the pages that use it and no others, so it costs ordinary pages nothing. This part stays
 * small even so: the sandbox itself, its evaluator and its styles are a separate chunk,
 * requested only once the page is interactive (after hydration, when the browser is idle).
 */
import {lazy, Suspense, useEffect, useState, type ReactNode} from 'react';
import {contentIsland} from '../StaticContent/island';

const Sandbox = lazy(() => import(/* webpackChunkName: "evaluation-sandbox" */ './Sandbox'));

function EvaluationSandbox({example}: {example?: string}): ReactNode {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(start, 1);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(start, {timeout: 2000});
    return () => window.cancelIdleCallback(handle);
  }, []);
  const placeholder = (
    <div style={{minHeight: '12rem', margin: '1.5rem 0', padding: '1rem', border: '1px dashed var(--ifm-color-emphasis-400)', borderRadius: 'var(--ifm-global-radius)'}}>
      The evaluation sandbox opens here once the page has loaded (it needs JavaScript).
    </div>
  );
  return ready ? (
    <Suspense fallback={placeholder}>
      <Sandbox example={example} />
    </Suspense>
  ) : (
    placeholder
  );
}

// In doc content, an island of its own (src/components/StaticContent): the text around it stays static.
export default contentIsland('EvaluationSandbox', EvaluationSandbox);
