import {defineConfig} from 'vitest/config';

export default defineConfig({
  // The site's tsconfig leaves JSX to the bundler ("preserve"); tests of components compile it
  // as the bundler does.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['config/**/*.test.ts', 'scripts/**/*.test.ts', 'plugins/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/unit/**/*.test.ts', 'openapi/**/*.test.ts'],
    // Fixture builds are heavy; two at a time on a two-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    // Beside fixture builds on 2 cores, CPU-bound tests (Redocly lint, compiling ~250 OpenAPI
    // schemas) take several times their 1 to 2 s alone; 5 s was too tight.
    testTimeout: 30_000,
  },
});
