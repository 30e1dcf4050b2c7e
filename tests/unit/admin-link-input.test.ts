import { describe, expect, it } from 'vitest';
import { LINK_REFUSED_MESSAGE, resolveLinkInput } from '@/lib/admin/link-input';

describe('the link button input', () => {
  it('does nothing when no address is entered', () => {
    expect(resolveLinkInput(null)).toEqual({ kind: 'none' });
    expect(resolveLinkInput('')).toEqual({ kind: 'none' });
    expect(resolveLinkInput('   ')).toEqual({ kind: 'none' });
  });

  it("adds the default scheme 'http' to a bare address", () => {
    expect(resolveLinkInput(' example.org/guide ')).toEqual({
      kind: 'link',
      href: 'http://example.org/guide',
    });
    // With a port, the host looks like a scheme ('example.org:'), and was refused as one.
    expect(resolveLinkInput('example.org:8080/guide')).toEqual({
      kind: 'link',
      href: 'http://example.org:8080/guide',
    });
  });

  it('keeps the allowed schemes and site paths', () => {
    for (const href of [
      'https://example.org',
      'ftp://files.example.org',
      'ftps://files.example.org',
      'mailto:info@example.org',
      'tel:+14165550123',
      'callto:someone',
      'sms:+14165550123',
      'cid:part1',
      'xmpp:someone@example.org',
      '/blog/visual-schedules',
      '#contact',
    ]) {
      expect(resolveLinkInput(href)).toEqual({ kind: 'link', href });
    }
  });

  it('refuses other schemes', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect(resolveLinkInput(href)).toEqual({ kind: 'refused', message: LINK_REFUSED_MESSAGE });
    }
  });

  it('refuses, saying why, an address with a space, a control character or a backslash, or one a browser reads as another host', () => {
    for (const [href, why] of [
      ['http://exa mple.org', 'it must not contain spaces, line breaks or other invisible characters.'],
      ['/\\evil.example/page', 'it must not contain a backslash (\\).'],
      ['/\t/evil.example/page', 'it must not contain spaces, line breaks or other invisible characters.'],
      [
        '//evil.example/page',
        'it starts with //, which a browser reads as another website: write https:// before it.',
      ],
      ['https://a.example/\u0000', 'it must not contain spaces, line breaks or other invisible characters.'],
    ]) {
      expect(resolveLinkInput(href), JSON.stringify(href)).toEqual({
        kind: 'refused',
        message: `That address cannot be used for a link: ${why}`,
      });
    }
  });
});
