// @vitest-environment jsdom
// What the post editor makes of pasted HTML (src/lib/admin/pasted-html.ts), then what TipTap keeps of
// that: the clipboard formats of Google Docs and Word, and web pages with headings and tables.
import { generateHTML, generateJSON } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from '@/islands/admin/editor-extensions';
import { cleanPastedHtml } from '@/lib/admin/pasted-html';

/** The HTML the editor holds after a paste of `clipboard`. */
function pasted(clipboard: string): string {
  const extensions = editorExtensions();
  return generateHTML(generateJSON(cleanPastedHtml(clipboard), extensions), extensions);
}

// As Google Docs puts it on the clipboard: the whole selection in a not-bold <b>, formatting in spans.
const GOOGLE_DOCS =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-1234-abcd-0123456789ab">' +
  '<h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:normal;">Getting ready</span></h2>' +
  '<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;">Plain, </span>' +
  '<span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:700;">bold</span><span style="font-size:11pt;font-weight:400;"> and </span>' +
  '<span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;font-style:italic;">italic</span><span style="font-weight:400;"> words.</span></p>' +
  '<ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-weight:400;"><p dir="ltr" role="presentation" style="line-height:1.38;"><span style="font-size:11pt;font-weight:400;">First step</span></p></li></ul>' +
  '</b>';

// As Word puts a bulleted list with a second level and a numbered list on the clipboard.
const WORD_LISTS = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-CA>
<!--StartFragment-->
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Word bullet one</p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Nested under one</p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Word <b>bullet</b> two</p>
<p class=MsoNormal>Between the lists.</p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>First</p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>Second</p>
<!--EndFragment-->
</body></html>`;

describe('pasting into the post editor', () => {
  it('keeps Google Docs text as written: bold only where it is bold, italics kept', () => {
    expect(pasted(GOOGLE_DOCS)).toBe(
      '<h2>Getting ready</h2>' +
        '<p>Plain, <strong>bold</strong> and <em>italic</em> words.</p>' +
        '<ul><li><p>First step</p></li></ul>',
    );
  });

  it("turns Word's list paragraphs back into lists, nested and numbered as they were", () => {
    expect(pasted(WORD_LISTS)).toBe(
      '<ul><li><p>Word bullet one</p><ul><li><p>Nested under one</p></li></ul></li>' +
        '<li><p>Word <strong>bullet</strong> two</p></li></ul>' +
        '<p>Between the lists.</p>' +
        '<ol><li><p>First</p></li><li><p>Second</p></li></ol>',
    );
  });

  it('maps headings onto the levels the editor offers: h1 to h2, h5 and h6 to h4', () => {
    expect(pasted('<h1>Title-like</h1><h3>Kept</h3><h5>Small</h5><h6>Smaller</h6>')).toBe(
      '<h2>Title-like</h2><h3>Kept</h3><h4>Small</h4><h4>Smaller</h4>',
    );
  });

  it('keeps the words of a table apart: a row per paragraph, cells separated', () => {
    const table =
      '<table><thead><tr><th>Day</th><th>Time</th></tr></thead>' +
      '<tbody><tr><td>Monday</td><td>9:00  AM</td></tr><tr><td><p>Tuesday</p></td><td>Closed</td></tr></tbody></table>';
    expect(pasted(`<p>Hours:</p>${table}`)).toBe(
      '<p>Hours:</p><p>Day | Time</p><p>Monday | 9:00 AM</p><p>Tuesday | Closed</p>',
    );
  });

  it('writes sub- and superscript digits as characters, and leaves letters as they are', () => {
    expect(pasted('<p>H<sub>2</sub>O, x<sup>2</sup>, 10<sup>-3</sup> and the 1<sup>st</sup> visit</p>')).toBe(
      '<p>H₂O, x², 10⁻³ and the 1st visit</p>',
    );
  });

  it('turns styled spans from web pages into emphasis the editor keeps', () => {
    expect(
      pasted(
        '<p><span style="font-weight: bold">Strong</span> <span style="text-decoration: underline">under</span> ' +
          '<span style="text-decoration-line: line-through">gone</span> <span style="font-style: oblique">slanted</span></p>',
      ),
    ).toBe('<p><strong>Strong</strong> <u>under</u> <s>gone</s> <em>slanted</em></p>');
  });

  it('changes nothing in HTML the editor already reads', () => {
    const html =
      '<h2>Heading</h2><p>Some <strong>bold</strong> and <a href="https://example.org">a link</a>.</p>';
    expect(pasted(html)).toBe(html.replace('<a href', '<a href'));
  });

  it('never runs what it is given', () => {
    const ran: string[] = [];
    Object.assign(window, { ran });
    pasted(
      '<img src=x onerror="ran.push(1)"><script>ran.push(2)</script><p style="font-weight:700" onclick="ran.push(3)">x</p>',
    );
    expect(ran).toEqual([]);
  });
});
