// Which of the build's compressed copies `npm start` may send for an Accept-Encoding header
// (server/static-files.mjs): a coding the client weighs at 0 is one it refuses (RFC 9110, 12.5.3).
import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from '../../server/static-files.mjs';

const names = (header: string) => acceptedEncodings(header).map((encoding) => encoding.name);

describe('the compressed copies a request takes', () => {
  it('are those it names, brotli first, in any case and with any spacing', () => {
    expect(names('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(names('GZIP ;q=0.5,BR')).toEqual(['br', 'gzip']);
    expect(names('gzip')).toEqual(['gzip']);
    expect(names('identity')).toEqual([]);
    expect(names('')).toEqual([]);
  });

  it('never one weighed at 0, nor one with a weight that is no number', () => {
    expect(names('br;q=0, gzip')).toEqual(['gzip']);
    expect(names('gzip, br;q=0.000')).toEqual(['gzip']);
    expect(names('gzip;q=0')).toEqual([]);
    expect(names('br;q=x, gzip')).toEqual(['gzip']);
  });

  it('are every one under *, but those named apart with their own weight', () => {
    expect(names('*')).toEqual(['br', 'gzip']);
    expect(names('*, br;q=0')).toEqual(['gzip']);
    expect(names('*;q=0, gzip')).toEqual(['gzip']);
  });
});
