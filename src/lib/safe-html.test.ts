// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSanitizer, renameHandlerAttributes } from './safe-html';

const ORIGIN = 'http://dash.test:8080';
const sanitize = createSanitizer(window, ORIGIN);

function parse(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitize(html);
  return host;
}

describe('sanitising service HTML', () => {
  it('keeps the markup of an interpretation: paragraphs, emphasis, lists', () => {
    const html = '<p>销售额同比<b>12.5%</b>，<strong>延续增长</strong>。</p><ul><li>线上 30%</li></ul>';
    expect(sanitize(html)).toBe(html);
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const host = parse(
      [
        '<p onclick="alert(1)" onmouseover="alert(2)">文字<img src="/a.png" onerror="alert(3)"></p>',
        '<script>alert(4)</script>',
        '<a href="javascript:alert(5)">原文</a>',
        '<a href="  JaVaScRiPt:alert(6)">原文</a>',
        '<svg onload="alert(7)"><a href="javascript:alert(8)"><text>x</text></a></svg>',
      ].join(''),
    );
    expect(host.querySelector('script, svg')).toBeNull();
    for (const element of host.querySelectorAll('*'))
      for (const attribute of element.getAttributeNames()) expect(attribute.startsWith('on')).toBe(false);
    for (const link of host.querySelectorAll('a')) expect(link.getAttribute('href')).toBeNull();
    expect(host.textContent).toContain('文字');
    expect(host.innerHTML).not.toMatch(/alert|javascript:/i);
  });

  it('opens links off this origin in a new tab without opener or referrer, and leaves own links alone', () => {
    const host = parse(
      '<a href="https://www.hkexnews.hk/x" target="_self">披露易</a><a href="/news">快讯</a>',
    );
    const [external, own] = host.querySelectorAll('a');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(own?.getAttribute('href')).toBe('/news');
    expect(own?.hasAttribute('target')).toBe(false);
    expect(own?.hasAttribute('rel')).toBe(false);
  });

  it('keeps images of this origin only: remote, protocol-relative and inline-data images are removed', () => {
    const host = parse(
      [
        '<img src="https://tracker.example/p.png" alt="remote">',
        '<img src="//tracker.example/p.png" alt="protocol-relative">',
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="data">',
        '<img alt="no source">',
        // Relative to the service's page, not to ours.
        '<img src="x" alt="relative">',
        `<img src="/favicon.svg" alt="own" srcset="https://tracker.example/2x.png 2x">`,
        `<img src="${ORIGIN}/logo.png" alt="own absolute">`,
      ].join(''),
    );
    const kept = [...host.querySelectorAll('img')].map((img) => img.getAttribute('alt'));
    expect(kept).toEqual(['own', 'own absolute']);
    expect(host.querySelector('img')?.hasAttribute('srcset')).toBe(false);
  });

  it('drops styles, forms, frames and embedded objects', () => {
    const host = parse(
      '<style>body{display:none}</style><p style="position:fixed">段落</p>' +
        '<form action="https://x.example"><input name="q"><button>提交</button></form>' +
        '<iframe src="https://x.example"></iframe><object data="x.swf"></object><embed src="x.swf">',
    );
    expect(host.querySelector('style, form, input, button, iframe, object, embed')).toBeNull();
    expect(host.querySelector('p')?.hasAttribute('style')).toBe(false);
    expect(host.textContent).toContain('段落');
    expect(host.textContent).not.toContain('提交');
  });
});

/** Every attribute the browser's parser would create from this markup, by name. */
function parsedAttributeNames(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('*')].flatMap((element) => element.getAttributeNames());
}

describe('renaming event-handler attributes before parsing', () => {
  it('renames on… attributes in every syntax a start tag allows, and nothing else', () => {
    const cases: [string, string][] = [
      ['<img src=x onerror=alert(1)>', '<img src=x data-dropped-onerror=alert(1)>'],
      ['<img/onerror="a()">', '<img/data-dropped-onerror="a()">'],
      [`<p title='x onclick=y'ONMOUSEOVER = 'z'>`, `<p title='x onclick=y'data-dropped-ONMOUSEOVER = 'z'>`],
      ['<a href="javascript:x" onclick>t</a>', '<a href="javascript:x" data-dropped-onclick>t</a>'],
      ['on the<b>one</b> = only', 'on the<b>one</b> = only'],
      ['<!-- <img onerror=x> --><p>', '<!-- <img onerror=x> --><p>'],
    ];
    for (const [input, output] of cases) expect(renameHandlerAttributes(input)).toBe(output);
  });

  it('sees the tags the parser sees after an abruptly closed comment', () => {
    for (const html of ['<!--><img onerror=a>-->', '<!---><img onerror=a>', '<!-- x --!><img onerror=a>']) {
      expect(parsedAttributeNames(renameHandlerAttributes(html))).not.toContain('onerror');
    }
  });

  it('leaves markup without handlers as it was', () => {
    const html = '<p class="a">1 < 2 &amp; x=y</p><ul><li data-x="on">on</li></ul><img src="/a.png" alt="">';
    expect(renameHandlerAttributes(html)).toBe(html);
  });

  it('leaves the parser nothing named on… in generated markup', { timeout: 60_000 }, () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '/',
      '=',
      '"',
      "'",
      ' ',
      '\n',
      '\t',
      '<!--',
      '-->',
      '--!>',
      '<!-->',
      '</',
      'img',
      'p',
      'svg',
      'a',
      'onerror',
      'ONclick',
      'onload',
      'src',
      'x',
      'style',
      '<script>',
      '</script>',
      '<![CDATA[',
      ']]>',
      '&',
      '?',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const names = parsedAttributeNames(renameHandlerAttributes(parts.join('')));
        return names.every((name) => !/^on/i.test(name));
      }),
      { numRuns: 300 },
    );
  });
});
