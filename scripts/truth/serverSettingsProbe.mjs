// Run by serverSettings.ts in a child process with an empty environment. Asks the pinned
// unleash-server's own createConfig which environment variables it reads, which option each
// one sets and what every option defaults to: each probe sets one variable and loads
// create-config.js afresh (it reads many variables when it loads), then compares the result
// with the defaults.
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

const root = process.argv[2];
const file = path.join(root, 'dist/lib/create-config.js');
const entry = pathToFileURL(file).href;
let generation = 0;

function flatten(value, prefix, out, depth) {
  if (typeof value === 'function') return out;
  if (value && typeof value === 'object' && !Array.isArray(value) && depth < 6) {
    const keys = Object.keys(value);
    if (keys.length === 0 && prefix) out[prefix] = '{}';
    for (const key of keys) flatten(value[key], prefix ? `${prefix}.${key}` : key, out, depth + 1);
    return out;
  }
  // Unset options keep their key (JSON would drop an undefined value).
  out[prefix] = value === undefined ? 'undefined' : JSON.stringify(value);
  return out;
}

async function config() {
  const {createConfig} = await import(`${entry}?probe=${generation++}`);
  return flatten(createConfig({}), '', {}, 0);
}

// The package logs while it configures itself; stdout carries only the result.
console.log = () => {};
console.info = () => {};
console.warn = () => {};

const source = fs.readFileSync(file, 'utf8');
const read = [...new Set([...source.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))].sort();
const defaults = await config();
const probes = ['7777', 'true', 'false', 'probe-value', '{"probe":1}'];
const sets = {};
const failures = {};
for (const name of read) {
  const changed = new Set();
  for (const probe of probes) {
    process.env[name] = probe;
    try {
      const probed = await config();
      for (const key of new Set([...Object.keys(defaults), ...Object.keys(probed)])) {
        if (defaults[key] !== probed[key]) changed.add(key);
      }
    } catch (error) {
      // Not every value is accepted (a file that does not exist, bad JSON); another probe may be.
      failures[name] = String(error?.message ?? error).slice(0, 200);
    }
    delete process.env[name];
  }
  sets[name] = [...changed].sort();
}
fs.writeSync(1, JSON.stringify({read, defaults, sets, failures}));
