// The one SVG rule (src/lib/text/svg-rule.ts) and the build's check of Decap CMS's media folders
// (src/lib/content/svg-files.ts): a picture is only a picture, never script or a reference to another file.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertSafeSvgFiles, mediaFolders, unsafeSvgFiles } from '@/lib/content/svg-files';
import { isSvgName, svgBytesProblem, svgProblem } from '@/lib/text/svg-rule';

const root = path.resolve(import.meta.dirname, '../..');
const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes} viewBox="0 0 10 10">${inner}</svg>`;

describe('svgProblem', () => {
  it('takes plain drawings: shapes, gradients, internal references, styles, embedded raster pictures', () => {
    for (const text of [
      svg('<rect width="10" height="10" fill="#eee"/>'),
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg('<title>A chart &amp; a key</title>')}`,
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
          '<rect fill="url(#g)" style="fill: url(\'#g\'); stroke:#000"/><use href="#g"/><use xlink:href="#g"/>',
      ),
      svg(
        '<style><![CDATA[ .a { fill: url(#g) } ]]></style><style>.b{stroke:red}</style><a href="#top">x</a>',
      ),
      svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>'),
      svg(
        '<g inkscape:export-filename="C:\\Users\\me\\a.png" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"/>',
      ),
      `\uFEFF${svg('<circle r="1"/>')}`,
      `\uFEFF<?xml version="1.0" encoding="UTF-8"?>${svg('<circle r="1"/>')}`,
      // A browser reads an address without its surrounding spaces: this is a reference inside the file.
      svg('<defs><g id="g"/></defs><use href=" #g "/>'),
    ]) {
      expect(svgProblem(text), text).toBeUndefined();
    }
  });

  it.each([
    [svg('<script>alert(1)</script>'), /<script> element/],
    [svg('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>'), /<script> element/],
    [svg('<rect/>', ' onload="alert(1)"'), /event handler \(onload= on <svg>\)/],
    [svg("<rect\nONclick = 'x()'/>"), /event handler/],
    [svg('<foreignObject><div>x</div></foreignObject>'), /<foreignObject> element/],
    [svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml"/>'), /<iframe> element/],
    [svg('<g xmlns="http://www.w3.org/1999/xhtml"/>'), /XHTML namespace/],
    [
      svg('<a href="javascript:alert(1)"><text>x</text></a>'),
      /reference to another file \(href=“javascript:alert\(1\)”/,
    ],
    [svg('<a xlink:href="&#106;avascript:alert(1)">x</a>'), /reference to another file/],
    [svg('<use href="https://evil.example/sprite.svg#a"/>'), /reference to another file/],
    [svg('<use href="sprite.svg#a"/>'), /reference to another file/],
    [svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'), /reference to another file/],
    [svg('<image src="https://tracker.example/p.gif"/>'), /reference to another file/],
    [svg('<rect style="fill:url(https://evil.example/a)"/>'), /url\(https:\/\/evil.example\/a\)/],
    [svg('<rect fill="url(\'//evil.example/a\')"/>'), /CSS url/],
    [svg('<rect style="background:u&#114;l(https://evil.example/a)"/>'), /CSS url/],
    [svg('<rect style="background:u\\72l(https://evil.example/a)"/>'), /CSS with an escape/],
    [svg('<style>@import "https://evil.example/a.css";</style>'), /@import/],
    [svg('<style>@font-face{font-family:a;src:url(https://evil.example/f.woff)}</style>'), /CSS url/],
    [svg('<style>u&#114;l(https://evil.example/a)</style>'), /CSS url/],
    [
      svg('<style><![CDATA[ .a{background:image-set("https://evil.example/a.png" 1x)} ]]></style>'),
      /loads another file/,
    ],
    [
      svg('<a href="#a"><set attributeName="href" to="javascript:alert(1)"/></a>'),
      /animation that changes href/,
    ],
    [svg('<animate attributeName="xlink:href" values="javascript:alert(1)"/>'), /animation/],
    [svg('<set attributeName="onmouseover" to="alert(1)"/>'), /animation/],
    [`<!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]>${svg('&s;')}`, /DOCTYPE/],
    [svg('&s;'), /entity/],
    [
      `<?xml-stylesheet href="https://evil.example/a.xsl" type="text/xsl"?>${svg('')}`,
      /processing instruction/,
    ],
    [`<?xml version="1.0" encoding="UTF-16"?>${svg('')}`, /encoding UTF-16/],
    [svg('<![CDATA[<script>alert(1)</script>]]>'), /CDATA/],
    [svg('<rect x=1/>'), /not a well-formed/],
    [svg('<!-- not closed'), /comment is not closed/],
    ['just text', /no elements/],
    [svg('<handler type="text/ecmascript">alert(1)</handler>'), /<handler> element/],
    [svg('<listener event="click" handler="#h"/>'), /<listener> element/],
    [svg('<audio/>'), /<audio> element/],
    [svg('<video/>'), /<video> element/],
    [svg('<embed/>'), /<embed> element/],
    [svg('<object/>'), /<object> element/],
    [svg('<image href="https://evil.example/?data:image/png;base64,AA"/>'), /reference to another file/],
    [svg('<text>a &lt b</text>'), /entity/],
    [svg('<text>&#0;</text>'), /entity/],
    // CSS keywords and functions are read whatever their case; src() loads a file as url() does.
    [svg('<style>@IMPORT "https://evil.example/a.css";</style>'), /@import/],
    [
      svg('<style>@font-face{font-family:a;src:src("https://evil.example/f.woff")}</style>'),
      /loads another file/,
    ],
    [svg('<g xmlns:h="http://www.w3.org/1999/xhtml"/>'), /XHTML namespace/],
    [svg('<image><set attributeName="src" to="https://evil.example/a.png"/></image>'), /animation/],
    [`<?xml version="1.0" encoding="x-utf-8"?>${svg('')}`, /encoding x-utf-8/],
    [svg('<!DOCTYPE svg>'), /DOCTYPE/],
    // A style's text is all the text inside it, also after an element in it closes.
    [svg('<style><g>x</g>@import "https://evil.example/a.css";</style>'), /@import/],
  ])('refuses %s', (text, reason) => {
    expect(svgProblem(text)).toMatch(reason);
  });

  it('refuses bytes that are not UTF-8, and UTF-16 text', () => {
    expect(svgBytesProblem(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]))).toBe('it is not UTF-8 text');
    expect(svgBytesProblem(new Uint8Array(Buffer.from(svg('<script/>'), 'utf16le')))).toBe(
      'it is not UTF-8 text',
    );
    expect(svgBytesProblem(new Uint8Array(Buffer.from(svg('<rect/>'))))).toBeUndefined();
    // One byte that is no UTF-8 (Latin-1 'é'), not read as a replacement character.
    const bytes = new Uint8Array(Buffer.from(svg('<text>X</text>')));
    bytes[bytes.indexOf(0x58)] = 0xe9;
    expect(svgBytesProblem(bytes)).toBe('it is not UTF-8 text');
  });

  it('knows an SVG file by its name, compressed or with a query', () => {
    for (const name of ['a.svg', 'A.SVG', 'a.svgz', 'a.svg?v=2', 'a.svg#icon'])
      expect(isSvgName(name), name).toBe(true);
    for (const name of ['a.png', 'svg', 'a.svg.png']) expect(isSvgName(name), name).toBe(false);
  });
});

describe("the build's check of the media folders", () => {
  it("reads Decap CMS's media folders from admin/config.yml", () => {
    const folders = mediaFolders(readFileSync(path.join(root, 'admin/config.yml'), 'utf8'));
    expect(folders).toContain('content/posts/images');
    expect(folders).toContain('src/assets/artwork');
  });

  it("passes the repository's own pictures", () => {
    const folders = mediaFolders(readFileSync(path.join(root, 'admin/config.yml'), 'utf8'));
    expect(unsafeSvgFiles(root, folders)).toEqual([]);
  });

  it('stops the build naming each unsafe file and why, whether a post shows it or not', () => {
    const project = mkdtempSync(path.join(tmpdir(), 'svg-rule-'));
    try {
      mkdirSync(path.join(project, 'admin'));
      writeFileSync(
        path.join(project, 'admin/config.yml'),
        'media_folder: src/assets/artwork\ncollections:\n  - name: posts\n    folder: content/posts\n    media_folder: images\n',
      );
      mkdirSync(path.join(project, 'content/posts/images'), { recursive: true });
      mkdirSync(path.join(project, 'src/assets/artwork'), { recursive: true });
      writeFileSync(path.join(project, 'content/posts/images/fine.svg'), svg('<rect/>'));
      writeFileSync(
        path.join(project, 'content/posts/images/upload.svg'),
        svg('<rect/>', ' onload="alert(1)"'),
      );
      writeFileSync(path.join(project, 'src/assets/artwork/hero.SVG'), svg('<script>alert(1)</script>'));
      writeFileSync(path.join(project, 'content/posts/images/photo.png'), '<script>not an svg</script>');
      let message = '';
      try {
        assertSafeSvgFiles(project);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(
        '- content/posts/images/upload.svg: it has an event handler (onload= on <svg>)',
      );
      expect(message).toContain('- src/assets/artwork/hero.SVG: it has a <script> element, which runs code');
      expect(message).not.toMatch(/fine\.svg|photo\.png/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
