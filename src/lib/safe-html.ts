import DOMPurify from 'dompurify';

/**
 * HTML from the service (announcement interpretations) made safe to render with `innerHTML` under the
 * app's CSP. DOMPurify parses it in an inert document (nothing loads or runs there) and keeps plain
 * HTML only; on top of its defaults:
 *
 * - no `<style>`, forms, frames, embedded objects or `style` attributes (they could restyle the page);
 * - links only to http(s) and mailto; a link off this origin opens in a new tab with
 *   `rel="noopener noreferrer"`;
 * - images only from this origin, by an absolute path or URL (the CSP allows no other, a remote image
 *   would tell a third party who read what, and a relative path was relative to the service's page, not
 *   ours); any other image is removed.
 *
 * Before DOMPurify parses the markup, every attribute named `on…` is renamed (`renameHandlerAttributes`):
 * Chrome reports a CSP violation for each inline event handler it parses, even in an inert document that
 * never runs it, and the page must not produce those reports. The renamed attributes are `data-` ones,
 * which DOMPurify then removes; the rename is not the safety net, DOMPurify is.
 */

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'object', 'embed'];
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function resolve(url: string, base: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/** HTML's whitespace: tab, line feed, form feed, carriage return, space. */
const WS = /[\t\n\f\r ]/;
/** Ends an attribute name: whitespace, `/`, `>`, `=`. */
const NAME_END = /[\t\n\f\r />=]/;
/** Ends an unquoted attribute value: whitespace or `>`. */
const VALUE_END = /[\t\n\f\r >]/;

/** Where a comment starting at `at` (`<!--`) ends, as HTML's tokenizer finds it (abrupt ends included). */
function commentEnd(html: string, at: number): number {
  if (html.startsWith('<!-->', at)) return at + 5;
  if (html.startsWith('<!--->', at)) return at + 6;
  const ends = [html.indexOf('-->', at + 4), html.indexOf('--!>', at + 4)].filter((i) => i !== -1);
  if (ends.length === 0) return html.length;
  const end = Math.min(...ends);
  return end + (html.startsWith('--!>', end) ? 4 : 3);
}

/**
 * Renames attributes named `on…` in start tags to `data-dropped-on…`, following HTML's tokenizer for
 * tags, attribute names and quoted or unquoted values, and skipping comments. Text is left as it is.
 */
export function renameHandlerAttributes(html: string): string {
  let out = '';
  let i = 0;
  const n = html.length;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      const end = commentEnd(html, lt);
      out += html.slice(lt, end);
      i = end;
      continue;
    }
    // Only `<` and a letter opens a start tag; anything else is text or a tag without attributes.
    if (!/[A-Za-z]/.test(html.charAt(lt + 1))) {
      out += '<';
      i = lt + 1;
      continue;
    }
    let j = lt + 1;
    while (j < n && !/[\t\n\f\r />]/.test(html.charAt(j))) j++;
    out += html.slice(lt, j);
    while (j < n && html.charAt(j) !== '>') {
      const c = html.charAt(j);
      if (WS.test(c) || c === '/') {
        out += c;
        j++;
        continue;
      }
      // An attribute name: its first character may be anything (even `=`), then up to a name end.
      let k = j + 1;
      while (k < n && !NAME_END.test(html.charAt(k))) k++;
      const name = html.slice(j, k);
      out += /^on/i.test(name) ? `data-dropped-${name}` : name;
      j = k;
      let w = j;
      while (w < n && WS.test(html.charAt(w))) w++;
      if (html.charAt(w) !== '=') continue;
      out += html.slice(j, w + 1);
      j = w + 1;
      while (j < n && WS.test(html.charAt(j))) out += html.charAt(j++);
      const quote = html.charAt(j);
      let end: number;
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        end = close === -1 ? n : close + 1;
      } else {
        end = j;
        while (end < n && !VALUE_END.test(html.charAt(end))) end++;
      }
      out += html.slice(j, end);
      j = end;
    }
    i = j;
  }
  return out;
}

/** A purifier bound to one window and one page origin, with the link and image rules as hooks. */
export function createSanitizer(window: Window & typeof globalThis, origin: string) {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href === null) return;
      const url = resolve(href, origin);
      if (url === null || !LINK_PROTOCOLS.has(url.protocol)) {
        node.removeAttribute('href');
        return;
      }
      if (url.origin !== origin) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
      }
    } else if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src')?.trim() ?? '';
      const absolute = /^\/(?!\/)/.test(src) || /^https?:\/\//i.test(src);
      const url = absolute ? resolve(src, origin) : null;
      // Removed while still in DOMPurify's inert document: it never loads anywhere.
      if (url === null || url.origin !== origin) node.remove();
    }
  });
  return (html: string): string =>
    purify.sanitize(renameHandlerAttributes(html), {
      USE_PROFILES: { html: true },
      FORBID_TAGS,
      // A form control's caption means nothing without the control.
      ADD_FORBID_CONTENTS: ['button', 'select', 'textarea'],
      FORBID_ATTR: ['style', 'srcset'],
      ALLOW_DATA_ATTR: false,
    });
}

let pageSanitizer: ((html: string) => string) | null = null;

/** Sanitise service HTML for this page (its window and origin). */
export function sanitizeServiceHtml(html: string): string {
  pageSanitizer ??= createSanitizer(window, window.location.origin);
  return pageSanitizer(html);
}
