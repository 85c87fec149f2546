import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { AppPage } from './pages/app';

/**
 * Every test fails if the page logs an error, throws, or breaks its Content Security Policy: a broken
 * render, a rejected promise or a refused script must not hide behind a test that happened to look at
 * another part of the screen.
 */
/**
 * The same watch on a page the fixture does not see (one of a second browser context): what it
 * collects must be empty at the end of the test.
 */
export async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => errors.push(`CSP violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report: unknown = Reflect.get(window, 'reportCspViolation');
      if (typeof report === 'function') void report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return errors;
}

// The fixture callback is named `provide`, not `use`, so the React hooks lint rule does not mistake it for a hook.
export const test = base.extend<{ app: AppPage; pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, provide) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          const where = message.location().url;
          errors.push(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
        }
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      // A refused script or eval is not always logged: the page reports it as an event.
      await page.exposeFunction('reportCspViolation', (text: string) =>
        errors.push(`CSP violation: ${text}`),
      );
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report: unknown = Reflect.get(window, 'reportCspViolation');
          if (typeof report === 'function') void report(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await provide(errors);
      expect(errors, 'console errors or uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
  app: async ({ page }, provide) => {
    await provide(new AppPage(page));
  },
});

export { expect };
