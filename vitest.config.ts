import { defineConfig } from 'vitest/config';

// Three layers, one runner. `npm test` runs them in order: unit (fast, no I/O),
// integration (real PostgreSQL, nginx, SMTP), e2e (the built stack through nginx in Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**', '.data/**', '**/*.int.test.ts', 'e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', '.data/**', 'e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
