import unhomoglyph from 'unhomoglyph';

/**
 * Text that looks the same is the same: two display names that look alike are one name, and a comment
 * with a letter swapped for its lookalike is the same comment. Unicode's confusables table
 * (confusables.txt, through the unhomoglyph package: ADR 0063) maps every character to the one it
 * passes for, so Cyrillic а and Latin a, or m and rn, end the same. Kept apart from the schemas: the
 * table is 100 kB that only the server needs, and the web app imports the schemas.
 */

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The skeleton of Unicode's confusable detection (UTS #39): decomposed, invisible characters dropped,
 * each character replaced by the one it passes for, decomposed again. Compatibility forms (fullwidth
 * ａ, mathematical 𝐚, the ﬁ ligature) are their plain letters first. Two texts that look the same have
 * the same skeleton; it is for comparing, never for showing.
 */
export function confusableSkeleton(text: string): string {
  const bare = text.normalize('NFKC').normalize('NFD').replace(DEFAULT_IGNORABLE, '');
  return unhomoglyph(bare).normalize('NFD');
}

/** The skeleton whatever the case (`Member`, `MEMBER` and `Memb\u0435r` are one). */
export const caselessSkeleton = (text: string) => confusableSkeleton(text.toLowerCase()).toLowerCase();

/**
 * What makes a display name one member's: its skeleton whatever its case (`key`), and its skeleton
 * as written (`skeleton`), which catches a capital that passes for another letter (capital I for a
 * small l in `BiII`, where case-folding alone would read `biii`). The database keeps each unique.
 */
export function displayNameKeys(name: string): { key: string; skeleton: string } {
  return { key: caselessSkeleton(name), skeleton: confusableSkeleton(name) };
}

/**
 * Words that would pass a name for the site's team. Lookalike spellings are caught by the skeleton;
 * the same word in another language is not a lookalike (Russian `Админ` has its own skeleton), so the
 * Russian and Ukrainian words, the ones members writing in Cyrillic would read as the team, are listed.
 */
const TEAM_WORDS = [
  'admin',
  'moderator',
  'official',
  'xrpresearch',
  'админ',
  'адмін',
  'модератор',
  'официальн',
  'офіційн',
];
const teamSkeletons = TEAM_WORDS.map(caselessSkeleton);

/** Letters and digits only, so spacing and dots (`a.d.m.i.n`) change nothing. */
const lettersOf = (skeleton: string) => skeleton.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A name only the site's team may use: it reads as admin, moderator, official or XRP Research in any
 * case, spacing or lookalike letters (`аdmin` with a Cyrillic а, `M0DERAT0R`), or as their Russian
 * and Ukrainian words.
 */
export function isReservedDisplayName(name: string): boolean {
  const forms = [caselessSkeleton(name), caselessSkeleton(confusableSkeleton(name))].map(lettersOf);
  return forms.some((form) => teamSkeletons.some((word) => form.includes(word)));
}
