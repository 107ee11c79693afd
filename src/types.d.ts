// @docsearch/react 3.x ships its lazily loadable modal entry without typings.
declare module '@docsearch/react/modal' {
  export {DocSearchModal} from '@docsearch/react';
}
