// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ModeBadge } from './ModeBadge';
import { renderWithProviders } from '../lib/testing.testkit';

function serveMode(body: unknown, status = 200) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ModeBadge', () => {
  it('says "simulated data" in amber when the BFF runs the simulator', async () => {
    const fetch = serveMode({ mode: 'simulated', version: '0.1.0', now: 1_784_081_400_000 });
    renderWithProviders(<ModeBadge />);
    const badge = screen.getByTestId('mode-badge');
    await waitFor(() => expect(badge.getAttribute('data-mode')).toBe('simulated'));
    expect(badge.textContent).toContain('模拟数据 · Simulated data');
    expect(badge.getAttribute('title')).toContain('不是真实行情');
    expect(fetch).toHaveBeenCalledWith('/bff/mode', expect.anything());
  });

  it('says "live" when the BFF talks to the real service', async () => {
    serveMode({ mode: 'live', version: '0.1.0', now: 0 });
    renderWithProviders(<ModeBadge />);
    const badge = screen.getByTestId('mode-badge');
    await waitFor(() => expect(badge.getAttribute('data-mode')).toBe('live'));
    expect(badge.textContent).toContain('实时 · Live');
    expect(badge.textContent).not.toContain('Simulated');
  });

  it('warns (amber, "mode unknown") rather than implying live data when the mode cannot be read', async () => {
    serveMode({ statusCode: 404, message: 'Not found' }, 404);
    renderWithProviders(<ModeBadge />);
    const badge = screen.getByTestId('mode-badge');
    await waitFor(() => expect(badge.getAttribute('data-mode')).toBe('unknown'));
    expect(badge.textContent).toContain('模式未知');
    expect(badge.textContent).not.toContain('Live');
  });
});
