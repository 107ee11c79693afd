/**
 * Browser programs are bundled with esbuild (the one tsx brings), as a reader's bundler would:
 * JSX with the automatic runtime, `import.meta.env` values from the program's `env`, and Vue
 * single-file components compiled with @vue/compiler-sfc (the compiler of the installed vue).
 */
import fs from 'node:fs';
import path from 'node:path';
import {build, type Plugin} from 'esbuild';

/** Compiles `.vue` files: `<script setup>` with its template inlined, as Vite's plugin does. */
function vuePlugin(): Plugin {
  return {
    name: 'vue-sfc',
    setup(builder) {
      builder.onLoad({filter: /\.vue$/}, async (args) => {
        const sfc = await import('@vue/compiler-sfc');
        const source = fs.readFileSync(args.path, 'utf8');
        const {descriptor, errors} = sfc.parse(source, {filename: args.path});
        if (errors.length) return {errors: errors.map((error) => ({text: String(error)}))};
        const id = path.basename(args.path).replace(/\W/g, '');
        if (!descriptor.script && !descriptor.scriptSetup) {
          const template = sfc.compileTemplate({source: descriptor.template?.content ?? '', filename: args.path, id});
          return {contents: `${template.code}\nexport default { render };`, loader: 'js', resolveDir: path.dirname(args.path)};
        }
        const script = sfc.compileScript(descriptor, {id, inlineTemplate: true});
        const lang = descriptor.scriptSetup?.lang ?? descriptor.script?.lang;
        return {contents: script.content, loader: lang === 'ts' ? 'ts' : 'js', resolveDir: path.dirname(args.path)};
      });
    },
  };
}

export async function bundle(entry: string, outfile: string, env: Record<string, string>): Promise<void> {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': '"development"',
      'import.meta.env': JSON.stringify(env),
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    plugins: [vuePlugin()],
  });
  if (result.errors.length) throw new Error(result.errors.map((error) => error.text).join('\n'));
}
