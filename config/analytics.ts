/**
 * Third-party scripts. Each one is added only when its environment variables are set, so
 * the default build references no host but the site's own.
 */
import type {HtmlTagObject, PluginConfig} from '@docusaurus/types';
import type {SiteEnv} from './env';

export interface ThirdPartyScripts {
  plugins: PluginConfig[];
  headTags: HtmlTagObject[];
  scripts: Array<Record<string, string | boolean>>;
}

export function thirdPartyScripts(env: SiteEnv): ThirdPartyScripts {
  const plugins: PluginConfig[] = [];
  const headTags: HtmlTagObject[] = [];
  const scripts: Array<Record<string, string | boolean>> = [];

  if (env.googleAnalyticsId) {
    // gtag sends a page_view on the first load and on every client-side route change.
    plugins.push(['@docusaurus/plugin-google-gtag', {trackingID: env.googleAnalyticsId, anonymizeIP: true}]);
  }
  if (env.googleTagManagerId) {
    plugins.push(['@docusaurus/plugin-google-tag-manager', {containerId: env.googleTagManagerId}]);
  }
  if (env.visitorTracking) {
    const {scriptUrl, clientId} = env.visitorTracking;
    // A command queue the tracker drains when it loads, so initialisation never waits on it.
    headTags.push({
      tagName: 'script',
      attributes: {},
      innerHTML: `window.visitorTracking=window.visitorTracking||[];window.visitorTracking.push(['init',${JSON.stringify(clientId)}]);`,
    });
    headTags.push({tagName: 'script', attributes: {src: scriptUrl, async: true}});
  }
  if (env.assistantWidget) {
    const widget = env.assistantWidget;
    scripts.push({
      src: widget.scriptUrl,
      defer: true,
      'data-website-id': widget.websiteId,
      'data-project-name': widget.projectName,
      'data-project-color': widget.projectColor,
      ...(widget.projectLogo ? {'data-project-logo': widget.projectLogo} : {}),
    });
  }
  return {plugins, headTags, scripts};
}
