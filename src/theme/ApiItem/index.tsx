/**
 * The layout of an API operation page: the theme's ApiItem without what made every operation
 * page run the explorer's code on load. The theme's version decompressed the operation from the
 * page's front matter (pako), created the explorer's store (redux) for the whole page and
 * rendered the explorer in the browser only. Here the left column is the page's content, whose
 * operation components are islands that load when the reader acts on them
 * (src/components/ApiIsland, plugins/api-pages), and the right column is the request column
 * (src/theme/ApiExplorer), rendered by the server; the store is created when something needs it
 * (src/components/ApiIsland/live). The page's exports come from scripts/openapi/requestColumn.ts;
 * a page without them gets the theme's own layout.
 */
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
import '@site/src/components/ApiRequest/styles.css';
import {lazy, useMemo, type ComponentType, type ReactNode} from 'react';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import DocItemMetadata from '@theme/DocItem/Metadata';
import ApiItemLayout from '@theme/ApiItem/Layout';
import RequestColumn, {type RequestColumnProps} from '../ApiExplorer';
import {ApiPageContext, type ApiPage} from '@site/src/components/ApiIsland/context';
import type {ApiOperation} from '@site/src/components/ApiRequest/samples';
import type {LazyData} from '@site/src/components/ApiRequest/types';

const ThemeApiItem = lazy(() => import(/* webpackChunkName: "api-item-theme" */ '@theme-original/ApiItem')) as ComponentType<object>;

type Content = ComponentType & {
  metadata: {id: string};
  apiRequest?: RequestColumnProps['request'];
  /** In the browser, a loader (plugins/api-pages/lazyProps.cjs), loaded once. */
  apiItem?: LazyData<ApiOperation>;
};

export default function ApiItem(props: {content: Content}): ReactNode {
  const {content} = props;
  const page = useMemo<ApiPage | null>(() => (content.apiItem ? {loadItem: content.apiItem.__load} : null), [content]);
  if (!content.apiRequest || !page) return <ThemeApiItem {...props} />;
  const MDXComponent = content;
  return (
    <DocProvider content={content as never}>
      <HtmlClassNameProvider className={`docs-doc-id-${content.metadata.id}`}>
        <DocItemMetadata />
        <ApiItemLayout>
          <ApiPageContext.Provider value={page}>
            <div className="row theme-api-markdown">
              <div className="col col--7 openapi-left-panel__container">
                <MDXComponent />
              </div>
              <div className="col col--5 openapi-right-panel__container">
                <RequestColumn request={content.apiRequest} loadItem={page.loadItem} />
              </div>
            </div>
          </ApiPageContext.Provider>
        </ApiItemLayout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
