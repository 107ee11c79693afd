/**
 * Tabs in doc content are an island (src/components/StaticContent/island.tsx): hydrated on their
 * own while the text around them stays as the server sent it. Elsewhere, the theme's Tabs.
 */
import Tabs from '@theme-original/Tabs';
import {contentIsland} from '../../components/StaticContent/island';

export default contentIsland('Tabs', Tabs);
