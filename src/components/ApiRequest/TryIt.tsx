/**
 * The part of the request column that sends a request. At first a button: the explorer (the
 * API theme's form, body editor, Send button and response panel, and the code generators that
 * write the samples as the form changes) is about 1.6 MB of script, loaded only when the reader
 * asks for it. As soon as they do, this form takes the button's place, with the fields of the
 * explorer's form (the token, the parameters) filled as the explorer fills them, so they can
 * start typing at once; when the explorer has loaded it takes the form's place with what they
 * typed (src/theme/ApiExplorer).
 */
import {useId, type ReactNode} from 'react';
import {EndpointPath} from './Endpoint';
import type {ColumnParameter, RequestColumnData} from './types';

/** What the reader typed before the explorer arrived. Keys: `<in>.<name>` and `<scheme>.<field>`. */
export interface FormValues {
  authOption?: string;
  auth: Record<string, string>;
  params: Record<string, string>;
}

export const paramKey = (param: Pick<ColumnParameter, 'in' | 'name'>) => `${param.in}.${param.name}`;

/** The form's fields as the explorer starts them: parameters at their default or example, a token kept from earlier in the session. */
export function initialValues(data: RequestColumnData): FormValues {
  const auth: Record<string, string> = {};
  for (const scheme of data.auth.flatMap((option) => option.schemes)) {
    let stored: Record<string, string> = {};
    try {
      // The theme keeps entered credentials per scheme in the session (Authorization/slice).
      stored = JSON.parse(sessionStorage.getItem(scheme.key) ?? '{}') as Record<string, string>;
    } catch {
      // Nothing kept.
    }
    for (const field of scheme.fields) if (typeof stored[field] === 'string') auth[`${scheme.key}.${field}`] = stored[field];
  }
  return {authOption: data.auth[0]?.id, auth, params: Object.fromEntries(data.parameters.filter((param) => param.value !== undefined).map((param) => [paramKey(param), param.value!]))};
}

const FIELD_LABELS: Record<string, string> = {apiKey: 'API token', token: 'Token', username: 'Username', password: 'Password'};

export function TryButton({onOpen, onIntent}: {onOpen: () => void; onIntent: () => void}): ReactNode {
  const hint = useId();
  return (
    <>
      <p id={hint} className="api-request__try-text">
        Send this request to your Unleash instance from this page, with your API token, and see the response.
      </p>
      <button type="button" className="button button--primary api-request__try-button" aria-describedby={hint} onClick={onOpen} onPointerEnter={onIntent} onFocus={onIntent}>
        Try this request
      </button>
    </>
  );
}

interface LightFormProps {
  data: RequestColumnData;
  values: FormValues;
  onChange: (values: FormValues) => void;
}

export function LightForm({data, values, onChange}: LightFormProps): ReactNode {
  const id = useId();
  const option = data.auth.find((candidate) => candidate.id === values.authOption) ?? data.auth[0];
  const params = data.parameters.filter((param) => !param.type.endsWith('[]'));
  return (
    <form className="openapi-explorer__request-form api-request__light-form" aria-busy="true" onSubmit={(event) => event.preventDefault()}>
      <div className="openapi-explorer__request-header-container">
        <span className="openapi-explorer__request-title">Request</span>
      </div>
      <div className="openapi-explorer__details-outer-container">
        <p role="status" className="api-request__loading">
          Loading the request explorer…
        </p>
        <details open className="openapi-explorer__details-container">
          <summary className="openapi-explorer__details-summary">Base URL</summary>
          <div className="openapi-explorer__form-item">
            <code className="api-request__url">
              <EndpointPath server={data.server} path="" />
            </code>
          </div>
        </details>
        {option && (
          <details open className="openapi-explorer__details-container">
            <summary className="openapi-explorer__details-summary">Auth</summary>
            {data.auth.length > 1 && (
              <div className="openapi-explorer__form-item">
                <label className="openapi-explorer__form-item-label" htmlFor={`${id}-option`}>
                  Security Scheme
                </label>
                <select id={`${id}-option`} className="openapi-explorer__select-input" data-field="auth-option" value={option.id} onChange={(event) => onChange({...values, authOption: event.target.value})}>
                  {data.auth.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {option.schemes.flatMap((scheme) =>
              scheme.fields.map((field) => {
                const key = `${scheme.key}.${field}`;
                return (
                  <div key={key} className="openapi-explorer__form-item">
                    <label className="openapi-explorer__form-item-label" htmlFor={`${id}-${key}`}>
                      {FIELD_LABELS[field] ?? field}
                    </label>
                    <input
                      id={`${id}-${key}`}
                      className="openapi-explorer__form-item-input"
                      data-field={`auth:${key}`}
                      type={field === 'username' ? 'text' : 'password'}
                      autoComplete="off"
                      value={values.auth[key] ?? ''}
                      onChange={(event) => onChange({...values, auth: {...values.auth, [key]: event.target.value}})}
                    />
                  </div>
                );
              }),
            )}
          </details>
        )}
        {params.length > 0 && (
          <details open className="openapi-explorer__details-container">
            <summary className="openapi-explorer__details-summary">Parameters</summary>
            {params.map((param) => {
              const key = paramKey(param);
              const fieldId = `${id}-param-${key}`;
              const value = values.params[key] ?? '';
              const change = (next: string) => onChange({...values, params: {...values.params, [key]: next}});
              return (
                <div key={key} className="openapi-explorer__form-item">
                  <label className="openapi-explorer__form-item-label" htmlFor={fieldId}>
                    {param.name}
                  </label>
                  <span className="api-request__param-meta"> — {param.in}</span>
                  {param.required && <span className="openapi-schema__required">required</span>}
                  {param.enum ? (
                    <select id={fieldId} className="openapi-explorer__select-input" data-field={`param:${key}`} value={value || '---'} onChange={(event) => change(event.target.value === '---' ? '' : event.target.value)}>
                      {['---', ...param.enum].map((choice) => (
                        <option key={choice} value={choice}>
                          {choice}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={fieldId}
                      className="openapi-explorer__form-item-input"
                      data-field={`param:${key}`}
                      type="text"
                      autoComplete="off"
                      placeholder={param.name}
                      value={value}
                      onChange={(event) => change(event.target.value)}
                    />
                  )}
                </div>
              );
            })}
          </details>
        )}
        {data.body && (
          <details open className="openapi-explorer__details-container">
            <summary className="openapi-explorer__details-summary">Body</summary>
            <pre className="api-request__light-body">
              <code>{data.body}</code>
            </pre>
          </details>
        )}
        <button type="submit" className="openapi-explorer__request-btn" data-field="send" disabled>
          Send API Request
        </button>
      </div>
    </form>
  );
}
