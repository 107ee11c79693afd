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

declare module '@theme-original/ApiExplorer/SecuritySchemes' {
  import type {ComponentType} from 'react';
  const SecuritySchemes: ComponentType<Record<string, unknown>>;
  export default SecuritySchemes;
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
