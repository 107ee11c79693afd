/**
 * What the islands of an operation page share (src/theme/ApiItem provides it): how to load the
 * operation as the explorer and the theme's components need it.
 */
import {createContext} from 'react';
import type {ApiOperation} from '../ApiRequest/samples';

export interface ApiPage {
  /** Loads the page's `apiItem` export, once (scripts/openapi/requestColumn.ts, plugins/api-pages/lazyProps.cjs). */
  loadItem: () => Promise<{default: ApiOperation}>;
}

export const ApiPageContext = createContext<ApiPage | null>(null);
