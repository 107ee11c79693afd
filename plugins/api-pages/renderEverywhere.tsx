/**
 * Stands in for @docusaurus/BrowserOnly in the API theme's parameter and schema components
 * (see index.ts): their content needs nothing of the browser, so it is rendered on the server
 * as well, and hydrated.
 */
import type {ReactNode} from 'react';

export default function RenderEverywhere({children}: {children?: () => ReactNode; fallback?: ReactNode}): ReactNode {
  return children?.() ?? null;
}
