/**
 * What an operation page's request column shows, prepared when the pages are generated
 * (scripts/openapi/requestColumn.ts): `<page>.RequestColumn.json`.
 */

export interface ColumnParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** `string`, `integer`, `string[]`… */
  type: string;
  /** What the explorer's form starts with (default or example), as text. */
  value?: string;
  /** The values a select offers. */
  enum?: string[];
}

export interface ColumnAuthScheme {
  /** The scheme's id in the description (`apiKey`). */
  key: string;
  /** In words (`API token`). */
  label: string;
  /** The secrets it needs, as the explorer's store names them (`apiKey`, `token`, `username`…). */
  fields: string[];
  /** The scheme's description, as HTML. */
  description?: string;
}

export interface ColumnAuthOption {
  /** The option's id in the explorer's store (scheme ids joined with " and "). */
  id: string;
  label: string;
  schemes: ColumnAuthScheme[];
}

export interface ColumnSample {
  /** postman-code-generators' language (`curl`), also the tab's label. */
  language: string;
  /** The tab's logo class suffix. */
  logo: string;
  /** The Prism grammar. */
  highlight: string;
  variant: string;
  code: string;
  /** The code's lines highlighted, with line numbers (plugins/code-highlight). */
  html: string;
}

export interface RequestColumnData {
  method: string;
  /** With `{name}` placeholders. */
  path: string;
  /** The server URL the samples use (API_SERVER_URL). */
  server: string;
  parameters: ColumnParameter[];
  /** The authentication options, the first chosen at first. */
  auth: ColumnAuthOption[];
  /** The example body the explorer's editor starts with ('' without a body). */
  body: string;
  bodyLanguage: string;
  samples: ColumnSample[];
}

/**
 * A JSON file an operation page imports that the browser loads only when it is needed
 * (plugins/api-pages/lazyProps.cjs): on the server the import is the data itself.
 */
export interface LazyData<T> {
  __load: () => Promise<{default: T}>;
}

export function isLazy<T>(value: T | LazyData<T>): value is LazyData<T> {
  return typeof value === 'object' && value !== null && typeof (value as LazyData<T>).__load === 'function';
}
