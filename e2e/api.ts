import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';

/**
 * A call to the app's own BFF from a test, parsed with the shape the test relies on: the expected
 * figures of a spec come from the same answers the page receives, never from numbers written in the test.
 */
export async function apiData<S extends z.ZodType>(
  request: APIRequestContext,
  path: string,
  data: S,
): Promise<z.output<S>> {
  const res = await request.get(path);
  const body = z.object({ code: z.literal(0), data: z.unknown() }).parse(await res.json());
  return data.parse(body.data);
}

/** Midnight of a `yyyy-MM-dd` day in Shanghai, in Unix ms (the service's `date_ms`). */
export function shanghaiDayMs(day: string): number {
  return Date.parse(`${day}T00:00:00+08:00`);
}

/** The trading days of the service's calendar, as `yyyy-MM-dd`, oldest first. */
export async function tradingDays(request: APIRequestContext): Promise<string[]> {
  const data = await apiData(
    request,
    '/api/a-share/calendar/trading-days',
    z.object({ item: z.array(z.object({ date: z.string() })) }),
  );
  return data.item.map((d) => `${d.date.slice(0, 4)}-${d.date.slice(4, 6)}-${d.date.slice(6, 8)}`).sort();
}
