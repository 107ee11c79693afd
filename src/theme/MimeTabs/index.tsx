/**
 * The API theme's MimeTabs, rendering only the chosen panel (`lazy`): the other panels render
 * when their tab is chosen instead of all of them on load (see plugins/api-pages).
 */
import type {ComponentProps, ReactNode} from 'react';
import MimeTabs from '@theme-original/MimeTabs';

export default function MimeTabsLazy(props: ComponentProps<typeof MimeTabs>): ReactNode {
  return <MimeTabs lazy {...props} />;
}
