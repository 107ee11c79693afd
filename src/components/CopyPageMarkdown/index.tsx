/**
 * "Copy page" control on every docs page: copies the page's Markdown twin (written at build
 * time by plugins/llms) to the clipboard, for pasting into an AI assistant or an issue, and
 * links to the twin itself.
 */
import {useCallback, useEffect, useState, type ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {twinPath} from '../../../plugins/llms/twinPath';
import styles from './styles.module.css';

type Status = 'idle' | 'copying' | 'copied' | 'failed';

const LABELS: Record<Status, string> = {
  idle: 'Copy page',
  copying: 'Copying…',
  copied: 'Copied',
  failed: 'Copy failed',
};

/** Site URL of the current doc's twin, honouring the base URL. */
export function useTwinUrl(): string {
  const {permalink} = useDoc().metadata;
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const route = `/${permalink.slice(baseUrl.length)}`;
  return `${baseUrl}${twinPath(route).slice(1)}`;
}

async function fetchTwin(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

async function copyTwin(url: string): Promise<void> {
  // Safari only allows clipboard writes started within the click, so hand it a pending blob.
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = fetchTwin(url).then((text) => new Blob([text], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
    return;
  }
  await navigator.clipboard.writeText(await fetchTwin(url));
}

export default function CopyPageMarkdown(): ReactNode {
  const url = useTwinUrl();
  const [status, setStatus] = useState<Status>('idle');
  useEffect(() => {
    if (status !== 'copied' && status !== 'failed') return undefined;
    const timer = window.setTimeout(() => setStatus('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [status]);
  const copy = useCallback(() => {
    setStatus('copying');
    copyTwin(url).then(
      () => setStatus('copied'),
      () => setStatus('failed'),
    );
  }, [url]);
  return (
    <div className={styles.control}>
      <button type="button" className={styles.button} onClick={copy} disabled={status === 'copying'} aria-describedby="copy-page-hint">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z" />
        </svg>
        <span>{LABELS[status]}</span>
      </button>
      <span id="copy-page-hint" className={styles.hint}>
        Copies this page as Markdown
      </span>
      <a className={styles.link} href={url} type="text/markdown">
        View as Markdown
      </a>
      <span className={styles.status} role="status">
        {status === 'copied' ? 'Page copied as Markdown' : status === 'failed' ? 'Could not copy the page; open "View as Markdown" instead' : ''}
      </span>
    </div>
  );
}
