/**
 * The doc's footer (edit link, last update, tags) stays as the server sent it: see
 * src/components/StaticContent/StaticHtml.
 */
import type {ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import StaticHtml from '../../../components/StaticContent/StaticHtml';

export default function DocItemFooterWrapper(): ReactNode {
  return (
    <StaticHtml>
      <Footer />
    </StaticHtml>
  );
}
