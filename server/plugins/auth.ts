import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { installAuth } from '../auth/plugin';
import type { AuthOptions } from '../auth/plugin';

/**
 * The Host allow-list, who is asking (`request.identity`, `request.clientKey`), sign-in and CSRF
 * (auth/plugin.ts): its hooks run on every route, right after the security plugin's.
 */
const auth: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  installAuth(app, options);
};

export const authPlugin = fp(auth, { name: 'auth', dependencies: ['security'] });
