import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// `pnpm --filter @console/e2e shots`: screenshots of each screen at 1366x768 into e2e/screenshots/, to look at.
// Not part of `pnpm test`: they check nothing a person would not see better.
export default defineConfig({ ...base, testDir: './shots', testMatch: '**/*.shots.ts' });
