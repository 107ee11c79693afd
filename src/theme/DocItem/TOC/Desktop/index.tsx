/**
 * The desktop table of contents (doc and API operation pages), not hydrated on a window the
 * theme treats as mobile, where the theme removes it right after hydration (see
 * src/components/DesktopOnly). Its root is a <div>, as DesktopOnly's stand-in is. The
 * collapsible table of contents that phones show (DocItem/TOC/Mobile) is unchanged.
 */
import type {ReactNode} from 'react';
import DocItemTOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import DesktopOnly from '../../../../components/DesktopOnly';

export default function DocItemTOCDesktopWrapper(): ReactNode {
  return (
    <DesktopOnly>
      <DocItemTOCDesktop />
    </DesktopOnly>
  );
}
