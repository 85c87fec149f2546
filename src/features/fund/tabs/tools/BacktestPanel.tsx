import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProblems } from '../../../../components/FormProblems';
import { Segmented } from '../../../../components/Segmented';
import { BACKTEST_FREQUENCIES } from '../../../../contract/operations/fund-tools-terms';
import type { FundTabProps } from '../../FundTabs';
import { useFundText } from '../../messages';
import { backtestIndicatorsQuery, type BacktestIndicator } from '../../queries';
import { FundQueryView, Section } from '../../Section';
import { backtestProblemWords, buildBacktestFormSchema, formOf } from './backtest-form';
import { BacktestResultView } from './BacktestResultView';
import { ConditionRows } from './ConditionRows';

/** A plan built from the service's indicator list, run on the fund; the plan is kept in the link. */
export function BacktestPanel(props: FundTabProps) {
  const { t } = useFundText();
  const indicators = useQuery(backtestIndicatorsQuery());
  return (
    <Section title={t('bt.title')} testId="backtest-panel">
      <FundQueryView query={indicators} height={160} isEmpty={(d) => d.length === 0}>
        {(list) => <BacktestFormView {...props} indicators={list} />}
      </FundQueryView>
    </Section>
  );
}

const SIDES = ['buy', 'sell'] as const;

/** One of the plan's numbers, typed as text; marked invalid when the plan refuses it. */
function NumberField({
  label,
  narrow = false,
  invalid,
  ...input
}: {
  label: string;
  inputMode: 'numeric' | 'decimal';
  narrow?: boolean;
  invalid: boolean;
} & UseFormRegisterReturn) {
  return (
    <label className="fund-field">
      <span className="fund-field__label">{label}</span>
      <input
        className={narrow ? 'fund-input fund-input--narrow' : 'fund-input'}
        aria-invalid={invalid ? true : undefined}
        {...input}
      />
    </label>
  );
}

function BacktestFormView({
  fundRef,
  search,
  onSearch,
  indicators,
}: FundTabProps & { indicators: readonly BacktestIndicator[] }) {
  const { t } = useFundText();
  const resolver = useMemo(
    () => zodResolver(buildBacktestFormSchema(), { error: backtestProblemWords(t) }),
    [t],
  );
  const { control, register, handleSubmit, formState } = useForm({
    resolver,
    defaultValues: formOf(search.bt, indicators),
  });
  return (
    <>
      <form className="fund-backtest" onSubmit={handleSubmit((bt) => onSearch({ bt }))} noValidate>
        {SIDES.map((side) => (
          <ConditionRows
            key={side}
            side={side}
            control={control}
            register={register}
            errors={formState.errors}
            indicators={indicators}
          />
        ))}
        <div className="fund-toolbar">
          <Controller
            control={control}
            name="f"
            render={({ field }) => (
              <Segmented
                label={t('bt.frequency')}
                value={field.value}
                options={BACKTEST_FREQUENCIES.map((f) => ({ value: f, label: t(`freq.${f}`) }))}
                onChange={field.onChange}
              />
            )}
          />
          <NumberField
            label={t('bt.maxBuys')}
            inputMode="numeric"
            narrow
            invalid={formState.errors.n !== undefined}
            {...register('n')}
          />
          <NumberField
            label={t('bt.perBuy')}
            inputMode="decimal"
            invalid={formState.errors.a !== undefined}
            {...register('a')}
          />
          <button type="submit" className="btn" data-testid="run-backtest">
            {t('bt.run')}
          </button>
        </div>
        <FormProblems errors={formState.errors} className="fund-form-error" />
      </form>
      {search.bt ? (
        <BacktestResultView fundRef={fundRef} plan={search.bt} />
      ) : (
        <p className="muted">{t('bt.idle')}</p>
      )}
    </>
  );
}
