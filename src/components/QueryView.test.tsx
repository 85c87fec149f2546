// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { languagePreference } from '../lib/i18n';
import { renderWithProviders } from '../lib/testing.testkit';
import { QueryView, type QueryLike } from './QueryView';

afterEach(() => {
  cleanup();
  languagePreference.write('zh-CN');
});

function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return { data: undefined, error: null, isPending: false, isError: false, refetch: vi.fn(), ...state };
}

const numbers = (data: number[]) => <p data-testid="numbers">{data.join(',')}</p>;

describe('QueryView', () => {
  it('announces loading instead of drawing anything that could be read as data', () => {
    renderWithProviders(<QueryView query={query<number[]>({ isPending: true })}>{numbers}</QueryView>);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('加载中…');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('numbers')).toBeNull();
  });

  it('shows a failure as an error with a retry that refetches, and no data', () => {
    const failed = query<number[]>({ isError: true, error: new Error('socket hang up') });
    renderWithProviders(<QueryView query={failed}>{numbers}</QueryView>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('请求失败');
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('numbers')).toBeNull();
  });

  it('lets a page read an error its own way (renderError), with the same retry', () => {
    const failed = query<number[]>({ isError: true, error: new Error('3004') });
    renderWithProviders(
      <QueryView
        query={failed}
        renderError={(_, retry) => (
          <button type="button" onClick={retry}>
            not for this fund
          </button>
        )}
      >
        {numbers}
      </QueryView>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'not for this fund' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('says there is nothing, in the reader’s language, when the answer is empty', () => {
    languagePreference.write('en');
    renderWithProviders(
      <QueryView query={query({ data: [] })} isEmpty={(d) => d.length === 0}>
        {numbers}
      </QueryView>,
    );
    expect(screen.getByRole('status').textContent).toBe('No data');
    expect(screen.queryByTestId('numbers')).toBeNull();
  });

  it('keeps the data on screen when a later refetch fails', () => {
    renderWithProviders(
      <QueryView query={query({ data: [1, 2], isError: true, error: new Error('later') })}>
        {numbers}
      </QueryView>,
    );
    expect(screen.getByTestId('numbers').textContent).toBe('1,2');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
