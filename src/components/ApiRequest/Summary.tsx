/**
 * The request of an operation page, as the request column shows it before anything is sent:
 * the method and URL, the authentication it takes, its parameters and its code sample in every
 * language. The server renders it from the page's RequestColumn.json; the browser keeps that
 * markup as it arrived (an island, src/components/ApiIsland) and renders this component only
 * when the reader acts on it (a language tab, the copy button, the authentication panel), or,
 * inside the explorer, with the samples regenerated from its form (`liveCode`). Given the same
 * state it draws the same markup, so the switches do not move anything.
 */
import {Suspense, useContext, useState, type KeyboardEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
// The site's CodeBlock (src/theme/CodeBlock, which @theme/CodeBlock resolves to), with its `highlighted`.
import CodeBlock from '../../theme/CodeBlock';
import {ColumnStateContext, LANGUAGE_STORAGE_KEY} from './columnState';
import {EndpointPath, MethodBadge} from './Endpoint';
import type {ColumnSample, RequestColumnData} from './types';

/** Where the API reference explains tokens (the introduction's Authentication section). */
export const AUTH_HELP = '/reference/api/unleash#authentication';

export interface SummaryProps {
  data: RequestColumnData;
  /** In the explorer: the code of a language for the form as it stands. */
  liveCode?: (sample: ColumnSample) => string;
  /** In the explorer: the authentication option chosen in its form. */
  authSelected?: string;
}

function SampleBlock({sample, code}: {sample: ColumnSample; code: string}): ReactNode {
  const highlighted = (
    <CodeBlock className={`language-${sample.highlight} openapi-explorer__code-block`} highlighted={sample.html} showLineNumbers={1}>
      {`${sample.code}\n`}
    </CodeBlock>
  );
  if (code === sample.code) return highlighted;
  // Changed by the explorer's form: highlighted in the browser (CodeBlock's runtime chunk).
  return (
    <Suspense fallback={highlighted}>
      <CodeBlock language={sample.highlight} className="openapi-explorer__code-block" showLineNumbers>
        {code}
      </CodeBlock>
    </Suspense>
  );
}

export default function Summary({data, liveCode, authSelected}: SummaryProps): ReactNode {
  const column = useContext(ColumnStateContext);
  const [ownLanguage, setOwnLanguage] = useState<string>();
  const [ownAuthOpen, setOwnAuthOpen] = useState(false);
  const language = column ? column.language : ownLanguage;
  const setLanguage = column ? column.setLanguage : setOwnLanguage;
  const authOpen = column ? column.authOpen : ownAuthOpen;
  const setAuthOpen = column ? column.setAuthOpen : setOwnAuthOpen;
  const selectedSample = data.samples.find((sample) => sample.language === language) ?? data.samples[0];
  const option = data.auth.find((candidate) => candidate.id === authSelected) ?? data.auth[0];
  const others = data.auth.filter((candidate) => candidate !== option);
  const tabId = (sample: ColumnSample) => `api-request-sample-tab-${sample.language}`;
  const panelId = 'api-request-sample-panel';

  const choose = (sample: ColumnSample, focus: boolean) => {
    setLanguage(sample.language);
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, sample.language);
    } catch {
      // Storage may be unavailable; the choice still applies to this page.
    }
    if (focus) document.getElementById(tabId(sample))?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const last = data.samples.length - 1;
    const next = {ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last}[event.key];
    if (next !== undefined) {
      event.preventDefault();
      choose(data.samples[next]!, true);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(data.samples[index]!, false);
    }
  };

  return (
    <>
      <div className="api-request__endpoint">
        <MethodBadge method={data.method} />
        <code className="api-request__url">
          <EndpointPath server={data.server} path={data.path} />
        </code>
      </div>
      {option && (
        <details className="openapi-security__details api-request__auth" open={authOpen} onToggle={(event) => setAuthOpen(event.currentTarget.open)}>
          <summary className="openapi-security__summary-container">
            <span className="api-request__auth-heading">{`Authorization: ${option.label}`}</span>
          </summary>
          <div className="api-request__auth-body">
            {option.schemes.map((scheme) => scheme.description && <div key={scheme.key} dangerouslySetInnerHTML={{__html: scheme.description}} />)}
            {others.length > 0 && <p>Also accepted: {others.map((other) => other.label).join(', ')}.</p>}
            <p>
              <Link to={AUTH_HELP}>Which token to use and how to create one</Link>
            </p>
          </div>
        </details>
      )}
      {data.parameters.length > 0 && (
        <div className="api-request__params">
          <span className="api-request__label">Parameters</span>
          <ul>
            {data.parameters.map((param) => (
              <li key={`${param.in}:${param.name}`}>
                <code>{param.name}</code>{' '}
                <span className="api-request__param-meta">
                  {param.in}, {param.type}
                  {param.required && (
                    <>
                      , <span className="openapi-schema__required">required</span>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="tabs-container openapi-tabs__code-container api-request__samples">
        <ul role="tablist" aria-label="Code sample language" aria-orientation="horizontal" className="tabs openapi-tabs__code-list-container">
          {data.samples.map((sample, index) => {
            const selected = sample === selectedSample;
            return (
              <li
                key={sample.language}
                id={tabId(sample)}
                role="tab"
                tabIndex={selected ? 0 : -1}
                aria-selected={selected}
                aria-controls={panelId}
                className={`tabs__item openapi-tabs__code-item openapi-tabs__code-item--${sample.logo}${selected ? ' active' : ''}`}
                onClick={() => choose(sample, false)}
                onKeyDown={(event) => onKeyDown(event, index)}>
                <span>{sample.language}</span>
              </li>
            );
          })}
        </ul>
        {selectedSample && (
          <div id={panelId} role="tabpanel" aria-labelledby={tabId(selectedSample)} className="api-request__sample">
            <SampleBlock key={selectedSample.language} sample={selectedSample} code={liveCode ? liveCode(selectedSample) : selectedSample.code} />
          </div>
        )}
      </div>
    </>
  );
}
