/**
 * An operation's method badge and URL, shared by the top of the page
 * (src/theme/ApiExplorer/MethodEndpoint) and the request column (./Summary, ./TryIt).
 */
import type {ReactNode} from 'react';

const METHOD_COLORS: Record<string, string> = {get: 'primary', post: 'success', delete: 'danger', put: 'info', patch: 'warning', head: 'secondary'};

/** `{name}` as `:name`, with a line-break opportunity after every slash so a long path wraps inside its box. */
export function EndpointPath({server, path}: {server: string; path: string}): ReactNode {
  const text = `${server}${path.replace(/{([a-z0-9-_]+)}/gi, ':$1')}`;
  const parts = text.split('/');
  return parts.map((part, index) => (
    <span key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </span>
  ));
}

export function MethodBadge({method}: {method: string}): ReactNode {
  return <span className={`badge badge--${METHOD_COLORS[method.toLowerCase()] ?? 'secondary'}`}>{method === 'event' ? 'Webhook' : method.toUpperCase()}</span>;
}
