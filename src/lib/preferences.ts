import { useCallback, useSyncExternalStore } from 'react';

/**
 * Small settings remembered in localStorage (theme here, language in i18n.ts). Values are checked on
 * read so that a stale or hand-edited entry falls back to the default instead of breaking the app, and
 * the `storage` event keeps several open tabs in step.
 */

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface StoredPreference<T extends string> {
  readonly key: string;
  readonly values: readonly T[];
  readonly fallback: T;
  read(): T;
  write(value: T): void;
  subscribe(listener: () => void): () => void;
}

/** localStorage can be missing (tests, some embedded views) or throw (privacy modes, quota). */
export function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && values.some((v) => v === value);
}

export function storedPreference<const T extends string>(
  key: string,
  values: readonly T[],
  fallback: T,
  storage: () => KeyValueStore | null = browserStorage,
): StoredPreference<T> {
  const listeners = new Set<() => void>();
  // Kept in memory too, so the choice holds for the session even when storage refuses to save it.
  let current: T | null = null;

  function read(): T {
    if (current !== null) return current;
    let stored: string | null;
    try {
      stored = storage()?.getItem(key) ?? null;
    } catch {
      stored = null;
    }
    current = isOneOf(values, stored) ? stored : fallback;
    return current;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function write(value: T) {
    current = value;
    try {
      storage()?.setItem(key, value);
    } catch {
      // Not remembered across reloads; nothing else to do.
    }
    notify();
  }

  function onStorage(event: StorageEvent) {
    if (event.key !== key) return;
    current = null;
    notify();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.removeEventListener('storage', onStorage);
    };
  }

  return { key, values, fallback, read, write, subscribe };
}

export function usePreference<T extends string>(pref: StoredPreference<T>): [T, (value: T) => void] {
  const value = useSyncExternalStore(pref.subscribe, pref.read, () => pref.fallback);
  const set = useCallback((next: T) => pref.write(next), [pref]);
  return [value, set];
}

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** Dark by default: a trading terminal is read for hours. */
export const themePreference = storedPreference('md.theme', THEMES, 'dark');

/** The stylesheet keys both palettes off `<html data-theme>`. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset['theme'] = theme;
  root.style.colorScheme = theme;
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  return usePreference(themePreference);
}

/**
 * Chinese markets read red as up and green as down; readers used to Western screens can swap them.
 * `<html data-colors>` sets --up and --down in the stylesheet; charts read the same variables.
 */
export const COLOR_CONVENTIONS = ['red-up', 'green-up'] as const;
export type ColorConvention = (typeof COLOR_CONVENTIONS)[number];

export const colorPreference = storedPreference('md.colors', COLOR_CONVENTIONS, 'red-up');

export function applyColors(colors: ColorConvention, root: HTMLElement = document.documentElement): void {
  root.dataset['colors'] = colors;
}

export function useColorConvention(): [ColorConvention, (colors: ColorConvention) => void] {
  return usePreference(colorPreference);
}

/** Apply the remembered theme and colours now (before the first render) and whenever they change. */
export function applyStoredAppearance(root: HTMLElement = document.documentElement): () => void {
  applyTheme(themePreference.read(), root);
  applyColors(colorPreference.read(), root);
  const offTheme = themePreference.subscribe(() => applyTheme(themePreference.read(), root));
  const offColors = colorPreference.subscribe(() => applyColors(colorPreference.read(), root));
  return () => {
    offTheme();
    offColors();
  };
}
