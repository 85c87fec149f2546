import { catalog } from '../../../src/contract/catalog';
import { flashPage, flashRefresh, noticeDetail, type Flash } from '../model/news';
import { defineHandler } from '../route';

/** The wire shape: everything but the parsed cursor. */
function wire({ seqValue: _seqValue, ...flash }: Flash) {
  return flash;
}

export const newsRoutes = [
  defineHandler(catalog['news/flash/list'], (params, ctx) => ({
    items: flashPage(params.tag_id, BigInt(params.seq), ctx.now).map(wire),
  })),
  defineHandler(catalog['news/flash/refresh'], (params, ctx) => ({
    items: flashRefresh(params.tag_id, BigInt(params.seq), params.create_time_ms, ctx.now).map(wire),
  })),
  defineHandler(catalog['news/notice/detail'], (params, ctx) => noticeDetail(params.seq, ctx.now)),
];
