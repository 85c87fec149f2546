import { configure } from '@testing-library/dom';
import { loadCatalog } from '../src/api/catalog';

/**
 * Vitest runs every test file with this first. On a busy 2-core machine a route-level test's render
 * (router, loader, fake fetch, React commit) can take longer than Testing Library's 1 s default for
 * `findBy*` and `waitFor`; the tests wait for what a user would see, not for a deadline, so the limit
 * only has to be far from what a passing test needs.
 */
configure({ asyncUtilTimeout: 10_000 });

// The browser loads the contract's catalog on its first call (src/api/catalog.ts). Loaded here first, so
// a test on fake timers never waits for a module import its clock does not move.
await loadCatalog();
