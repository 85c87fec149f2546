import type { DayWindow } from '../lib/trading-days';
import { DayPicker } from './DayPicker';
import { Field } from './Field';

const anyDay = () => true;

/**
 * A span of days as two pickers, "from" and "to": neither can pass the other, both stay inside the
 * window (its `max` is today, usually).
 */
export function DayRange({
  labels,
  value,
  window,
  isDayEnabled = anyDay,
  onChange,
  testIds,
}: {
  labels: { from: string; to: string };
  /** The days shown; undefined while they are not known (a dash). */
  value: { from: string; to: string } | null;
  window: DayWindow;
  isDayEnabled?: (day: string) => boolean;
  onChange: (edge: 'from' | 'to', day: string) => void;
  testIds: { from: string; to: string };
}) {
  return (
    <>
      <Field label={labels.from} as="span">
        <DayPicker
          label={labels.from}
          value={value?.from}
          min={window.min}
          max={value?.to ?? window.max}
          isDayEnabled={isDayEnabled}
          onChange={(day) => onChange('from', day)}
          testId={testIds.from}
        />
      </Field>
      <Field label={labels.to} as="span">
        <DayPicker
          label={labels.to}
          value={value?.to}
          min={value?.from ?? window.min}
          max={window.max}
          isDayEnabled={isDayEnabled}
          onChange={(day) => onChange('to', day)}
          testId={testIds.to}
        />
      </Field>
    </>
  );
}
