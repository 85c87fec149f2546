import { describe, expect, it } from 'vitest';
import { WatchlistApiError } from '../../api/watchlists';
import { WATCHLIST_CODE_RE, watchlistCodeSchema } from '../../contract/watchlists';
import { apiErrorText } from './errors';
import { watchlistText, type WatchlistT } from './messages';

const zh: WatchlistT = (key, vars) => watchlistText('zh-CN', key, vars);
const en: WatchlistT = (key, vars) => watchlistText('en', key, vars);

describe('watchlist refusals in the reader’s words', () => {
  const refusal = new WatchlistApiError({
    status: 422,
    code: 'invalid',
    message: "'items.0.thscode' must be a full code such as 600519.SH: letters or digits, a dot, 1-6 letters",
    field: 'items.0.thscode',
  });

  it('names the field in words and states the rule, without the raw path', () => {
    expect(apiErrorText(refusal, zh, 'zh-CN')).toBe('代码须为带市场后缀的完整代码（如 600519.SH）。');
    expect(apiErrorText(refusal, en, 'en')).toBe(
      'The code must be a full code with its market suffix (such as 600519.SH).',
    );
  });

  it('a name that is too long says the limit', () => {
    const long = new WatchlistApiError({
      status: 422,
      code: 'length',
      message: "'name' must be 1 to 40 characters after trimming spaces",
      field: 'name',
    });
    expect(apiErrorText(long, zh, 'zh-CN')).toBe('名称须为 1 到 40 个字符。');
  });

  it('a write refused for going too fast says to wait, and that nothing was saved', () => {
    const tooFast = new WatchlistApiError({
      status: 429,
      code: 'rate_limited',
      message: 'Too many watchlist changes in a short time; wait 42 s and try again. Nothing was changed.',
      field: null,
    });
    expect(apiErrorText(tooFast, zh, 'zh-CN')).toBe('修改过于频繁，请稍等片刻再试；这次的修改没有保存。');
    expect(apiErrorText(tooFast, en, 'en')).toBe(
      'Too many changes in a short time; wait a moment and try again. This change was not saved.',
    );
  });

  it('accepts the option contract codes the search offers', () => {
    expect(WATCHLIST_CODE_RE.test('IO2609-C-3800.CFX')).toBe(true);
    expect(watchlistCodeSchema.parse(' io2609-c-3800.cfx ')).toBe('IO2609-C-3800.CFX');
    expect(WATCHLIST_CODE_RE.test('-IO2609.CFX')).toBe(false);
    expect(WATCHLIST_CODE_RE.test('600519')).toBe(false);
  });
});
