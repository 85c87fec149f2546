import { FUTURES_VARIETIES } from './instruments';
import { CONCEPTS } from './names';
import { Rng, fnv1a, mix, mixAll, unit } from './random';
import { allStocks, stockAt, type Stock } from './universe';
import { dateOf, dayOfMs } from './calendar';
import { findPeriod, type Quarter } from './financials';
import { SHANGHAI_OFFSET_MS, DAY_MS } from '../../../src/contract/time';
import { FLASH_ALL_COLUMN, FLASH_TAGS, FLASH_TYPE_ANNOUNCEMENT } from '../../../src/contract/operations/news';

/**
 * News flashes and announcement interpretations. A flash exists at a minute when a seeded draw for that
 * minute says so (often during the day, rarely at night), so any window of time can be listed without
 * state. `seq` is the creation second times 10^9 plus a seeded part: decimal digits of an integer
 * beyond 2^53, ordered by time, to be passed around as text only.
 *
 * About one flash in ten is an announcement flash (`FLASH_TYPE_ANNOUNCEMENT`): its title and summary are
 * those of the announcement interpretation that its `seq` opens, and it names that announcement's stock.
 */

/** The company column, where announcement flashes appear. */
const COMPANY_TAG = 5;
const PAGE = 20;
const SALT = 0x3a8f05c5;
const MINUTE = 60_000;
const BILLION = 1_000_000_000n;

export interface Flash {
  id: string;
  seq: string;
  seqValue: bigint;
  title: string;
  encoded_url: string;
  summary: string | null;
  tags: { id: number; name: string }[];
  type: number;
  create_time_ms: number;
  update_time_ms: number;
  pic_url: string | null;
}

function flashChance(minute: number): number {
  const hour = Math.floor(
    ((((minute * MINUTE + SHANGHAI_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000,
  );
  return hour >= 7 && hour < 23 ? 0.22 : 0.04;
}

function pct(rng: Rng, max: number): string {
  return rng.range(0.1, max).toFixed(2);
}

function flashText(rng: Rng, tag: number, stock: Stock): { title: string; summary: string | null } {
  const up = rng.chance(0.55);
  const dir = up ? '涨' : '跌';
  const concept = rng.pick(CONCEPTS);
  const variety = rng.pick(FUTURES_VARIETIES);
  const options: Record<number, readonly (() => string)[]> = {
    1: [
      () => `沪指${up ? '涨' : '跌'}${pct(rng, 1.5)}%，${concept}板块${up ? '领涨' : '领跌'}`,
      () => `${stock.name}${up ? '涨停' : '跌停'}，${concept}概念${up ? '活跃' : '走弱'}`,
      () => `两市成交额突破${rng.int(8000, 18000)}亿元，较上一交易日${up ? '放量' : '缩量'}`,
      () => `创业板指${dir}${pct(rng, 2.5)}%，${concept}方向${up ? '走强' : '回调'}`,
    ],
    2: [
      () => `国家统计局：${rng.int(1, 12)}月CPI同比上涨${rng.range(-0.5, 2.5).toFixed(1)}%`,
      () => `央行今日开展${rng.int(100, 4000)}亿元7天期逆回购操作`,
      () => `财政部：${rng.int(1, 12)}月全国一般公共预算收入同比增长${pct(rng, 8)}%`,
    ],
    3: [
      () => `恒生指数收${dir}${pct(rng, 2.5)}%，恒生科技指数${dir}${pct(rng, 3.5)}%`,
      () => `纳斯达克中国金龙指数开盘${dir}${pct(rng, 3)}%`,
    ],
    4: [
      () => `${variety.name}主力合约${up ? '涨超' : '跌超'}${rng.int(1, 5)}%`,
      () => `${variety.name}期货夜盘${up ? '走高' : '走低'}，现报${rng.int(1000, 90000)}元/吨`,
    ],
    5: [
      () => `${stock.name}：${rng.int(2024, 2026)}年净利润同比${up ? '增长' : '下降'}${pct(rng, 60)}%`,
      () => `${stock.name}公告：拟以${rng.int(1, 20)}亿元至${rng.int(21, 40)}亿元回购股份`,
      () => `${stock.name}：股东拟减持不超过${rng.range(0.5, 3).toFixed(1)}%股份`,
      () => `${stock.name}：签订${rng.int(1, 50)}亿元重大合同`,
    ],
    6: [
      () => `${concept}产业链迎来政策利好，多家公司加快布局`,
      () => `机构：${concept}景气度有望持续，关注龙头公司`,
    ],
    7: [
      () => `美元指数${up ? '升至' : '跌至'}${rng.range(95, 108).toFixed(2)}`,
      () => `国际金价报${rng.int(2300, 4200)}美元/盎司，日内${dir}${pct(rng, 2)}%`,
    ],
  };
  const pool = options[tag] ?? options[1] ?? [];
  const make = pool[Math.floor(rng.next() * pool.length)];
  const title = make ? make() : '市场快讯';
  const summary = rng.chance(0.3) ? null : `${title}。以上内容由模拟器生成，仅用于界面演示。`;
  return { title, summary };
}

/** The flash created in a given minute, if there is one. */
export function flashAt(minute: number): Flash | null {
  const h = mix(SALT, minute);
  if (unit(h) >= flashChance(minute)) return null;
  const rng = new Rng(mix(h, 0x51ed27));
  const second = rng.int(0, 59);
  const createMs = minute * MINUTE + second * 1000;
  const first = rng.pick(FLASH_TAGS);
  const tags: { id: number; name: string }[] = [first];
  if (rng.chance(0.3)) {
    const second2 = rng.pick(FLASH_TAGS);
    if (second2.id !== first.id) tags.push(second2);
  }
  const stock = stockAt(rng.int(0, allStocks().length - 1));
  const text = flashText(rng, first.id, stock);
  const seqValue = BigInt(createMs / 1000) * BILLION + BigInt(mixAll(h, 1) % 1_000_000_000);
  const id = 900_000_000_000_000_000n + BigInt(minute) * 1000n + BigInt(second);
  const edited = rng.chance(0.3) ? rng.int(1, 300) * 1000 : 0;
  const type = rng.chance(0.1) ? FLASH_TYPE_ANNOUNCEMENT : 1;
  const { title, summary } = type === FLASH_TYPE_ANNOUNCEMENT ? announcementText(seqValue.toString()) : text;
  if (type === FLASH_TYPE_ANNOUNCEMENT && !tags.some((t) => t.id === COMPANY_TAG)) {
    const company = FLASH_TAGS.find((t) => t.id === COMPANY_TAG);
    if (company) tags.unshift(company);
  }
  return {
    id: id.toString(),
    seq: seqValue.toString(),
    seqValue,
    title,
    encoded_url: `https://news.simulated.invalid/flash/${fnv1a(id.toString()).toString(36)}${h.toString(36)}`,
    summary,
    tags,
    type,
    create_time_ms: createMs,
    update_time_ms: createMs + edited,
    pic_url: rng.chance(0.1) ? null : '',
  };
}

function inColumn(f: Flash, tagId: number): boolean {
  return tagId === FLASH_ALL_COLUMN || f.tags.some((t) => t.id === tagId);
}

/** Flashes visible at `nowMs`: the update time never lies in the future. */
function visible(f: Flash, nowMs: number): Flash {
  const cap = nowMs - (nowMs % 1000);
  return f.update_time_ms > cap ? { ...f, update_time_ms: Math.max(f.create_time_ms, cap) } : f;
}

/** One page, newest first, of flashes older than the cursor (`0` = from now). */
export function flashPage(tagId: number, cursor: bigint, nowMs: number): Flash[] {
  const out: Flash[] = [];
  const startMinute = Math.floor(nowMs / MINUTE);
  // Three days back at most: an unknown column stays empty instead of scanning forever.
  for (let m = startMinute; m > startMinute - 3 * 1440 && out.length < PAGE; m--) {
    const f = flashAt(m);
    if (!f || f.create_time_ms > nowMs || !inColumn(f, tagId)) continue;
    if (cursor !== 0n && f.seqValue >= cursor) continue;
    out.push(visible(f, nowMs));
  }
  return out;
}

/** Flashes newer than the latest known one (by seq and creation time), newest first, at most 50. */
export function flashRefresh(tagId: number, seq: bigint, createTimeMs: number, nowMs: number): Flash[] {
  const out: Flash[] = [];
  const startMinute = Math.floor(nowMs / MINUTE);
  const stopMinute = Math.max(Math.floor(createTimeMs / MINUTE), startMinute - 1440);
  for (let m = startMinute; m >= stopMinute && out.length < 50; m--) {
    const f = flashAt(m);
    if (!f || f.create_time_ms > nowMs || !inColumn(f, tagId)) continue;
    if (f.seqValue <= seq || f.create_time_ms < createTimeMs) continue;
    out.push(visible(f, nowMs));
  }
  return out;
}

/**
 * The one announcement whose interpretation carries hostile markup (script elements, event-handler
 * attributes, `javascript:` links, external and inline-data images, frames, forms, styles), to prove
 * the reader's sanitising: nothing of it may run or reach the page.
 */
export const UNSAFE_NOTICE_SEQ = '202607150000000001';

/** Set on `window` by any of the fixture's scripts that runs. */
export const UNSAFE_NOTICE_MARKER = '__simXss';

const UNSAFE_BLOCK_HTML = [
  `<p>高端产品占比提升<img src=x onerror="window.${UNSAFE_NOTICE_MARKER}='img'">，渠道结构优化。</p>`,
  `<script>window.${UNSAFE_NOTICE_MARKER}='script'</script>`,
  `<p><a href="javascript:window.${UNSAFE_NOTICE_MARKER}='link'">查看原文</a> · `,
  `<a href="https://www.hkexnews.hk/" onclick="window.${UNSAFE_NOTICE_MARKER}='click'">交易所披露易</a> · `,
  '<a href="/news">快讯</a></p>',
  '<p><img src="https://tracker.simulated.invalid/pixel.png" alt="外部图片">',
  '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="内嵌图片">',
  '<img src="/favicon.svg" alt="站内图片" width="16" height="16"></p>',
  `<svg><a href="javascript:window.${UNSAFE_NOTICE_MARKER}='svg'"><text>svg</text></a><animate onbegin="window.${UNSAFE_NOTICE_MARKER}='svg'"/></svg>`,
  '<iframe src="https://evil.simulated.invalid/"></iframe>',
  '<form action="https://evil.simulated.invalid/"><input name="q" value="x"><button>提交</button></form>',
  '<style>body{display:none}</style>',
].join('');

const UNSAFE_SUMMARY_HTML = `<p onmouseover="window.${UNSAFE_NOTICE_MARKER}='hover'"><strong>经营数据</strong>好于去年同期<object data="https://evil.simulated.invalid/x.swf"></object>（模拟数据）。</p>`;

export type NoticeDetail = {
  seq: string;
  guid: string | null;
  title: string;
  report_period: string | null;
  summary: { notice_type: string; items: { title: string; content: string }[] } | null;
  monthly_report_interpretation: {
    notice_type: string;
    has_findings: boolean;
    findings: { title: string; blocks: { sub_title: string; content_html: string }[] }[];
    summary_html: string;
  } | null;
};

function yi(x: number | null): string {
  return x === null ? '未披露' : `${(x / 1e8).toFixed(2)}亿元`;
}

/** The creation time of a flash seq (creation second times 10^9 plus a seeded part), if it is one. */
function flashTimeOfSeq(seq: string): number | null {
  if (!/^\d{19}$/.test(seq)) return null;
  return Number(BigInt(seq) / BILLION) * 1000;
}

/** An announcement flash's title and summary: those of the interpretation its seq opens. */
function announcementText(seq: string): { title: string; summary: string | null } {
  const detail = noticeDetail(seq, 0);
  const items = detail.summary?.items ?? [];
  return {
    title: detail.title,
    summary: items.length === 0 ? null : items.map((i) => `${i.title}：${i.content}`).join('；'),
  };
}

/**
 * The interpretation of an announcement; any seq names one, deterministically. A flash seq's
 * announcement is dated by the flash (so its flash and its reader agree), any other by `nowMs`.
 */
export function noticeDetail(seq: string, nowMs: number): NoticeDetail {
  const h = fnv1a(`notice|${seq}`);
  const rng = new Rng(h);
  const known = allStocks().filter((s) => s.known);
  const stock = rng.chance(0.6) ? rng.pick(known) : stockAt(rng.int(0, allStocks().length - 1));
  const guid = rng.chance(0.9)
    ? [8, 4, 4, 4, 12]
        .map((n, i) => (mixAll(h, i).toString(16) + '00000000').slice(0, n).padEnd(n, '0'))
        .join('-')
    : null;
  const kind = seq === UNSAFE_NOTICE_SEQ ? 'monthly' : rng.pick(['periodic', 'monthly', 'other'] as const);
  if (kind === 'periodic') {
    const today = dayOfMs(flashTimeOfSeq(seq) ?? nowMs);
    const year = Number(dateOf(today).slice(0, 4)) - 1;
    const quarter: Quarter = rng.pick([1, 2, 3, 4] as const);
    const period = findPeriod(stock, year, quarter);
    const names = { 1: '第一季度报告', 2: '半年度报告', 3: '第三季度报告', 4: '年度报告' } as const;
    const ends = { 1: '03-31', 2: '06-30', 3: '09-30', 4: '12-31' } as const;
    const last = findPeriod(stock, year - 1, quarter);
    const yoy = (a: number | null | undefined, b: number | null | undefined) =>
      a == null || b == null || b === 0 ? '—' : `${(((a - b) / Math.abs(b)) * 100).toFixed(2)}%`;
    return {
      seq,
      guid,
      title: `${stock.name}：${year}年${names[quarter]}`,
      report_period: `${year}-${ends[quarter]}`,
      summary: {
        notice_type: '定期报告',
        items: [
          {
            title: '营业收入',
            content: `${yi(period?.income.operating_income ?? null)}，同比${yoy(period?.income.operating_income, last?.income.operating_income)}`,
          },
          {
            title: '归母净利润',
            content: `${yi(period?.income.parent_holder_net_profit ?? null)}，同比${yoy(period?.income.parent_holder_net_profit, last?.income.parent_holder_net_profit)}`,
          },
          { title: '经营活动现金流净额', content: yi(period?.cashFlow.act_cash_flow_net ?? null) },
        ],
      },
      monthly_report_interpretation: null,
    };
  }
  if (kind === 'monthly') {
    const month = rng.int(1, 12);
    const growth = rng.range(-20, 40).toFixed(2);
    const unsafe = seq === UNSAFE_NOTICE_SEQ;
    return {
      seq,
      guid,
      title: `${stock.name}：${month}月经营数据公告`,
      report_period: null,
      summary: {
        notice_type: '经营数据',
        items: [
          {
            title: '月度销售',
            content: `${month}月销售额同比${Number(growth) >= 0 ? '增长' : '下降'}${Math.abs(Number(growth))}%`,
          },
        ],
      },
      monthly_report_interpretation: {
        notice_type: '月度经营数据',
        has_findings: true,
        findings: [
          {
            title: '销售表现',
            blocks: [
              {
                sub_title: '同比变化',
                content_html: `<p>${month}月销售额同比<b>${growth}%</b>，${Number(growth) >= 0 ? '延续增长' : '有所回落'}。</p>`,
              },
              {
                sub_title: '结构变化',
                content_html: unsafe
                  ? UNSAFE_BLOCK_HTML
                  : `<ul><li>线上渠道占比 ${rng.int(10, 60)}%</li><li>海外收入占比 ${rng.int(1, 30)}%</li></ul>`,
              },
            ],
          },
        ],
        summary_html: unsafe
          ? UNSAFE_SUMMARY_HTML
          : `<p><strong>${stock.name}</strong>${month}月经营数据${Number(growth) >= 0 ? '好于' : '弱于'}去年同期（模拟数据）。</p>`,
      },
    };
  }
  const amount = rng.int(1, 30);
  return {
    seq,
    guid,
    title: `${stock.name}：关于以集中竞价交易方式回购股份的公告`,
    report_period: null,
    summary: {
      notice_type: '股份回购',
      items: [
        { title: '回购金额', content: `不低于${amount}亿元，不超过${amount * 2}亿元` },
        { title: '回购用途', content: '用于员工持股计划或股权激励' },
      ],
    },
    monthly_report_interpretation: null,
  };
}
