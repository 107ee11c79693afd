/**
 * Every doc page renders through here. Generated API operation pages (front matter `api`)
 * need the API theme's layout: the request explorer, code samples and schema viewers. That
 * code is large, so it is loaded in its own chunk only on those pages; every other page
 * renders the standard doc layout and never downloads it.
 *
 * There is deliberately no <Suspense> around the lazy layout. React's server renderer moves
 * a boundary's content out of place when it is larger than its progressive chunk size
 * (12.8 KB, which every operation page exceeds): the page then arrived with an empty main
 * column and its footer at the top, and an inline script moved the text in at the end of the
 * HTML, a layout shift of 0.68 on mobile. Without a boundary the server writes the page in
 * order. In the browser, hydration runs in a transition, so while the chunk loads the server
 * HTML stays on screen, and a client-side navigation keeps the previous page until it is ready.
 */
import {lazy, type ComponentProps, type ReactNode} from 'react';
import DocItem from '@theme-original/DocItem';

type Props = ComponentProps<typeof DocItem>;

const ApiItem = lazy(() => import(/* webpackChunkName: "api-item" */ '@theme/ApiItem'));

export default function DocItemWrapper(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as {api?: unknown};
  if (!frontMatter.api) return <DocItem {...props} />;
  return <ApiItem {...(props as object)} />;
}
