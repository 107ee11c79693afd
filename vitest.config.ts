import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['config/**/*.test.ts', 'scripts/**/*.test.ts', 'plugins/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/unit/**/*.test.ts', 'openapi/**/*.test.ts'],
    // Fixture builds are heavy; two at a time on a two-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
