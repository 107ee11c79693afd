/**
 * A part of a doc page with nothing for a reader to act on but links (the doc's footer with its
 * edit link and last update, the previous and next links), kept as the server sent it, like the
 * content (./index.tsx): not hydrated, its links followed in place. Rendering the footer cost
 * more than its markup: the date of the last update is formatted with an Intl.DateTimeFormat
 * made while the page hydrates. After a client-side navigation it renders.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import {SERVER_HTML, useKeepsServerHtml, useLinksInPlace} from './serverHtml';

export default function StaticHtml({children}: {children: ReactNode}): ReactNode {
  const kept = useKeepsServerHtml();
  const element = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState<HTMLDivElement | null>(null);
  useEffect(() => setLive(kept ? element.current : null), [kept]);
  useLinksInPlace(live);
  if (!kept) return <div data-static-html="">{children}</div>;
  return <div ref={element} data-static-html="" dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />;
}
