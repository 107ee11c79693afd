import path from 'node:path';
import type {Config} from '@docusaurus/types';
import {GlobExcludeDefault} from '@docusaurus/utils';
import {processEnv} from './config/env';
import {createConfig} from './config/docusaurus';
import {site} from './config/site';
import {pullRemoteContent} from './plugins/remote-content/pull';

export default async function config(): Promise<Config> {
  const env = processEnv();
  // With REMOTE_CONTENT=fetch, SDK, Edge and Proxy readmes replace the pages written here.
  const remote = await pullRemoteContent({
    docsDir: path.join(__dirname, 'docs'),
    mode: env.remoteContent.mode,
    baseUrl: env.remoteContent.baseUrl ?? site.remoteContentBase,
    timeoutMs: env.remoteContent.timeoutMs,
  });
  return createConfig({env, docs: {exclude: [...GlobExcludeDefault, ...remote.replaced]}});
}
