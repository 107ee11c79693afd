/**
 * One parameter of an API operation. The API theme lists parameters in a <ul> but renders each
 * as a bare <div>, which screen readers cannot count as list items; each goes in an <li> here.
 */
import type {ReactNode} from 'react';
import ParamsItem from '@theme-original/ParamsItem';

export default function ParamsItemWrapper(props: Record<string, unknown>): ReactNode {
  return (
    <li className="openapi-list-item">
      <ParamsItem {...props} />
    </li>
  );
}
