import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * An unguessable id in the shape of the schema's cuid2 defaults (a letter, then 24 lowercase
 * letters and digits: about 124 random bits). Prisma's built-in cuid2 costs about 0.2-0.4 ms per id
 * (it hashes with SHA-3 in JavaScript); the hot write paths (entries) pass ids from here instead.
 */
export function newId(): string {
  const bytes = pooledRandomBytes(25);
  let id = ALPHABET[10 + (bytes[0]! % 26)]!;
  for (let i = 1; i < 25; i++) id += ALPHABET[bytes[i]! % 36]!;
  return id;
}

/**
 * Random bytes drawn 8 KiB at a time from the system's generator: an entry takes several ids (and
 * its emails' data links an IV each), and a call into it for every few bytes cost more than the id
 * itself. Each byte is handed out once. The bytes are a view of the pool: copy them to keep them.
 */
const POOL_BYTES = 8192;
let pool = Buffer.alloc(0);
let poolOffset = 0;
export function pooledRandomBytes(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size;
  return bytes;
}
