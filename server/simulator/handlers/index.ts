import type { Route } from '../route';

/** Every implemented operation, one module per domain. */
export const routes: readonly Route[] = [];
