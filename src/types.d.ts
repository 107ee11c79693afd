// @docsearch/react 3.x ships its lazily loadable modal entry without typings.
declare module '@docsearch/react/modal' {
  export {DocSearchModal} from '@docsearch/react';
}

// docusaurus-theme-openapi-docs provides this theme component without typings we can use here.
declare module '@theme/ApiItem' {
  import type {ComponentType} from 'react';
  const ApiItem: ComponentType<object>;
  export default ApiItem;
}

declare module '@theme-original/ApiItem' {
  import type {ComponentType} from 'react';
  const ApiItem: ComponentType<object>;
  export default ApiItem;
}

// Theme components of docusaurus-theme-openapi-docs that src/theme wraps.
declare module '@theme-original/ParamsItem' {
  import type {ComponentType} from 'react';
  const ParamsItem: ComponentType<Record<string, unknown>>;
  export default ParamsItem;
}

declare module '@theme-original/Schema' {
  import type {ComponentType} from 'react';
  const Schema: ComponentType<Record<string, unknown>>;
  export default Schema;
}

declare module '@theme-original/ApiExplorer' {
  import type {ComponentType} from 'react';
  const ApiExplorer: ComponentType<Record<string, unknown>>;
  export default ApiExplorer;
}

declare module '@theme/SkeletonLoader' {
  import type {ComponentType} from 'react';
  const SkeletonLoader: ComponentType<{size?: 'sm' | 'md' | 'lg'}>;
  export default SkeletonLoader;
}

// The API theme's Markdown component (react-markdown), which src/theme/Markdown falls back to.
declare module '@theme-original/Markdown' {
  import type {ComponentType, ReactNode} from 'react';
  const Markdown: ComponentType<{children?: ReactNode}>;
  export default Markdown;
}

// Tab components of the API theme that src/theme makes lazy.
declare module '@theme-original/ApiTabs' {
  import type {ComponentType, ReactNode} from 'react';
  const ApiTabs: ComponentType<{lazy?: boolean; children?: ReactNode} & Record<string, unknown>>;
  export default ApiTabs;
}

declare module '@theme-original/SchemaTabs' {
  import type {ComponentType, ReactNode} from 'react';
  const SchemaTabs: ComponentType<{lazy?: boolean; children?: ReactNode} & Record<string, unknown>>;
  export default SchemaTabs;
}

declare module '@theme-original/MimeTabs' {
  import type {ComponentType, ReactNode} from 'react';
  const MimeTabs: ComponentType<{lazy?: boolean; children?: ReactNode} & Record<string, unknown>>;
  export default MimeTabs;
}

// The theme's operation components, which operation pages render as islands (src/components/ApiIsland).
declare module '@theme/ParamsDetails' {
  import type {ComponentType} from 'react';
  const ParamsDetails: ComponentType<Record<string, unknown>>;
  export default ParamsDetails;
}

declare module '@theme/RequestSchema' {
  import type {ComponentType} from 'react';
  const RequestSchema: ComponentType<Record<string, unknown>>;
  export default RequestSchema;
}

declare module '@theme/StatusCodes' {
  import type {ComponentType} from 'react';
  const StatusCodes: ComponentType<Record<string, unknown>>;
  export default StatusCodes;
}

declare module '@theme/ApiItem/Layout' {
  import type {ComponentType, ReactNode} from 'react';
  const Layout: ComponentType<{children?: ReactNode}>;
  export default Layout;
}

declare module '@theme-original/StatusCodes' {
  import type {ComponentType} from 'react';
  const StatusCodes: ComponentType<Record<string, unknown>>;
  export default StatusCodes;
}

declare module 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
