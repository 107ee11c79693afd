/**
 * What the theme's operation components need around them once they run in the browser, loaded
 * with them: the explorer's store (redux, one per page, shared by every island and the
 * explorer, as the theme's ApiItem created it for the whole page) and the schema expansion
 * context. Never part of a page's first load.
 */
import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {initialState, type ApiOperation, type AuthState, type ExplorerState} from '../ApiRequest/samples';

declare const require: (id: string) => unknown;

// The theme requires these; required the same way, they are the same modules (and contexts).
const {Provider} = require('react-redux') as {Provider: (props: {store: unknown; children?: ReactNode}) => ReactNode};
const {createStoreWithState} = require('@theme/ApiItem/store') as {createStoreWithState: (state: unknown, middlewares: unknown[]) => PageStore};
const {createAuth} = require('@theme/ApiExplorer/Authorization/slice') as {createAuth: (input: {security: unknown; securitySchemes: unknown; options: unknown}) => AuthState};
const {createPersistenceMiddleware} = require('@theme/ApiExplorer/persistenceMiddleware') as {createPersistenceMiddleware: (options: unknown) => unknown};
const {SchemaExpansionProvider} = require('@theme/SchemaExpansion') as {SchemaExpansionProvider: (props: {children?: ReactNode}) => ReactNode};

export interface PageStore {
  getState(): ExplorerState;
  dispatch(action: unknown): unknown;
  subscribe(listener: () => void): () => void;
}

const stores = new WeakMap<ApiOperation, PageStore>();

/** The page's store, created the first time anything on the page needs it. */
export function pageStore(item: ApiOperation, options: unknown): PageStore {
  let store = stores.get(item);
  if (!store) {
    const auth = createAuth({security: item.security, securitySchemes: item.securitySchemes, options});
    store = createStoreWithState(initialState(item, auth, ''), [createPersistenceMiddleware(options)]);
    stores.set(item, store);
  }
  return store;
}

export function usePageStore(item: ApiOperation): PageStore {
  const {siteConfig} = useDocusaurusContext();
  return pageStore(item, (siteConfig.themeConfig as {api?: unknown}).api);
}

export function PageProviders({item, children}: {item: ApiOperation; children?: ReactNode}): ReactNode {
  const store = usePageStore(item);
  return (
    <Provider store={store}>
      <SchemaExpansionProvider>{children}</SchemaExpansionProvider>
    </Provider>
  );
}

export {Provider};
