/**
 * A request or response schema of an API operation. The API theme places every schema directly
 * in a <ul> (request body, responses) without an <li>; the item is added here so the list is
 * valid for assistive technology. The schema's own recursion does not go through this module.
 */
import type {ReactNode} from 'react';
import Schema from '@theme-original/Schema';

export default function SchemaWrapper(props: Record<string, unknown>): ReactNode {
  return (
    <li className="openapi-list-item">
      <Schema {...props} />
    </li>
  );
}
