/** Writes the web app manifest (config/pwa.ts) into the build. */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {WEB_MANIFEST_FILE, webManifest} from '../../config/pwa';

export default function webManifestPlugin(): Plugin {
  return {
    name: 'web-manifest',
    async postBuild({outDir}) {
      fs.writeFileSync(path.join(outDir, WEB_MANIFEST_FILE), `${JSON.stringify(webManifest(), null, 2)}\n`);
    },
  };
}
