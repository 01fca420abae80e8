import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits, base64url. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a token: its SHA-256, hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
