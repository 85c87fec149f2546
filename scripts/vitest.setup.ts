import { configure } from '@testing-library/dom';

/**
 * Vitest runs every test file with this first. On a busy 2-core machine a route-level test's render
 * (router, loader, fake fetch, React commit) can take longer than Testing Library's 1 s default for
 * `findBy*` and `waitFor`; the tests wait for what a user would see, not for a deadline, so the limit
 * only has to be far from what a passing test needs.
 */
configure({ asyncUtilTimeout: 10_000 });
