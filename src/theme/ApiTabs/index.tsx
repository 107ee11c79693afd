/**
 * The API theme's ApiTabs, rendering only the chosen panel (`lazy`): the other panels render
 * when their tab is chosen instead of all of them on load (see plugins/api-pages).
 */
import type {ComponentProps, ReactNode} from 'react';
import ApiTabs from '@theme-original/ApiTabs';

export default function ApiTabsLazy(props: ComponentProps<typeof ApiTabs>): ReactNode {
  return <ApiTabs lazy {...props} />;
}
