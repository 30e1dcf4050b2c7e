// A post's text as the feed carries it (src/pages/rss.xml.ts). A feed reader shows it away from the
// site, and RSS 2.0 gives it no base address: some readers resolve `/services/x` or a picture's
// `/_astro/…` against the feed, some against nothing, so links and pictures broke there. Every
// address is written out whole, as the post's own page would resolve it.
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { srcsetCandidates } from '@/lib/text/sanitize';
import { readAddress } from '@/lib/text/url-check';

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment'];

/** `value` resolved against `pageUrl` when it is a path or a relative address; anything else as it is. */
function absolute(value: string, pageUrl: string): string {
  const address = readAddress(value);
  return address.ok && address.kind !== 'absolute' ? new URL(value, pageUrl).href : value;
}

/**
 * The post's sanitised HTML with every `href`, `src` and `srcset` address absolute, resolved against
 * `pageUrl` (the post's canonical URL): `/a` against the site, `#b` and `./c` against the post.
 */
export function withAbsoluteAddresses(html: string, pageUrl: string): string {
  const fragment = parseFragment(html);
  const visit = (node: Node) => {
    if ('attrs' in node) {
      for (const attr of node.attrs) {
        if (attr.name === 'href' || attr.name === 'src') attr.value = absolute(attr.value, pageUrl);
        else if (attr.name === 'srcset') {
          attr.value = srcsetCandidates(attr.value)
            .map(([address, ...descriptors]) => [absolute(address, pageUrl), ...descriptors].join(' '))
            .join(', ');
        }
      }
    }
    if ('childNodes' in node) node.childNodes.forEach(visit);
  };
  visit(fragment);
  return serialize(fragment);
}

// What XML 1.0 allows nowhere in a document: C0 controls but tab, line feed and carriage return, and
// U+FFFE and U+FFFF (a lone surrogate is already U+FFFD once the text is encoded). One of them in a
// post's title, excerpt, author or text (a line break pasted from Word is U+000B) made the whole feed
// unreadable to every reader.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** The feed's XML without the characters XML does not allow (invisible ones, dropped). */
export const withXmlCharactersOnly = (xml: string): string => xml.replace(NOT_XML, '');
