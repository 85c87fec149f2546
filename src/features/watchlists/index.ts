/**
 * The watchlists feature's public entry: what other features embed. Everything else in this folder is
 * the feature's own (its pages are reached through the routes).
 */
export { AddToWatchlist } from './AddToWatchlist';
