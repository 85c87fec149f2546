// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  applyStoredAppearance,
  colorPreference,
  storedPreference,
  themePreference,
  type KeyValueStore,
} from './preferences';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('storedPreference', () => {
  it('reads the remembered value and falls back on anything unknown', () => {
    const good = memoryStore({ theme: 'light' });
    expect(storedPreference('theme', ['dark', 'light'], 'dark', () => good).read()).toBe('light');
    const bad = memoryStore({ theme: 'purple' });
    expect(storedPreference('theme', ['dark', 'light'], 'dark', () => bad).read()).toBe('dark');
    expect(storedPreference('theme', ['dark', 'light'], 'dark', () => null).read()).toBe('dark');
  });

  it('remembers a new value and tells subscribers', () => {
    const store = memoryStore();
    const pref = storedPreference('theme', ['dark', 'light'], 'dark', () => store);
    const seen: string[] = [];
    const unsubscribe = pref.subscribe(() => seen.push(pref.read()));
    pref.write('light');
    unsubscribe();
    pref.write('dark');
    expect(store.data['theme']).toBe('dark');
    expect(seen).toEqual(['light']);
  });

  it('keeps the choice for the session when storage throws', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const pref = storedPreference('lang', ['zh-CN', 'en'], 'zh-CN', () => broken);
    expect(pref.read()).toBe('zh-CN');
    pref.write('en');
    expect(pref.read()).toBe('en');
  });
});

describe('appearance on <html>', () => {
  it('puts the remembered theme and colour convention on the root, follows changes, and remembers them', () => {
    const root = document.createElement('html');
    const stop = applyStoredAppearance(root);
    // Defaults: dark, red up / green down (Chinese convention).
    expect([root.dataset['theme'], root.dataset['colors']]).toEqual(['dark', 'red-up']);
    colorPreference.write('green-up');
    themePreference.write('light');
    expect([root.dataset['theme'], root.dataset['colors']]).toEqual(['light', 'green-up']);
    expect(localStorage.getItem('md.colors')).toBe('green-up');
    stop();
    colorPreference.write('red-up');
    expect(root.dataset['colors']).toBe('green-up');
  });
});
