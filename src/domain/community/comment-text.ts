/**
 * What members' text (comments, names, expertise lines) is stored as, and what "the same text" means.
 * Characters that show nothing, or that reorder what is around them, are dropped: a reader sees what is
 * stored, and an invisible character cannot make a repeated comment new.
 */

const isControl = (code: number) => code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0);

/**
 * The direction controls: the marks (LRM, RLM, the Arabic letter mark), the embeddings and overrides
 * (U+202A–202E) and the isolates (U+2066–2069). An override makes "photo\u202Egnp.exe" read as
 * "photoexe.png", a mark moves the punctuation around it; a reader's browser sets the direction of
 * each paragraph without them.
 */
const isDirectionControl = (code: number) =>
  code === 0x200e ||
  code === 0x200f ||
  code === 0x061c ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/**
 * Whether a character may be default-ignorable: the blocks Unicode puts them in, so most text (Latin,
 * Cyrillic, Arabic, CJK) is decided by a comparison and only these are tested against the property.
 */
const mayBeInvisible = (code: number) =>
  code === 0xad ||
  code === 0x34f ||
  code === 0x61c ||
  (code >= 0x115f && code <= 0x180f) ||
  (code >= 0x200b && code <= 0x206f) ||
  code === 0x3164 ||
  (code >= 0xfe00 && code <= 0xfeff) ||
  code >= 0xffa0;
/** Spaces that separate words (the ASCII ones other than the space are control characters). */
const isSpace = (code: number) =>
  code === 0x20 ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000;
const isJoiner = (code: number) => code === 0x200c || code === 0x200d;
const isVariationSelector = (code: number) =>
  (code >= 0xfe00 && code <= 0xfe0f) ||
  (code >= 0xe0100 && code <= 0xe01ef) ||
  (code >= 0x180b && code <= 0x180d) ||
  code === 0x180f;
const isTag = (code: number) => code >= 0xe0020 && code <= 0xe007f;
const BLACK_FLAG = 0x1f3f4;
const FLAG_TAGS_MAX = 7;

type Previous = 'start' | 'space' | 'visible' | 'selector' | 'flag' | 'tag';

/**
 * Line endings made \n; control characters other than \n and \t dropped, and the direction controls;
 * invisible characters (Unicode's default-ignorable ones: zero-width space, word joiner, byte order
 * mark, soft hyphen, Hangul fillers …) dropped, except where writing needs them: a zero-width joiner
 * or non-joiner between two visible characters (Persian, Indic scripts, 👩‍💻), one variation selector
 * after a visible character (❤️), and the tags of a flag after 🏴. Ends trimmed.
 */
export function normalizeCommentBody(text: string): string {
  let out = '';
  let previous: Previous = 'start';
  let pendingJoiner = '';
  let tags = 0;
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || char === '\t') {
      out += char;
      previous = 'space';
      pendingJoiner = '';
      continue;
    }
    if (isControl(code) || isDirectionControl(code)) continue;
    if (mayBeInvisible(code) && INVISIBLE.test(char)) {
      const afterVisible = previous === 'visible' || previous === 'flag';
      if (pendingJoiner) continue;
      if (isJoiner(code) && (afterVisible || previous === 'selector')) pendingJoiner = char;
      else if (isVariationSelector(code) && afterVisible) {
        out += char;
        previous = 'selector';
      } else if (isTag(code) && (previous === 'flag' || previous === 'tag')) {
        // A flag's tags name a region (gbsct: Scotland): a few letters, never a hidden message.
        const ends = code === 0xe007f;
        if (!ends && tags >= FLAG_TAGS_MAX) continue;
        out += char;
        tags += 1;
        previous = ends ? 'visible' : 'tag';
      }
      continue;
    }
    const space = isSpace(code);
    // A joiner stays only when a visible character follows it.
    if (pendingJoiner && !space) out += pendingJoiner;
    pendingJoiner = '';
    out += char;
    previous = space ? 'space' : code === BLACK_FLAG ? 'flag' : 'visible';
    tags = 0;
  }
  return out.trim();
}

/**
 * What "the same text" means for the duplicate rule: case, spacing, invisible characters (the joiners
 * and selectors a comment may keep too) and compatibility forms (fullwidth letters) do not make it new.
 */
export function duplicateKey(text: string): string {
  return normalizeCommentBody(text)
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/)
    .join(' ');
}
