/**
 * What the request column remembers while its parts are replaced (src/theme/ApiExplorer): the
 * language shown and the authentication panel's state, so the summary looks the same whether
 * the server, the browser or the explorer drew it.
 */
import {createContext} from 'react';

/** The API theme's key for the code-sample language a reader chose, shared by its pages. */
export const LANGUAGE_STORAGE_KEY = 'docusaurus.tab.code-samples';

export interface ColumnState {
  language?: string;
  setLanguage: (language: string) => void;
  authOpen: boolean;
  setAuthOpen: (open: boolean) => void;
}

export const ColumnStateContext = createContext<ColumnState | null>(null);
