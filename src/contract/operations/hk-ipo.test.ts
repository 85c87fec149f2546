import { describe } from 'vitest';
import { hkIpoOperations as ops } from './hk-ipo';
import { dataSuite, err, ok, paramSuite } from './operation-suites.testkit';

describe('Hong Kong IPO', () => {
  paramSuite(ops, {
    'hk-share/ipo/application-list': [
      ['defaults page to 1', {}, ok('page=1')],
      ['page 3', { page: '3' }, ok('page=3')],
      ['page 0', { page: '0' }, err(1003, 'page')],
      ['page not an integer', { page: 'next' }, err(1002, 'page')],
      ['page size is fixed', { size: '100' }, err(1002, 'size')],
    ],
    'hk-share/ipo/calendar-list': [
      ['subscribable', { status: 'subscribable' }, ok('status=subscribable')],
      ['awaiting listing', { status: 'awaiting_listing' }, ok('status=awaiting_listing')],
      ['missing status', {}, err(1001, 'status')],
      ['status outside the enum', { status: 'listed' }, err(1002, 'status')],
    ],
    'hk-share/ipo/issue-detail': [
      ['an issue code', { issue_code: 'HK-2026-0012' }, ok('issue_code=HK-2026-0012')],
      ['32 characters', { issue_code: 'x'.repeat(32) }, ok(`issue_code=${'x'.repeat(32)}`)],
      ['33 characters', { issue_code: 'x'.repeat(33) }, err(1003, 'issue_code')],
      ['missing issue_code', {}, err(1001, 'issue_code')],
    ],
  });

  dataSuite(
    ops,
    {
      'hk-share/ipo/application-list': {
        item: [
          { company_name: '某某科技股份有限公司', application_date: '2026-01-05' },
          { company_name: '某某科技股份有限公司', application_date: null },
        ],
        pagination: { page: 1, size: 50, total: null, has_next: true },
      },
      'hk-share/ipo/calendar-list': {
        status: 'subscribable',
        item: [
          {
            issue_code: 'HK-2026-0012',
            thscode: null,
            name: '某某医疗',
            listing_date: null,
            issue_price: null,
            currency: 'HKD',
            subscription_end_date: '2026-01-09',
            entry_fee: 5050.43,
            issue_price_text: '22.00-25.00',
          },
        ],
      },
      'hk-share/ipo/issue-detail': {
        issue_code: 'HK-2026-0012',
        currency: 'HKD',
        issue_price_range: { lower: 22, upper: 25 },
        lot_size: 200,
        entry_fee: 5050.43,
      },
    },
    {
      'hk-share/ipo/application-list': { item: [], pagination: { page: 1, size: 50, total: null } },
      'hk-share/ipo/issue-detail': {
        issue_code: 'HK-1',
        currency: 'HKD',
        issue_price_range: null,
        lot_size: 200.5,
        entry_fee: null,
      },
    },
  );
});
