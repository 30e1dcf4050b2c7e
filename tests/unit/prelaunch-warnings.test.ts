// The build's reminders of what still holds the repository's stand-in values (issue 36): the
// repository's own content has them all; real details silence each one.
import { describe, expect, it } from 'vitest';
import { placeholderWarnings, readPrelaunchContent } from '../../src/integrations/prelaunch.mjs';

const real = {
  practice: { email: 'office@brightpath-aba.ca', phone: '+1 (905) 823-2368', fax: '905-823-2369' },
  team: [{ file: 'content/team/lead-therapist.json', placeholder: false }],
  courses: [{ title: 'Introductory ABA', upcoming: 'Feb 17 to Feb 28, 2027' }],
};

describe('placeholder warnings', () => {
  it("names the repository's stand-ins: e-mail, phone, fax, the team member, yearless course dates", async () => {
    const warnings = placeholderWarnings(await readPrelaunchContent(process.cwd()));
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/practice\.json: email is hello@example\.com, an example address .*Reply-To/),
        expect.stringMatching(/practice\.json: phone is \+1 \(555\) 010-0123, a fictional number/),
        expect.stringMatching(/practice\.json: fax is /),
        expect.stringMatching(/^content\/team\/lead-therapist\.json is still marked as a placeholder/),
        expect.stringMatching(/courses\.json: "Introductory ABA" runs "Feb 17 to Feb 28", with no year/),
      ]),
    );
  });

  it('says nothing once the details are real', () => {
    expect(placeholderWarnings(real)).toEqual([]);
  });

  it.each([
    ['an example.org address', { email: 'a@mail.example.org' }],
    ['a .test address', { email: 'a@practice.test' }],
    ['a 555 number', { phone: '905-555-0142' }],
    ['an example.com link in another field', { description: 'See www.example.com' }],
  ])('warns about %s', (_, change) => {
    expect(placeholderWarnings({ ...real, practice: { ...real.practice, ...change } })).toHaveLength(1);
  });

  it('warns about each course date without a year, and a placeholder member', () => {
    const warnings = placeholderWarnings({
      ...real,
      team: [{ file: 'content/team/x.json', placeholder: true }],
      courses: [
        { title: 'A', upcoming: 'Mar 3 to Mar 14' },
        { title: 'B', upcoming: 'Mar 3, 2027 to Mar 14, 2027' },
      ],
    });
    expect(warnings).toHaveLength(2);
  });
});
