/**
 * The method and URL at the top of an operation page. The theme's version reads the server
 * from the explorer's store, which the page no longer creates until the reader opens the
 * explorer (src/theme/ApiItem): so the URL changed when the explorer arrived, and the store
 * (redux) was part of every operation page's first load. The server comes from the page
 * instead (scripts/openapi/requestColumn.ts), and the path can break after each slash, so a
 * long path wraps inside its box.
 */
import type {ReactNode} from 'react';
import {EndpointPath, MethodBadge} from '@site/src/components/ApiRequest/Endpoint';

interface Props {
  method: string;
  path: string;
  context?: string;
  /** The server URL the samples use (API_SERVER_URL). */
  server?: string;
}

export default function MethodEndpoint({method, path, context, server = ''}: Props): ReactNode {
  return (
    <>
      <pre className="openapi__method-endpoint">
        <MethodBadge method={method} />{' '}
        {method !== 'event' && (
          <h2 className="openapi__method-endpoint-path">
            <EndpointPath server={context === 'callback' ? '' : server} path={path} />
          </h2>
        )}
      </pre>
      <div className="openapi__divider" />
    </>
  );
}
