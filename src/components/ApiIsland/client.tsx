/**
 * The browser's side of the operation components that are islands (see ./index.tsx and
 * plugins/api-pages): the page imports these instead of the theme's components, with the
 * component's props as a loader (plugins/api-pages/lazyProps.cjs). The component, its props,
 * the operation and the store load together when the reader acts on the island.
 */
import {useContext, type ComponentType, type ReactNode} from 'react';
import ApiIsland, {type RenderIsland} from './index';
import {ApiPageContext} from './context';
import type {LazyData} from '../ApiRequest/types';

type Loaded = {default: ComponentType<Record<string, unknown>>};

export function clientIsland(name: string, loadComponent: () => Promise<Loaded>) {
  return function ClientIsland(props: LazyData<Record<string, unknown>>): ReactNode {
    const page = useContext(ApiPageContext);
    const load = async (): Promise<RenderIsland> => {
      if (!page) throw new Error(`${name} is rendered outside an API operation page`);
      const [{default: Component}, {default: data}, {default: item}, {PageProviders}] = await Promise.all([
        loadComponent(),
        props.__load(),
        page.loadItem(),
        import(/* webpackChunkName: "api-live" */ './live'),
      ]);
      return () => (
        <PageProviders item={item}>
          <Component {...data} />
        </PageProviders>
      );
    };
    return <ApiIsland name={name} className="api-island" loadKey={props.__load} load={load} />;
  };
}
