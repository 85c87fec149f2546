import { newsOperations as ops } from './news';
import { dataCases, paramCases } from './operation-cases.testkit';

const flashList = ops['news/flash/list'];
const refresh = ops['news/flash/refresh'];
const notice = ops['news/notice/detail'];

paramCases(flashList, [
  { name: 'first screen', q: { tag_id: '1', seq: '0' }, code: 0, value: { tag_id: 1, seq: '0' } },
  // A long cursor must survive digit for digit (it exceeds Number.MAX_SAFE_INTEGER).
  {
    name: 'a long cursor kept as text',
    q: { tag_id: '1', seq: '1152921504606846977' },
    code: 0,
    value: { seq: '1152921504606846977' },
  },
  { name: 'tag_id missing', q: { seq: '0' }, code: 1001, param: 'tag_id' },
  { name: 'seq missing', q: { tag_id: '1' }, code: 1001, param: 'seq' },
  { name: 'tag_id not an integer', q: { tag_id: 'macro', seq: '0' }, code: 1002, param: 'tag_id' },
  { name: 'seq not digits', q: { tag_id: '1', seq: 'abc' }, code: 1002, param: 'seq' },
]);

paramCases(refresh, [
  {
    name: 'whole-second creation time',
    q: { tag_id: '1', seq: '99', create_time_ms: '1784080800000' },
    code: 0,
  },
  { name: 'create_time_ms missing', q: { tag_id: '1', seq: '99' }, code: 1001, param: 'create_time_ms' },
  {
    name: 'create_time_ms with milliseconds',
    q: { tag_id: '1', seq: '99', create_time_ms: '1784080800123' },
    code: 1002,
    param: 'create_time_ms',
  },
  { name: 'seq missing', q: { tag_id: '1', create_time_ms: '1784080800000' }, code: 1001, param: 'seq' },
]);

paramCases(notice, [
  { name: 'an announcement', q: { seq: '1234567890123' }, code: 0 },
  { name: 'seq missing', q: {}, code: 1001, param: 'seq' },
]);

const flash = {
  id: '1152921504606846977',
  seq: '1152921504606846977',
  title: '央行开展逆回购操作',
  encoded_url: 'aHR0cHM6Ly9leGFtcGxl',
  summary: null,
  tags: [{ id: 12, name: '宏观' }],
  type: 1,
  create_time_ms: 1784080800000,
  update_time_ms: 1784080860000,
  pic_url: '',
};

for (const op of [flashList, refresh]) {
  dataCases(op, [
    {
      name: 'flashes under items[]',
      sample: { items: [flash, { ...flash, summary: '摘要', pic_url: null }] },
    },
    { name: 'an id sent as a number', sample: { items: [{ ...flash, id: 1152921504606846 }] }, ok: false },
  ]);
}

dataCases(notice, [
  {
    name: 'financial report with findings and HTML',
    sample: {
      seq: '1234567890123',
      guid: null,
      title: '2026年半年度报告',
      report_period: '2026-06-30',
      summary: { notice_type: '定期报告', items: [{ title: '营收', content: '同比增长' }] },
      monthly_report_interpretation: {
        notice_type: '半年报',
        has_findings: true,
        findings: [{ title: '现金流', blocks: [{ sub_title: '经营', content_html: '<p>改善</p>' }] }],
        summary_html: '<b>稳健</b>',
      },
    },
  },
  {
    name: 'an ordinary announcement',
    sample: {
      seq: '1',
      guid: 'g-1',
      title: '关于召开股东大会的通知',
      report_period: null,
      summary: null,
      monthly_report_interpretation: null,
    },
  },
]);
