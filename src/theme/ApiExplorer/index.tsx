/**
 * The request column of an API operation page (rendered by src/theme/ApiItem).
 *
 * On the first load it runs almost no script: the request (method, URL, authentication,
 * parameters, the code sample of every language, highlighted) is rendered by the server from
 * the page's RequestColumn.json (scripts/openapi/requestColumn.ts) and kept by the browser as it
 * arrived (an island, src/components/ApiIsland) until the reader acts on it. Below it, a
 * button: the interactive explorer loads only when the reader asks for it. Then a form with
 * the explorer's fields replaces the button at once, and the explorer (./Explorer: the theme's
 * request form, body editor, Send button and response panel, with samples that follow the form)
 * replaces that form when it has loaded, with what the reader typed and the focus where it was.
 * The part above stays where it is throughout: the explorer redraws it with the same markup.
 *
 * The theme's own ApiItem (kept for operation pages generated without a request column) passes
 * `item`; those get the theme's explorer, loaded when the page renders, as before (./Legacy).
 */
import {lazy, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {flushSync} from 'react-dom';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import ApiIsland, {useHydrating} from '@site/src/components/ApiIsland';
import {ColumnStateContext, LANGUAGE_STORAGE_KEY, type ColumnState} from '@site/src/components/ApiRequest/columnState';
import {initialValues, LightForm, TryButton, type FormValues} from '@site/src/components/ApiRequest/TryIt';
import {isLazy, type LazyData, type RequestColumnData} from '@site/src/components/ApiRequest/types';
import type {ApiOperation} from '@site/src/components/ApiRequest/samples';
import type {ExplorerModule} from './Explorer';

const LegacyExplorer = lazy(() => import(/* webpackChunkName: "api-explorer-legacy" */ './Legacy'));

// The summary's code is needed on the server, and in the browser only once it is acted on.
const loadSummaryModule = () => import(/* webpackChunkName: "api-request" */ '@site/src/components/ApiRequest/Summary');
const ServerSummary = lazy(loadSummaryModule);

const loadExplorer = () => import(/* webpackChunkName: "api-explorer" */ './Explorer') as Promise<ExplorerModule>;

export interface RequestColumnProps {
  /** The page's `apiRequest` export: the data on the server, a loader in the browser. */
  request: RequestColumnData | LazyData<RequestColumnData>;
  /** Loads the page's operation, as the explorer needs it (the page's `apiItem` export, loaded once). */
  loadItem: () => Promise<{default: ApiOperation}>;
}

type Phase = {name: 'idle'} | {name: 'form'; data?: RequestColumnData} | {name: 'explorer'; data: RequestColumnData; item: ApiOperation; module: ExplorerModule};

/** Where the focus was in the form when the explorer replaced it. */
interface FocusInForm {
  field: string;
  selection?: [number, number];
}

function storedLanguage(): string | undefined {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The explorer's element for a field of the form. */
function explorerField(column: HTMLElement, field: string): HTMLElement | null {
  const form = column.querySelector<HTMLElement>('.openapi-explorer__request-form');
  if (!form) return null;
  if (field === 'send') return form.querySelector('button[type="submit"]');
  if (field.startsWith('auth')) return form.querySelector('input[type="password"], input');
  if (field.startsWith('param:')) {
    const name = field.slice(field.indexOf('.') + 1);
    const label = [...form.querySelectorAll('label.openapi-explorer__form-item-label')].find((candidate) => candidate.textContent === name) as HTMLLabelElement | undefined;
    if (label?.htmlFor) return document.getElementById(label.htmlFor);
  }
  return form.querySelector('input, select, textarea, button');
}

function RequestColumn({request, loadItem}: RequestColumnProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const hydrating = useHydrating();
  const [arrived] = useState(hydrating);
  // A column the browser renders itself shows the language the reader chose on earlier pages.
  const [language, setLanguage] = useState<string | undefined>(() => (arrived ? undefined : storedLanguage()));
  const [authOpen, setAuthOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({name: 'idle'});
  const [values, setValues] = useState<FormValues | null>(null);
  // What the reader typed, read when the explorer arrives. Kept as each keystroke changes it,
  // not when React next renders, so the explorer gets a keystroke it has not rendered yet.
  const typed = useRef<FormValues | null>(null);
  const change = (next: FormValues) => {
    typed.current = next;
    setValues(next);
  };
  const column = useRef<HTMLDivElement>(null);
  const focusInForm = useRef<FocusInForm | null>(null);
  const state = useMemo<ColumnState>(() => ({language, setLanguage, authOpen, setAuthOpen}), [language, authOpen]);

  const loadKey: object = isLazy(request) ? request.__load : request;
  // The column's data, kept once loaded (on the server it is there from the start).
  const loaded = useRef<RequestColumnData | null>(isLazy(request) ? null : request);
  const loadData = useMemo(
    () => () =>
      loaded.current
        ? Promise.resolve(loaded.current)
        : (request as LazyData<RequestColumnData>).__load().then((module) => (loaded.current = module.default)),
    [request],
  );
  const loadSummary = useMemo(
    () => () =>
      Promise.all([loadData(), loadSummaryModule()]).then(([data, {default: Summary}]) => {
        const render = () => <Summary data={data} />;
        return render;
      }),
    [loadData],
  );

  const open = () => {
    if (phase.name !== 'idle') return;
    const ready = loaded.current;
    if (ready) setValues((current) => (typed.current = current ?? initialValues(ready)));
    setPhase({name: 'form', data: ready ?? undefined});
    void Promise.all([loadData(), loadItem(), loadExplorer()]).then(([data, {default: item}, module]) => {
      // Where the reader is in the form, to be where they are in the explorer.
      const active = document.activeElement as HTMLInputElement | null;
      const field = active?.closest('.api-request__light-form') ? active.dataset.field : undefined;
      focusInForm.current = field ? {field, selection: typeof active?.selectionStart === 'number' ? [active.selectionStart, active.selectionEnd ?? active.selectionStart] : undefined} : null;
      module.prepare(item, data, typed.current ?? initialValues(data), (siteConfig.themeConfig as {api?: unknown}).api);
      // The explorer replaces the form, and takes the focus, in this task: a keystroke is
      // handled between tasks, so none can reach the form after the explorer was given its
      // values and before the explorer's field has the focus (a slow phone renders the explorer
      // for a second or more; every keystroke meanwhile waits and then goes to the explorer).
      flushSync(() => setPhase({name: 'explorer', data, item, module}));
    });
    void loadData().then((data) => {
      setValues((current) => (typed.current = current ?? initialValues(data)));
      setPhase((current) => (current.name === 'form' ? {name: 'form', data} : current));
    });
  };

  // The form takes the focus from the button it replaces; the explorer takes it from the form.
  useLayoutEffect(() => {
    const element = column.current;
    if (!element) return;
    if (phase.name === 'form' && phase.data) {
      const form = element.querySelector<HTMLElement>('.api-request__light-form');
      // The first thing to type: the token (or the first parameter).
      if (form && !form.contains(document.activeElement)) (form.querySelector<HTMLElement>('input') ?? form.querySelector<HTMLElement>('select'))?.focus();
    } else if (phase.name === 'explorer' && focusInForm.current) {
      const {field, selection} = focusInForm.current;
      focusInForm.current = null;
      const target = explorerField(element, field);
      target?.focus();
      if (selection && target instanceof HTMLInputElement && target.type !== 'password') target.setSelectionRange(...selection);
      else if (selection && target instanceof HTMLInputElement) target.setSelectionRange(target.value.length, target.value.length);
    }
  }, [phase]);

  let content: ReactNode;
  if (phase.name === 'explorer') {
    const {Column} = phase.module;
    content = <Column item={phase.item} data={phase.data} />;
  } else {
    content = (
      <>
        <ApiIsland
          name="request"
          className="api-island api-request__summary"
          content={() => <ServerSummary data={request as RequestColumnData} />}
          loadKey={loadKey}
          load={loadSummary}
        />
        <div className="api-request__try">
          {phase.name === 'idle' && <TryButton onOpen={open} onIntent={() => void loadData()} />}
          {phase.name === 'form' && phase.data && values && <LightForm data={phase.data} values={values} onChange={change} />}
          {phase.name === 'form' && !phase.data && (
            <p role="status" className="api-request__loading" tabIndex={-1}>
              Loading the request explorer…
            </p>
          )}
        </div>
      </>
    );
  }
  return (
    <ColumnStateContext.Provider value={state}>
      <div ref={column} className="api-request">
        {content}
      </div>
    </ColumnStateContext.Provider>
  );
}

export default function ApiExplorer(props: RequestColumnProps | Record<string, unknown>): ReactNode {
  if ('request' in props) return <RequestColumn {...(props as RequestColumnProps)} />;
  const Legacy = LegacyExplorer as ComponentType<Record<string, unknown>>;
  return <Legacy {...props} />;
}
