import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/**
 * How URLs hold view state: values are JSON where they read as JSON (`limit=50` is a number), as the
 * router does by default, except integers a double cannot hold exactly (opaque cursors and ids such as
 * `seq=1784080892624084722`): they stay text, so no digit of a link is lost, and are written unquoted.
 */
function parseValue(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value === 'number' && !Number.isSafeInteger(value) && /^-?\d+$/.test(text)) {
    throw new RangeError('an integer beyond double precision stays text');
  }
  return value;
}

export const parseSearch = parseSearchWith(parseValue);
export const stringifySearch = stringifySearchWith(JSON.stringify, parseValue);
