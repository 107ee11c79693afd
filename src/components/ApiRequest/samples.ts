/**
 * The state of the API explorer when it opens and the code samples it shows for it, as the API
 * theme computes them (ApiItem's store, the Server and Body components' first updates,
 * CodeSnippets' masked credentials and postman-code-generators). Shared by the build
 * (scripts/openapi/requestColumn.ts), which writes the samples into the page highlighted, and
 * the explorer (src/theme/ApiExplorer/Explorer.tsx), which regenerates them from its form:
 * the same state gives the same text, so the samples do not change when the explorer opens.
 * Imports nothing; what differs between Node and the browser is passed in.
 */

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ApiParameter {
  name: string;
  in: ParamLocation;
  required?: boolean;
  description?: string;
  schema?: {type?: string; default?: unknown; example?: unknown; enum?: unknown[]; items?: {type?: string}};
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
  value?: unknown;
}

export interface SecurityScheme {
  type: string;
  scheme?: string;
  name?: string;
  in?: string;
  description?: string;
  [key: string]: unknown;
}

/** An operation as the API theme's generator describes it (the page's `api` item). */
export interface ApiOperation {
  method: string;
  path: string;
  parameters?: ApiParameter[];
  requestBody?: {required?: boolean; content?: Record<string, {schema?: unknown; example?: unknown}>};
  responses?: Record<string, {content?: Record<string, unknown>}>;
  servers?: Array<{url: string; variables?: Record<string, {default: string}>}>;
  security?: Array<Record<string, string[]>>;
  securitySchemes?: Record<string, SecurityScheme>;
  postman?: unknown;
  jsonRequestBodyExample?: unknown;
}

export type AuthOption = SecurityScheme & {key: string; scopes: string[]};

export interface AuthState {
  data: Record<string, Record<string, string | undefined>>;
  options: Record<string, AuthOption[]>;
  selected?: string;
}

export type BodyState = {type: 'empty'} | {type: 'raw'; content: {type: 'string'; value: string}};

/** The explorer's store, as src/theme/ApiExplorer/Explorer creates it. */
export interface ExplorerState {
  accept: {value?: string; options: string[]};
  contentType: {value?: string; options: string[]};
  server: {value?: {url: string; variables?: Record<string, {default: string}>}; options: NonNullable<ApiOperation['servers']>};
  response: {value: undefined};
  body: BodyState;
  params: Record<ParamLocation, ApiParameter[]>;
  auth: AuthState;
  schemaSelection: {selections: Record<string, number>};
  encodingSelection: Record<string, string>;
}

/** A code-sample tab: config/api.ts API_LANGUAGE_TABS. */
export interface SampleLanguage {
  language: string;
  variant: string;
  highlight: string;
}

/** The generator options the theme gives every language (CodeSnippets/languages generateLanguageSet). */
export const GENERATOR_OPTIONS = {longFormat: false, followRedirect: true, trimRequestBody: true} as const;

/** 2xx response content types, the `Accept` values the explorer offers (ApiItem). */
export function acceptOptions(item: ApiOperation): string[] {
  return Object.entries(item.responses ?? {})
    .filter(([code]) => /(20[0-9]|2[1-9][0-9])/.test(code))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
}

/** Parameters by location, each with the value the explorer's form starts with (ApiItem). */
export function initialParams(item: ApiOperation): Record<ParamLocation, ApiParameter[]> {
  const params: Record<ParamLocation, ApiParameter[]> = {path: [], query: [], header: [], cookie: []};
  for (const param of item.parameters ?? []) {
    const firstNamedExample = param.examples && typeof param.examples === 'object' ? Object.values(param.examples)[0]?.value : undefined;
    const prefill = param.schema?.default ?? param.example ?? param.schema?.example ?? firstNamedExample;
    params[param.in]?.push(prefill !== undefined ? {...param, value: prefill} : param);
  }
  return params;
}

/** The secret each scheme needs (Authorization/auth-types getAuthDataKeys). */
export function authDataKeys(scheme: SecurityScheme): string[] {
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return ['token'];
  if (scheme.type === 'oauth2') return ['token'];
  if (scheme.type === 'http' && scheme.scheme === 'basic') return ['username', 'password'];
  if (scheme.type === 'apiKey') return ['apiKey'];
  return [];
}

/** The authentication options with nothing filled in (Authorization/slice createAuth, without its storage). */
export function emptyAuth(item: ApiOperation): AuthState {
  const data: AuthState['data'] = {};
  const options: AuthState['options'] = {};
  for (const option of item.security ?? []) {
    const id = Object.keys(option).join(' and ');
    for (const [schemeId, scopes] of Object.entries(option)) {
      const scheme = item.securitySchemes?.[schemeId];
      if (!scheme) continue;
      options[id] ??= [];
      for (const key of authDataKeys(scheme)) {
        data[schemeId] ??= {};
        data[schemeId][key] = undefined;
      }
      options[id].push({...scheme, key: schemeId, scopes});
    }
  }
  return {data, options, selected: Object.keys(options)[0]};
}

/** What a reader calls a scheme: the panel heading says "Authorization: API token". */
export function schemeLabel(scheme: SecurityScheme): string {
  if (scheme.type === 'apiKey') return scheme.in === 'header' && /^authorization$/i.test(scheme.name ?? '') ? 'API token' : `API key (${scheme.name ?? 'key'} ${scheme.in ?? 'header'})`;
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return 'Bearer token';
  if (scheme.type === 'http' && scheme.scheme === 'basic') return 'Username and password';
  if (scheme.type === 'oauth2') return 'OAuth 2.0 token';
  if (scheme.type === 'openIdConnect') return 'OpenID Connect';
  return scheme.type;
}

/** The label of an authentication option (one or more schemes used together). */
export function optionLabel(schemes: SecurityScheme[]): string {
  return schemes.map(schemeLabel).join(' and ');
}

/** The explorer's state when it opens: the server chosen and the example body set, as its first updates do. */
export function initialState(item: ApiOperation, auth: AuthState, defaultBody: string): ExplorerState {
  const servers = item.servers ?? [];
  return {
    accept: {value: acceptOptions(item)[0], options: acceptOptions(item)},
    contentType: {value: Object.keys(item.requestBody?.content ?? {})[0], options: Object.keys(item.requestBody?.content ?? {})},
    server: {value: servers[0], options: servers},
    response: {value: undefined},
    body: defaultBody ? {type: 'raw', content: {type: 'string', value: defaultBody}} : {type: 'empty'},
    params: initialParams(item),
    auth,
    schemaSelection: {selections: {}},
    encodingSelection: {},
  };
}

/**
 * The credentials in a sample: each secret replaced by what the reader puts there, named as
 * the authentication panel names the scheme (`<API token>`, as the Markdown twins write it).
 * The theme's CodeSnippets used the scheme's `name`, which for an API key is the header's own
 * name: `Authorization: <Authorization>`.
 */
export function maskedAuth(auth: AuthState): AuthState {
  const schemes = new Map(Object.values(auth.options).flat().map((option) => [option.key, option]));
  const data = Object.fromEntries(
    Object.entries(auth.data).map(([schemeId, values]) => {
      const scheme = schemes.get(schemeId);
      const placeholder = `<${scheme ? schemeLabel(scheme) : schemeId}>`;
      return [schemeId, Object.fromEntries(Object.keys(values).map((key) => [key, placeholder]))];
    }),
  );
  return {...auth, data};
}

export interface GeneratorDeps {
  /** postman-collection's Request class. */
  Request: new (json: unknown) => unknown;
  /** The theme's buildPostmanRequest (ApiExplorer/buildPostmanRequest). */
  buildPostmanRequest: (postman: unknown, state: Record<string, unknown>) => unknown;
  /** postman-code-generators' convert. */
  convert: (language: string, variant: string, request: unknown, options: object, callback: (error: unknown, snippet: string) => void) => void;
}

/** The request the samples show for this state, credentials masked. */
export function sampleRequest(deps: GeneratorDeps, item: ApiOperation, state: ExplorerState, encoding?: unknown): unknown {
  const postman = new deps.Request(item.postman ?? {});
  return deps.buildPostmanRequest(postman, {
    queryParams: state.params.query,
    pathParams: state.params.path,
    cookieParams: state.params.cookie,
    headerParams: state.params.header,
    contentType: state.contentType.value,
    accept: state.accept.value,
    body: state.body,
    server: state.server.value,
    auth: maskedAuth(state.auth),
    encoding,
  });
}

/** One language's sample of a request (postman-code-generators answers synchronously). */
export function sampleCode(deps: GeneratorDeps, request: unknown, language: SampleLanguage): string {
  let code = '';
  deps.convert(language.language, language.variant, request, GENERATOR_OPTIONS, (error, snippet) => {
    if (!error) code = snippet;
  });
  return code;
}
