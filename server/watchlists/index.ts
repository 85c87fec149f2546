/** The watchlist store and its REST API; app.ts needs only these two. */
export { watchlistsPlugin } from './routes';
export { searchResolver, tableResolver } from './resolve-instrument';
