/** What other features embed from the news feature: the stock view's news tab. */
export { StockNews, type StockNewsProps } from './StockNews';
