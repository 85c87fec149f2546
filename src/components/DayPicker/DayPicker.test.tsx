// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { DayPicker, monthGrid } from './DayPicker';
import { renderWithProviders } from '../../lib/testing.testkit';

/** Weekdays of June and July 2026 except a holiday on 2026-07-08; the window ends 2026-07-14. */
const HOLIDAY = '2026-07-08';
function isTradingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && day !== HOLIDAY;
}

function renderPicker(value: string | undefined = '2026-07-10') {
  const onChange = vi.fn();
  renderWithProviders(
    <DayPicker
      label="交易日"
      value={value}
      min="2026-06-10"
      max="2026-07-14"
      isDayEnabled={isTradingDay}
      disabledNote={() => '非交易日'}
      onChange={onChange}
    />,
  );
  return onChange;
}

function open() {
  fireEvent.click(screen.getByRole('button', { name: /^交易日:/ }));
  return screen.getByRole('dialog', { name: '交易日' });
}

function day(dialog: HTMLElement, date: string): HTMLButtonElement {
  const button = dialog.querySelector(`button[data-day="${date}"]`);
  if (!(button instanceof HTMLButtonElement)) throw new Error(`no button for ${date}`);
  return button;
}

afterEach(() => {
  cleanup();
});

describe('DayPicker', () => {
  it('lays a month out in six weeks starting on Monday', () => {
    const grid = monthGrid('2026-07');
    expect(grid).toHaveLength(42);
    // 2026-07-01 is a Wednesday: the grid starts on Monday 2026-06-29.
    expect(grid[0]).toBe('2026-06-29');
    expect(grid[2]).toBe('2026-07-01');
  });

  it('offers trading days and refuses weekends, holidays and days outside the window', () => {
    const onChange = renderPicker();
    const dialog = open();
    expect(within(dialog).getByText(/2026/)).toBeTruthy();
    expect(day(dialog, '2026-07-11').disabled).toBe(true);
    expect(day(dialog, '2026-07-11').title).toBe('非交易日');
    expect(day(dialog, HOLIDAY).disabled).toBe(true);
    // After the window's last day: disabled although a weekday.
    expect(day(dialog, '2026-07-15').disabled).toBe(true);
    expect(day(dialog, '2026-07-15').title).toContain('2026-07-14');
    // A click on a refused day does nothing.
    fireEvent.click(day(dialog, '2026-07-11'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.click(day(dialog, '2026-07-09'));
    expect(onChange).toHaveBeenCalledWith('2026-07-09');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the chosen day and focuses it on opening', () => {
    renderPicker('2026-07-10');
    const dialog = open();
    expect(day(dialog, '2026-07-10').closest('td')?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(day(dialog, '2026-07-10'));
  });

  it('moves with the arrow keys to the nearest choosable day, skipping closed ones', () => {
    const onChange = renderPicker('2026-07-10');
    const dialog = open();
    const grid = within(dialog).getByRole('grid');
    // Friday → next day is Saturday: the weekend is skipped to Monday.
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day(dialog, '2026-07-13'));
    // Three steps back from Monday: the weekend, then the holiday on Wednesday the 8th, are skipped.
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(day(dialog, '2026-07-07'));
    // A week on, then past the window's end nothing moves.
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day(dialog, '2026-07-14'));
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day(dialog, '2026-07-14'));
    fireEvent.keyDown(grid, { key: 'PageUp' });
    expect(document.activeElement).toBe(
      day(within(screen.getByRole('dialog')).getByRole('grid'), '2026-06-30'),
    );
    fireEvent.keyDown(document.activeElement ?? grid, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^交易日:/ }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('pages between months only inside the window', () => {
    renderPicker('2026-07-10');
    const dialog = open();
    expect(within(dialog).getByRole('button', { name: '下个月' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: '上个月' }));
    expect(within(dialog).getByRole('button', { name: '上个月' })).toHaveProperty('disabled', true);
    // June before the 10th is outside the window.
    expect(day(dialog, '2026-06-09').disabled).toBe(true);
    expect(day(dialog, '2026-06-10').disabled).toBe(false);
  });
});
