import { describe, expect, it } from 'vitest';
import {
  commentInputSchema,
  commenterProfileInputSchema,
  duplicateKey,
  editableUntil,
  excerpt,
  normalizeCommentBody,
  parseSubject,
  subjectPath,
} from './community.schema';

const ID = '3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69';
/** A text's code points, to name an invisible character in a failure. */
const codes = (text: string) => [...text].map((char) => `U+${char.codePointAt(0)!.toString(16)}`).join(' ');

describe('discussion subjects', () => {
  it('reads news, research and weekly analysis subjects, and nothing else', () => {
    expect(parseSubject(`news:${ID.toUpperCase()}`)).toEqual({ type: 'news', key: ID });
    expect(parseSubject(`research:${ID}`)).toEqual({ type: 'research', key: ID });
    expect(parseSubject('analysis:2026-W48')).toEqual({ type: 'analysis', key: '2026-W48' });
    for (const bad of ['news:1', 'analysis:2026-W60', 'video:abc', ID, 'news:', `news:${ID}x`])
      expect(parseSubject(bad), bad).toBeNull();
  });

  it('links each subject to its page on the site (a research post by its slug)', () => {
    expect(subjectPath({ type: 'news', key: ID })).toBe(`/news/${ID}`);
    expect(subjectPath({ type: 'research', key: ID }, 'odl-volumes')).toBe('/research/odl-volumes');
    expect(subjectPath({ type: 'analysis', key: '2026-W48' })).toBe('/analysis/2026-W48');
  });
});

describe('comment text', () => {
  it('keeps line breaks and tabs, drops other control characters, trims the ends', () => {
    expect(normalizeCommentBody('  one\r\ntwo\rthree\u0000\u0007\u009b\tfour  \n')).toBe(
      'one\ntwo\nthree\tfour',
    );
  });

  it('treats case and spacing as the same text for the duplicate rule', () => {
    expect(duplicateKey('XRP  to\n the   Moon ')).toBe(duplicateKey('xrp to the moon'));
    expect(duplicateKey('XRP to the moon!')).not.toBe(duplicateKey('xrp to the moon'));
  });

  it('may be edited for 15 minutes', () => {
    expect(editableUntil(new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-11-26T10:15:00.000Z');
  });

  it('is 1 to 5,000 characters after trimming, with a message that says so', () => {
    const parse = (body: string) => commentInputSchema.safeParse({ subject: `news:${ID}`, body });
    expect(parse(' \n ').error?.issues[0]?.message).toBe('Write something first.');
    expect(parse('x'.repeat(5001)).error?.issues[0]?.message).toBe('A comment is at most 5,000 characters.');
    expect(parse(` ${'x'.repeat(5000)} `).success).toBe(true);
  });

  it('takes a display name of 2 to 40 characters on one line, and an optional expertise line', () => {
    expect(commenterProfileInputSchema.parse({ displayName: ' Ana\n  Ruiz ' })).toEqual({
      displayName: 'Ana Ruiz',
    });
    expect(commenterProfileInputSchema.safeParse({ displayName: 'A' }).error?.issues[0]?.message).toBe(
      'Your display name needs at least 2 characters.',
    );
    expect(commenterProfileInputSchema.safeParse({ displayName: 'x'.repeat(41) }).success).toBe(false);
    expect(
      commenterProfileInputSchema.safeParse({ displayName: 'Ana', expertise: 'y'.repeat(81) }).success,
    ).toBe(false);
  });
});

describe('names in the discussions', () => {
  it('drops direction overrides, so a name or text reads as it is stored', () => {
    expect(normalizeCommentBody('gnp\u202E.exe and \u2066isolated\u2069')).toBe('gnp.exe and isolated');
    expect(normalizeCommentBody('مرحبا بالعالم')).toBe('مرحبا بالعالم');
  });

  it('drops the direction marks too, right-to-left as well as left-to-right', () => {
    expect(normalizeCommentBody('a\u200Fb\u200Ec\u061Cd')).toBe('abcd');
    expect(normalizeCommentBody('\u200Fمرحبا\u200F 2026')).toBe('مرحبا 2026');
  });
});

describe('invisible characters', () => {
  it('never stores the ones that show nothing', () => {
    const hidden = ['\u200B', '\u2060', '\uFEFF', '\u00AD', '\u3164', '\u180E', '\u{E0041}'];
    for (const char of hidden)
      expect(normalizeCommentBody(`XRP${char} to the moon${char}`), codes(char)).toBe('XRP to the moon');
    // Joiners and selectors with nothing visible to join or select go too.
    expect(normalizeCommentBody('a \u200D\uFE0Fb\u200C')).toBe('a b');
  });

  it("drops every one of Unicode's default-ignorable characters between two letters (joiners and selectors aside)", () => {
    const kept = (code: number) =>
      code === 0x200c ||
      code === 0x200d ||
      (code >= 0xfe00 && code <= 0xfe0f) ||
      (code >= 0x180b && code <= 0x180f && code !== 0x180e) ||
      (code >= 0xe0100 && code <= 0xe01ef);
    const left: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      const char = String.fromCodePoint(code);
      if (/\p{Default_Ignorable_Code_Point}/u.test(char) && !kept(code))
        if (normalizeCommentBody(`a${char}b`) !== 'ab') left.push(codes(char));
    }
    expect(left).toEqual([]);
  });

  it('keeps what writing needs: joiners in Persian and emoji, emoji selectors, a flag of a region', () => {
    for (const text of [
      'می\u200Cخواهم',
      'क्\u200Dष',
      '👩\u200D💻 ❤\uFE0F 🏳\uFE0F\u200D🌈',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland',
    ])
      expect(normalizeCommentBody(text), text).toBe(text);
    // A flag's tags are a few letters: a hidden message after one is cut.
    const smuggled = [...'hidden message'].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0)));
    expect([...normalizeCommentBody(`🏴${smuggled.join('')}`)]).toHaveLength(8);
  });

  it('makes no comment new for the duplicate rule, nor does a fullwidth letter', () => {
    const key = duplicateKey('XRP to the moon');
    for (const variant of [
      'XRP\u200B to the moon',
      'X\u200DRP to the moon',
      'XRP to the mo\uFE0Fon',
      'XRP to the m\u00ADoon',
      '\uFEFFXRP to the moon\u2060',
      'ＸＲＰ to the moon',
    ])
      expect(duplicateKey(variant), codes(variant)).toBe(key);
  });
});

describe('comment text on large hostile input', () => {
  it('normalises, keys and validates a body of 1 MB of mixed whitespace and controls correctly', () => {
    const junk = ' \t\r\n\u202e\u0000'.repeat(170_000);
    const body = `${junk}XRP${junk}up${junk}`;
    expect(normalizeCommentBody(body)).toMatch(/^XRP\s+up$/);
    expect(duplicateKey(body)).toBe('xrp up');
    expect(duplicateKey(`xrp${'\n'.repeat(500_000)}UP`)).toBe('xrp up');
    expect(excerpt(normalizeCommentBody(body), 20)).toBe('XRP up');
  });
});
