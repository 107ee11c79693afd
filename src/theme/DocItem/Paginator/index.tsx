/**
 * The previous and next links under a doc stay as the server sent them: see
 * src/components/StaticContent/StaticHtml.
 */
import type {ReactNode} from 'react';
import Paginator from '@theme-original/DocItem/Paginator';
import StaticHtml from '../../../components/StaticContent/StaticHtml';

export default function DocItemPaginatorWrapper(): ReactNode {
  return (
    <StaticHtml>
      <Paginator />
    </StaticHtml>
  );
}
