/**
 * The API theme's SchemaTabs, rendering only the chosen panel (`lazy`): the other panels render
 * when their tab is chosen instead of all of them on load (see plugins/api-pages). The API
 * introduction page uses it directly, so it brings the API theme's stylesheet, as
 * src/theme/StatusCodes does for operation pages.
 */
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
import type {ComponentProps, ReactNode} from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';
import {contentIsland} from '../../components/StaticContent/island';

function SchemaTabsLazy(props: ComponentProps<typeof SchemaTabs>): ReactNode {
  return <SchemaTabs lazy {...props} />;
}

// On the API introduction, whose content is static (src/components/StaticContent), an island.
export default contentIsland('SchemaTabs', SchemaTabsLazy);
