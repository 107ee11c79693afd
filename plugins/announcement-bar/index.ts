/**
 * Docusaurus hides a dismissed announcement bar before hydration by reading only the
 * dismissal flag, so a bar whose id changed stayed hidden until the next page load. This
 * script, run right after the page body, shows the bar again when the stored id differs
 * from the configured one (the theme then resets the stored dismissal on hydration).
 */
import type {Plugin} from '@docusaurus/types';

export const DISMISS_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';
export const ID_STORAGE_KEY = 'docusaurus.announcement.id';

export function announcementBarScript(id: string): string {
  return `(function(){try{if(localStorage.getItem(${JSON.stringify(ID_STORAGE_KEY)})!==${JSON.stringify(id)}){document.documentElement.setAttribute(${JSON.stringify(DISMISS_ATTRIBUTE)},'false')}}catch(e){}})();`;
}

export default function announcementBarPlugin(id: string): () => Plugin {
  return () => ({
    name: 'announcement-bar-id',
    injectHtmlTags: () => ({postBodyTags: [{tagName: 'script', innerHTML: announcementBarScript(id)}]}),
  });
}
