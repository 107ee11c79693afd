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
