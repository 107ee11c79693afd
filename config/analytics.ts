/**
 * Third-party scripts. Each one is added only when its environment variables are set, so
 * the default build references no host but the site's own. Beside each script stand the
 * hosts it needs in the Content-Security-Policy (plugins/security-headers): a script added
 * here without its hosts stops the build, naming the page and the script.
 */
import type {HtmlTagObject, PluginConfig} from '@docusaurus/types';
import type {SiteEnv} from './env';
import {mergeSources, originSource, type PolicySources} from '../plugins/security-headers/policy';

export interface ThirdPartyScripts {
  plugins: PluginConfig[];
  headTags: HtmlTagObject[];
  scripts: Array<Record<string, string | boolean>>;
  /** Hosts the scripts load from and talk to, by Content-Security-Policy directive. */
  sources: PolicySources;
}

/**
 * Google Analytics 4 through gtag.js: the script and its follow-up scripts come from
 * googletagmanager.com, hits go to (regional) google-analytics.com and analytics.google.com,
 * as Google's guide to tags under a Content-Security-Policy lists them
 * (developers.google.com/tag-platform/security/guides/csp, "Google Analytics 4").
 */
export const GOOGLE_ANALYTICS_SOURCES: PolicySources = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/**
 * Google Tag Manager: the container (gtm.js) and, for readers without JavaScript, its
 * noscript frame. Tags the container loads from other hosts are not known to the build:
 * add their hosts here when the container uses them.
 */
export const TAG_MANAGER_SOURCES: PolicySources = {
  'script-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://www.googletagmanager.com'],
  'connect-src': ['https://www.googletagmanager.com'],
  'frame-src': ['https://www.googletagmanager.com'],
};

/**
 * A script from a configured URL: its host may serve the script, receive what it sends and
 * serve its images (a tracker's pixel, a widget's icons).
 */
export function scriptHostSources(scriptUrl: string): PolicySources {
  const host = originSource(scriptUrl);
  return {'script-src': [host], 'connect-src': [host], 'img-src': [host]};
}

export function thirdPartyScripts(env: SiteEnv): ThirdPartyScripts {
  const plugins: PluginConfig[] = [];
  const headTags: HtmlTagObject[] = [];
  const scripts: Array<Record<string, string | boolean>> = [];
  const sources: PolicySources[] = [];

  if (env.googleAnalyticsId) {
    // gtag sends a page_view on the first load and on every client-side route change.
    plugins.push(['@docusaurus/plugin-google-gtag', {trackingID: env.googleAnalyticsId, anonymizeIP: true}]);
    sources.push(GOOGLE_ANALYTICS_SOURCES);
  }
  if (env.googleTagManagerId) {
    plugins.push(['@docusaurus/plugin-google-tag-manager', {containerId: env.googleTagManagerId}]);
    sources.push(TAG_MANAGER_SOURCES);
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
    sources.push(scriptHostSources(scriptUrl));
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
    sources.push(scriptHostSources(widget.scriptUrl));
    // The widget shows the logo; the reader's browser loads it from the logo's host.
    if (widget.projectLogo) sources.push({'img-src': [originSource(widget.projectLogo)]});
  }
  return {plugins, headTags, scripts, sources: mergeSources(...sources)};
}
