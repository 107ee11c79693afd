/**
 * The breadcrumbs row of every docs page (hand-written and API pages both render it), with the
 * "Copy page" control at its end.
 */
import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import CopyPageMarkdown from '../../components/CopyPageMarkdown';
import styles from './styles.module.css';

export default function DocBreadcrumbsWrapper(): ReactNode {
  return (
    <div className={styles.row}>
      <DocBreadcrumbs />
      <CopyPageMarkdown />
    </div>
  );
}
