import type {Config} from '@docusaurus/types';
import {processEnv} from './config/env';
import {createConfig} from './config/docusaurus';

const config: Config = createConfig({env: processEnv()});

export default config;
