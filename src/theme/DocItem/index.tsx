/**
 * Every doc page renders through here. Generated API operation pages (front matter `api`)
 * need the API theme's layout: the request explorer, code samples and schema viewers. That
 * code is large, so it is loaded in its own chunk only on those pages; every other page
 * renders the standard doc layout and never downloads it.
 */
import {lazy, Suspense, type ComponentProps, type ReactNode} from 'react';
import DocItem from '@theme-original/DocItem';

type Props = ComponentProps<typeof DocItem>;

const ApiItem = lazy(() => import(/* webpackChunkName: "api-item" */ '@theme/ApiItem'));

export default function DocItemWrapper(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as {api?: unknown};
  if (!frontMatter.api) return <DocItem {...props} />;
  return (
    <Suspense fallback={null}>
      <ApiItem {...(props as object)} />
    </Suspense>
  );
}
