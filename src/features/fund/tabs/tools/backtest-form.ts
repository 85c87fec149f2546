import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';
import { BACKTEST_FREQUENCIES } from '../../../../contract/operations/fund-tools-terms';
import { buildBacktestPlanSchema } from '../../../../contract/operations/fund-backtest-plan';
import type { useFundText } from '../../messages';
import type { BacktestIndicator } from '../../queries';
import type { BacktestState } from '../../url-state';

/**
 * The back-test form: its fields hold text as typed; its schema reads the numbers out of the text and hands
 * the result to the contract's plan schema, so every rule (limits included) is the plan's own, each
 * problem lands on the field it is about, and what the form submits is a plan the URL keeps.
 */

const conditionText = z.object({ i: z.string(), o: z.string(), v: z.string() });

/** Empty is not zero: it reads as NaN, which no number rule accepts. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export const buildBacktestFormSchema = () =>
  z
    .object({
      buy: z.array(conditionText),
      sell: z.array(conditionText),
      f: z.enum(BACKTEST_FREQUENCIES),
      n: z.string(),
      a: z.string(),
    })
    .transform((form) => {
      const condition = (c: z.output<typeof conditionText>) => ({ i: c.i, o: c.o, v: numberOf(c.v) });
      return {
        buy: form.buy.map(condition),
        sell: form.sell.map(condition),
        f: form.f,
        n: numberOf(form.n),
        a: numberOf(form.a),
      };
    })
    .pipe(buildBacktestPlanSchema());

export type BacktestForm = z.input<ReturnType<typeof buildBacktestFormSchema>>;
export type BacktestCondition = BacktestForm['buy'][number];

/** A new condition: the first indicator the service offers. */
export function blankCondition(
  indicators: readonly BacktestIndicator[],
  operator = '<',
  value = '',
): BacktestCondition {
  return { i: indicators[0]?.indicator_code ?? '', o: operator, v: value };
}

/** The form's starting values: the linked plan, or an RSI-style example (buy below 30, sell above 70). */
export function formOf(
  plan: BacktestState | undefined,
  indicators: readonly BacktestIndicator[],
): BacktestForm {
  if (!plan)
    return {
      buy: [blankCondition(indicators, '<', '30')],
      sell: [blankCondition(indicators, '>', '70')],
      f: 'WEEKLY',
      n: '20',
      a: '1000',
    };
  const toText = (c: BacktestState['buy'][number]) => ({ i: c.i, o: c.o, v: String(c.v) });
  return {
    buy: plan.buy.map(toText),
    sell: plan.sell.map(toText),
    f: plan.f,
    n: String(plan.n),
    a: String(plan.a),
  };
}

type FundText = ReturnType<typeof useFundText>['t'];

/** The label of a condition row's field, as its control is named on screen. */
export function conditionFieldLabel(t: FundText, side: 'buy' | 'sell', row: number, field: 'i' | 'o' | 'v') {
  const part = field === 'i' ? t('bt.indicator') : field === 'o' ? t('bt.operator') : t('bt.value');
  return `${t(side === 'buy' ? 'bt.buy' : 'bt.sell')} ${row + 1}: ${part}`;
}

/**
 * The plan's problems in the reader's words, each naming its field as the form labels it (a zod error
 * map for this form's parse).
 */
export function backtestProblemWords(t: FundText) {
  return (issue: $ZodRawIssue): string => {
    const [head, row, field] = issue.path ?? [];
    if (head === 'buy' || head === 'sell') {
      const side = t(head === 'buy' ? 'bt.buy' : 'bt.sell');
      if (row === undefined) {
        if (issue.code === 'too_small') return t('bt.needBuy');
        if (issue.code === 'too_big') return t('bt.tooMany', { field: side, max: String(issue.maximum) });
        return t('bt.badField', { field: side });
      }
      const index = typeof row === 'number' ? row : 0;
      const part = field === 'v' ? 'v' : field === 'o' ? 'o' : 'i';
      const label = conditionFieldLabel(t, head, index, part);
      return t(part === 'v' ? 'bt.badValue' : 'bt.badField', { field: label });
    }
    if (head === 'n' || head === 'a') {
      const label = t(head === 'n' ? 'bt.maxBuys' : 'bt.perBuy');
      if (issue.code === 'too_big') return t('bt.tooLarge', { field: label, max: String(issue.maximum) });
      return t(head === 'n' ? 'bt.badWhole' : 'bt.badNumber', { field: label });
    }
    return t('bt.badField', { field: head === 'f' ? t('bt.frequency') : String(head ?? '') });
  };
}
