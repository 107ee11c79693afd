import {describe, expect, it} from 'vitest';
import {parseEnv} from './env';
import {thirdPartyScripts} from './analytics';

describe('third-party scripts', () => {
  it('are all off with nothing configured', () => {
    expect(thirdPartyScripts(parseEnv({}))).toEqual({plugins: [], headTags: [], scripts: [], sources: {}});
  });

  it('are each on when configured', () => {
    const {plugins, headTags, scripts} = thirdPartyScripts(
      parseEnv({
        GOOGLE_ANALYTICS_ID: 'G-ABC123XYZ',
        GOOGLE_TAG_MANAGER_ID: 'GTM-ABC1234',
        VISITOR_TRACKING_SCRIPT_URL: 'https://t.example.com/t.js',
        VISITOR_TRACKING_CLIENT_ID: 'client-42',
        ASSISTANT_WIDGET_SCRIPT_URL: 'https://widget.example.com/w.js',
        ASSISTANT_WIDGET_WEBSITE_ID: 'site-7',
      }),
    );
    expect(plugins).toEqual([
      ['@docusaurus/plugin-google-gtag', {trackingID: 'G-ABC123XYZ', anonymizeIP: true}],
      ['@docusaurus/plugin-google-tag-manager', {containerId: 'GTM-ABC1234'}],
    ]);
    expect(headTags[0]!.innerHTML).toContain(`['init',"client-42"]`);
    expect(headTags[1]).toEqual({tagName: 'script', attributes: {src: 'https://t.example.com/t.js', async: true}});
    expect(scripts).toEqual([
      {src: 'https://widget.example.com/w.js', defer: true, 'data-website-id': 'site-7', 'data-project-name': 'Unleash', 'data-project-color': '#1a4049'},
    ]);
  });
});
