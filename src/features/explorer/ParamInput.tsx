import { useId } from 'react';
import { DayPicker } from '../../components/DayPicker';
import { errorCodeInfo } from '../../contract/envelope';
import type { ParamField } from '../../contract/params';
import { isValidDate } from '../../contract/params';
import { addYearsToDate, shanghaiDate, shanghaiMidnight } from '../../contract/time';
import { formatShanghaiDateTime } from '../../lib/format';
import { messages } from './messages';
import type { FieldProblem } from './params-form';

/**
 * One parameter of the form, generated from its description in the contract: a choice list for enums
 * and booleans, a day picker beside dates and millisecond times (Shanghai days), item chips for lists of
 * fixed values, a checked text area for JSON. The rule from the contract is shown under the control.
 */

interface Props {
  field: ParamField;
  value: string;
  onChange: (value: string) => void;
  /** The control's element, for the form to focus a refused parameter. */
  controlRef?: (element: HTMLElement | null) => void;
  problem: FieldProblem | null;
  /** The server's Shanghai day, for the pickers' range. */
  today: string;
}

const PICKER_MIN = '1990-01-01';

function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function listItems(value: string): string[] {
  return value === '' ? [] : value.split(',').map((item) => item.trim());
}

export function ParamInput({ field, value, onChange, controlRef, problem, today }: Props) {
  const { t } = messages.useText();
  const id = useId();
  const ruleId = `${id}-rule`;
  const problemId = `${id}-problem`;
  const { doc, name } = field;
  const describedBy = problem ? `${ruleId} ${problemId}` : ruleId;
  const common = {
    id,
    name,
    'aria-describedby': describedBy,
    'aria-invalid': problem ? true : undefined,
    'aria-required': field.required || undefined,
    'data-param': name,
    ref: controlRef,
  } as const;
  const pickerMax = addYearsToDate(today, 1);

  let control;
  let extra = null;
  switch (doc.kind) {
    case 'enum':
    case 'bool': {
      const choices = doc.kind === 'enum' ? doc.values : ['true', 'false'];
      const blank =
        field.defaultText === undefined
          ? t('form.notSent')
          : t('form.notSentDefault', { value: field.defaultText });
      control = (
        <select {...common} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{blank}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
          {value !== '' && !choices.includes(value) && <option value={value}>{value}</option>}
        </select>
      );
      break;
    }
    case 'json': {
      const bad = value === '' ? null : jsonProblem(value);
      control = (
        <textarea
          {...common}
          className="input xp-input--json"
          rows={value.includes('\n') ? 6 : 3}
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      extra = value !== '' && (
        <div className="xp-field__aside">
          <span className={bad ? 'xp-bad' : 'xp-good'}>
            {bad ? t('form.jsonBad', { error: bad }) : t('form.jsonOk')}
          </span>
          {!bad && (
            <button
              type="button"
              className="btn btn--small"
              onClick={() => onChange(JSON.stringify(JSON.parse(value), null, 2))}
            >
              {t('form.jsonFormat')}
            </button>
          )}
        </div>
      );
      break;
    }
    default: {
      const numeric = doc.kind === 'int' || doc.kind === 'ms' || doc.kind === 'number';
      control = (
        <input
          {...common}
          className="input num"
          type="text"
          inputMode={numeric ? (doc.kind === 'number' ? 'decimal' : 'numeric') : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={
            field.defaultText !== undefined
              ? t('form.default', { value: field.defaultText })
              : doc.kind === 'date'
                ? 'yyyy-MM-dd'
                : undefined
          }
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
  }

  if (doc.kind === 'date') {
    extra = (
      <div className="xp-field__aside">
        <DayPicker
          label={t('form.pickDay', { name })}
          value={isValidDate(value) ? value : undefined}
          min={PICKER_MIN}
          max={pickerMax}
          isDayEnabled={() => true}
          onChange={onChange}
        />
      </div>
    );
  } else if (doc.kind === 'ms') {
    const n = /^\d+$/.test(value) ? Number(value) : null;
    const shown = n !== null && Number.isSafeInteger(n) ? n : null;
    extra = (
      <div className="xp-field__aside">
        <DayPicker
          label={t('form.pickMidnight', { name })}
          value={shown === null ? undefined : shanghaiDate(shown)}
          min={PICKER_MIN}
          max={pickerMax}
          isDayEnabled={() => true}
          onChange={(day) => onChange(String(shanghaiMidnight(day)))}
        />
        {shown !== null && (
          <span className="muted num" data-testid={`shanghai-${name}`}>
            {t('form.shanghai', { time: formatShanghaiDateTime(shown) })}
          </span>
        )}
      </div>
    );
  } else if (doc.kind === 'list') {
    const items = listItems(value);
    const values = doc.values;
    extra = (
      <div className="xp-field__aside">
        {values && (
          <span className="xp-chips" role="group" aria-label={`${name}: ${t('form.choices')}`}>
            {values.map((choice) => {
              const on = items.some((item) => item.toUpperCase() === choice.toUpperCase());
              return (
                <button
                  key={choice}
                  type="button"
                  className="xp-chip"
                  aria-pressed={on}
                  onClick={() =>
                    onChange(
                      (on
                        ? items.filter((item) => item.toUpperCase() !== choice.toUpperCase())
                        : [...items.filter(Boolean), choice]
                      ).join(','),
                    )
                  }
                >
                  {choice}
                </button>
              );
            })}
          </span>
        )}
        {items.length > 0 && (
          <span className={doc.maxItems !== undefined && items.length > doc.maxItems ? 'xp-bad' : 'muted'}>
            {doc.maxItems === undefined
              ? t('form.listItems', { count: items.length })
              : t('form.listCount', { count: items.length, max: doc.maxItems })}
          </span>
        )}
      </div>
    );
  }

  return (
    <div className="xp-field" data-field={name} data-invalid={problem ? true : undefined}>
      <label className="xp-field__label" htmlFor={id}>
        <code className="xp-field__name">{name}</code>
        <span className={field.required ? 'xp-tag xp-tag--required' : 'xp-tag'}>
          {field.required ? t('form.required') : t('form.optional')}
        </span>
        <span className="xp-field__kind muted">{doc.kind}</span>
      </label>
      {control}
      {extra}
      <p id={ruleId} className="xp-field__rule muted">
        {doc.rule}
        {field.defaultText !== undefined && ` · ${t('form.default', { value: field.defaultText })}`}
      </p>
      {problem && (
        <p id={problemId} className="xp-field__problem" role="alert">
          <strong className="num">{problem.code}</strong> {problem.message}
          {errorCodeInfo[problem.code] && (
            <span className="muted"> ({errorCodeInfo[problem.code]?.meaning})</span>
          )}
        </p>
      )}
    </div>
  );
}
