import { z } from 'zod';
import { browserStorage, type KeyValueStore } from '../../lib/preferences';

/**
 * Which columns a reader chose to see, per table id, in localStorage. Only the explicit choices are
 * stored, so a column added later shows its default until someone changes it.
 */

export type ColumnChoice = Record<string, boolean>;

const choiceSchema = z.record(z.string(), z.boolean());

export function columnPrefsKey(tableId: string): string {
  return `md.table.${tableId}.columns`;
}

export function readColumnChoice(
  tableId: string,
  storage: () => KeyValueStore | null = browserStorage,
): ColumnChoice {
  try {
    const text = storage()?.getItem(columnPrefsKey(tableId));
    if (!text) return {};
    const parsed = choiceSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    // Unreadable storage or a hand-edited entry: the defaults.
    return {};
  }
}

export function writeColumnChoice(
  tableId: string,
  choice: ColumnChoice,
  storage: () => KeyValueStore | null = browserStorage,
): void {
  try {
    storage()?.setItem(columnPrefsKey(tableId), JSON.stringify(choice));
  } catch {
    // Not remembered across visits; the choice still holds on screen.
  }
}
