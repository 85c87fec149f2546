/** The watchlist store and its REST API; app.ts needs only these two. */
export { registerWatchlists } from './routes';
export { searchResolver } from './resolve-instrument';
