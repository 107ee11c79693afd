/**
 * The "Array [" and "]" marks around array items in API schemas. The theme writes each as an
 * <li>, though they sit inside a list item (src/theme/Schema) or a <div>, never directly in a
 * list: in server-rendered HTML the browser's parser then closes the enclosing item early,
 * the page no longer matches what React hydrates, and the list markup is invalid for
 * assistive technology. Same marks, same styles, as <div>s.
 */
import type {ReactNode} from 'react';

export function OpeningArrayBracket(): ReactNode {
  return (
    <div>
      <div style={{fontSize: 'var(--ifm-code-font-size)', opacity: 0.6, marginLeft: '-.5rem', paddingBottom: '.5rem'}}>Array [</div>
    </div>
  );
}

export function ClosingArrayBracket(): ReactNode {
  return (
    <div>
      <div style={{fontSize: 'var(--ifm-code-font-size)', opacity: 0.6, marginLeft: '-.5rem'}}>]</div>
    </div>
  );
}
