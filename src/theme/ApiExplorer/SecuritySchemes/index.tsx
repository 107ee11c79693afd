/**
 * The API explorer's authorization panel. Its toggle is a <summary> holding an <h4>, which
 * puts a fourth-level heading right after the page's second-level ones (a skipped level for
 * screen-reader heading navigation) inside a control that is already announced as a button.
 * The label keeps its look but stops being a heading.
 */
import {useEffect, useRef, type ReactNode} from 'react';
import SecuritySchemes from '@theme-original/ApiExplorer/SecuritySchemes';

export default function SecuritySchemesWrapper(props: Record<string, unknown>): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current?.querySelectorAll('summary h4').forEach((heading) => heading.setAttribute('role', 'none'));
  });
  return (
    <div ref={container} style={{display: 'contents'}}>
      <SecuritySchemes {...props} />
    </div>
  );
}
