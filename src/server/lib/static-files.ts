import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { getMimeType } from 'hono/utils/mime';

/** Bytes a Response can send as they are. */
type Bytes = Uint8Array<ArrayBuffer>;

/** The encodings a file is kept in, best first; identity is always there. */
export type Encoding = 'br' | 'gzip' | 'identity';

export interface StaticFile {
  contentType: string;
  /** The bytes as sent for each encoding the file is kept in (br and gzip only when they are smaller). */
  bodies: Partial<Record<Encoding, Bytes>> & { identity: Bytes };
  /** A strong validator per encoding: the same content in another encoding is another representation. */
  etags: Partial<Record<Encoding, string>> & { identity: string };
}

/** Worth compressing: text formats; images and fonts are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|manifest\+json|javascript|xml)|image\/svg\+xml)/;
/** Below this, compressing saves less than the encoding costs (the build's rule, build-stamp.ts). */
const MIN_COMPRESS_BYTES = 1024;

function brotli(body: Bytes): Bytes {
  return zlib.brotliCompressSync(body, {
    params: {
      // The build wrote the large scripts' .br at 11 already; a file it did not (a public file, or a
      // dist built otherwise) is compressed here once, at start-up, so keep the large ones quick.
      [zlib.constants.BROTLI_PARAM_QUALITY]: body.length <= 256 * 1024 ? 11 : 6,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** `file.br` / `file.gz` as the build wrote them, or made now; undefined when not smaller. */
function variant(file: string, suffix: '.br' | '.gz', body: Bytes): Bytes | undefined {
  const written = `${file}${suffix}`;
  const bytes = fs.existsSync(written)
    ? fs.readFileSync(written)
    : suffix === '.br'
      ? brotli(body)
      : zlib.gzipSync(body, { level: 9 });
  return bytes.length < body.length ? bytes : undefined;
}

/** One file read into memory with its compressed forms and validators. */
export function loadStaticFile(file: string): StaticFile {
  const identity = fs.readFileSync(file);
  const contentType = getMimeType(file) ?? 'application/octet-stream';
  const bodies: StaticFile['bodies'] = { identity };
  if (COMPRESSIBLE.test(contentType) && identity.length >= MIN_COMPRESS_BYTES) {
    const br = variant(file, '.br', identity);
    const gzip = variant(file, '.gz', identity);
    if (br) bodies.br = br;
    if (gzip) bodies.gzip = gzip;
  }
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const etags: StaticFile['etags'] = { identity: `"${hash}"` };
  if (bodies.br) etags.br = `"${hash}-br"`;
  if (bodies.gzip) etags.gzip = `"${hash}-gz"`;
  return { contentType, bodies, etags };
}

/**
 * Every file under `dir` by its URL path ('/assets/index-abc.js'), read once: the server answers
 * from memory instead of opening, reading and compressing a file per request. Left out: source maps
 * (they would publish the sources), the build's own .br/.gz (they are the variants of their file),
 * HTML pages (index.html is the app's fallback, sent by its own route) and dot files.
 */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(dir)) return files;
  const walk = (folder: string, prefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(full, urlPath);
      else if (entry.isFile() && !/\.(?:map|br|gz|html?)$/i.test(entry.name)) {
        files.set(urlPath, loadStaticFile(full));
      }
    }
  };
  walk(dir, '');
  return files;
}

/**
 * The encoding to send for an Accept-Encoding header, among those `available`: brotli, then gzip,
 * then the bytes as they are. A coding listed with q=0 is refused; `*` stands for any coding not
 * listed.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding {
  if (!acceptEncoding) return 'identity';
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (available.br && accepts('br')) return 'br';
  if (available.gzip && (accepts('gzip') || accepts('x-gzip'))) return 'gzip';
  return 'identity';
}

/** True when an If-None-Match header names one of the file's validators (weak comparison). */
export function matchesEtag(ifNoneMatch: string | undefined, file: StaticFile): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const known = new Set(Object.values(file.etags));
  return ifNoneMatch.split(',').some((tag) => known.has(tag.trim().replace(/^W\//, '')));
}
