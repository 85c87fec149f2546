import { describe, expect, it } from 'vitest';
import { defineMessages, interpolate, translate } from './i18n';

describe('interpolate', () => {
  it('fills named placeholders and leaves unknown ones visible', () => {
    expect(interpolate('{a} of {b}', { a: 3, b: 'ten' })).toBe('3 of ten');
    expect(interpolate('{a} and {missing}', { a: 'x' })).toBe('x and {missing}');
    expect(interpolate('no vars {a}')).toBe('no vars {a}');
  });
});

describe('defineMessages', () => {
  const messages = defineMessages({
    'greet.day': ['{name}，早上好', 'Good morning, {name}'],
    'greet.none': ['你好', 'Hello'],
  });

  it('answers in the language asked for, placeholders filled', () => {
    expect(messages.text('zh-CN', 'greet.day', { name: '李' })).toBe('李，早上好');
    expect(messages.text('en', 'greet.day', { name: 'Li' })).toBe('Good morning, Li');
  });

  it('tells keys of its dictionary from other strings, inherited names included', () => {
    expect(messages.has('greet.none')).toBe(true);
    expect(messages.has('greet.night')).toBe(false);
    expect(messages.has('toString')).toBe(false);
  });
});

it('the app dictionary fills placeholders the same way', () => {
  expect(translate('en', 'table.rows', { count: 12 })).toBe('12 rows');
});
