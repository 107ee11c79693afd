/**
 * The interactive explorer of an operation page, loaded when the reader asks for it (./index):
 * the API theme's request form (server, authentication, parameters, body editor, Send button)
 * and response panel, around the page's store (src/components/ApiIsland/live), with the
 * request column's samples regenerated from the form as it changes, as the theme's CodeSnippets
 * did (src/components/ApiRequest/samples). It brings postman-collection and the code
 * generators: most of this chunk.
 */
import {useMemo, type ReactNode} from 'react';
import './prism';
import Summary from '@site/src/components/ApiRequest/Summary';
import {paramKey, type FormValues} from '@site/src/components/ApiRequest/TryIt';
import {sampleCode, sampleRequest, type ApiOperation, type ExplorerState, type GeneratorDeps} from '@site/src/components/ApiRequest/samples';
import type {ColumnSample, RequestColumnData} from '@site/src/components/ApiRequest/types';
import {pageStore, Provider, usePageStore} from '@site/src/components/ApiIsland/live';

declare const require: (id: string) => unknown;

type Component = (props: Record<string, unknown>) => ReactNode;
// The theme's modules and the packages they require, required as they do (one copy of each).
const {useSelector} = require('react-redux') as {useSelector: <T>(select: (state: ExplorerState) => T) => T};
const Request = (require('@theme/ApiExplorer/Request') as {default: Component}).default;
const Response = (require('@theme/ApiExplorer/Response') as {default: Component}).default;
const {useResolvedEncoding} = require('@theme/ApiExplorer/EncodingSelection/useResolvedEncoding') as {useResolvedEncoding: (requestBody: unknown) => unknown};
const {setParam} = require('@theme/ApiExplorer/ParamOptions/slice') as {setParam: (param: unknown) => unknown};
const {setAuthData, setSelectedAuth} = require('@theme/ApiExplorer/Authorization/slice') as {setAuthData: (data: unknown) => unknown; setSelectedAuth: (id: string) => unknown};
const {setServer} = require('@theme/ApiExplorer/Server/slice') as {setServer: (json: string) => unknown};
const {setStringRawBody} = require('@theme/ApiExplorer/Body/slice') as {setStringRawBody: (text: string) => unknown};

const deps: GeneratorDeps = {
  Request: (require('postman-collection') as {Request: GeneratorDeps['Request']}).Request,
  buildPostmanRequest: (require('@theme/ApiExplorer/buildPostmanRequest') as {default: GeneratorDeps['buildPostmanRequest']}).default,
  convert: (require('postman-code-generators') as {convert: GeneratorDeps['convert']}).convert,
};

/** A parameter's value as the theme's form stores what is typed (ParamTextFormItem). */
function storedValue(location: string, text: string): string {
  if (location === 'path') return text.replace(/\s/g, '%20');
  if (location === 'query') return encodeURIComponent(text);
  return text;
}

/**
 * The store as the explorer finds it when it opens: its server and example body set (as the
 * theme's Server and Body components do on their first render, so the samples do not change
 * under the reader), and what the reader typed in the form that stood in for it.
 */
export function prepare(item: ApiOperation, data: RequestColumnData, typed: FormValues, options: unknown): void {
  const store = pageStore(item, options);
  const state = store.getState();
  if (!state.server.value && state.server.options[0]) store.dispatch(setServer(JSON.stringify(state.server.options[0])));
  if (state.body.type === 'empty' && data.body) store.dispatch(setStringRawBody(data.body));
  for (const [location, params] of Object.entries(state.params)) {
    for (const param of params) {
      const text = typed.params[paramKey(param)];
      if (text === undefined || text === String(param.value ?? '')) continue;
      store.dispatch(setParam({...param, value: text === '' ? undefined : storedValue(location, text)}));
    }
  }
  if (typed.authOption && typed.authOption !== state.auth.selected && state.auth.options[typed.authOption]) store.dispatch(setSelectedAuth(typed.authOption));
  for (const [key, value] of Object.entries(typed.auth)) {
    const [scheme, field] = key.split('.') as [string, string];
    if (state.auth.data[scheme] && value && state.auth.data[scheme][field] !== value) store.dispatch(setAuthData({scheme, key: field, value}));
  }
}

/** The column's request, with the samples of the form as it stands. */
function LiveSummary({item, data}: {item: ApiOperation; data: RequestColumnData}): ReactNode {
  const state = useSelector((current) => current);
  const encoding = useResolvedEncoding(item.requestBody);
  const request = useMemo(() => sampleRequest(deps, item, state, encoding), [item, state, encoding]);
  const codes = useMemo(() => new Map<string, string>(), [request]);
  const liveCode = (sample: ColumnSample) => {
    if (!codes.has(sample.language)) codes.set(sample.language, sampleCode(deps, request, sample));
    return codes.get(sample.language)!;
  };
  return (
    <div className="api-island api-request__summary" data-api-island="request">
      <Summary data={data} liveCode={liveCode} authSelected={state.auth.selected} />
    </div>
  );
}

export function Column({item, data}: {item: ApiOperation; data: RequestColumnData}): ReactNode {
  const store = usePageStore(item);
  return (
    <Provider store={store}>
      <LiveSummary item={item} data={data} />
      <div className="api-request__try api-request__explorer">
        <Request item={item} />
        <Response item={item} />
      </div>
    </Provider>
  );
}

export interface ExplorerModule {
  prepare: typeof prepare;
  Column: typeof Column;
}
