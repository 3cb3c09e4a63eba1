import { defineConfig } from 'vitest/config';

// The unit tier: the CMS's helpers, in Node, without a browser or a stack (the journeys in test/browser/ have those).
export default defineConfig({
  test: { include: ['test/unit/**/*.test.ts'], environment: 'node' },
});
