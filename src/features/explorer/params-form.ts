import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { AnyOperation } from '../../contract/operation';
import type { ParamFailure } from '../../contract/params';
import { checkField, checkRequest, type FormValues } from './model';

/**
 * The operation form's values as react-hook-form keeps them: every parameter as typed ('' when left
 * out), and any other key of the URL kept as it came (never sent: the request takes the parameters only).
 */
export type ParamForm = Record<string, string>;

/** The form's values for URL values: every parameter present, blank when the URL has none. */
export function paramForm(op: AnyOperation, values: FormValues): ParamForm {
  return { ...Object.fromEntries(op.paramNames.map((name) => [name, ''])), ...values };
}

/** A failure as the form keeps it: the code the BFF would send is the error's type. */
function errorOf(failure: ParamFailure): FieldError {
  return { type: String(failure.code), message: failure.message };
}

/** A refusal as a field shows it: the BFF's code and its message. */
export interface FieldProblem {
  code: number;
  message: string;
}

/** A kept error as the code and message the page shows; null when there is none. */
export function problemOf(
  error: { type?: string | number; message?: string } | undefined,
): FieldProblem | null {
  if (error?.message === undefined) return null;
  const code = Number(error.type);
  return Number.isInteger(code) ? { code, message: error.message } : null;
}

/**
 * The form's resolver: the operation's parameter schema from the contract, checked as the BFF checks it.
 * Each field asked about is checked alone (while typing); when the whole form is asked (sending), the
 * request is checked too: parameters together and the date rules against the server's `now`. That
 * refusal lands on the parameter it names (the one the BFF would name) and at the form's root.
 */
export function paramsResolver(op: AnyOperation, now: () => number): Resolver<ParamForm> {
  return (values, _context, options) => {
    const names = options.names ?? op.paramNames;
    const errors: FieldErrors<ParamForm> = {};
    for (const name of names) {
      const own = checkField(op, name, values[name] ?? '');
      if (own) errors[name] = errorOf(own);
    }
    if (op.paramNames.every((name) => names.includes(name))) {
      const request = checkRequest(op, values, now());
      if (!request.ok) {
        if (request.param !== null) errors[request.param] = errorOf(request);
        errors.root = errorOf(request);
      }
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
}
