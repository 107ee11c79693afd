/**
 * Whether a part of the mobile drawer may render yet: once the browser is first idle after the
 * page has started (then as a transition React can pause), or at once if the reader opens the
 * drawer before that. Once true it stays true. The closed drawer shows nothing, so its parts
 * need not render in the update that follows hydration (theme/Navbar/MobileSidebar,
 * theme/DocSidebar/Mobile).
 */
import {startTransition, useEffect, useState} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import {whenIdle} from '../StaticContent/whenIdle';

export function useDrawerReady(): boolean {
  const {shown} = useNavbarMobileSidebar();
  const [ready, setReady] = useState(false);
  // Opened first: ready in this render.
  if (!ready && shown) setReady(true);
  useEffect(() => (ready ? undefined : whenIdle(() => startTransition(() => setReady(true)))), [ready]);
  return ready;
}
