/**
 * The server's side of the operation components that are islands in the browser (see
 * ./index.tsx and plugins/api-pages): the theme's component rendered as the theme's ApiItem
 * rendered it, inside the island's element. Operation pages import these on the server only.
 */
import type {ComponentType, ReactNode} from 'react';
import ApiIsland from './index';

declare const require: (id: string) => unknown;

const {Provider} = require('react-redux') as {Provider: (props: {store: unknown; children?: ReactNode}) => ReactNode};
const {createStoreWithoutState} = require('@theme/ApiItem/store') as {createStoreWithoutState: (state: unknown, middlewares: unknown[]) => unknown};
const {SchemaExpansionProvider} = require('@theme/SchemaExpansion') as {SchemaExpansionProvider: (props: {children?: ReactNode}) => ReactNode};

const never = () => new Promise<() => ReactNode>(() => {});

export function serverIsland(name: string, Component: ComponentType<Record<string, unknown>>) {
  return function ServerIsland(props: Record<string, unknown>): ReactNode {
    const content = () => (
      <Provider store={createStoreWithoutState({}, [])}>
        <SchemaExpansionProvider>
          <Component {...props} />
        </SchemaExpansionProvider>
      </Provider>
    );
    return <ApiIsland name={name} className="api-island" content={content} loadKey={props} load={never} />;
  };
}
