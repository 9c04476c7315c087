// The secrets port: what commands need to hash passwords and mint emailed or session tokens. ./secrets.ts
// implements it (argon2id, node:crypto); commands get it as a parameter, so they never load the native hasher.
export interface Secrets {
  hashPassword(password: string): Promise<string>;
  /** false for a wrong password and for a hash that cannot be read. */
  verifyPassword(passwordHash: string, password: string): Promise<boolean>;
  /** A hash to compare against when the email is unknown, so a wrong email costs as long as a wrong password. */
  dummyPasswordHash(): Promise<string>;
  /** A random token (sessions, emailed links), handed out once. */
  newSessionToken(): string;
  /** What is recorded of a token: its SHA-256 hash. */
  hashToken(token: string): string;
  /** A generated password (first start, staff accounts), shown once. */
  randomPassword(): string;
}
