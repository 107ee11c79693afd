/**
 * Markdown of the API pages (descriptions, qualifiers such as "Possible values"). The theme
 * renders every string with react-markdown in the browser. Here:
 * - descriptions arrive as HTML, rendered at generation time (scripts/openapi/prerender.ts),
 *   and are shown as they are;
 * - the one-line strings the theme builds at run time from a schema (`code`, **bold** and plain
 *   text) become the same elements react-markdown made of them;
 * - anything else still goes to the theme's component, whose chunk (react-markdown, remark,
 *   micromark, about 110 KB gzip) then loads.
 */
import {lazy, type ReactNode} from 'react';
import {simpleInline} from './inline';
import {isPrerendered, PRERENDERED_MARK} from './prerendered';

const ThemeMarkdown = lazy(() => import(/* webpackChunkName: "api-markdown" */ '@theme-original/Markdown'));

export default function Markdown({children}: {children?: ReactNode}): ReactNode {
  if (isPrerendered(children)) {
    return <div className="openapi-markdown" dangerouslySetInnerHTML={{__html: children.slice(PRERENDERED_MARK.length)}} />;
  }
  const pieces = typeof children === 'string' ? simpleInline(children) : null;
  if (pieces) {
    return (
      <p>
        {pieces.map((piece, index) =>
          piece.kind === 'code' ? <code key={index}>{piece.text}</code> : piece.kind === 'strong' ? <strong key={index}>{piece.text}</strong> : piece.text,
        )}
      </p>
    );
  }
  return <ThemeMarkdown>{children}</ThemeMarkdown>;
}
