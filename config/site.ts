/** Typed access to the site contract (titles, links, repositories) in contract/site.json. */
import siteJson from '../contract/site.json';

export interface SiteContract {
  title: string;
  tagline: string;
  url: string;
  repository: string;
  navbar: {
    Product: string;
    Plans: string;
    Blog: string;
    'Sign in': string;
    Academy: Record<string, string>;
    Certification: Record<string, string>;
  };
  footer: Record<string, Record<string, string>>;
  copyright: string;
  openapiSource: string;
  remoteContentBase: string;
  sdkRepositories: Record<string, string>;
}

export const site: SiteContract = siteJson;
