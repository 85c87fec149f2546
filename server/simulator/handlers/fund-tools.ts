import { z } from 'zod';
import { catalog } from '../../../src/contract/catalog';
import { BACKTEST_FREQUENCIES, type IndicatorTimeType } from '../../../src/contract/operations/fund-tools';
import { ErrorCode } from '../../../src/contract/envelope';
import { SimError, defineHandler } from '../route';
import { clockOf } from './common';
import { publishedNav, requireFund } from './fund-common';
import {
  dateOf,
  dayOfMs,
  tradingDayAt,
  tradingIndexOnOrAfter,
  tradingIndexOnOrBefore,
} from '../model/calendar';
import type { MarketClock } from '../model/session';
import { stockByCode } from '../model/universe';
import { FUND_COMPANIES, fundByCode, fundsOn, type Fund } from '../model/funds';
import {
  indexMs,
  indexOnOrBeforeMs,
  latestNavIndex,
  navSeries,
  windowReturn,
  windowStart,
} from '../model/funds-nav';
import {
  BACKTEST_INDICATORS,
  OPERATORS,
  QUOTA_TABS,
  isPurchasable,
  metricAt,
  operatorOf,
  quotaOf,
  runBacktest,
  valueType,
  yearsBack,
  type Condition,
  type Entity,
  type Frequency,
} from '../model/funds-tools';
import { round } from '../model/random';

// The parameters were checked by the catalog's schema; these read the same JSON text into typed values.
const lineGroups = z.array(
  z.looseObject({
    thscodes: z.array(z.string()),
    index_info: z.array(z.looseObject({ index_id: z.string(), attribute: z.unknown().optional() })),
  }),
);
const timeRange = z.looseObject({
  time_type: z.string(),
  start: z.number().optional(),
  end: z.number().optional(),
  offset: z.number().optional(),
});
const selectors = z.looseObject({
  include: z
    .array(
      z.looseObject({
        type: z.string(),
        thscodes: z.array(z.string()).optional(),
        values: z.array(z.unknown()).optional(),
      }),
    )
    .optional(),
});
const tableIndexes = z.array(
  z.looseObject({
    index_id: z.string(),
    timestamp: z.number().optional(),
    attribute: z.unknown().optional(),
  }),
);
const pageInfo = z.looseObject({
  page_begin: z.number().optional(),
  page_size: z.number().optional(),
  code_begin: z.number().optional(),
  code_page_size: z.number().optional(),
});
const sortSpec = z.array(z.looseObject({ idx: z.number(), type: z.string() }));
const conditionShape = z.looseObject({
  indicator_code: z.string(),
  operator: z.string(),
  value: z.union([z.number(), z.string()]),
});
const conditions = z.union([conditionShape, z.array(conditionShape)]);
const tabs = z.array(z.string());

function readJson<T extends z.ZodType>(text: string, schema: T, param: string): z.output<T> {
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new SimError(ErrorCode.PARAM_FORMAT, `Parameter '${param}' has an unexpected shape`);
  return parsed.data;
}

/** A code of a generic-indicator request: a fund, an A-share, or nothing the simulator knows. */
function entityOf(thscode: string, clock: MarketClock): Entity | null {
  const fund = fundByCode(thscode);
  if (fund && fund.inceptionDay <= clock.today) return { kind: 'fund', fund };
  const stock = stockByCode(thscode);
  if (stock && stock.listDay <= clock.today) return { kind: 'stock', stock };
  return null;
}

/** The newest trading index with data for an entity: funds publish in the evening, stocks at the close. */
function latestIndex(entity: Entity | null, clock: MarketClock): number {
  return entity?.kind === 'stock' ? clock.lastClosedIndex : latestNavIndex(clock);
}

type TimeType = IndicatorTimeType;

function timeTypeOf(text: string): TimeType {
  const t = text.toUpperCase();
  if (t === 'DAY_1' || t === 'DAY') return 'DAY_1';
  if (t === 'WEEK_1' || t === 'WEEK') return 'WEEK_1';
  if (t === 'MONTH_1' || t === 'MONTH') return 'MONTH_1';
  throw new SimError(
    ErrorCode.PARAM_FORMAT,
    "Parameter 'time_range' has an unknown time_type (DAY_1, WEEK_1, MONTH_1)",
  );
}

/** Trading indexes of a time axis: every trading day, or the last of each week or month. */
function axis(type: TimeType, from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t++) {
    if (type === 'DAY_1' || t === to) {
      out.push(t);
      continue;
    }
    const day = tradingDayAt(t);
    const next = tradingDayAt(t + 1);
    const lastOfWeek = next - day > 6 || Math.floor((next + 3) / 7) !== Math.floor((day + 3) / 7);
    const lastOfMonth = dateOf(day).slice(0, 7) !== dateOf(next).slice(0, 7);
    if (type === 'WEEK_1' ? lastOfWeek : lastOfMonth) out.push(t);
  }
  return out;
}

const MAX_POINTS = 5000;

function numericText(v: number | string | null): string | null {
  if (v === null) return null;
  return typeof v === 'number' ? String(round(v, 4)) : v;
}

function compareValues(a: number | string | null, b: number | string | null): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function selectCodes(spec: z.output<typeof selectors> | null, clock: MarketClock): string[] {
  const funds = fundsOn(clock.today);
  if (spec === null) return funds.map((f) => f.thscode);
  const out: string[] = [];
  const add = (code: string) => {
    if (!out.includes(code)) out.push(code);
  };
  for (const entry of spec.include ?? []) {
    const values = (entry.values ?? []).map(String);
    switch (entry.type) {
      case 'fund_code':
      case 'stock_code':
        for (const code of entry.thscodes ?? []) add(code);
        break;
      case 'fund_type':
        funds.filter((f) => values.includes(f.fundType)).forEach((f) => add(f.thscode));
        break;
      case 'asset_type':
        funds.filter((f) => values.includes(f.instrument.assetType)).forEach((f) => add(f.thscode));
        break;
      case 'fund_kind':
        funds.filter((f) => values.includes(f.kind)).forEach((f) => add(f.thscode));
        break;
      case 'fund_company': {
        const ids = FUND_COMPANIES.filter((c) =>
          values.some((v) => v === c.id || v === c.name || v === c.short),
        );
        funds.filter((f) => ids.includes(f.company)).forEach((f) => add(f.thscode));
        break;
      }
      default:
        // Entity types the simulator does not model select nothing.
        break;
    }
  }
  return out;
}

function parseConditions(text: string, param: string): Condition[] {
  const raw = readJson(text, conditions, param);
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((c) => {
    const indicator = BACKTEST_INDICATORS.find((i) => i.code === c.indicator_code);
    if (!indicator) {
      throw new SimError(
        ErrorCode.PARAM_FORMAT,
        `Parameter '${param}' names an unknown indicator '${c.indicator_code}' (see fund/backtest/indicators)`,
      );
    }
    const operator = operatorOf(c.operator);
    if (!operator) {
      throw new SimError(
        ErrorCode.PARAM_FORMAT,
        `Parameter '${param}' has an unsupported operator '${c.operator}'`,
      );
    }
    const value = typeof c.value === 'number' ? c.value : Number(c.value);
    if (!Number.isFinite(value)) {
      throw new SimError(ErrorCode.PARAM_FORMAT, `Parameter '${param}' needs a numeric threshold`);
    }
    return { indicator: indicator.code, operator, value };
  });
}

function frequencyOf(text: string): Frequency {
  const f = BACKTEST_FREQUENCIES.find((v) => v === text.toUpperCase());
  if (f !== undefined) return f;
  throw new SimError(
    ErrorCode.PARAM_FORMAT,
    "Parameter 'buy_frequency_type' must be DAILY, WEEKLY or MONTHLY",
  );
}

/** QDII funds of each requested category; unknown categories are left out. */
function quotaCategories(tabText: string | undefined, clock: MarketClock) {
  const wanted = tabText === undefined ? QUOTA_TABS.map((t) => t.key) : readJson(tabText, tabs, 'tab');
  const qdii = fundsOn(clock.today).filter((f) => f.kind === 'qdii');
  const end = latestNavIndex(clock);
  const yearReturn = (f: Fund): string | null => {
    const series = navSeries(f);
    if (end < series.first) return null;
    const start = windowStart(series, 'year', end);
    return start === null ? null : windowReturn(series, start, end).toFixed(2);
  };
  const out: { name: string; funds: Fund[] }[] = [];
  for (const key of wanted) {
    const tab = QUOTA_TABS.find((t) => t.key === key);
    if (!tab || out.some((o) => o.name === key)) continue;
    const funds =
      tab.themes.length === 0
        ? [...qdii].sort((a, b) => b.targetScale - a.targetScale).slice(0, 8)
        : qdii.filter((f) => tab.themes.includes(f.theme));
    out.push({ name: key, funds });
  }
  return { categories: out, yearReturn };
}

export const fundToolRoutes = [
  defineHandler(catalog['fund/indicators/line'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const groups = readJson(params.indexes, lineGroups, 'indexes');
    const range = readJson(params.time_range, timeRange, 'time_range');
    const type = timeTypeOf(range.time_type);
    const latest = latestNavIndex(clock);
    const to = range.end === undefined ? latest : Math.min(latest, indexOnOrBeforeMs(range.end));
    // Without a start the offset counts periods back from the end; without either, one year.
    const span = Math.abs(range.offset ?? 0) * (type === 'DAY_1' ? 1 : type === 'WEEK_1' ? 5 : 21);
    const from =
      range.start !== undefined
        ? tradingIndexOnOrAfter(dayOfMs(range.start))
        : range.offset !== undefined
          ? to - span
          : tradingIndexOnOrBefore(yearsBack(tradingDayAt(to), 1));
    const points = from <= to ? axis(type, from, to) : [];
    if (points.length > MAX_POINTS) {
      throw new SimError(
        ErrorCode.PARAM_RANGE,
        `Parameter 'time_range' spans more than ${MAX_POINTS} points`,
      );
    }
    const indexes: {
      index_id: string;
      value_type: string | null;
      timestamp: null;
      time_type: string;
      attribute: unknown;
    }[] = [];
    const series = new Map<string, { idx: number; values: (number | string | null)[] }[]>();
    for (const group of groups) {
      const first = indexes.length;
      for (const info of group.index_info) {
        indexes.push({
          index_id: info.index_id,
          value_type: valueType(info.index_id),
          timestamp: null,
          time_type: type,
          attribute: info.attribute ?? null,
        });
      }
      for (const code of group.thscodes) {
        const entity = entityOf(code, clock);
        const rows = series.get(code) ?? [];
        group.index_info.forEach((info, i) => {
          rows.push({
            idx: first + i,
            values: points.map((t) => (entity ? metricAt(entity, info.index_id, t) : null)),
          });
        });
        series.set(code, rows);
      }
    }
    return {
      time_range: points.map(indexMs),
      indexes,
      data: [...series.entries()].map(([thscode, values]) => ({ thscode, values })),
    };
  }),

  defineHandler(catalog['fund/indicators/table'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const spec =
      params.code_selectors === undefined
        ? null
        : readJson(params.code_selectors, selectors, 'code_selectors');
    const wanted = params.indexes === undefined ? [] : readJson(params.indexes, tableIndexes, 'indexes');
    const page = params.page_info === undefined ? {} : readJson(params.page_info, pageInfo, 'page_info');
    const sort = params.sort === undefined ? [] : readJson(params.sort, sortSpec, 'sort');
    const selected = selectCodes(spec, clock);
    const codeBegin = page.code_begin ?? 0;
    const codes = selected.slice(
      codeBegin,
      page.code_page_size === undefined ? undefined : codeBegin + page.code_page_size,
    );
    let rows = codes.map((thscode) => {
      const entity = entityOf(thscode, clock);
      const latest = latestIndex(entity, clock);
      const values = wanted.map((w, idx) => {
        const ts = w.timestamp ?? 0;
        const t = ts > 0 ? Math.min(latest, indexOnOrBeforeMs(ts)) : latest + ts;
        return { idx, value: entity ? metricAt(entity, w.index_id, t) : null };
      });
      return { thscode, values };
    });
    for (const s of [...sort].reverse()) {
      const dir = s.type.toLowerCase() === 'asc' ? 1 : -1;
      rows = [...rows].sort((a, b) => {
        const x = a.values[s.idx]?.value ?? null;
        const y = b.values[s.idx]?.value ?? null;
        // Missing values go last whatever the direction.
        if (x === null || y === null) return compareValues(x, y);
        return dir * compareValues(x, y);
      });
    }
    const begin = page.page_begin ?? 0;
    const shown = rows.slice(begin, page.page_size === undefined ? undefined : begin + page.page_size);
    return {
      total: selected.length,
      indexes: wanted.map((w) => ({
        index_id: w.index_id,
        value_type: valueType(w.index_id),
        timestamp: w.timestamp ?? 0,
        time_type: 'DAY_1',
        attribute: w.attribute ?? null,
      })),
      // Numbers come back as decimal text, as the service sends them.
      data: shown.map((r) => ({
        thscode: r.thscode,
        values: r.values.map((v) => ({ idx: v.idx, value: numericText(v.value) })),
      })),
      part_order_thscodes: sort.length > 0 ? shown.map((r) => r.thscode) : null,
    };
  }),

  defineHandler(catalog['fund/backtest/result'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const { end } = publishedNav(fund, clock);
    const buy = parseConditions(params.buy_conditions, 'buy_conditions');
    const sell = parseConditions(params.sell_conditions, 'sell_conditions');
    const result = runBacktest(
      fund,
      end,
      buy,
      sell,
      frequencyOf(params.buy_frequency_type),
      Math.floor(params.max_buy_times),
      params.per_buy_amount,
    );
    return result;
  }),

  defineHandler(catalog['fund/backtest/indicators'], () =>
    BACKTEST_INDICATORS.map((i) => ({
      id: i.id,
      indicator_name: i.name,
      indicator_code: i.code,
      type: i.type,
      value_kind: 1,
      support_operation: OPERATORS.join(','),
      unit: i.unit,
      description: i.description,
      state_rules: i.stateRules,
      create_time: '2025-03-18T10:21:33',
      update_time: '2026-05-06T16:02:47',
    })),
  ),

  defineHandler(catalog['fund/quota/summary'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const { categories } = quotaCategories(params.tab, clock);
    return categories.map(({ name, funds }) => {
      const quotas = funds.map((f) => quotaOf(f, clock.today));
      return {
        name,
        unlimited: String(quotas.filter((q) => q === null).length),
        total_limit: quotas.reduce((a, q) => a + (q === null ? 0 : Number(q)), 0).toFixed(2),
        total: String(funds.length),
        buy: String(quotas.filter(isPurchasable).length),
      };
    });
  }),

  defineHandler(catalog['fund/quota/list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const { categories, yearReturn } = quotaCategories(params.tab, clock);
    return categories.map(({ name, funds }) => {
      const rows = funds
        .map((f) => ({ fund: f, quota: quotaOf(f, clock.today) }))
        .filter((r) => params.buy === undefined || isPurchasable(r.quota) === params.buy);
      const sub = (label: string, otc: boolean) => ({
        name: label,
        fund_list: rows
          .filter((r) => (r.fund.fundType === 'otc') === otc)
          .map((r) => ({
            thscode: r.fund.thscode,
            fund_name: r.fund.name,
            quota: r.quota,
            year: yearReturn(r.fund),
          })),
      });
      return {
        name,
        sub_tab: [sub('场外基金', true), sub('场内基金', false)].filter((s) => s.fund_list.length > 0),
      };
    });
  }),
];
