// When `npm start` answers 304 Not Modified (server/static-files.mjs, RFC 9110 13.1-13.2): every page
// is sent with `max-age=0, must-revalidate`, so each visit asks again; a 304 saves sending it whole.
import { describe, expect, it } from 'vitest';
import { notModified, rangeStillValid } from '../../server/static-files.mjs';

const file = { etag: 'W/"54464-1796639447037-br"', modified: new Date('2026-12-07T10:30:47.412Z') };
const lastModified = 'Mon, 07 Dec 2026 10:30:47 GMT'; // as the server writes it, to the second

describe('a request for a file it has', () => {
  it('with If-None-Match: not modified for its ETag, weak or strong, alone or in a list, or *', () => {
    expect(notModified({ 'if-none-match': file.etag }, file)).toBe(true);
    expect(notModified({ 'if-none-match': '"54464-1796639447037-br"' }, file)).toBe(true);
    expect(notModified({ 'if-none-match': `W/"other", ${file.etag}` }, file)).toBe(true);
    expect(notModified({ 'if-none-match': '*' }, file)).toBe(true);
  });

  it("with If-None-Match naming another ETag (another copy's, or an older build's): sent again", () => {
    expect(notModified({ 'if-none-match': 'W/"54464-1796639447037-gzip"' }, file)).toBe(false);
    expect(notModified({ 'if-none-match': 'W/"54464-1796639447036-br"' }, file)).toBe(false);
    expect(notModified({ 'if-none-match': '' }, file)).toBe(false);
  });

  it('with If-Modified-Since: not modified from its Last-Modified on, modified before it', () => {
    const now = Date.parse('2026-12-08T09:00:00Z');
    expect(notModified({ 'if-modified-since': lastModified }, file, now)).toBe(true);
    expect(notModified({ 'if-modified-since': 'Tue, 08 Dec 2026 00:00:00 GMT' }, file, now)).toBe(true);
    expect(notModified({ 'if-modified-since': 'Mon, 07 Dec 2026 10:30:46 GMT' }, file, now)).toBe(false);
  });

  it("with an If-Modified-Since later than the server's clock: sent, as it tells nothing", () => {
    // A feed reader whose clock is an hour ahead asks at 10:45 (server time) "since 11:45": the feed
    // rebuilt at 10:30 for a scheduled post was answered 304, and the reader missed the post.
    const now = Date.parse('2026-12-07T10:45:00Z');
    expect(notModified({ 'if-modified-since': 'Mon, 07 Dec 2026 11:45:00 GMT' }, file, now)).toBe(false);
    expect(notModified({ 'if-modified-since': 'Mon, 07 Dec 2026 10:45:00 GMT' }, file, now)).toBe(true);
  });

  it('with an If-Modified-Since that is no date: sent again', () => {
    for (const since of ['', 'yesterday', 'Mon, 99 Dec 2026 10:30:47 GMT'])
      expect(notModified({ 'if-modified-since': since }, file), since).toBe(false);
  });

  it('with both, If-None-Match decides, as a cache that sends both expects', () => {
    expect(notModified({ 'if-none-match': 'W/"old"', 'if-modified-since': lastModified }, file)).toBe(false);
    expect(
      notModified({ 'if-none-match': file.etag, 'if-modified-since': 'Sun, 01 Jan 2017 00:00:00 GMT' }, file),
    ).toBe(true);
  });

  it('with neither: sent', () => {
    expect(notModified({}, file)).toBe(false);
  });
});

describe('a Range request with If-Range (a download resumed)', () => {
  it('gets its piece only while the file is the one it names by date', () => {
    expect(rangeStillValid({}, file)).toBe(true);
    expect(rangeStillValid({ 'if-range': lastModified }, file)).toBe(true);
    expect(rangeStillValid({ 'if-range': 'Mon, 07 Dec 2026 10:30:46 GMT' }, file)).toBe(false);
    expect(rangeStillValid({ 'if-range': 'not a date' }, file)).toBe(false);
  });

  it('never by an entity tag: a weak one never matches for a piece (RFC 9110, 13.1.5)', () => {
    expect(rangeStillValid({ 'if-range': file.etag }, file)).toBe(false);
    expect(rangeStillValid({ 'if-range': '"54464-1796639447037-br"' }, file)).toBe(false);
    expect(rangeStillValid({ 'if-range': 'W/"bogus"' }, file)).toBe(false);
  });
});
