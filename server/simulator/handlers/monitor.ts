import { catalog } from '../../../src/contract/catalog';
import { tradingIndexOnOrBefore } from '../model/calendar';
import { monitorEndMs, monitorLabel, monitorRecords, monitorStartMs } from '../model/monitor';
import { defineHandler } from '../route';
import { clockOf } from './common';

export const monitorRoutes = [
  defineHandler(catalog['a-share/special-data/abnormal-monitor-list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const records = monitorRecords(tradingIndexOnOrBefore(clock.today), params.state);
    const from = (params.page - 1) * params.size;
    return {
      item: records.slice(from, from + params.size).map((r) => ({
        thscode: r.stock.thscode,
        name: r.stock.name,
        start_date_ms: monitorStartMs(r),
        end_date_ms: params.state === 'current' ? null : monitorEndMs(r),
        monitor_type: r.type,
        monitor_label: monitorLabel(r.type),
      })),
      pagination: {
        page: params.page,
        size: params.size,
        total: records.length,
        has_next: from + params.size < records.length,
      },
    };
  }),
];
