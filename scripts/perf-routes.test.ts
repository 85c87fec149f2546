import { describe, expect, it } from 'vitest';
import { dataRequests, roundsBeforeLcp, routePaths, SAMPLES, visits, type Resource } from '../bench/routes';

const BASE = 'http://127.0.0.1:4173';
const isData = (url: URL) => url.pathname.startsWith('/api/');

function fetched(path: string, startTime: number, responseEnd: number): Resource {
  return { name: `${BASE}${path}`, initiatorType: 'fetch', startTime, responseEnd, encodedBodySize: 100 };
}

describe('data round trips before the largest contentful paint', () => {
  it('counts requests sent together as one round, however their answers interleave', () => {
    const resources = [
      fetched('/api/a', 100, 2100),
      fetched('/api/b', 140, 2300),
      fetched('/api/c', 180, 2120),
    ];
    expect(roundsBeforeLcp(resources, 2500, isData)).toBe(1);
  });

  it('adds a round for each request sent after an answer came back', () => {
    const resources = [
      fetched('/api/calendar', 100, 2100),
      fetched('/api/list?day=1', 2150, 4150),
      fetched('/api/detail?id=7', 4200, 6200),
    ];
    expect(dataRequests(resources, isData).map((r) => r.round)).toEqual([1, 2, 3]);
    expect(roundsBeforeLcp(resources, 6300, isData)).toBe(3);
    // What comes back after the paint is not what the paint waited for.
    expect(roundsBeforeLcp(resources, 4300, isData)).toBe(2);
  });

  it('leaves out other resources, repeats of a URL (polling) and pages without a paint', () => {
    const resources = [
      fetched('/api/quote', 100, 2100),
      fetched('/assets/chunk.js', 2200, 2250),
      fetched('/api/quote', 5000, 7000),
    ];
    expect(roundsBeforeLcp(resources, 8000, isData)).toBe(1);
    expect(roundsBeforeLcp(resources, null, isData)).toBe(0);
  });
});

describe('the pages the performance checks open', () => {
  it('open every route of the route tree, with a sample for each path parameter, and the 10-year chart', () => {
    const opened = visits();
    expect(opened.map((v) => v.route)).toEqual([...routePaths(), '/stock/$thscode (10 years of daily bars)']);
    for (const visit of opened) expect(visit.url, visit.route).not.toBeNull();
    expect(Object.keys(SAMPLES).every((route) => routePaths().includes(route))).toBe(true);
  });
});
